// `homerounds login | logout | whoami` and `homerounds profiles list`.
import type { Command } from 'commander';
import type { GlobalFlags } from '../api/connect.ts';
import { type CliIo, printJson, printLines } from '../output/io.ts';
import { addApiOptions, withClient } from './api-options.ts';

const PROFILE_HELP = 'a named profile, one per org or region (else HOMEROUNDS_PROFILE, else the default one)';

export function registerAccount(program: Command, io: CliIo): void {
  program
    .command('login')
    .description('save an API key to the config file (mode 0600); the key is read without echo, or from stdin')
    .option('--profile <name>', PROFILE_HELP)
    .option('--base-url <url>', 'the API base URL the key belongs to (else VAPI_BASE_URL; default https://api.vapi.ai)')
    .option('--region <region>', 'the region the key belongs to: us | eu (not with --base-url)')
    .option('--no-verify', 'save without checking the key against the platform')
    .option('--json', 'print only JSON on stdout')
    .addHelpText(
      'after',
      `
Examples:
  $ homerounds login                                   # prompts, no echo
  $ printf %s "$KEY" | homerounds login --region eu
  $ homerounds login --profile staging --base-url https://api.staging.vapi.ai
  $ homerounds assistant list --profile staging

The file is $HOMEROUNDS_CONFIG or ~/.config/homerounds/config.json, readable only by you. A key is saved with
its base URL and only ever sent there; other profiles in the file are kept.`,
    )
    .action(async (opts: { profile?: string; baseUrl?: string; region?: string; verify: boolean; json?: boolean }) => {
      const { login, promptSecret } = await import('../handlers/account.ts');
      const { escapeControl } = await import('../output/escape.ts');
      const { readStdin } = await import('../handlers/input.ts');
      const { regionUrl } = await import('../config/credentials.ts');
      const { usageError } = await import('../errors.ts');
      if (opts.baseUrl !== undefined && opts.region !== undefined) {
        throw usageError('--region and --base-url both choose where the key goes: give one');
      }
      const baseUrl = opts.baseUrl ?? (opts.region !== undefined ? regionUrl(opts.region) : undefined);
      const key = process.stdin.isTTY
        ? await promptSecret('Voice platform private API key: ', io.stderr)
        : ((await readStdin()) ?? '');
      const result = await login({ key, baseUrl, profile: opts.profile, verify: opts.verify, env: io.env });
      if (opts.json) return printJson(io, result);
      const org = result.org ? ` (org ${result.org.name ?? ''} ${result.org.id ?? ''})`.replace(/\s+\)/, ')') : '';
      const profile = result.profile === 'default' ? '' : ` as profile "${result.profile}"`;
      io.stderr(`${escapeControl(`saved to ${result.configPath}${profile}${org}, for ${result.baseUrl}`)}\n`);
    });

  program
    .command('logout')
    .description('remove a saved API key (the default profile, or --profile); the file goes with the last one')
    .option('--profile <name>', PROFILE_HELP)
    .option('--json', 'print only JSON on stdout')
    .addHelpText('after', '\nExamples:\n  $ homerounds logout\n  $ homerounds logout --profile staging')
    .action(async (opts: { profile?: string; json?: boolean }) => {
      const { logout } = await import('../handlers/account.ts');
      const result = await logout({ profile: opts.profile, env: io.env });
      if (opts.json) return printJson(io, result);
      io.stderr(
        `removed profile "${result.profile}" from ${result.configPath}${result.fileRemoved ? ' (no profile left: file removed)' : ''}\n`,
      );
    });

  const profiles = program
    .command('profiles')
    .description('saved credentials, one profile per org or region (homerounds login --profile <name>)');
  profiles
    .command('list')
    .description('list the saved profiles and their base URLs (never the keys); * marks the one used by default')
    .option('--json', 'print only JSON on stdout')
    .addHelpText(
      'after',
      '\nExamples:\n  $ homerounds profiles list\n  $ HOMEROUNDS_PROFILE=staging homerounds profiles list --json',
    )
    .action(async (opts: { json?: boolean }) => {
      const [{ profilesList }, { renderTable }] = await Promise.all([
        import('../handlers/account.ts'),
        import('../output/table.ts'),
      ]);
      const result = await profilesList(io.env);
      if (io.env.VAPI_API_KEY?.trim()) {
        io.stderr('note: VAPI_API_KEY is set: commands use it instead of a profile unless --profile is given\n');
      }
      if (opts.json) return printJson(io, result);
      if (result.profiles.length === 0) {
        io.stderr(`no profile saved in ${result.configPath}; run homerounds login [--profile <name>]\n`);
        return;
      }
      printLines(
        io,
        renderTable(result.profiles, [
          { header: '', value: (p) => (p.active ? '*' : '') },
          { header: 'PROFILE', value: (p) => p.name },
          { header: 'BASE URL', value: (p) => p.baseUrl ?? 'https://api.vapi.ai (default)' },
          { header: 'SAVED', value: (p) => p.savedAt ?? '' },
        ]),
      );
    });

  addApiOptions(
    program
      .command('whoami')
      .description('say which credentials are used (flag, environment, profile, local) and for which org'),
  )
    .addHelpText(
      'after',
      '\nExamples:\n  $ homerounds whoami\n  $ homerounds whoami --profile staging --json\n  $ homerounds whoami --local   # also prints the local private key',
    )
    .action(async (flags: GlobalFlags) => {
      const [{ whoami }, { escapeControl }] = await Promise.all([
        import('../handlers/account.ts'),
        import('../output/escape.ts'),
      ]);
      const result = await withClient(io, flags, (client, connection) => whoami(client, connection));
      if (flags.json) return printJson(io, result);
      const chosenBy = { flag: '--profile', env: 'HOMEROUNDS_PROFILE', default: 'the default profile' };
      const lines = [
        `key:      from ${result.keySourceDescription}`,
        ...(result.profile && result.profileSource
          ? [`profile:  ${result.profile} (chosen by ${chosenBy[result.profileSource]})`]
          : []),
        `base URL: ${result.baseUrl} (${result.baseUrlSource})`,
        // The org's name and id are the platform's text: escaped, never allowed to drive the terminal.
        `org:      ${escapeControl(result.org.name ?? '(unnamed)')} ${escapeControl(result.org.id ?? '(unknown id)')}`,
      ];
      if (result.localPrivateKey) lines.push(`local private key: ${result.localPrivateKey}`);
      printLines(io, lines);
    });
}
