// A stored voice resource (`voice.resources`) and how the API shows it: the resource's own fields with its
// id, the local org and ISO timestamps. Shared by the REST API (index.ts) and the outbound dialer.
import { LOCAL_VOICE_ORG_ID } from './keys.ts';

export interface Row {
  id: string;
  kind: string;
  parent_id: string | null;
  data: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
}

export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function present(row: Row): Record<string, unknown> {
  return {
    id: row.id,
    orgId: LOCAL_VOICE_ORG_ID,
    ...row.data,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
