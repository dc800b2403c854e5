// `homerounds apply -f <dir>`, `homerounds export <dir>`, and the built-in templates under `template`.
import type { Command } from 'commander';
import type { GlobalFlags } from '../api/connect.ts';
import { type CliIo, printJson, printLines } from '../output/io.ts';
import { addApiOptions, withClient } from './api-options.ts';

interface ToolsFlags {
  toolsUrl?: string;
  toolsSecret?: string;
  toolsCredentialId?: string;
  local?: boolean;
}

export function registerSync(program: Command, io: CliIo, templateTopic?: Command): void {
  addApiOptions(
    program
      .command('apply')
      .description('make the platform match a folder of assistant, tool and phone-number files (matched by name)')
      .requiredOption('-f, --file <dir>', 'folder with assistants/, tools/, phone-numbers/ (JSON or YAML)')
      .option('--dry-run', 'show the diff (create / update / unchanged, changed fields) and change nothing')
      .option(
        '--tools-url <url>',
        `fills \${HOMEROUNDS_TOOLS_URL} (else --local, HOMEROUNDS_TOOLS_URL, SUPABASE_URL/functions/v1/assistant-tools)`,
      )
      .option(
        '--tools-secret <secret>',
        `fills \${HOMEROUNDS_TOOLS_SECRET} (else HOMEROUNDS_TOOLS_SECRET); never printed`,
      ),
  )
    .addHelpText(
      'after',
      '\nExample:\n  $ homerounds apply -f voice/ --dry-run\n  $ HOMEROUNDS_TOOLS_SECRET=… homerounds apply -f voice/ --json\n\nNothing is deleted; every file is parsed (and its placeholders filled) before any request is sent.',
    )
    .action(async (flags: GlobalFlags & ToolsFlags & { file: string; dryRun?: boolean }) => {
      const [{ apply }, { resolveToolsServer }, { escapeControl }] = await Promise.all([
        import('../handlers/sync.ts'),
        import('../templates/tools-server.ts'),
        import('../output/escape.ts'),
      ]);
      const tools = resolveToolsServer(flags, io.env);
      const result = await withClient(io, flags, (client) =>
        apply(client, flags.file, {
          dryRun: flags.dryRun ?? false,
          tools,
          // Progress names resources by their (platform-chosen) names: escaped like any table cell.
          progress: flags.json ? undefined : (line) => io.stderr(`${escapeControl(line)}\n`),
        }),
      );
      if (flags.json) return printJson(io, result);
      const { renderTable } = await import('../output/table.ts');
      printLines(
        io,
        renderTable(result.items, [
          {
            header: 'ACTION',
            value: (r) => (result.dryRun && r.action !== 'unchanged' ? `${r.action} (dry run)` : r.action),
          },
          { header: 'KIND', value: (r) => r.kind },
          { header: 'NAME', value: (r) => r.name },
          { header: 'FIELDS', value: (r) => (r.action === 'unchanged' ? '' : r.changedFields.join(', ')) },
          { header: 'FILE', value: (r) => r.file },
        ]),
      );
      const count = (a: string) => result.items.filter((i) => i.action === a).length;
      io.stderr(`${count('create')} to create, ${count('update')} to update, ${count('unchanged')} unchanged\n`);
    });

  addApiOptions(
    program
      .command('export <dir>')
      .description('write the platform’s assistants, tools and phone numbers into a folder, one file each')
      .option('--format <format>', 'yaml | json', 'yaml')
      .option(
        '--kind <kind>',
        'only this kind: assistant | tool | phone-number (repeatable)',
        (v: string, p: string[] = []) => [...p, v],
      ),
  )
    .addHelpText(
      'after',
      '\nExample:\n  $ homerounds export voice/ && git diff voice/\n  $ homerounds export voice/ --kind assistant --format json',
    )
    .action(async (dir: string, flags: GlobalFlags & { format: string; kind?: string[] }) => {
      const { exportAll, SYNC_KINDS } = await import('../handlers/sync.ts');
      const { usageError } = await import('../errors.ts');
      const kinds = flags.kind?.map((k) => {
        if (!(SYNC_KINDS as readonly string[]).includes(k))
          throw usageError(`--kind must be one of ${SYNC_KINDS.join(', ')}`);
        return k as (typeof SYNC_KINDS)[number];
      });
      const written = await withClient(io, flags, (client) =>
        exportAll(client, dir, { format: flags.format as 'yaml', kinds }),
      );
      if (flags.json) return printJson(io, written);
      const { escapeControl } = await import('../output/escape.ts');
      for (const w of written) io.stderr(`wrote ${escapeControl(w.file)}\n`);
      io.stderr(`${written.length} file(s)\n`);
    });

  const templates = templateTopic ?? program.command('template').description('templates');
  templates
    .command('builtin')
    .description('list the built-in templates (local, no request)')
    .option('--json', 'print only JSON on stdout')
    .addHelpText('after', '\nExample:\n  $ homerounds template builtin')
    .action(async (opts: { json?: boolean }) => {
      const { listTemplates } = await import('../handlers/templates.ts');
      const rows = listTemplates();
      if (opts.json) return printJson(io, rows);
      const { renderTable } = await import('../output/table.ts');
      printLines(
        io,
        renderTable(rows, [
          { header: 'NAME', value: (r) => r.name },
          { header: 'KIND', value: (r) => r.kind },
          { header: 'DESCRIPTION', value: (r) => r.description },
        ]),
      );
    });
  templates
    .command('show <name>')
    .description('print a built-in template (YAML, or JSON with --json) to edit and create from')
    .option('--json', 'print only JSON on stdout')
    .option(
      '--tools-url <url>',
      "the tools server's URL (else HOMEROUNDS_TOOLS_URL, SUPABASE_URL/functions/v1/assistant-tools; else a placeholder)",
    )
    .option('--local', "the local platform's tools server (HOMEROUNDS_LOCAL_URL or http://127.0.0.1:8787)")
    .option('--tools-credential-id <id>', 'authenticate with this platform credential instead of the secret header')
    .addHelpText(
      'after',
      `\nExample:\n  $ homerounds template show home-visit-scheduler --tools-url https://<ref>.supabase.co/functions/v1/assistant-tools > voice/assistants/scheduler.yaml\n  $ HOMEROUNDS_TOOLS_SECRET=… homerounds apply -f voice/\n  $ homerounds assistant create --template home-visit-scheduler --tools-secret …\n\nThe secret is never printed: the template shows \${HOMEROUNDS_TOOLS_SECRET}, which apply fills in.`,
    )
    .action(async (name: string, opts: ToolsFlags & { json?: boolean }) => {
      const [{ templateBody }, { resolveToolsServer }] = await Promise.all([
        import('../handlers/templates.ts'),
        import('../templates/tools-server.ts'),
      ]);
      const tools = resolveToolsServer(
        { ...opts, toolsSecret: undefined },
        { ...io.env, HOMEROUNDS_TOOLS_SECRET: undefined },
      );
      const body = templateBody(name, tools);
      if (opts.json) return printJson(io, body);
      const { stringify } = await import('yaml');
      printLines(io, stringify(body, { lineWidth: 0 }));
    });
}
