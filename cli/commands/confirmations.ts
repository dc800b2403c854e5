// `homerounds confirmations run | status`: tomorrow's confirmation calls, through the `confirmations` Edge
// Function. `run` shows the call list, starts the batch and follows it to its end; `status` shows a batch.
import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.ts';
import { type CliIo, printJson, printLines } from '../output/io.ts';
import { parseDateOption } from './date-option.ts';

interface WhereFlags {
  clinician?: string;
  date?: string;
  json?: boolean;
  local?: boolean;
  url?: string;
}

const WHERE_HELP = `
Where: --url, else --local (HOMEROUNDS_LOCAL_URL or http://127.0.0.1:8787, with the local admin secret), else
SUPABASE_URL + /functions/v1/confirmations with HOMEROUNDS_ADMIN_SECRET. --clinician defaults to
HOMEROUNDS_CLINICIAN; with --local, to maya.patel@homerounds.test. --date defaults to tomorrow in the
clinician's time zone.`;

function addWhereOptions(command: Command): Command {
  return command
    .option('--clinician <email>', 'the clinician whose visits are called (else HOMEROUNDS_CLINICIAN)')
    .option(
      '--date <YYYY-MM-DD>',
      "the visits' day (default: tomorrow in the clinician's zone)",
      parseDateOption('--date'),
    )
    .option('--json', 'print only JSON on stdout')
    .option('--local', 'the local platform (HOMEROUNDS_LOCAL_URL or http://127.0.0.1:8787)')
    .option('--url <url>', 'the confirmations function (https://<ref>.supabase.co/functions/v1/confirmations)');
}

const ndjson = (io: CliIo, type: string, value: object) => io.stdout(`${JSON.stringify({ type, ...value })}\n`);

export function registerConfirmations(program: Command, io: CliIo): void {
  const topic = program
    .command('confirmations')
    .description("evening confirmation calls: call tomorrow's patients to confirm their visits")
    .addHelpText(
      'after',
      `\nExamples:\n  $ homerounds confirmations run --local --dry-run\n  $ homerounds confirmations status --clinician maya.patel@homerounds.test --date 2026-11-24 --local\n${WHERE_HELP}`,
    );

  addWhereOptions(
    topic
      .command('run')
      .description('show the call list, start the calls now and follow each visit until the batch ends'),
  )
    .option('--dry-run', 'show the call list and stop (nothing is called)')
    .option('--force', 'run again even if a batch already ran for that day')
    .option('--poll-interval <seconds>', 'how often to ask for the batch status', '3')
    .option('--timeout <seconds>', 'stop waiting after this long (the batch keeps running on the server)')
    .addHelpText(
      'after',
      `\nExamples:\n  $ homerounds confirmations run --local --dry-run\n  $ homerounds confirmations run --local --date 2026-11-24 --json\n  $ SUPABASE_URL=https://<ref>.supabase.co HOMEROUNDS_ADMIN_SECRET=… homerounds confirmations run --clinician maya.patel@example.org --timeout 600
${WHERE_HELP}

--json prints NDJSON: {"type":"plan",…} first, then {"type":"outcome",…visit} for each change, then
{"type":"summary",…batch status} last.

Exit codes: 0 the batch is done (or --dry-run); 1 the batch failed, or one already ran for that day (409);
2 bad flags (nothing sent); 3 no or rejected admin secret; 4 unknown clinician; 5 --timeout passed first.`,
    )
    .action(
      async (opts: WhereFlags & { dryRun?: boolean; force?: boolean; pollInterval: string; timeout?: string }) => {
        const handler = await import('../handlers/confirmations.ts');
        const pollMs = handler.checkSeconds(opts.pollInterval, '--poll-interval') * 1000;
        const timeoutMs =
          opts.timeout === undefined ? undefined : handler.checkSeconds(opts.timeout, '--timeout') * 1000;
        const target = await handler.resolveTarget(opts, io.env);
        for (const note of target.notes) io.stderr(`${note}\n`);
        const out = await import('../output/confirmations.ts');
        const client = handler.confirmationsClient(target);
        try {
          const plan = await handler.planCalls(client, target);
          const tz = plan.timeZone;
          if (opts.json) ndjson(io, 'plan', plan);
          else printLines(io, out.formatPlan(plan));
          if (opts.dryRun) {
            io.stderr('Dry run: nothing was called.\n');
            return;
          }
          if (!opts.json) io.stderr('Starting the calls now (Ctrl-C stops watching; the calls go on).\n');
          const seen = handler.baselineOf(plan);
          const end = await handler.runBatch(client, target, {
            date: plan.date,
            force: opts.force,
            pollMs,
            timeoutMs,
            onStatus: (status) => {
              for (const visit of handler.changedVisits(status, seen)) {
                if (opts.json) ndjson(io, 'outcome', visit);
                else printLines(io, out.formatOutcome(visit, tz));
              }
            },
          });
          if (opts.json) ndjson(io, 'summary', end.status);
          else printLines(io, ['', ...out.formatSummary(end.status, tz)]);
          const check = handler.statusCommand(target, plan.date);
          if (end.kind === 'timeout') {
            throw new CliError(
              `--timeout passed before the batch ended (state ${end.status.state}); it keeps running on the server. Check it with: ${check}`,
              EXIT.timeout,
            );
          }
          if (end.status.state === 'failed') {
            throw new CliError(`the batch failed: ${end.status.failure ?? 'no reason given'}. Details: ${check}`);
          }
          if (end.status.state === 'closed') {
            io.stderr(
              'The calls are over and the day is re-planned; an answer that comes later (until calling hours end) still updates its visit.\n',
            );
          } else if (end.status.state !== 'done') {
            throw new CliError(`the batch ended ${end.status.state}. Details: ${check}`);
          }
        } finally {
          await client.close();
        }
      },
    );

  addWhereOptions(
    topic.command('status').description("a day's batch: each visit's status, the counts, what moved, the new order"),
  )
    .addHelpText(
      'after',
      `\nExamples:\n  $ homerounds confirmations status --local --date 2026-11-24\n  $ homerounds confirmations status --clinician maya.patel@example.org --json
${WHERE_HELP}

Times are shown in this computer's time zone (set TZ to change it).

Exit codes: 0 shown; 2 bad flags (nothing sent); 3 no or rejected admin secret; 4 unknown clinician, or no
batch for that day yet.`,
    )
    .action(async (opts: WhereFlags) => {
      const handler = await import('../handlers/confirmations.ts');
      const target = await handler.resolveTarget(opts, io.env);
      for (const note of target.notes) io.stderr(`${note}\n`);
      const client = handler.confirmationsClient(target);
      try {
        const status = await handler.batchStatus(client, target);
        if (opts.json) return printJson(io, status);
        const { formatBatch } = await import('../output/confirmations.ts');
        printLines(io, formatBatch(status, Intl.DateTimeFormat().resolvedOptions().timeZone));
      } finally {
        await client.close();
      }
    });
}
