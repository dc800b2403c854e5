// Where sign-out ends a clinician's call tokens: public.call_token_revocations (migration
// 20261127740000_call_token_revocations.sql), one row per clinician with a generation that each sign-out moves on.
// The call-token function signs the current generation into every token it issues; the tools refuse a token whose
// generation is behind (core/assistant/call-token.ts verifyCallToken). A counter, not a time: tokens issued in the
// same second as the sign-out, or under a frozen clock (HOMEROUNDS_CLOCK=frozen), are told apart all the same.
import type { CallTokenRevocations } from '../core/assistant/call-token.ts';
import type { Now } from '../core/time/clock.ts';
import type { SqlQuery } from './sql.ts';

export interface CallTokenRevocationStore extends CallTokenRevocations {
  /** Ends every call token issued to the user so far; returns the new generation. */
  revoke(userId: string): Promise<number>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createSqlCallTokenRevocations(query: SqlQuery, now: Now): CallTokenRevocationStore {
  return {
    async generation(userId) {
      // Supabase user ids are UUIDs: anything else has no row (and must not make the cast fail).
      if (!UUID.test(userId)) return 0;
      const { rows } = await query('select generation from public.call_token_revocations where user_id = $1::uuid', [
        userId,
      ]);
      return Number(rows[0]?.generation ?? 0);
    },
    async revoke(userId) {
      const { rows } = await query(
        `insert into public.call_token_revocations (user_id, generation, revoked_at) values ($1::uuid, 1, $2::timestamptz)
         on conflict (user_id) do update
           set generation = public.call_token_revocations.generation + 1, revoked_at = excluded.revoked_at
         returning generation`,
        [userId, now().toISOString()],
      );
      return Number(rows[0]?.generation ?? 1);
    },
  };
}
