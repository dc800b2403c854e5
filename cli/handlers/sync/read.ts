// Reading a sync folder: each file's kind, its `homerounds:` block and its key; what --prune looks at.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { usageError } from '../../errors.ts';
import { parseDocumentText } from '../input.ts';
import { keyBase, SYNC_KINDS, type SyncKind, withOrdinal } from '../sync-refs.ts';
import { FOLDERS, isObject, META_FIELD, SERVER_FIELDS } from './layout.ts';

export interface FileMeta {
  /** The resource's id in the org it was exported from. */
  id?: string;
  /** Its key there (name, `~n` for the n-th of a name): what the file is matched by in another org. */
  key?: string;
  /** Secret fields export could not write as a reference: apply keeps the platform's value. */
  omitted?: string[];
}

export interface DesiredResource {
  kind: SyncKind;
  key: string;
  /** Path inside the folder (what the plan shows). */
  file: string;
  /** The file as the user can open it: the folder as given, then `file`. Every error about the file names it. */
  path: string;
  /** The body as the file has it (references and placeholders unfilled), without the block and platform fields. */
  body: Record<string, unknown>;
  meta: FileMeta;
  /** After the offline check: the body as written, shown (masked) in the diff while `body` holds the values. */
  written?: Record<string, unknown>;
  /** The file has a `homerounds:` block: fields it lacks are removed from the platform. */
  complete: boolean;
  /** The file's text, to locate a field's line in messages. */
  text?: string;
}

function kindOfFile(file: string, body: Record<string, unknown>): SyncKind | undefined {
  const declared = body.kind;
  if (typeof declared === 'string' && (SYNC_KINDS as readonly string[]).includes(declared)) return declared as SyncKind;
  for (const kind of SYNC_KINDS) {
    const folder = FOLDERS[kind];
    if (file.startsWith(`${folder}/`) || file.includes(`/${folder}/`)) return kind;
  }
  for (const kind of SYNC_KINDS) if (file.startsWith(`${kind}.`) || file.includes(`.${kind}.`)) return kind;
  return undefined;
}

async function walk(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) files.push(...(await walk(dir, rel)));
    } else if (/\.(json|ya?ml)$/i.test(entry.name)) files.push(rel);
  }
  return files;
}

function readMeta(value: unknown, path: string): FileMeta {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw usageError(`${path}: ${META_FIELD}: must be an object (id, key)`);
  const meta: FileMeta = {};
  for (const field of ['id', 'key'] as const) {
    const v = value[field];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !v.trim()) throw usageError(`${path}: ${META_FIELD}.${field} must be a string`);
    meta[field] = v;
  }
  if (Array.isArray(value.omitted)) meta.omitted = value.omitted.filter((p): p is string => typeof p === 'string');
  return meta;
}

/**
 * Reads the folder: `tools/`, `assistants/`, `squads/`, `phone-numbers/` (or any file with a `kind:` field, or
 * named `x.assistant.yaml`). Every file is parsed before anything is sent; errors name the file as the user gave
 * the folder (`voice/assistants/front-desk.yaml:3:1: …`). Keys: the file's `homerounds.key`, else its name with
 * the next free `~n` among the folder's files.
 */
export async function readDesired(dir: string, shown: string = dir): Promise<DesiredResource[]> {
  let files: string[];
  try {
    files = await walk(dir);
  } catch (error) {
    throw usageError(`cannot read ${shown}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const read: Array<Omit<DesiredResource, 'key'> & { key?: string }> = [];
  for (const file of files) {
    const path = join(shown, file);
    let text: string;
    try {
      text = await readFile(join(dir, file), 'utf8');
    } catch (error) {
      throw usageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    const parsed = await parseDocumentText(text.replace(/^\uFEFF/, ''), path);
    if (!isObject(parsed)) throw usageError(`${path}: expected one object`);
    const record = { ...parsed };
    const kind = kindOfFile(file, record);
    if (!kind) {
      throw usageError(
        `${path}: cannot tell the kind; put it under ${SYNC_KINDS.map((k) => `${FOLDERS[k]}/`).join(', ')}, or add kind:`,
      );
    }
    const complete = record[META_FIELD] !== undefined;
    const meta = readMeta(record[META_FIELD], path);
    delete record.kind;
    delete record[META_FIELD];
    for (const field of SERVER_FIELDS) delete record[field];
    read.push({ kind, key: meta.key, file, path, body: record, meta, complete, text });
  }
  // Keys the files give first (a copied file is an error), then names with the next free ordinal.
  const taken = new Map<string, string>();
  const ids = new Map<string, string>();
  for (const r of read) {
    if (r.meta.id) {
      const first = ids.get(`${r.kind}/${r.meta.id}`);
      if (first) throw usageError(`${r.path}: a second file for ${r.kind} ${r.meta.id} (the first is ${first})`);
      ids.set(`${r.kind}/${r.meta.id}`, r.path);
    }
    if (!r.key) continue;
    const first = taken.get(`${r.kind}/${r.key}`);
    if (first) throw usageError(`${r.path}: a second ${r.kind} with key "${r.key}" (the first is ${first})`);
    taken.set(`${r.kind}/${r.key}`, r.path);
  }
  return read.map((r) => {
    if (r.key) return { ...r, key: r.key };
    const base = keyBase(r.kind, r.body);
    let n = 1;
    while (taken.has(`${r.kind}/${withOrdinal(base, n)}`)) n++;
    const key = withOrdinal(base, n);
    taken.set(`${r.kind}/${key}`, r.path);
    return { ...r, key };
  });
}

/** Kinds the folder holds (a folder such as `tools/`, even empty, or a file): what --prune looks at. */
export async function kindsInFolder(dir: string, desired: readonly DesiredResource[]): Promise<SyncKind[]> {
  const kinds = new Set(desired.map((d) => d.kind));
  for (const kind of SYNC_KINDS) {
    if (
      await stat(join(dir, FOLDERS[kind])).then(
        (s) => s.isDirectory(),
        () => false,
      )
    )
      kinds.add(kind);
  }
  return SYNC_KINDS.filter((k) => kinds.has(k));
}
