// Refresh-token rotation: a used token answers its successor within the reuse interval, else revokes the family.
import type { PlatformContext } from '../context.ts';
import { issuerOf } from './issuer.ts';
import { ACCESS_TOKEN_TTL_S } from './keys.ts';
import {
  accessTokenFor,
  findUser,
  newRefreshToken,
  REFRESH_TOKEN_REUSE_INTERVAL_S,
  type SessionJson,
} from './store.ts';

interface RefreshRow {
  token: string;
  session_id: string;
  revoked_at: Date | null;
  user_id: string;
  session_created_at: Date;
}

export async function refresh(
  ctx: PlatformContext,
  refreshToken: string,
  now: Date,
): Promise<SessionJson | { error: string; message: string }> {
  return ctx.db.transaction(async (tx) => {
    const row = (
      await tx.query<RefreshRow>(
        `select rt.token, rt.session_id, rt.revoked_at, s.user_id, s.created_at as session_created_at
         from local_oauth.refresh_tokens rt join local_oauth.sessions s on s.id = rt.session_id
         where rt.token = $1 for update`,
        [refreshToken],
      )
    ).rows[0];
    if (!row) return { error: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' };
    let next: string;
    if (row.revoked_at) {
      const age = now.getTime() - new Date(row.revoked_at).getTime();
      const active = (
        await tx.query<{ token: string }>(
          'select token from local_oauth.refresh_tokens where session_id = $1 and revoked_at is null order by created_at desc limit 1',
          [row.session_id],
        )
      ).rows[0];
      if (age > REFRESH_TOKEN_REUSE_INTERVAL_S * 1000 || !active) {
        // Reuse outside the interval: treat as token theft and revoke the whole session's family.
        await tx.query(
          'update local_oauth.refresh_tokens set revoked_at = coalesce(revoked_at, $2) where session_id = $1',
          [row.session_id, now],
        );
        return { error: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' };
      }
      next = active.token;
    } else {
      next = newRefreshToken();
      await tx.query('update local_oauth.refresh_tokens set revoked_at = $2 where token = $1', [row.token, now]);
      await tx.query(
        'insert into local_oauth.refresh_tokens (token, session_id, parent, created_at) values ($1, $2, $3, $4)',
        [next, row.session_id, row.token, now],
      );
    }
    await tx.query('update local_oauth.sessions set refreshed_at = $2 where id = $1', [row.session_id, now]);
    const user = await findUser(tx, { id: row.user_id });
    if (!user) return { error: 'user_not_found', message: 'User not found' };
    const access = await accessTokenFor(user, row.session_id, issuerOf(ctx), now, new Date(row.session_created_at));
    const session: SessionJson = {
      access_token: access.token,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_S,
      expires_at: access.expiresAt,
      refresh_token: next,
      user,
    };
    return session;
  });
}
