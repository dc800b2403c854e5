// `homerounds export <dir>`, `homerounds apply -f <dir>` and `homerounds validate -f <dir>`: a folder of tool,
// assistant, squad and phone-number files (JSON or YAML, one resource per file) written from an org and made
// to match another (or the same) org. Secrets are `${env:NAME}` references (sync-secrets.ts); ids of other
// resources are `${ref:kind/key}` (sync-refs.ts). Never prints; returns what was planned and done.
//
// Matching: a file's `homerounds.id` when that id exists on the target (ids exist only in the org they were
// made in), else its key (`homerounds.key`, else the name) among the target's resources not matched by id.
// A file with a `homerounds:` block (as export writes) is the whole resource: a field the platform has and the
// file lacks is removed (PATCH with null: the only update all four kinds have). A file without it manages only
// the fields it lists.
import { chmod, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ApiClient } from '../api/client.ts';
import { listItems } from '../api/paginate.ts';
import { CliError, EXIT, usageError } from '../errors.ts';
import { fillToolsPlaceholders, type ResolvedToolsServer } from '../templates/tools-server.ts';
import { parseDocumentText } from './input.ts';
import {
  idsToRefs,
  keyBase,
  keysOf,
  ordinalOf,
  type Ref,
  refsIn,
  refsToIds,
  refText,
  SYNC_KINDS,
  type SyncKind,
  withOrdinal,
} from './sync-refs.ts';
import { envRefsIn, fillEnvRefs, maskSecrets, secretsToEnv, showPath } from './sync-secrets.ts';

export { SYNC_KINDS, type SyncKind } from './sync-refs.ts';

/** Fields the platform owns; never compared, never written, never sent. */
const SERVER_FIELDS = new Set(['id', 'orgId', 'createdAt', 'updatedAt', 'status', 'isServerUrlSecretSet']);
/** The block export writes at the top of each file (and apply strips before sending). */
export const META_FIELD = 'homerounds';
const FOLDERS: Record<SyncKind, string> = {
  tool: 'tools',
  assistant: 'assistants',
  squad: 'squads',
  'phone-number': 'phone-numbers',
};

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

export interface Change {
  path: string;
  /** The platform's value (ids as references, secrets masked); absent when the field is new. */
  from?: unknown;
  /** The file's value (references and `${env:…}` as written, other secrets masked); absent when removed. */
  to?: unknown;
}

export interface PlanItem {
  kind: SyncKind;
  /** The key (name, or name~n): what the table shows. */
  name: string;
  file: string;
  action: 'create' | 'update' | 'unchanged' | 'delete';
  id?: string;
  /** Top-level fields sent (for an update: changed or removed ones). */
  changedFields: string[];
  /** Top-level fields removed (sent as null). */
  removedFields: string[];
  changes: Change[];
  /** How the file was matched: by its id, or by its key (another org, or no id in the file). */
  matchedBy?: 'id' | 'key';
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
async function kindsInFolder(dir: string, desired: readonly DesiredResource[]): Promise<SyncKind[]> {
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

export interface OfflineCheck {
  /** The files with tools placeholders and `${env:…}` filled (references left for the plan). */
  filled: DesiredResource[];
  errors: string[];
  /** Not errors: references apply will look up on the platform. */
  notes: string[];
}

/**
 * Everything that can be checked without the platform: the tools placeholders and every `${env:NAME}` have a
 * value, references name a kind that comes earlier in the apply order, and each body passes the request
 * validator. `filled` holds the bodies as they will be compared and sent.
 */
export async function checkOffline(
  desired: readonly DesiredResource[],
  env: Record<string, string | undefined>,
  tools: ResolvedToolsServer,
  options: { schemas?: boolean } = {},
): Promise<OfflineCheck> {
  const errors: string[] = [];
  const notes: string[] = [];
  const filled: DesiredResource[] = [];
  const keys = new Set(desired.map((d) => `${d.kind}/${d.key}`));
  for (const d of desired) {
    let body = d.body;
    try {
      body = fillToolsPlaceholders(body, tools, d.path);
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      errors.push(error.message);
    }
    const missing = envRefsIn(body).filter((name) => env[name] === undefined || env[name] === '');
    if (missing.length)
      errors.push(
        `${d.path}: no value for ${missing.map((n) => `\${env:${n}}`).join(', ')} (set ${missing.join(', ')} in the environment)`,
      );
    body = fillEnvRefs(body, env);
    for (const ref of refsIn(body)) {
      if (SYNC_KINDS.indexOf(ref.kind) >= SYNC_KINDS.indexOf(d.kind)) {
        const earlier = SYNC_KINDS.slice(0, SYNC_KINDS.indexOf(d.kind));
        errors.push(
          `${d.path}: ${refText(ref)}: ${d.kind}s are applied ${earlier.length ? `after ${earlier.join(', ')} and can refer only to those` : 'first and cannot refer to other resources'} (write the id instead)`,
        );
      } else if (!keys.has(`${ref.kind}/${ref.key}`)) {
        notes.push(`${d.path}: ${refText(ref)} is not in the folder; apply looks it up on the platform`);
      }
    }
    if (options.schemas !== false) errors.push(...(await validateBody(d, body)));
    filled.push({ ...d, body, written: d.body });
  }
  return { filled, errors, notes };
}

/** Any uuid: what a `${ref:…}` becomes for the validator (the real id is known only at apply). */
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The request-body validator (schemas derived from the published OpenAPI document), for `validate` and `apply`:
 * each file checked as the create request it can become, its problems as `file:line: message`.
 */
async function validateBody(d: DesiredResource, body: Record<string, unknown>): Promise<string[]> {
  const { bodyProblems } = await import('./validate-body.ts');
  const problems = await bodyProblems(
    { method: 'POST', path: `/${d.kind}` },
    refsToIds(body, () => SOME_ID),
    {
      name: d.path,
      text: d.text,
    },
  );
  return problems.map((p) => `${p.where}: ${p.message}`);
}

/** `homerounds validate -f <dir>`: reads and checks the folder; sends nothing. */
export async function validateFolder(
  dir: string,
  options: { env: Record<string, string | undefined>; tools?: ResolvedToolsServer },
): Promise<{ files: number; errors: string[]; notes: string[] }> {
  const desired = await readDesired(resolve(dir), dir);
  const { errors, notes } = await checkOffline(desired, options.env, options.tools ?? {});
  return { files: desired.length, errors, notes };
}

/** Top-level fields of `desired` whose value differs from `current` (deep, order-insensitive for keys). */
export function changedFields(desired: Record<string, unknown>, current: Record<string, unknown>): string[] {
  return Object.keys(desired)
    .filter((key) => !SERVER_FIELDS.has(key) && canonical(desired[key]) !== canonical(current[key]))
    .sort();
}

function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** Leaf paths where two values differ (objects walked; arrays and scalars compared whole). */
function differingPaths(a: unknown, b: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((k) => differingPaths(a[k], b[k], [...path, k]));
  }
  return canonical(a) === canonical(b) ? [] : [path];
}

function valueAt(value: unknown, path: ReadonlyArray<string | number>): unknown {
  let node = value;
  for (const p of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[p];
  }
  return node;
}

function setAt(value: Record<string, unknown>, path: ReadonlyArray<string | number>, leaf: unknown): void {
  let node: Record<string | number, unknown> = value;
  for (const p of path.slice(0, -1)) {
    if (node[p] === null || typeof node[p] !== 'object') return;
    node = node[p] as Record<string | number, unknown>;
  }
  node[path.at(-1) as string] = leaf;
}

/** `model.tools[0].server.headers.X` → ['model', 'tools', 0, …]. */
function parsePath(text: string): Array<string | number> {
  const out: Array<string | number> = [];
  text.split(/\.|\[(\d+)\]/).forEach((part, i) => {
    if (part !== undefined && part !== '') out.push(i % 2 === 1 ? Number(part) : part);
  });
  return out;
}

interface Target {
  items: Map<SyncKind, Array<Record<string, unknown>>>;
  keys: Map<SyncKind, Map<string, string>>;
}

async function listKind(client: ApiClient, kind: SyncKind): Promise<Array<Record<string, unknown>>> {
  return (await listItems(client, { path: `/${kind}`, style: 'v1', query: {}, all: true })) as Array<
    Record<string, unknown>
  >;
}

async function readTarget(client: ApiClient, kinds: readonly SyncKind[]): Promise<Target> {
  const target: Target = { items: new Map(), keys: new Map() };
  for (const kind of SYNC_KINDS.filter((k) => kinds.includes(k))) {
    const items = await listKind(client, kind);
    target.items.set(kind, items);
    target.keys.set(kind, keysOf(kind, items));
  }
  return target;
}

/** The platform's resource as a file would show it: no platform fields, no nulls, ids as references. */
function portable(kind: SyncKind, item: Record<string, unknown>, target: Target) {
  const body = Object.fromEntries(Object.entries(item).filter(([k, v]) => !SERVER_FIELDS.has(k) && v !== null));
  return idsToRefs(kind, body, (k, id) => target.keys.get(k)?.get(id));
}

export interface Plan {
  items: PlanItem[];
  /** The desired resources by "kind/key", with the platform resource each matched (if any). */
  matched: Map<string, { desired: DesiredResource; id?: string }>;
}

/**
 * Matches the files to the target's resources and computes each one's action and diff. `filled` is the offline
 * check's output; references are resolved against the folder (matched or to be created) and the target.
 */
export function plan(filled: readonly DesiredResource[], target: Target, prune: readonly SyncKind[] = []): Plan {
  const items: PlanItem[] = [];
  const matched = new Map<string, { desired: DesiredResource; id?: string }>();
  for (const kind of SYNC_KINDS) {
    const current = target.items.get(kind) ?? [];
    const byId = new Map(current.map((c) => [String(c.id), c]));
    const keys = target.keys.get(kind) ?? new Map<string, string>();
    const claimed = new Set<string>();
    const wanted = filled.filter((d) => d.kind === kind);
    // Ids first (they exist only in their own org), then keys among what is left.
    for (const d of wanted) {
      if (d.meta.id && byId.has(d.meta.id)) {
        claimed.add(d.meta.id);
        matched.set(`${kind}/${d.key}`, { desired: d, id: d.meta.id });
      }
    }
    const byKey = new Map([...keys].filter(([id]) => !claimed.has(id)).map(([id, key]) => [key, id]));
    for (const d of wanted) {
      if (matched.has(`${kind}/${d.key}`)) continue;
      const id = byKey.get(d.key);
      if (id) claimed.add(id);
      matched.set(`${kind}/${d.key}`, { desired: d, id });
    }
    for (const d of [...wanted].sort((a, b) => ordinalOf(a.key) - ordinalOf(b.key))) {
      const m = matched.get(`${kind}/${d.key}`);
      const id = m?.id;
      const resolved = resolveForCompare(d, matched, target);
      const shownDesired = maskSecrets(d.written ?? d.body);
      if (!id) {
        items.push({
          kind,
          name: d.key,
          file: d.file,
          action: 'create',
          changedFields: Object.keys(d.body).sort(),
          removedFields: [],
          changes: Object.keys(d.body)
            .sort()
            .map((f) => ({ path: f, to: shownDesired[f] })),
        });
        continue;
      }
      const currentItem = byId.get(id) as Record<string, unknown>;
      keepOmitted(resolved, d.meta.omitted, currentItem);
      const changed = changedFields(resolved, currentItem);
      const removed = d.complete
        ? Object.keys(currentItem)
            .filter((f) => !SERVER_FIELDS.has(f) && currentItem[f] !== null && !(f in resolved))
            .sort()
        : [];
      const shownCurrent = maskSecrets(portable(kind, currentItem, target).body);
      const changes: Change[] = [];
      for (const field of [...changed, ...removed].sort()) {
        for (const path of differingPaths(resolved[field], currentItem[field], [field])) {
          const change: Change = { path: showPath(path) };
          const from = valueAt(shownCurrent, path);
          const to = removed.includes(field) ? undefined : valueAt(shownDesired, path);
          if (from !== undefined) change.from = from;
          if (to !== undefined) change.to = to;
          changes.push(change);
        }
      }
      items.push({
        kind,
        name: d.key,
        file: d.file,
        action: changed.length || removed.length ? 'update' : 'unchanged',
        id,
        changedFields: [...changed, ...removed].sort(),
        removedFields: removed,
        changes,
        matchedBy: d.meta.id === id ? 'id' : 'key',
      });
    }
    if (prune.includes(kind)) {
      for (const c of current) {
        const id = String(c.id);
        if (claimed.has(id)) continue;
        items.push({
          kind,
          name: keys.get(id) ?? id,
          file: '',
          action: 'delete',
          id,
          changedFields: [],
          removedFields: [],
          changes: [],
        });
      }
    }
  }
  return { items, matched };
}

/** Secret fields export left out keep the platform's value (the file cannot say it). */
function keepOmitted(body: Record<string, unknown>, omitted: readonly string[] | undefined, current: unknown): void {
  for (const text of omitted ?? []) {
    const path = parsePath(text);
    const value = valueAt(current, path);
    if (value !== undefined && valueAt(body, path.slice(0, -1)) !== undefined) setAt(body, path, value);
    else if (value !== undefined && path.length === 1) body[text] = value;
  }
}

/** For comparing: references to resources still to be created become a marker that equals no id. */
function resolveForCompare(d: DesiredResource, matched: Plan['matched'], target: Target): Record<string, unknown> {
  return refsToIds(structuredClone(d.body), (ref) => idOfRef(ref, matched, target) ?? `(new ${ref.kind} ${ref.key})`);
}

function idOfRef(ref: Ref, matched: Plan['matched'], target: Target): string | undefined {
  const m = matched.get(`${ref.kind}/${ref.key}`);
  if (m) return m.id;
  for (const [id, key] of target.keys.get(ref.kind) ?? []) if (key === ref.key) return id;
  return undefined;
}

/** References that are neither in the folder nor on the platform: nothing can be sent. */
function unresolvedRefs(filled: readonly DesiredResource[], matched: Plan['matched'], target: Target): string[] {
  const problems: string[] = [];
  for (const d of filled) {
    for (const ref of refsIn(d.body)) {
      if (matched.has(`${ref.kind}/${ref.key}`)) continue;
      if (idOfRef(ref, matched, target) === undefined) {
        problems.push(`${d.path}: ${refText(ref)}: no such ${ref.kind} in the folder or on the platform`);
      }
    }
  }
  return problems;
}

export interface ApplyOptions {
  dryRun: boolean;
  prune?: boolean;
  tools?: ResolvedToolsServer;
  env?: Record<string, string | undefined>;
  /** Check each body against the platform's published schemas first (default); false: --no-validate. */
  validate?: boolean;
  progress?: (line: string) => void;
  notice?: (line: string) => void;
  /** Asked once before anything is deleted (--prune); false stops the run before any change. */
  confirmDelete?: (items: readonly PlanItem[]) => Promise<boolean>;
}

export async function apply(
  client: ApiClient,
  dir: string,
  options: ApplyOptions,
): Promise<{ dryRun: boolean; items: PlanItem[] }> {
  const desired = await readDesired(resolve(dir), dir);
  const { filled, errors, notes } = await checkOffline(desired, options.env ?? {}, options.tools ?? {}, {
    schemas: options.validate,
  });
  if (errors.length) throw usageError(errors.join('; '));
  for (const note of notes) options.notice?.(note);
  const pruneKinds = options.prune ? await kindsInFolder(resolve(dir), desired) : [];
  // The folder's kinds, the kinds they refer to, and what --prune looks at.
  const needed = new Set<SyncKind>([
    ...filled.map((d) => d.kind),
    ...filled.flatMap((d) => refsIn(d.body).map((r) => r.kind)),
    ...pruneKinds,
  ]);
  const target = await readTarget(client, [...needed]);
  const { items, matched } = plan(filled, target, pruneKinds);
  const dangling = unresolvedRefs(filled, matched, target);
  if (dangling.length) throw usageError(dangling.join('; '));
  if (options.dryRun) return { dryRun: true, items };

  const deletes = items.filter((i) => i.action === 'delete');
  if (deletes.length && !(await (options.confirmDelete?.(deletes) ?? Promise.resolve(false)))) {
    throw new CliError(`nothing changed: ${deletes.length} deletion(s) not confirmed`, EXIT.error);
  }
  const changes = items.filter((i) => i.action !== 'unchanged').length;
  let done = 0;
  const fail = (item: PlanItem, where: string, verb: string, error: CliError): never => {
    // Which file the platform refused, and how far the run got (applied in order, nothing undone).
    throw new CliError(
      `${where}: ${verb} ${item.kind} "${item.name}" failed: ${error.message} ` +
        `(${done} of ${changes} change(s) applied before it; fix it and run apply again)`,
      error.exitCode,
    );
  };
  for (const item of items) {
    if (item.action === 'unchanged' || item.action === 'delete') continue;
    const entry = matched.get(`${item.kind}/${item.name}`);
    if (!entry) continue;
    const d = entry.desired;
    // Ids known now: those matched, and those created earlier in this run.
    const body = refsToIds(structuredClone(d.body), (ref) => idOfRef(ref, matched, target) ?? '');
    keepOmitted(
      body,
      d.meta.omitted,
      target.items.get(item.kind)?.find((c) => String(c.id) === item.id),
    );
    try {
      if (item.action === 'create') {
        const { data } = await client.request({ method: 'POST', path: `/${item.kind}`, body });
        item.id = String((data as { id?: unknown })?.id ?? '');
        entry.id = item.id;
      } else {
        const patch = Object.fromEntries(
          item.changedFields.map((f) => [f, item.removedFields.includes(f) ? null : body[f]]),
        );
        await client.request({
          method: 'PATCH',
          path: `/${item.kind}/${encodeURIComponent(item.id ?? '')}`,
          body: patch,
          notFound: `${item.kind} ${item.id} (key "${item.name}") is gone from the platform`,
        });
      }
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      fail(item, d.path, item.action === 'create' ? 'creating' : 'updating', error);
    }
    done++;
    options.progress?.(`${item.action === 'create' ? 'created' : 'updated'} ${item.kind} ${item.name}`);
  }
  // Deletions last, the other way round: what refers to a resource goes before it.
  for (const item of [...deletes].reverse()) {
    try {
      await client.request({
        method: 'DELETE',
        path: `/${item.kind}/${encodeURIComponent(item.id ?? '')}`,
        notFound: `${item.kind} ${item.id} (key "${item.name}") is gone from the platform`,
      });
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      fail(item, `${item.kind} ${item.id}`, 'deleting', error);
    }
    done++;
    options.progress?.(`deleted ${item.kind} ${item.name}`);
  }
  return { dryRun: false, items };
}

function fileName(key: string): string {
  return key.replace(/[^\w.~-]+/g, '-').replace(/^-+|-+$/g, '') || 'unnamed';
}

export interface Exported {
  kind: SyncKind;
  key: string;
  id: string;
  file: string;
  /** Variables apply will need for this file's secrets. */
  env: string[];
  /** Secret fields left out, and ids that point at nothing exported (kept raw). */
  notes: string[];
}

/**
 * Writes every resource of the kinds asked (all four by default) into `<dir>/<kind>s/<key>.<format>`: the
 * `homerounds:` block (id, key) first, then the body without platform fields, secrets as references and ids of
 * other resources as `${ref:kind/key}`. Files 0600, folders 0700. Files a previous export wrote for resources
 * that are gone are removed, so `git diff` shows the deletion.
 */
export async function exportAll(
  client: ApiClient,
  dir: string,
  options: { format: 'yaml' | 'json'; kinds?: readonly SyncKind[] },
): Promise<{ written: Exported[]; removed: string[] }> {
  if (options.format !== 'yaml' && options.format !== 'json') throw usageError('--format must be yaml or json');
  const { stringify } = await import('yaml');
  const kinds = SYNC_KINDS.filter((k) => !options.kinds || options.kinds.includes(k));
  // Every kind is read: references are written by key whatever kinds are exported.
  const target = await readTarget(client, SYNC_KINDS);
  const root = resolve(dir);
  await mkdir(root, { recursive: true, mode: 0o700 });
  await chmod(root, 0o700);
  const written: Exported[] = [];
  const removed: string[] = [];
  for (const kind of kinds) {
    const items = target.items.get(kind) ?? [];
    const keys = target.keys.get(kind) ?? new Map<string, string>();
    const folder = join(root, FOLDERS[kind]);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await chmod(folder, 0o700);
    const used = new Set<string>();
    const sorted = [...items].sort(
      (a, b) => ordinalOf(keys.get(String(a.id)) ?? '') - ordinalOf(keys.get(String(b.id)) ?? ''),
    );
    for (const item of sorted) {
      const id = String(item.id);
      const key = keys.get(id) ?? id;
      let base = fileName(key);
      if (used.has(base)) base = `${base}-${id.slice(0, 8)}`;
      used.add(base);
      const refs = portable(kind, item, target);
      const secrets = secretsToEnv(refs.body, [kind, key]);
      const meta: FileMeta = { id, key };
      if (secrets.omitted.length) meta.omitted = secrets.omitted;
      const body = { [META_FIELD]: meta, ...secrets.body };
      const file = join(folder, `${base}.${options.format}`);
      await writeFile(
        file,
        options.format === 'json' ? `${JSON.stringify(body, null, 2)}\n` : stringify(body, { lineWidth: 0 }),
        { mode: 0o600 },
      );
      await chmod(file, 0o600);
      written.push({
        kind,
        key,
        id,
        file,
        env: secrets.env,
        notes: [
          ...secrets.omitted.map((p) => `${p}: a secret that is not text, left out (apply keeps the platform's value)`),
          ...refs.dangling.map((r) => `refers to ${r}, which is not on the platform (kept as the id)`),
        ],
      });
    }
    // Files an earlier export wrote (they have the block) for resources no longer there.
    const keep = new Set(written.filter((w) => w.kind === kind).map((w) => w.file));
    for (const entry of await readdir(folder)) {
      const file = join(folder, entry);
      if (keep.has(file) || !/\.(json|ya?ml)$/i.test(entry)) continue;
      const text = await readFile(file, 'utf8').catch(() => '');
      if (new RegExp(`^\\s*(${META_FIELD}:|\\{\\s*"${META_FIELD}":)`).test(text)) {
        await rm(file);
        removed.push(file);
      }
    }
  }
  if (written.length === 0 && removed.length === 0 && options.kinds?.length) {
    throw new CliError(`nothing to export: no ${kinds.join(' or ')} on the platform`, EXIT.notFound);
  }
  return { written, removed };
}
