// `homerounds call simulate`: a call through the product's own machines, without a browser or network.
import type { Command } from 'commander';
import type { CallSessionOutput, CallStartStage } from '../../machines/call-session/call-session.types.ts';
import { CALL_STAGE_EXIT_BASE, CliError, EXIT, usageError } from '../errors.ts';
import { type CliIo, printLines } from '../output/io.ts';

/**
 * `call simulate`'s exit code for each start stage whose failure ended the start: 10 + its position.
 * The last three are non-fatal in the SDK (the call still starts), so a run never exits with them.
 */
export const CALL_STAGE_EXIT_CODES: Record<CallStartStage, number> = {
  initialization: CALL_STAGE_EXIT_BASE,
  'web-call-creation': CALL_STAGE_EXIT_BASE + 1,
  'daily-call-object-creation': CALL_STAGE_EXIT_BASE + 2,
  'mobile-permissions': CALL_STAGE_EXIT_BASE + 3,
  'daily-call-join': CALL_STAGE_EXIT_BASE + 4,
  'video-recording-setup': CALL_STAGE_EXIT_BASE + 5,
  'audio-observer-setup': CALL_STAGE_EXIT_BASE + 6,
  'audio-processing-setup': CALL_STAGE_EXIT_BASE + 7,
};

/** The run's exit code from the call session's outcome: 0 started, the failed stage's code, else 1. */
export function callExitCode(outcome: CallSessionOutput): number {
  if (outcome.ok) return EXIT.ok;
  return outcome.failedStage ? CALL_STAGE_EXIT_CODES[outcome.failedStage] : EXIT.error;
}

/** The exit-code lines of `call simulate --help`, from the table. */
export function callExitCodesHelp(): string {
  const fatal = (['web-call-creation', 'daily-call-object-creation', 'daily-call-join'] as const).map(
    (stage) => `${CALL_STAGE_EXIT_CODES[stage]} ${stage}`,
  );
  return `Exit codes: 0 the call started and ended; 1 it was stopped before it started; the start stage that\n  failed: ${fatal.join(', ')}. video-recording-setup, audio-observer-setup and\n  audio-processing-setup are non-fatal in the SDK, so the call still starts and the run exits 0.`;
}

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
      `\nExamples:\n  $ homerounds call simulate --assistant home-visit-scheduler --clinician maya.patel@homerounds.test\n  $ homerounds call simulate --assistant a1 --clinician maya.patel@homerounds.test --calendar-write --script book.yaml\n  $ homerounds call simulate --assistant a1 --fail-stage daily-call-join --json\n\n${callExitCodesHelp()}`,
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
        const code = callExitCode(sim.result);
        if (code !== 0) {
          throw new CliError(`the call failed to start at ${sim.result.failedStage ?? 'an unknown stage'}`, code);
        }
      },
    );
}
