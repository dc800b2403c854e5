// `homerounds login` and `homerounds whoami`.
import type { Command } from 'commander';
import type { GlobalFlags } from '../api/connect.ts';
import { type CliIo, printJson, printLines } from '../output/io.ts';
import { addApiOptions, withClient } from './api-options.ts';

export function registerAccount(program: Command, io: CliIo): void {
  program
    .command('login')
    .description('save an API key to the config file (mode 0600); the key is read without echo, or from stdin')
    .option('--base-url <url>', 'also save this API base URL')
    .option('--region <region>', 'also save the base URL of a region: us | eu')
    .option('--no-verify', 'save without checking the key against the platform')
    .option('--json', 'print only JSON on stdout')
    .addHelpText(
      'after',
      '\nExample:\n  $ homerounds login                      # prompts, no echo\n  $ printf %s "$KEY" | homerounds login --region eu\n\nThe file is $HOMEROUNDS_CONFIG or ~/.config/homerounds/config.json, readable only by you.',
    )
    .action(async (opts: { baseUrl?: string; region?: string; verify: boolean; json?: boolean }) => {
      const { login, promptSecret } = await import('../handlers/account.ts');
      const { escapeControl } = await import('../output/escape.ts');
      const { readStdin } = await import('../handlers/input.ts');
      const { REGION_BASE_URLS } = await import('../config/credentials.ts');
      const { usageError } = await import('../errors.ts');
      let baseUrl = opts.baseUrl;
      if (!baseUrl && opts.region) {
        baseUrl = REGION_BASE_URLS[opts.region];
        if (!baseUrl) throw usageError(`--region must be one of ${Object.keys(REGION_BASE_URLS).join(', ')}`);
      }
      const key = process.stdin.isTTY
        ? await promptSecret('Voice platform private API key: ', io.stderr)
        : ((await readStdin()) ?? '');
      const result = await login({ key, baseUrl, verify: opts.verify, env: io.env });
      if (opts.json) return printJson(io, result);
      const org = result.org ? ` (org ${result.org.name ?? ''} ${result.org.id ?? ''})`.replace(/\s+\)/, ')') : '';
      io.stderr(`${escapeControl(`saved to ${result.configPath}${org}`)}\n`);
    });

  addApiOptions(
    program
      .command('whoami')
      .description('say which credentials are used (flag, environment, config file, local) and for which org'),
  )
    .addHelpText(
      'after',
      '\nExample:\n  $ homerounds whoami\n  $ homerounds whoami --local   # also prints the local private key',
    )
    .action(async (flags: GlobalFlags) => {
      const [{ whoami }, { escapeControl }] = await Promise.all([
        import('../handlers/account.ts'),
        import('../output/escape.ts'),
      ]);
      const result = await withClient(io, flags, (client, connection) => whoami(client, connection));
      if (flags.json) return printJson(io, result);
      const lines = [
        `key:      from ${result.keySourceDescription}`,
        `base URL: ${result.baseUrl} (${result.baseUrlSource})`,
        // The org's name and id are the platform's text: escaped, never allowed to drive the terminal.
        `org:      ${escapeControl(result.org.name ?? '(unnamed)')} ${escapeControl(result.org.id ?? '(unknown id)')}`,
      ];
      if (result.localPrivateKey) lines.push(`local private key: ${result.localPrivateKey}`);
      printLines(io, lines);
    });
}
