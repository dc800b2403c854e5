// OAuth flow states (local_oauth.flow_states) between /authorize, /callback and the pkce grant, and PKCE.
import { createHash } from 'node:crypto';
import type { PlatformContext } from '../context.ts';
import { FLOW_STATE_TTL_S } from './store.ts';

export interface FlowStateRow {
  id: string;
  flow: 'pkce' | 'implicit';
  code_challenge: string | null;
  code_challenge_method: string | null;
  redirect_to: string;
  scopes: string;
  auth_code: string | null;
  user_id: string | null;
  provider_token: string | null;
  access_type: string | null;
  provider_refresh_token: string | null;
  auth_code_issued_at: Date | null;
  created_at: Date;
}

const lastPurge = new WeakMap<PlatformContext, number>();

/**
 * Deletes flow states and Google codes nobody can use any more (older than twice their 300 s lifetime, code
 * not issued in the last 300 s), at most once a minute: `/authorize` alone must not grow the database.
 */
export async function purgeExpiredFlows(ctx: PlatformContext, force = false): Promise<number> {
  const now = ctx.now().getTime();
  if (!force && now - (lastPurge.get(ctx) ?? Number.NEGATIVE_INFINITY) < 60_000) return 0;
  lastPurge.set(ctx, now);
  const horizon = new Date(now - 2 * FLOW_STATE_TTL_S * 1000);
  const issuedHorizon = new Date(now - FLOW_STATE_TTL_S * 1000);
  const flows = await ctx.db.query(
    `delete from local_oauth.flow_states
     where created_at < $1 and (auth_code_issued_at is null or auth_code_issued_at < $2)`,
    [horizon, issuedHorizon],
  );
  await ctx.db.query('delete from local_oauth.google_codes where created_at < $1', [horizon]);
  return flows.affectedRows;
}

/** A PKCE code challenge as GoTrue accepts it: 43 to 128 unreserved characters. */
export function validChallenge(challenge: string): boolean {
  return /^[A-Za-z0-9._~-]{43,128}$/.test(challenge);
}

/** The challenge a code verifier answers to (`s256` or `plain`). */
export function challengeOf(verifier: string, method: string): string {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
}
