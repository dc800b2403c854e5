// `homerounds apply -f <dir>` and `homerounds export <dir>`: a folder of assistant, tool and phone-number
// files (JSON or YAML, one resource per file, matched to the platform by `name`) made to match the
// platform, or written out from it. Never prints; returns the plan and what was done.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ApiClient } from '../api/client.ts';
import { listItems } from '../api/paginate.ts';
import { CliError, EXIT, usageError } from '../errors.ts';
import {
  fillToolsPlaceholders,
  maskServerSecrets,
  type ResolvedToolsServer,
  TOOLS_SECRET_PLACEHOLDER,
} from '../templates/tools-server.ts';
import { parseDocumentText } from './input.ts';

export const SYNC_KINDS = ['assistant', 'tool', 'phone-number'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

/** Fields the platform owns; never compared, never written, never sent. */
const SERVER_FIELDS = new Set(['id', 'orgId', 'createdAt', 'updatedAt', 'status', 'isServerUrlSecretSet']);

export interface DesiredResource {
  kind: SyncKind;
  name: string;
  /** Path inside the folder (what the plan shows). */
  file: string;
  /** The file as the user can open it: the folder as given, then `file`. Every error about the file names it. */
  path: string;
  body: Record<string, unknown>;
}

export interface PlanItem {
  kind: SyncKind;
  name: string;
  file: string;
  action: 'create' | 'update' | 'unchanged';
  id?: string;
  changedFields: string[];
}

function nameOf(kind: SyncKind, item: Record<string, unknown>): string | undefined {
  if (typeof item.name === 'string') return item.name;
  if (kind === 'tool') {
    const fn = item.function as { name?: unknown } | undefined;
    if (typeof fn?.name === 'string') return fn.name;
  }
  return undefined;
}

function kindOfFile(file: string, body: Record<string, unknown>): SyncKind | undefined {
  const declared = body.kind;
  if (typeof declared === 'string' && (SYNC_KINDS as readonly string[]).includes(declared)) return declared as SyncKind;
  for (const kind of SYNC_KINDS) {
    if (file.includes(`${kind}s/`) || file.startsWith(`${kind}.`) || file.includes(`.${kind}.`)) return kind;
  }
  return undefined;
}

async function walk(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await walk(dir, rel)));
    else if (/\.(json|ya?ml)$/i.test(entry.name)) files.push(rel);
  }
  return files;
}

/**
 * Reads the folder: `assistants/*.yaml`, `tools/*.json`, `phone-numbers/*.yml` (or any file with a `kind:`
 * field, or named `x.assistant.yaml`). Every file is parsed before anything is sent. `shown` is the folder as the
 * user gave it: errors name each file by it (`voice/assistants/front-desk.yaml:3:1: …`).
 */
export async function readDesired(dir: string, shown: string = dir): Promise<DesiredResource[]> {
  let files: string[];
  try {
    files = await walk(dir);
  } catch (error) {
    throw usageError(`cannot read ${shown}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const out: DesiredResource[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const path = join(shown, file);
    let text: string;
    try {
      text = await readFile(join(dir, file), 'utf8');
    } catch (error) {
      throw usageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    const body = await parseDocumentText(text, path);
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw usageError(`${path}: expected one object`);
    const record = { ...(body as Record<string, unknown>) };
    const kind = kindOfFile(file, record);
    if (!kind)
      throw usageError(
        `${path}: cannot tell the kind; put it under assistants/, tools/ or phone-numbers/, or add kind:`,
      );
    delete record.kind;
    for (const field of SERVER_FIELDS) delete record[field];
    const name = nameOf(kind, record);
    if (!name) throw usageError(`${path}: a ${kind} needs a name to be matched by`);
    const key = `${kind}/${name}`;
    const first = seen.get(key);
    if (first) throw usageError(`${path}: a second ${kind} named "${name}" (the first is ${first})`);
    seen.set(key, path);
    out.push({ kind, name, file, path, body: record });
  }
  return out;
}

/** Top-level fields of `desired` whose value differs from `current` (deep, order-insensitive for keys). */
export function changedFields(desired: Record<string, unknown>, current: Record<string, unknown>): string[] {
  return Object.keys(desired)
    .filter((key) => !SERVER_FIELDS.has(key) && canonical(desired[key]) !== canonical(current[key]))
    .sort();
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

async function currentOf(client: ApiClient, kind: SyncKind): Promise<Array<Record<string, unknown>>> {
  return (await listItems(client, { path: `/${kind}`, style: 'v1', query: {}, all: true })) as Array<
    Record<string, unknown>
  >;
}

export async function plan(client: ApiClient, desired: readonly DesiredResource[]): Promise<PlanItem[]> {
  const items: PlanItem[] = [];
  for (const kind of SYNC_KINDS) {
    const wanted = desired.filter((d) => d.kind === kind);
    if (wanted.length === 0) continue;
    const byName = new Map<string, Record<string, unknown>>();
    for (const item of await currentOf(client, kind)) {
      const name = nameOf(kind, item);
      if (name && !byName.has(name)) byName.set(name, item);
    }
    for (const d of wanted) {
      const current = byName.get(d.name);
      if (!current) {
        items.push({ kind, name: d.name, file: d.file, action: 'create', changedFields: Object.keys(d.body).sort() });
        continue;
      }
      const changed = changedFields(d.body, current);
      items.push({
        kind,
        name: d.name,
        file: d.file,
        action: changed.length ? 'update' : 'unchanged',
        id: String(current.id),
        changedFields: changed,
      });
    }
  }
  return items;
}

/**
 * Fills the tools server's placeholders (`${HOMEROUNDS_TOOLS_URL}`, `${HOMEROUNDS_TOOLS_SECRET}`, as a
 * shown template or an export leaves them) in every file; a placeholder without a value stops the run
 * before anything is sent. The filled secret is compared and sent, never printed: the plan lists field
 * names only.
 */
export function fillDesired(desired: readonly DesiredResource[], tools: ResolvedToolsServer): DesiredResource[] {
  return desired.map((d) => ({ ...d, body: fillToolsPlaceholders(d.body, tools, d.path) }));
}

export async function apply(
  client: ApiClient,
  dir: string,
  options: { dryRun: boolean; tools?: ResolvedToolsServer; progress?: (line: string) => void },
): Promise<{ dryRun: boolean; items: PlanItem[] }> {
  const desired = fillDesired(await readDesired(resolve(dir), dir), options.tools ?? {});
  const items = await plan(client, desired);
  if (options.dryRun) return { dryRun: true, items };
  const changes = items.filter((i) => i.action !== 'unchanged').length;
  let done = 0;
  for (const item of items) {
    const d = desired.find((x) => x.kind === item.kind && x.name === item.name);
    if (!d || item.action === 'unchanged') continue;
    try {
      if (item.action === 'create') {
        const { data } = await client.request({ method: 'POST', path: `/${item.kind}`, body: d.body });
        item.id = String((data as { id?: unknown })?.id ?? '');
      } else {
        const patch = Object.fromEntries(item.changedFields.map((f) => [f, d.body[f]]));
        await client.request({
          method: 'PATCH',
          path: `/${item.kind}/${encodeURIComponent(item.id ?? '')}`,
          body: patch,
          notFound: `${item.kind} ${item.id} (named "${item.name}") is gone from the platform`,
        });
      }
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      // Which file the platform refused, and how far the run got (files are applied in order, nothing undone).
      const verb = item.action === 'create' ? 'creating' : 'updating';
      throw new CliError(
        `${d.path}: ${verb} ${item.kind} "${item.name}" failed: ${error.message} ` +
          `(${done} of ${changes} change(s) applied before it; fix the file and run apply again)`,
        error.exitCode,
      );
    }
    done++;
    options.progress?.(`${item.action === 'create' ? 'created' : 'updated'} ${item.kind} ${item.name}`);
  }
  return { dryRun: false, items };
}

function fileName(name: string): string {
  return name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'unnamed';
}

export async function exportAll(
  client: ApiClient,
  dir: string,
  options: { format: 'yaml' | 'json'; kinds?: readonly SyncKind[] },
): Promise<Array<{ kind: SyncKind; name: string; file: string }>> {
  if (options.format !== 'yaml' && options.format !== 'json') throw usageError('--format must be yaml or json');
  const { stringify } = await import('yaml');
  const written: Array<{ kind: SyncKind; name: string; file: string }> = [];
  for (const kind of options.kinds ?? SYNC_KINDS) {
    const items = await currentOf(client, kind);
    const folder = join(resolve(dir), `${kind}s`);
    await mkdir(folder, { recursive: true });
    const used = new Set<string>();
    for (const item of items) {
      const name = nameOf(kind, item);
      if (!name) continue;
      let base = fileName(name);
      if (used.has(base)) base = `${base}-${String(item.id).slice(0, 8)}`;
      used.add(base);
      // The server secret is written as its placeholder: `apply` fills it in from --tools-secret again.
      const body = maskServerSecrets(
        Object.fromEntries(Object.entries(item).filter(([k]) => !SERVER_FIELDS.has(k))),
        TOOLS_SECRET_PLACEHOLDER,
      );
      const file = join(folder, `${base}.${options.format}`);
      await writeFile(
        file,
        options.format === 'json' ? `${JSON.stringify(body, null, 2)}\n` : stringify(body, { lineWidth: 0 }),
      );
      written.push({ kind, name, file });
    }
  }
  if (written.length === 0 && (options.kinds?.length ?? 0) > 0) throw new CliError('nothing to export', EXIT.notFound);
  return written;
}
