// `homerounds call simulate`: a call through the product's own machines, without a browser or network.
import type { Command } from 'commander';
import { CALL_STAGE_EXIT_BASE, CliError, usageError } from '../errors.ts';
import { type CliIo, printLines } from '../output/io.ts';

function parseCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw usageError(`--bundle-timeouts must be a whole number ≥ 0 (got "${value}").`);
  return n;
}

export function registerCallSimulate(call: Command, io: CliIo): void {
  call
    .command('simulate')
    .description('simulate a web call through the call-session and video-client machines')
    .requiredOption('--assistant <id>', 'the assistant id the call starts with')
    .option(
      '--script <file>',
      'JSON or YAML: {turns: string[], levels: [{atMs, levels}], hangUpAtMs, isMobile, assistantEnds}',
    )
    .option('--fail-stage <stage>', 'make this start stage fail (e.g. daily-call-join)')
    .option('--bundle-timeouts <n>', 'how many call-object bundle loads time out (3 fails the start)', parseCount)
    .option('--clinician <email>', 'a seeded clinician: the local assistant answers from their calendar')
    .option(
      '--calendar-write',
      "with --clinician: make sure the clinician's Google grant allows calendar changes (calendar.events)",
    )
    .option('--local-url <url>', 'the local platform whose assistant answers the turns', 'http://127.0.0.1:8787')
    .option('--offline', 'do not contact the local assistant; turns are answered with a placeholder')
    .option('--json', 'print NDJSON: one event per line')
    .addHelpText(
      'after',
      `\nExamples:\n  $ homerounds call simulate --assistant home-visit-scheduler --clinician maya.patel@homerounds.test\n  $ homerounds call simulate --assistant a1 --clinician maya.patel@homerounds.test --calendar-write --script book.yaml\n  $ homerounds call simulate --assistant a1 --fail-stage daily-call-join --json\n\nExit codes: 0 the call started and ended; 10–17 the start stage that failed\n  (11 web-call-creation, 12 daily-call-object-creation, 14 daily-call-join,\n  15 video-recording-setup, 16 audio-observer-setup, 17 audio-processing-setup; the last three are\n  non-fatal in the SDK, so the call still starts and the run exits 0).`,
    )
    .action(
      async (opts: {
        assistant: string;
        script?: string;
        failStage?: string;
        bundleTimeouts?: number;
        clinician?: string;
        calendarWrite?: boolean;
        localUrl: string;
        offline?: boolean;
        json?: boolean;
      }) => {
        const handler = await import('../handlers/call-simulate.ts');
        const failStage = handler.parseStage(opts.failStage);
        const script = await handler.readScript(opts.script);
        if (opts.offline && opts.clinician) throw usageError('--clinician needs the local platform; drop --offline.');
        if (opts.calendarWrite && !opts.clinician) throw usageError('--calendar-write needs --clinician <email>.');
        const baseUrl = opts.offline ? null : (io.env.HOMEROUNDS_LOCAL_URL ?? opts.localUrl).replace(/\/+$/, '');
        // As the web app: a session, then a call token for the assistant (the session itself never goes there).
        const clinician =
          baseUrl && opts.clinician
            ? await handler.localClinician(baseUrl, opts.clinician, { write: opts.calendarWrite })
            : null;
        const sim = await handler.runCallSimulation({
          assistantId: opts.assistant,
          script,
          failStage,
          bundleTimeouts: opts.bundleTimeouts,
          answer: handler.localAnswerer(baseUrl, clinician?.callToken ?? null, opts.assistant),
          onEvent: opts.json ? (event) => io.stdout(`${JSON.stringify(event)}\n`) : undefined,
        });
        if (!opts.json) printLines(io, handler.formatSimulation(sim));
        if (!sim.result.ok) {
          const { CALL_START_STAGES } = await import('../adapters/call-simulator.ts');
          const index = sim.result.failedStage ? CALL_START_STAGES.indexOf(sim.result.failedStage) : -1;
          throw new CliError(
            `the call failed to start at ${sim.result.failedStage ?? 'an unknown stage'}`,
            index >= 0 ? CALL_STAGE_EXIT_BASE + index : 1,
          );
        }
      },
    );
}
