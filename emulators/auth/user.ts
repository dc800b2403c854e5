// GET /user and POST /logout: the endpoints of a signed-in user, behind GoTrue's Bearer access-token check.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformContext } from '../context.ts';
import { corsHeaders, drain, bearer as readBearer, sendEmpty, sendJson } from '../http.ts';
import { authError } from './errors.ts';
import { verifyJwt } from './keys.ts';
import { looksLikeUuid } from './request.ts';
import { findUser } from './store.ts';

/** Checks the Bearer access token as GoTrue's requireAuthentication does; answers the error itself. */
async function authenticate(
  ctx: PlatformContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<{ userId: string; sessionId: string | undefined } | undefined> {
  const jwt = readBearer(req);
  if (!jwt) {
    authError(req, res, 401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    return undefined;
  }
  const verified = await verifyJwt(jwt, ctx.now());
  if (!verified.ok) {
    authError(req, res, 403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${verified.message}`);
    return undefined;
  }
  const sub = verified.claims.sub;
  if (!sub) {
    authError(req, res, 403, 'bad_jwt', 'invalid claim: missing sub claim');
    return undefined;
  }
  if (verified.claims.aud !== 'authenticated') {
    authError(req, res, 400, 'unexpected_audience', "Token audience doesn't match request audience");
    return undefined;
  }
  const sessionId = typeof verified.claims.session_id === 'string' ? verified.claims.session_id : undefined;
  return { userId: sub, sessionId };
}

export async function getUser(ctx: PlatformContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  drain(req);
  const auth = await authenticate(ctx, req, res);
  if (!auth) return;
  if (!looksLikeUuid(auth.userId))
    return authError(req, res, 403, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUser(ctx.db, { id: auth.userId });
  if (!user) return authError(req, res, 403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (auth.sessionId) {
    const session = looksLikeUuid(auth.sessionId)
      ? (await ctx.db.query('select 1 from local_oauth.sessions where id = $1', [auth.sessionId])).rows[0]
      : undefined;
    if (!session)
      return authError(req, res, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  sendJson(res, 200, user, corsHeaders(req));
}

export async function logout(ctx: PlatformContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  drain(req);
  const scope = url.searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    return authError(
      req,
      res,
      400,
      'validation_failed',
      'Unsupported logout scope, must be one of (global, local, others)',
    );
  }
  const auth = await authenticate(ctx, req, res);
  if (!auth) return;
  const validSession = auth.sessionId && looksLikeUuid(auth.sessionId) ? auth.sessionId : null;
  if (looksLikeUuid(auth.userId)) {
    if (scope === 'global') {
      await ctx.db.query('delete from local_oauth.sessions where user_id = $1', [auth.userId]);
    } else if (scope === 'local' && validSession) {
      await ctx.db.query('delete from local_oauth.sessions where id = $1', [validSession]);
    } else if (scope === 'others') {
      await ctx.db.query('delete from local_oauth.sessions where user_id = $1 and id is distinct from $2', [
        auth.userId,
        validSession,
      ]);
    }
  }
  sendEmpty(res, 204, corsHeaders(req));
}
