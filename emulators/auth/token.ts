// POST /token: the pkce grant (auth code + code verifier) and the refresh_token grant, answered uncached.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformContext } from '../context.ts';
import { corsHeaders, sendJson } from '../http.ts';
import { authError, oauthError } from './errors.ts';
import { challengeOf, type FlowStateRow } from './flow-state.ts';
import { issuerOf } from './issuer.ts';
import { refresh } from './refresh-token.ts';
import { looksLikeUuid, readJsonBody } from './request.ts';
import { createSession, FLOW_STATE_TTL_S } from './store.ts';

export async function token(ctx: PlatformContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const grantType = url.searchParams.get('grant_type');
  const body = await readJsonBody(req, res);
  if (!body) return;
  const now = ctx.now();
  // Token answers are never cached (RFC 6749 §5.1), as GoTrue's.
  const headers = { ...corsHeaders(req), 'Cache-Control': 'no-store', Pragma: 'no-cache' };
  if (grantType === 'pkce') {
    const authCode = typeof body.auth_code === 'string' ? body.auth_code : '';
    const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
    if (!authCode || !verifier) {
      return authError(
        req,
        res,
        400,
        'validation_failed',
        'invalid request: both auth code and code verifier should be non-empty',
      );
    }
    const flow = looksLikeUuid(authCode)
      ? (await ctx.db.query<FlowStateRow>('select * from local_oauth.flow_states where auth_code = $1', [authCode]))
          .rows[0]
      : undefined;
    if (!flow?.user_id) {
      return authError(req, res, 404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    }
    const issued = new Date(flow.auth_code_issued_at ?? flow.created_at).getTime();
    if (now.getTime() - issued > FLOW_STATE_TTL_S * 1000) {
      return authError(req, res, 422, 'flow_state_expired', 'invalid flow state, flow state has expired');
    }
    if (challengeOf(verifier, flow.code_challenge_method ?? 's256') !== flow.code_challenge) {
      return authError(
        req,
        res,
        400,
        'bad_code_verifier',
        'code challenge does not match previously saved code verifier',
      );
    }
    const userId = flow.user_id;
    const session = await ctx.db.transaction(async (tx) => {
      const deleted = await tx.query('delete from local_oauth.flow_states where id = $1 returning id', [flow.id]);
      if (deleted.rows.length === 0) return undefined;
      return createSession(
        tx,
        userId,
        issuerOf(ctx),
        now,
        flow.provider_token ?? undefined,
        flow.provider_refresh_token ?? undefined,
      );
    });
    if (!session)
      return authError(req, res, 404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    return sendJson(res, 200, session, headers);
  }
  if (grantType === 'refresh_token') {
    const refreshToken = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    if (!refreshToken) return oauthError(req, res, 'invalid_request', 'refresh_token required');
    const result = await refresh(ctx, refreshToken, now);
    if ('error' in result) return authError(req, res, 400, result.error, result.message);
    return sendJson(res, 200, result, headers);
  }
  return authError(req, res, 400, 'invalid_credentials', 'unsupported_grant_type');
}
