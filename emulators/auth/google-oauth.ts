// Google's OAuth token and revocation endpoints, as the server side uses them (the google-token broker):
// POST /__google/token (grant_type=refresh_token) and POST /__google/revoke. Refresh tokens (`1//local-…`)
// are issued at an offline sign-in (authorize with access_type=offline) with the scopes of that consent;
// the access tokens they mint are the calendar stand-in's provider tokens. Answers and errors have
// Google's shapes: {access_token, expires_in, scope, token_type: "Bearer"}; 400 invalid_grant for revoked
// ("Token has been expired or revoked.") and unknown ("Bad Request") tokens; 401 invalid_client.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformContext } from '../context.ts';
import type { DbExecutor } from '../db/db.ts';
import { drain, header, readBody, sendJson } from '../http.ts';
import { LOCAL_GOOGLE_CLIENT_ID, LOCAL_GOOGLE_CLIENT_SECRET } from '../local-secrets.ts';
import { issueProviderToken } from './store.ts';

export const GOOGLE_TOKEN_PATH = '/__google/token';
export const GOOGLE_REVOKE_PATH = '/__google/revoke';

const NO_STORE = {
  'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
  Pragma: 'no-cache',
};

/** GoTrue asks Google for `email profile`; Google's token answers name them as full scopes, plus openid. */
function googleScopeString(scopes: readonly string[]): string {
  const names = new Set<string>();
  for (const scope of scopes) {
    if (scope === 'email') names.add('https://www.googleapis.com/auth/userinfo.email').add('openid');
    else if (scope === 'profile') names.add('https://www.googleapis.com/auth/userinfo.profile').add('openid');
    else names.add(scope);
  }
  return [...names].join(' ');
}

export async function issueGoogleRefreshToken(
  db: DbExecutor,
  userId: string,
  scopes: readonly string[],
  now: Date,
): Promise<string> {
  const token = `1//local-${randomBytes(32).toString('base64url')}`;
  await db.query(
    `insert into local_oauth.google_refresh_tokens (token, user_id, client_id, scopes, created_at)
     values ($1, $2, $3, $4, $5)`,
    [token, userId, LOCAL_GOOGLE_CLIENT_ID, [...scopes], now],
  );
  return token;
}

/**
 * What "Remove access" in the Google account does: every refresh token of the user's grant stops
 * working and the access tokens already issued die with it. Returns how many refresh tokens it revoked.
 */
export async function revokeGoogleGrant(db: DbExecutor, userId: string, now: Date): Promise<number> {
  const revoked = await db.query(
    'update local_oauth.google_refresh_tokens set revoked_at = $2 where user_id = $1 and revoked_at is null',
    [userId, now],
  );
  await db.query('update local_oauth.provider_tokens set expires_at = $2 where user_id = $1 and expires_at > $2', [
    userId,
    now,
  ]);
  return revoked.affectedRows;
}

function oauthError(res: ServerResponse, status: number, error: string, description: string): void {
  sendJson(res, status, { error, error_description: description }, NO_STORE);
}

/** The request's parameters: form-encoded (what Google documents) or JSON (which Google also takes). */
async function readParams(req: IncomingMessage, url: URL): Promise<URLSearchParams> {
  const params = new URLSearchParams(url.searchParams);
  const text = await readBody(req);
  if (/^application\/json\b/i.test(header(req, 'content-type') ?? '')) {
    try {
      const body = JSON.parse(text) as unknown;
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        for (const [key, value] of Object.entries(body)) if (typeof value === 'string') params.set(key, value);
      }
    } catch {
      // Treated as no parameters: the checks below answer Google's errors.
    }
    return params;
  }
  for (const [key, value] of new URLSearchParams(text)) params.set(key, value);
  return params;
}

/** client_id/client_secret from the body, or HTTP Basic (both are allowed by RFC 6749). */
function clientCredentials(req: IncomingMessage, params: URLSearchParams): { id: string; secret: string } {
  const basic = /^Basic\s+(\S+)$/i.exec(header(req, 'authorization') ?? '');
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
    }
  }
  return { id: params.get('client_id') ?? '', secret: params.get('client_secret') ?? '' };
}

interface RefreshTokenRow {
  user_id: string;
  client_id: string;
  scopes: string[];
  revoked_at: Date | null;
}

async function token(ctx: PlatformContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const params = await readParams(req, url);
  const client = clientCredentials(req, params);
  if (!client.id) return oauthError(res, 400, 'invalid_request', 'Could not determine client ID from request.');
  if (client.id !== LOCAL_GOOGLE_CLIENT_ID)
    return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.');
  if (client.secret !== LOCAL_GOOGLE_CLIENT_SECRET) return oauthError(res, 401, 'invalid_client', 'Unauthorized');
  const grantType = params.get('grant_type') ?? '';
  if (grantType !== 'refresh_token') {
    return oauthError(res, 400, 'unsupported_grant_type', `Invalid grant_type: ${grantType.slice(0, 100)}`);
  }
  const refreshToken = params.get('refresh_token') ?? '';
  if (!refreshToken) return oauthError(res, 400, 'invalid_request', 'Missing required parameter: refresh_token');
  const now = ctx.now();
  type Issued = { error: string } | { access: string; scopes: string[] };
  const issued = await ctx.db.transaction<Issued>(async (tx) => {
    const row = (
      await tx.query<RefreshTokenRow>(
        'select user_id, client_id, scopes, revoked_at from local_oauth.google_refresh_tokens where token = $1',
        [refreshToken],
      )
    ).rows[0];
    if (!row) return { error: 'Bad Request' };
    if (row.revoked_at) return { error: 'Token has been expired or revoked.' };
    if (row.client_id !== client.id) return { error: 'Unauthorized' };
    const access = await issueProviderToken(tx, row.user_id, row.scopes, now, ctx.providerTokenTtlS);
    return { access: access.token, scopes: row.scopes };
  });
  if ('error' in issued) return oauthError(res, 400, 'invalid_grant', issued.error);
  sendJson(
    res,
    200,
    {
      access_token: issued.access,
      expires_in: ctx.providerTokenTtlS,
      scope: googleScopeString(issued.scopes),
      token_type: 'Bearer',
    },
    NO_STORE,
  );
}

async function revoke(ctx: PlatformContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const params = await readParams(req, url);
  const value = params.get('token') ?? '';
  if (!value) return oauthError(res, 400, 'invalid_request', 'Missing required parameter: token');
  const now = ctx.now();
  const owner = await ctx.db.transaction(async (tx) => {
    const refresh = (
      await tx.query<{ user_id: string; revoked_at: Date | null }>(
        'select user_id, revoked_at from local_oauth.google_refresh_tokens where token = $1',
        [value],
      )
    ).rows[0];
    const access = refresh
      ? undefined
      : (
          await tx.query<{ user_id: string; expires_at: Date }>(
            'select user_id, expires_at from local_oauth.provider_tokens where token = $1',
            [value],
          )
        ).rows[0];
    const live = refresh ? !refresh.revoked_at : !!access && new Date(access.expires_at) > now;
    const userId = refresh?.user_id ?? access?.user_id;
    if (!userId || !live) return null;
    await revokeGoogleGrant(tx, userId, now);
    return userId;
  });
  if (!owner) return oauthError(res, 400, 'invalid_token', 'Token expired or revoked');
  sendJson(res, 200, {}, NO_STORE);
}

/** Answers /__google/token and /__google/revoke; false for other paths. */
export async function handleGoogleOAuth(
  ctx: PlatformContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const route = url.pathname === GOOGLE_TOKEN_PATH ? token : url.pathname === GOOGLE_REVOKE_PATH ? revoke : null;
  if (!route) return false;
  if (req.method !== 'POST') {
    drain(req);
    res.setHeader('Allow', 'POST');
    oauthError(res, 405, 'invalid_request', `Method ${String(req.method).slice(0, 20)} not allowed: use POST`);
    return true;
  }
  await route(ctx, req, res, url);
  return true;
}
