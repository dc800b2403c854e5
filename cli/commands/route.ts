// `homerounds route solve | optimize`: the route optimiser from the command line.
import type { Command } from 'commander';
import { usageError } from '../errors.ts';
import { type CliIo, printJson, printLines } from '../output/io.ts';
import { parseDateOption } from './date-option.ts';

function parseTimeLimit(value: string): number {
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0)
    throw usageError(`--time-limit must be a positive number of milliseconds (got "${value}").`);
  return ms;
}

export function registerRoute(program: Command, io: CliIo): void {
  const route = program.command('route').description('optimise a clinician day or solve a benchmark instance');

  route
    .command('solve <instance-file>')
    .description('solve a public benchmark instance in its own distance convention')
    .requiredOption('--format <format>', 'tsplib | tsptw')
    .option('--time-limit <ms>', 'time budget for the heuristic', parseTimeLimit)
    .option('--json', 'print JSON only')
    .addHelpText(
      'after',
      '\nExample:\n  $ homerounds route solve ../shared/benchmarks/routing/tsplib/eil51.tsp --format tsplib --json',
    )
    .action(async (file: string, opts: { format: string; timeLimit?: number; json?: boolean }) => {
      if (opts.format !== 'tsplib' && opts.format !== 'tsptw') {
        throw usageError(`--format must be tsplib or tsptw (got "${opts.format}").`);
      }
      const { routeSolve } = await import('../handlers/route-solve.ts');
      const result = await routeSolve({ file, format: opts.format, timeLimitMs: opts.timeLimit });
      if (opts.json) return printJson(io, result);
      printLines(io, [
        `cost          ${result.cost}`,
        `proved optimal ${result.provedOptimal ? 'yes' : 'no'}`,
        `feasible      ${result.feasible ? 'yes' : 'no'}`,
        `time          ${result.ms} ms`,
        `order         ${result.order.join(' ')}`,
      ]);
    });

  route
    .command('optimize')
    .description("compare a day's calendar order with the optimised order: legs, totals and why each change")
    .option('--clinician <email>', 'a seeded clinician on the local platform')
    .option('--date <YYYY-MM-DD>', 'the day to plan (with --clinician)', parseDateOption('--date'))
    .option('--file <visits.json>', 'plan any list of visits instead (see docs/routing.md for the format)')
    .option('--local-url <url>', 'the local platform', 'http://127.0.0.1:8787')
    .option('--json', 'print JSON only')
    .addHelpText(
      'after',
      '\nExamples:\n  $ homerounds route optimize --clinician maya.patel@homerounds.test --date 2026-11-24\n  $ homerounds route optimize --file visits.json --json',
    )
    .action(async (opts: { clinician?: string; date?: string; file?: string; localUrl: string; json?: boolean }) => {
      const handlers = await import('../handlers/route-optimize.ts');
      let report: Awaited<ReturnType<typeof handlers.routeOptimizeFromFile>>;
      if (opts.file) {
        if (opts.clinician) throw usageError('Use either --file or --clinician, not both.');
        report = await handlers.routeOptimizeFromFile(opts.file);
      } else if (opts.clinician && opts.date) {
        report = await handlers.routeOptimizeForClinician({
          baseUrl: (io.env.HOMEROUNDS_LOCAL_URL ?? opts.localUrl).replace(/\/+$/, ''),
          email: opts.clinician,
          date: opts.date,
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
