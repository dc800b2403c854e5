// `homerounds route solve | optimize`: the route optimiser from the command line.
import type { Command } from 'commander';
import { cliClock } from '../config/clock.ts';
import { usageError } from '../errors.ts';
import { type CliIo, printJson, printLines } from '../output/io.ts';
import { PROGRESS_HELP, progressPrinter } from '../output/progress.ts';
import { parseDateOption } from './date-option.ts';
import { registerDispatch } from './dispatch.ts';

function parseTimeLimit(value: string): number {
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0)
    throw usageError(`--time-limit must be a positive number of milliseconds (got "${value}").`);
  return ms;
}

function parseMaxIterations(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw usageError(`--max-iterations must be a positive whole number (got "${value}").`);
  return n;
}

function parseSeed(value: string): number {
  const seed = Number(value);
  if (!Number.isInteger(seed)) throw usageError(`--seed must be a whole number (got "${value}").`);
  return seed;
}

export function registerRoute(program: Command, io: CliIo): void {
  const route = program.command('route').description('optimise a clinician day or solve a benchmark instance');

  route
    .command('solve <instance-file>')
    .description('solve a public benchmark instance in its own distance convention')
    .requiredOption('--format <format>', 'tsplib | tsptw | solomon')
    .option('--time-limit <ms>', 'time budget (a limit: the search stops earlier when it stalls)', parseTimeLimit)
    .option('--seed <n>', 'random seed (same seed, same answer when the limit is not reached)', parseSeed)
    .option(
      '--max-iterations <n>',
      'a budget of search rounds: with it (and a limit that does not bind), a seed gives the same answer on any machine',
      parseMaxIterations,
    )
    .option('--objective <objective>', 'solomon: vehicles-then-distance (default) | distance')
    .option('--progress', PROGRESS_HELP)
    .option('--json', 'print JSON only')
    .addHelpText(
      'after',
      '\nExamples:\n  $ homerounds route solve ../shared/benchmarks/routing/tsplib/eil51.tsp --format tsplib --json\n  $ homerounds route solve ../shared/benchmarks/routing/solomon/R101.50.vrptw --format solomon --time-limit 2000',
    )
    .action(
      async (
        file: string,
        opts: {
          format: string;
          timeLimit?: number;
          seed?: number;
          maxIterations?: number;
          objective?: string;
          progress?: boolean;
          json?: boolean;
        },
      ) => {
        if (opts.format !== 'tsplib' && opts.format !== 'tsptw' && opts.format !== 'solomon') {
          throw usageError(`--format must be tsplib, tsptw or solomon (got "${opts.format}").`);
        }
        const { routeSolve } = await import('../handlers/route-solve.ts');
        const progress = opts.progress ? progressPrinter(io) : undefined;
        if (opts.format === 'solomon') {
          if (
            opts.objective !== undefined &&
            opts.objective !== 'vehicles-then-distance' &&
            opts.objective !== 'distance'
          )
            throw usageError(`--objective must be vehicles-then-distance or distance (got "${opts.objective}").`);
          const r = await routeSolve({
            file,
            format: 'solomon',
            timeLimitMs: opts.timeLimit,
            seed: opts.seed,
            maxIterations: opts.maxIterations,
            objective: opts.objective as 'vehicles-then-distance' | 'distance' | undefined,
            onProgress: progress?.listener,
          });
          progress?.finish(r.msToBest);
          if (opts.json) return printJson(io, r);
          const known = r.known
            ? `${r.known.value}${r.known.routes ? ` with ${r.known.routes} vehicles` : ''} (${r.known.convention} distances)`
            : 'not listed (no known-values.csv entry for this file)';
          const gap =
            r.gapPercent !== undefined
              ? `${r.gapPercent.toFixed(2)} %`
              : r.known
                ? `not comparable (${r.vehicles} vehicles vs ${r.known.routes})`
                : '–';
          printLines(io, [
            `instance      ${r.name} (${r.customers} customers)`,
            `vehicles      ${r.vehicles}`,
            `distance      ${r.distance} (${r.convention} distances, objective ${r.objective})`,
            `known best    ${known}`,
            `gap           ${gap}`,
            `feasible      ${r.feasible ? 'yes' : `NO: ${r.problems.slice(0, 3).join('; ')}`}`,
            `time          ${Math.round(r.ms)} ms (best found at ${Math.round(r.msToBest)} ms; stopped: ${r.stoppedBy})`,
            ...r.routes.map((route, k) => `route ${String(k + 1).padStart(2)}      ${route.join(' ')}`),
          ]);
          return;
        }
        const result = await routeSolve({
          file,
          format: opts.format,
          timeLimitMs: opts.timeLimit,
          seed: opts.seed,
          maxIterations: opts.maxIterations,
          onProgress: progress?.listener,
        });
        progress?.finish(result.msToBest);
        if (opts.json) return printJson(io, result);
        printLines(io, [
          `cost          ${result.cost}`,
          `proved optimal ${result.provedOptimal ? 'yes' : 'no'}`,
          `feasible      ${result.feasible ? 'yes' : 'no'}`,
          `time          ${result.ms} ms`,
          `order         ${result.order.join(' ')}`,
        ]);
      },
    );

  route
    .command('dispatch <dispatch-file>')
    .description("assign a day's visits to clinicians (skills, shifts, homes, continuity) and order each route")
    .option('--time-limit <ms>', 'time budget (a limit: the search stops earlier when it stalls)', parseTimeLimit)
    .option('--seed <n>', 'random seed', parseSeed)
    .option('--progress', PROGRESS_HELP)
    .option('--json', 'print JSON only')
    .addHelpText(
      'after',
      '\nExample:\n  $ homerounds route dispatch day.json --time-limit 2000\n(format: docs/routing.md, "Agency dispatch")',
    )
    .action(async (file: string, opts: { timeLimit?: number; seed?: number; progress?: boolean; json?: boolean }) => {
      const { routeDispatchFromFile, formatDispatchReport } = await import('../handlers/route-dispatch.ts');
      const progress = opts.progress ? progressPrinter(io) : undefined;
      const report = await routeDispatchFromFile(file, {
        timeLimitMs: opts.timeLimit,
        seed: opts.seed,
        ...(progress ? { onProgress: progress.listener } : {}),
      });
      progress?.finish();
      if (opts.json) printJson(io, report);
      else {
        // Ids and patient names come from the file: their control characters are shown, not obeyed.
        const { escapeControlKeepLines } = await import('../output/escape.ts');
        printLines(io, escapeControlKeepLines(formatDispatchReport(report)));
      }
      if (report.unassigned.length > 0) {
        const { CliError } = await import('../errors.ts');
        throw new CliError('Some visits could not be assigned (see above).');
      }
    });

  // `homerounds dispatch --date D`: the agency's day from the calendars (route dispatch FILE takes a file).
  registerDispatch(program, io);

  route
    .command('optimize')
    .description("compare a day's calendar order with the optimised order: legs, totals and why each change")
    .option('--clinician <email>', 'a seeded clinician on the local platform')
    .option('--date <YYYY-MM-DD>', 'the day to plan (with --clinician)', parseDateOption('--date'))
    .option('--file <visits.json>', 'plan any list of visits instead (see docs/routing.md for the format)')
    .option('--local-url <url>', 'the local platform (else HOMEROUNDS_LOCAL_URL, else http://127.0.0.1:8787)')
    .option('--json', 'print JSON only')
    .addHelpText(
      'after',
      '\nExamples:\n  $ homerounds route optimize --clinician maya.patel@homerounds.test --date 2026-11-24\n  $ homerounds route optimize --file visits.json --json',
    )
    .action(async (opts: { clinician?: string; date?: string; file?: string; localUrl?: string; json?: boolean }) => {
      const handlers = await import('../handlers/route-optimize.ts');
      let report: Awaited<ReturnType<typeof handlers.routeOptimizeFromFile>>;
      if (opts.file) {
        if (opts.clinician) throw usageError('Use either --file or --clinician, not both.');
        report = await handlers.routeOptimizeFromFile(opts.file);
      } else if (opts.clinician && opts.date) {
        report = await handlers.routeOptimizeForClinician({
          baseUrl: (opts.localUrl ?? io.env.HOMEROUNDS_LOCAL_URL ?? 'http://127.0.0.1:8787').replace(/\/+$/, ''),
          email: opts.clinician,
          date: opts.date,
          now: cliClock(io.env)(),
        });
      } else {
        throw usageError('Give --clinician <email> --date <YYYY-MM-DD>, or --file <visits.json>.');
      }
      if (opts.json) printJson(io, report);
      else {
        // Stop titles come from the calendar or the visits file: their control characters are shown, not obeyed.
        const { escapeControlKeepLines } = await import('../output/escape.ts');
        printLines(io, escapeControlKeepLines(handlers.formatRouteReport(report)));
      }
      if (report.unservable.length > 0) {
        const { CliError } = await import('../errors.ts');
        throw new CliError('Some visits cannot be served inside their windows (see above).');
      }
    });
}
