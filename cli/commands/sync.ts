// `homerounds apply -f <dir>`, `homerounds validate -f <dir>`, `homerounds export <dir>`, and the built-in
// templates under `template`.
import type { Command } from 'commander';
import type { GlobalFlags } from '../api/connect.ts';
import { type CliIo, printJson, printLines } from '../output/io.ts';
import { addApiOptions, withClient } from './api-options.ts';

/** validate sends nothing: with --local, the platform's tools secret (asked for by apply) is stood in for. */
const LOCAL_SECRET_STAND_IN = 'the-local-platforms-tools-secret';

const APPLY_RULES = `Files are matched by their homerounds.id when the platform has it, else by key (homerounds.key, else the
name; name~2 for the second of a name). \${ref:kind/key} becomes that resource's id; \${env:NAME} is read from
the environment (missing: exit 2 before any request). A file with a homerounds: block is the whole resource:
a field it lacks is removed. Order: tools, assistants, squads, phone numbers; --prune deletes last.`;

const EXPORT_RULES = `Secrets are written as \${env:NAME} (the names are listed), ids of other resources as \${ref:kind/key};
files 0600, folders 0700. Files an earlier export wrote for resources now gone are removed.`;

/** Asks before --prune deletes anything: on a terminal, or --yes; never silently. */
async function confirmDeletes(
  items: ReadonlyArray<{ kind: string; name: string; id?: string }>,
  yes: boolean,
): Promise<boolean> {
  if (yes) return true;
  const { escapeControl } = await import('../output/escape.ts');
  const list = items.map((i) => `${i.kind} ${escapeControl(i.name)} (${i.id})`).join(', ');
  if (!process.stdin.isTTY || !process.stderr.isTTY) {
    const { usageError } = await import('../errors.ts');
    throw usageError(
      `--prune would delete ${items.length} resource(s): ${list}; run on a terminal to confirm, or add --yes`,
    );
  }
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`Delete ${items.length} resource(s): ${list}? [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

/** A value in the dry-run diff: JSON, shortened. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

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
      .description('make the platform match a folder of tool, assistant, squad and phone-number files')
      .requiredOption('-f, --file <dir>', 'folder with tools/, assistants/, squads/, phone-numbers/ (JSON or YAML)')
      .option('--dry-run', 'show the plan and the values that would change (secrets masked); change nothing')
      .option('--prune', 'also delete what the folder no longer has (only kinds the folder holds; asks first)')
      .option('-y, --yes', 'delete without asking (--prune without a terminal needs it)')
      .option('--no-validate', "send the files without checking them against the platform's published schemas")
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
      `\nExample:\n  $ homerounds apply -f voice/ --dry-run\n  $ HOMEROUNDS_TOOLS_SECRET=… PHONE_NUMBER_MAIN_TWILIO_AUTH_TOKEN=… homerounds apply -f voice/ --prune\n\n${APPLY_RULES}`,
    )
    .action(
      async (
        flags: GlobalFlags &
          ToolsFlags & { file: string; dryRun?: boolean; prune?: boolean; yes?: boolean; validate?: boolean },
      ) => {
        const [{ apply }, { resolveToolsServer }, { escapeControl }] = await Promise.all([
          import('../handlers/sync.ts'),
          import('../templates/tools-server.ts'),
          import('../output/escape.ts'),
        ]);
        const tools = await resolveToolsServer(flags, io.env);
        const result = await withClient(io, flags, (client) =>
          apply(client, flags.file, {
            dryRun: flags.dryRun ?? false,
            prune: flags.prune ?? false,
            validate: flags.validate !== false,
            tools,
            env: io.env,
            // Progress names resources by their (platform-chosen) names: escaped like any table cell.
            progress: flags.json ? undefined : (line) => io.stderr(`${escapeControl(line)}\n`),
            notice: (line) => io.stderr(`note: ${escapeControl(line)}\n`),
            confirmDelete: (items) => confirmDeletes(items, flags.yes ?? false),
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
        if (result.dryRun) {
          const lines = result.items
            .filter((i) => i.action === 'update' || i.action === 'delete')
            .flatMap((i) => [
              `${i.action} ${i.kind} ${i.name}${i.id ? ` (${i.id})` : ''}:`,
              ...i.changes.map(
                (c) =>
                  `  ${c.path}: ${'from' in c ? shown(c.from) : '(not set)'} → ${'to' in c ? shown(c.to) : '(removed)'}`,
              ),
            ]);
          if (lines.length) printLines(io, ['', ...lines.map(escapeControl)]);
        }
        const count = (a: string) => result.items.filter((i) => i.action === a).length;
        io.stderr(
          `${count('create')} to create, ${count('update')} to update, ${count('unchanged')} unchanged` +
            `${flags.prune ? `, ${count('delete')} to delete` : ''}\n`,
        );
      },
    );

  program
    .command('validate')
    .description('check a folder for apply without the platform: syntax, references, secrets in the environment')
    .requiredOption('-f, --file <dir>', 'folder with tools/, assistants/, squads/, phone-numbers/')
    .option('--json', 'print only JSON on stdout')
    .option('--local', "the local platform's tools server fills the tools placeholders")
    .option('--tools-url <url>', `fills \${HOMEROUNDS_TOOLS_URL} (as apply)`)
    .option('--tools-secret <secret>', `fills \${HOMEROUNDS_TOOLS_SECRET} (as apply); never printed`)
    .addHelpText(
      'after',
      '\nExample:\n  $ homerounds validate -f voice/\n\nSends nothing. Exit 0 when apply would get as far as the platform, 2 otherwise (each problem named with its file).',
    )
    .action(async (flags: ToolsFlags & { file: string; json?: boolean }) => {
      const [{ validateFolder }, { resolveToolsServer }, { escapeControl }, { usageError }] = await Promise.all([
        import('../handlers/sync.ts'),
        import('../templates/tools-server.ts'),
        import('../output/escape.ts'),
        import('../errors.ts'),
      ]);
      const result = await validateFolder(flags.file, {
        env: io.env,
        tools: await resolveToolsServer(flags, io.env, async () => ({ toolsSecret: LOCAL_SECRET_STAND_IN })),
      });
      if (flags.json) printJson(io, { ok: result.errors.length === 0, ...result });
      else for (const note of result.notes) io.stderr(`note: ${escapeControl(note)}\n`);
      if (result.errors.length) {
        if (!flags.json) for (const error of result.errors) io.stderr(`${escapeControl(error)}\n`);
        throw usageError(`${result.errors.length} problem(s) in ${flags.file}`);
      }
      if (!flags.json) io.stderr(`${result.files} file(s) valid\n`);
    });

  addApiOptions(
    program
      .command('export <dir>')
      .description('write the platform’s tools, assistants, squads and phone numbers into a folder, one file each')
      .option('--format <format>', 'yaml | json', 'yaml')
      .option(
        '--kind <kind>',
        'only this kind: tool | assistant | squad | phone-number (repeatable)',
        (v: string, p: string[] = []) => [...p, v],
      ),
  )
    .addHelpText(
      'after',
      `\nExample:\n  $ homerounds export voice/ && git diff voice/\n  $ homerounds export voice/ --kind assistant --format json\n\n${EXPORT_RULES}`,
    )
    .action(async (dir: string, flags: GlobalFlags & { format: string; kind?: string[] }) => {
      const { exportAll, SYNC_KINDS } = await import('../handlers/sync.ts');
      const { usageError } = await import('../errors.ts');
      const kinds = flags.kind?.map((k) => {
        if (!(SYNC_KINDS as readonly string[]).includes(k))
          throw usageError(`--kind must be one of ${SYNC_KINDS.join(', ')}`);
        return k as (typeof SYNC_KINDS)[number];
      });
      const result = await withClient(io, flags, (client) =>
        exportAll(client, dir, { format: flags.format as 'yaml', kinds }),
      );
      if (flags.json) return printJson(io, result);
      const { escapeControl } = await import('../output/escape.ts');
      for (const w of result.written) {
        io.stderr(`wrote ${escapeControl(w.file)}\n`);
        for (const note of w.notes) io.stderr(`  note: ${escapeControl(note)}\n`);
      }
      for (const file of result.removed) io.stderr(`removed ${escapeControl(file)} (no longer on the platform)\n`);
      const env = result.written.flatMap((w) => w.env);
      io.stderr(
        `${result.written.length} file(s)${result.removed.length ? `, ${result.removed.length} removed` : ''}\n`,
      );
      if (env.length) io.stderr(`apply needs these secrets in the environment: ${env.join(', ')}\n`);
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
      // Shown, never sent: the secret stays a placeholder, so nothing is asked of the platform.
      const tools = await resolveToolsServer(
        { ...opts, toolsSecret: undefined },
        { ...io.env, HOMEROUNDS_TOOLS_SECRET: undefined },
        false,
      );
      const body = templateBody(name, tools);
      if (opts.json) return printJson(io, body);
      const { stringify } = await import('yaml');
      printLines(io, stringify(body, { lineWidth: 0 }));
    });
}
