// Comparing a file's body with the platform's resource: changed top-level fields, differing leaf paths, and
// reading and writing a value at a path.
import { isObject, SERVER_FIELDS } from './layout.ts';

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
export function differingPaths(
  a: unknown,
  b: unknown,
  path: Array<string | number> = [],
): Array<Array<string | number>> {
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((k) => differingPaths(a[k], b[k], [...path, k]));
  }
  return canonical(a) === canonical(b) ? [] : [path];
}

export function valueAt(value: unknown, path: ReadonlyArray<string | number>): unknown {
  let node = value;
  for (const p of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[p];
  }
  return node;
}

export function setAt(value: Record<string, unknown>, path: ReadonlyArray<string | number>, leaf: unknown): void {
  let node: Record<string | number, unknown> = value;
  for (const p of path.slice(0, -1)) {
    if (node[p] === null || typeof node[p] !== 'object') return;
    node = node[p] as Record<string | number, unknown>;
  }
  node[path.at(-1) as string] = leaf;
}

/** `model.tools[0].server.headers.X` → ['model', 'tools', 0, …]. */
export function parsePath(text: string): Array<string | number> {
  const out: Array<string | number> = [];
  text.split(/\.|\[(\d+)\]/).forEach((part, i) => {
    if (part !== undefined && part !== '') out.push(i % 2 === 1 ? Number(part) : part);
  });
  return out;
}
