// Where the server keeps each clinician's Google grant: public.google_grants (migration
// 20261123000000_google_grants.sql), through a bare `query(sql, params)` so the same code runs on the
// local platform's PGlite and, in the Edge Function, on a Postgres driver. Scopes travel as one
// space-separated string and timestamps stay in SQL, so no driver's array or date mapping matters.
import type { SqlQuery } from '../sql.ts';

export interface StoredGrant {
  /** The sealed refresh token (token-crypto.ts); also identifies this grant version. */
  ciphertext: string;
  scopes: string[];
  /** Google answered `invalid_grant`: unusable until the clinician consents again. */
  revoked: boolean;
}

export interface GrantStore {
  get(userId: string): Promise<StoredGrant | null>;
  /** Stores (or replaces) the clinician's grant; a replaced grant is no longer revoked. */
  put(userId: string, ciphertext: string, scopes: readonly string[]): Promise<void>;
  /** Records what Google last said, if the grant is still the one that was used. */
  update(userId: string, expected: string, next: { ciphertext?: string; scopes: readonly string[] }): Promise<void>;
  markRevoked(userId: string, expected: string): Promise<void>;
  /** Removes the grant and returns what was stored (to revoke it at Google). */
  delete(userId: string): Promise<StoredGrant | null>;
}

function toGrant(row: Record<string, unknown> | undefined): StoredGrant | null {
  if (!row || typeof row.ciphertext !== 'string') return null;
  const scopes = typeof row.scopes === 'string' ? row.scopes.split(' ').filter(Boolean) : [];
  return { ciphertext: row.ciphertext, scopes, revoked: row.revoked === true };
}

const COLUMNS = `refresh_token_ciphertext as ciphertext, array_to_string(scopes, ' ') as scopes,
  revoked_at is not null as revoked`;

export function createSqlGrantStore(query: SqlQuery): GrantStore {
  return {
    async get(userId) {
      const { rows } = await query(`select ${COLUMNS} from public.google_grants where user_id = $1::uuid`, [userId]);
      return toGrant(rows[0]);
    },
    async put(userId, ciphertext, scopes) {
      await query(
        `insert into public.google_grants (user_id, refresh_token_ciphertext, scopes)
         values ($1::uuid, $2, string_to_array($3, ' '))
         on conflict (user_id) do update set refresh_token_ciphertext = excluded.refresh_token_ciphertext,
           scopes = excluded.scopes, revoked_at = null, updated_at = now()`,
        [userId, ciphertext, scopes.join(' ')],
      );
    },
    async update(userId, expected, next) {
      await query(
        `update public.google_grants set refresh_token_ciphertext = coalesce($3, refresh_token_ciphertext),
           scopes = string_to_array($4, ' '), updated_at = now()
         where user_id = $1::uuid and refresh_token_ciphertext = $2`,
        [userId, expected, next.ciphertext ?? null, next.scopes.join(' ')],
      );
    },
    async markRevoked(userId, expected) {
      await query(
        `update public.google_grants set revoked_at = now(), updated_at = now()
         where user_id = $1::uuid and refresh_token_ciphertext = $2 and revoked_at is null`,
        [userId, expected],
      );
    },
    async delete(userId) {
      const { rows } = await query(`delete from public.google_grants where user_id = $1::uuid returning ${COLUMNS}`, [
        userId,
      ]);
      return toGrant(rows[0]);
    },
  };
}
