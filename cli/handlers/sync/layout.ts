// What every sync step shares: where each kind's files live, the `homerounds:` block export writes, the fields
// the platform owns, and the plain-object test.
import type { SyncKind } from '../sync-refs.ts';

/** Fields the platform owns; never compared, never written, never sent. */
export const SERVER_FIELDS = new Set(['id', 'orgId', 'createdAt', 'updatedAt', 'status', 'isServerUrlSecretSet']);
/** The block export writes at the top of each file (and apply strips before sending). */
export const META_FIELD = 'homerounds';
export const FOLDERS: Record<SyncKind, string> = {
  tool: 'tools',
  assistant: 'assistants',
  squad: 'squads',
  'phone-number': 'phone-numbers',
};

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
