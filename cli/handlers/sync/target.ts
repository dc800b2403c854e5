// Reading the target org: every resource of the kinds asked, their keys, and each as a file would show it.
import type { ApiClient } from '../../api/client.ts';
import { listItems } from '../../api/paginate.ts';
import { idsToRefs, keysOf, SYNC_KINDS, type SyncKind } from '../sync-refs.ts';
import { SERVER_FIELDS } from './layout.ts';

export interface Target {
  items: Map<SyncKind, Array<Record<string, unknown>>>;
  keys: Map<SyncKind, Map<string, string>>;
}

async function listKind(client: ApiClient, kind: SyncKind): Promise<Array<Record<string, unknown>>> {
  return (await listItems(client, { path: `/${kind}`, style: 'v1', query: {}, all: true })) as Array<
    Record<string, unknown>
  >;
}

export async function readTarget(client: ApiClient, kinds: readonly SyncKind[]): Promise<Target> {
  const target: Target = { items: new Map(), keys: new Map() };
  for (const kind of SYNC_KINDS.filter((k) => kinds.includes(k))) {
    const items = await listKind(client, kind);
    target.items.set(kind, items);
    target.keys.set(kind, keysOf(kind, items));
  }
  return target;
}

/** The platform's resource as a file would show it: no platform fields, no nulls, ids as references. */
export function portable(kind: SyncKind, item: Record<string, unknown>, target: Target) {
  const body = Object.fromEntries(Object.entries(item).filter(([k, v]) => !SERVER_FIELDS.has(k) && v !== null));
  return idsToRefs(kind, body, (k, id) => target.keys.get(k)?.get(id));
}
