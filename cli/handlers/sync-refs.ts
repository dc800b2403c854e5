// How a folder names resources and points between them, independent of any org's ids.
//
// Key: what a file is matched by when its id is not on the platform (another org). The resource's name (a
// tool's function name; a phone number's number, else its SIP URI, else its provider; else the kind), then
// `~2`, `~3`… for the second and third resource with that name, oldest first. Creating a folder's resources
// in key order recreates the same order, so keys match again in the new org.
//
// Reference: `${ref:<kind>/<key>}` in place of an id (`assistantId`, `squadId`, each of `toolIds`), written by
// export and turned back into the id of that resource in the target org by apply. References point down the
// apply order only (tools, then assistants, then squads, then phone numbers).

export const SYNC_KINDS = ['tool', 'assistant', 'squad', 'phone-number'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

/** Fields that hold ids of other resources, per kind of the resource holding them (anywhere in its body). */
const REFERENCE_FIELDS: Record<SyncKind, Record<string, SyncKind>> = {
  tool: {},
  assistant: { toolIds: 'tool' },
  squad: { assistantId: 'assistant', toolIds: 'tool' },
  'phone-number': { assistantId: 'assistant', squadId: 'squad' },
};

const REF = /^\$\{ref:([a-z-]+)\/(.+)\}$/;

export interface Ref {
  kind: SyncKind;
  key: string;
}

export function refText(ref: Ref): string {
  return `\${ref:${ref.kind}/${ref.key}}`;
}

export function parseRef(value: unknown): Ref | undefined {
  if (typeof value !== 'string') return undefined;
  const m = REF.exec(value);
  if (!m || !(SYNC_KINDS as readonly string[]).includes(m[1] as string)) return undefined;
  return { kind: m[1] as SyncKind, key: m[2] as string };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The name part of a key, before any `~n`. */
export function keyBase(kind: SyncKind, item: Record<string, unknown>): string {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
  if (kind === 'tool') {
    const fn = item.function as { name?: unknown } | undefined;
    return text(fn?.name) ?? text(item.name) ?? text(item.type) ?? 'tool';
  }
  if (kind === 'phone-number') {
    return text(item.name) ?? text(item.number) ?? text(item.sipUri) ?? text(item.provider) ?? 'phone-number';
  }
  return text(item.name) ?? kind;
}

export function withOrdinal(base: string, ordinal: number): string {
  return ordinal <= 1 ? base : `${base}~${ordinal}`;
}

/** Keys of a kind's resources on the platform, by id: same name → ordinals by creation time (then id). */
export function keysOf(kind: SyncKind, items: ReadonlyArray<Record<string, unknown>>): Map<string, string> {
  const sorted = [...items].sort(
    (a, b) =>
      String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? '')) || String(a.id).localeCompare(String(b.id)),
  );
  const count = new Map<string, number>();
  const keys = new Map<string, string>();
  for (const item of sorted) {
    const base = keyBase(kind, item);
    const n = (count.get(base) ?? 0) + 1;
    count.set(base, n);
    keys.set(String(item.id), withOrdinal(base, n));
  }
  return keys;
}

/** The ordinal of a key (`front-desk~2` → 2), for creating a folder's resources in key order. */
export function ordinalOf(key: string): number {
  const m = /~(\d+)$/.exec(key);
  return m ? Number(m[1]) : 1;
}

/** Walks a body, giving every id-holding field to `fn` (which returns the value to keep). */
function mapReferences(kind: SyncKind, body: unknown, fn: (value: string, target: SyncKind) => unknown): unknown {
  const fields = REFERENCE_FIELDS[kind];
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      const target = fields[key];
      if (target && typeof value === 'string') out[key] = fn(value, target);
      else if (target && Array.isArray(value)) out[key] = value.map((v) => (typeof v === 'string' ? fn(v, target) : v));
      else out[key] = walk(value);
    }
    return out;
  };
  return walk(body);
}

/** Ids → `${ref:kind/key}` (for export and for showing the platform's values); unknown ids stay, listed. */
export function idsToRefs<T>(
  kind: SyncKind,
  body: T,
  keyOfId: (target: SyncKind, id: string) => string | undefined,
): { body: T; dangling: string[] } {
  const dangling: string[] = [];
  const out = mapReferences(kind, body, (value, target) => {
    if (parseRef(value)) return value;
    const key = keyOfId(target, value);
    if (key === undefined) {
      dangling.push(`${target} ${value}`);
      return value;
    }
    return refText({ kind: target, key });
  });
  return { body: out as T, dangling };
}

/** Every `${ref:…}` in a body (any field), in order. */
export function refsIn(body: unknown): Ref[] {
  const found: Ref[] = [];
  const walk = (node: unknown): void => {
    const ref = parseRef(node);
    if (ref) found.push(ref);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (isObject(node)) Object.values(node).forEach(walk);
  };
  walk(body);
  return found;
}

/** `${ref:…}` → the id `idOf` gives (any field); the caller has checked that every reference resolves. */
export function refsToIds<T>(body: T, idOf: (ref: Ref) => string): T {
  const walk = (node: unknown): unknown => {
    const ref = parseRef(node);
    if (ref) return idOf(ref);
    if (Array.isArray(node)) return node.map(walk);
    if (isObject(node)) return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return walk(body) as T;
}
