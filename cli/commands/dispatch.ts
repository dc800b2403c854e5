// `homerounds dispatch --date D --local`: the agency's day reassigned across clinicians, before/after, and with
// --apply written to the calendars. Registered with the route commands (same group: cli/program.ts).
import type { Command } from 'commander';
import { usageError } from '../errors.ts';
import { type CliIo, printJson, printLines } from '../output/io.ts';
import { PROGRESS_HELP, progressPrinter } from '../output/progress.ts';
import { parseDateOption } from './date-option.ts';

const OBJECTIVES: Record<string, 'drive-time' | 'clinicians-then-drive-time'> = {
  'drive-time': 'drive-time',
  'vehicles-then-distance': 'clinicians-then-drive-time',
  'clinicians-then-drive-time': 'clinicians-then-drive-time',
};

function parseObjective(value: string): 'drive-time' | 'clinicians-then-drive-time' {
  const objective = OBJECTIVES[value];
  if (!objective) throw usageError(`--objective must be drive-time or vehicles-then-distance (got "${value}").`);
  return objective;
}

function parseTimeLimit(value: string): number {
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0)
    throw usageError(`--time-limit must be a positive number of milliseconds (got "${value}").`);
  return ms;
}

function parseSeed(value: string): number {
  const seed = Number(value);
  if (!Number.isInteger(seed)) throw usageError(`--seed must be a whole number (got "${value}").`);
  return seed;
}

interface DispatchFlags {
  date?: string;
  local?: boolean;
  localUrl?: string;
  objective?: 'drive-time' | 'clinicians-then-drive-time';
  timeLimit?: number;
  seed?: number;
  apply?: boolean;
  progress?: boolean;
  json?: boolean;
}

export function registerDispatch(program: Command, io: CliIo): void {
  program
    .command('dispatch')
    .description("reassign a day's visits across clinicians (skills, shifts, homes, continuity): before/after")
    .option('--date <YYYY-MM-DD>', 'the day to dispatch (required)', parseDateOption('--date'))
    .option('--local', 'the local platform: HOMEROUNDS_LOCAL_URL, else http://127.0.0.1:8787')
    .option('--local-url <url>', 'the local platform at this URL (implies --local)')
    .option(
      '--objective <objective>',
      'drive-time (default) | vehicles-then-distance (fewest clinicians first)',
      parseObjective,
    )
    .option('--time-limit <ms>', 'time budget of the search (default 10000; it usually stops earlier)', parseTimeLimit)
    .option('--seed <n>', 'random seed (same seed, same plan)', parseSeed)
    .option('--apply', 'write the new assignment to the calendars (default: show it only)')
    .option('--progress', PROGRESS_HELP)
    .option('--json', 'print JSON only')
    .addHelpText(
      'after',
      '\nExamples:\n  $ homerounds dispatch --date 2026-11-24 --local\n  $ homerounds dispatch --date 2026-11-24 --local --apply\n(see docs/routing.md, "Agency dispatch")',
    )
    .action(async (opts: DispatchFlags) => {
      if (!opts.date) throw usageError('Give the day: --date YYYY-MM-DD.');
      if (!opts.local && !opts.localUrl)
        throw usageError(
          "dispatch reads every clinician's calendar, which only the local platform allows for now: add --local " +
            '(HOMEROUNDS_LOCAL_URL, else http://127.0.0.1:8787) or --local-url <url>.',
        );
      const { dispatchDay, formatDispatchDay } = await import('../handlers/route-dispatch-day.ts');
      const progress = opts.progress ? progressPrinter(io) : undefined;
      const result = await dispatchDay({
        baseUrl: (opts.localUrl ?? io.env.HOMEROUNDS_LOCAL_URL ?? 'http://127.0.0.1:8787').replace(/\/+$/, ''),
        date: opts.date,
        objective: opts.objective,
        timeLimitMs: opts.timeLimit,
        seed: opts.seed,
        apply: opts.apply,
        ...(progress ? { onProgress: progress.listener } : {}),
      });
      progress?.finish();
      if (opts.json) printJson(io, result);
      else {
        // Names and titles come from the calendars: their control characters are shown, not obeyed.
        const { escapeControlKeepLines } = await import('../output/escape.ts');
        printLines(io, escapeControlKeepLines(formatDispatchDay(result)));
      }
      const failed = result.results.filter((x) => x.status === 'conflict' || x.status === 'missing');
      if (result.unassigned.length > 0 || failed.length > 0) {
        const { CliError } = await import('../errors.ts');
        throw new CliError(
          failed.length > 0
            ? `${failed.length} visit(s) could not be moved (see above); they stay where they were.`
            : 'Some visits could not be placed (see above); they stay where they are booked.',
        );
      }
    });
}
