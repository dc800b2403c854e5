// Planning: matches the folder's files to the target's resources (rules in ../sync.ts) and computes each one's
// action and diff; resolves `${ref:…}` against the folder and the target.
import { ordinalOf, type Ref, refsIn, refsToIds, refText, SYNC_KINDS, type SyncKind } from '../sync-refs.ts';
import { maskSecrets, showPath } from '../sync-secrets.ts';
import { changedFields, differingPaths, parsePath, setAt, valueAt } from './diff.ts';
import { SERVER_FIELDS } from './layout.ts';
import type { DesiredResource } from './read.ts';
import { portable, type Target } from './target.ts';

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
export function keepOmitted(
  body: Record<string, unknown>,
  omitted: readonly string[] | undefined,
  current: unknown,
): void {
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

export function idOfRef(ref: Ref, matched: Plan['matched'], target: Target): string | undefined {
  const m = matched.get(`${ref.kind}/${ref.key}`);
  if (m) return m.id;
  for (const [id, key] of target.keys.get(ref.kind) ?? []) if (key === ref.key) return id;
  return undefined;
}

/** References that are neither in the folder nor on the platform: nothing can be sent. */
export function unresolvedRefs(filled: readonly DesiredResource[], matched: Plan['matched'], target: Target): string[] {
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
