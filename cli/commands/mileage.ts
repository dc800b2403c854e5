// `homerounds mileage`: a seeded clinician's monthly mileage log on the local platform (docs/mileage.md).
import type { Command } from 'commander';
import type { CliIo } from '../output/io.ts';
import { parseFormatOption, parseMonthOption } from './mileage-options.ts';

export function registerMileage(program: Command, io: CliIo): void {
  program
    .command('mileage')
    .description(
      "a clinician's monthly mileage log: each day's legs in the calendar's order, totals, rate, reimbursement",
    )
    .requiredOption('--clinician <email>', 'a seeded clinician on the local platform')
    .requiredOption('--month <YYYY-MM>', 'the month, e.g. 2026-11', parseMonthOption)
    .option('--format <format>', 'table (default) | csv (the file the dashboard downloads) | json', parseFormatOption)
    .option('--out <file>', 'write to this file instead of stdout')
    .option('--local-url <url>', 'the local platform (else HOMEROUNDS_LOCAL_URL, else http://127.0.0.1:8787)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ homerounds mileage --clinician maya.patel@homerounds.test --month 2026-11\n  $ homerounds mileage --clinician maya.patel@homerounds.test --month 2026-11 --format csv --out mileage-2026-11.csv',
    )
    .action(async (opts: { clinician: string; month: string; format?: string; out?: string; localUrl?: string }) => {
      const handlers = await import('../handlers/mileage.ts');
      const month = await handlers.mileageForClinician({
        baseUrl: (opts.localUrl ?? io.env.HOMEROUNDS_LOCAL_URL ?? 'http://127.0.0.1:8787').replace(/\/+$/, ''),
        email: opts.clinician,
        month: opts.month,
      });
      const format = opts.format ?? 'table';
      const text =
        format === 'csv'
          ? handlers.mileageCsv(month)
          : format === 'json'
            ? `${JSON.stringify(month, null, 2)}\n`
            : `${(await import('../output/escape.ts')).escapeControlKeepLines(handlers.formatMileageTable(month))}\n`;
      const printed = await handlers.writeMileage(text, opts.out, io.cwd);
      if (printed !== null) io.stdout(printed);
      else io.stderr(`Wrote ${opts.out}\n`);
    });
}
