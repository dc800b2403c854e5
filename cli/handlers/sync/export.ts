// `homerounds export <dir>`: writes the platform's resources into the folder, one file each, and removes files
// an earlier export wrote for resources that are gone.
import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ApiClient } from '../../api/client.ts';
import { CliError, EXIT, usageError } from '../../errors.ts';
import { ordinalOf, SYNC_KINDS, type SyncKind } from '../sync-refs.ts';
import { secretsToEnv } from '../sync-secrets.ts';
import { FOLDERS, META_FIELD } from './layout.ts';
import type { FileMeta } from './read.ts';
import { portable, readTarget } from './target.ts';

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
