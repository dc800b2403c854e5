// `homerounds local reset | status`: manage the local platform started by `npm start`.
import type { Command } from 'commander';
import { LOCAL_URL_HELP, resolveLocalUrl } from '../config/local-url.ts';
import { type CliIo, printJson, printLines } from '../output/io.ts';
import { parseDateOption } from './date-option.ts';

export function registerLocal(program: Command, io: CliIo): void {
  const local = program.command('local').description('the local platform started by npm start (reseed, status)');
  // --local-url beats HOMEROUNDS_LOCAL_URL (a flag beats the environment).
  const baseUrl = (flag: string | undefined) => resolveLocalUrl(flag, io.env);

  local
    .command('reset')
    .description('reseed the local platform: clinicians, patients and 30 days of visits; clears injected faults')
    .option(
      '--today <YYYY-MM-DD>',
      'first day of the seeded visits (default: today in Chicago)',
      parseDateOption('--today'),
    )
    .option('--local-url <url>', LOCAL_URL_HELP)
    .option('--json', 'print JSON only')
    .addHelpText('after', '\nExample:\n  $ homerounds local reset --today 2026-11-24')
    .action(async (opts: { today?: string; localUrl?: string; json?: boolean }) => {
      const { localReset } = await import('../handlers/local.ts');
      const result = await localReset(baseUrl(opts.localUrl), opts.today);
      if (opts.json) return printJson(io, result);
      printLines(io, [`Reseeded from ${result.today}. Clinicians:`, ...result.clinicians.map((c) => `  ${c}`)]);
    });

  local
    .command('status')
    .description("show the local platform's clock, seeded clinicians and injected faults")
    .option('--local-url <url>', LOCAL_URL_HELP)
    .option('--json', 'print JSON only')
    .addHelpText('after', '\nExample:\n  $ homerounds local status --json')
    .action(async (opts: { localUrl?: string; json?: boolean }) => {
      const { localStatus } = await import('../handlers/local.ts');
      const status = await localStatus(baseUrl(opts.localUrl));
      if (opts.json) return printJson(io, status);
      printLines(io, [
        `now ${status.now}`,
        `faults ${JSON.stringify(status.faults)}`,
        ...status.clinicians.map((c) => `  ${c}`),
      ]);
    });
}
