// /auth/v1: Supabase Auth (GoTrue) with Google as the only provider, as supabase-js 2.109 uses it.
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformContext } from '../context.ts';
import {
  corsHeaders,
  drain,
  header,
  preflight,
  bearer as readBearer,
  readBody,
  redirect,
  sendEmpty,
  sendJson,
} from '../http.ts';
import { LOCAL_GOOGLE_CLIENT_ID } from '../local-secrets.ts';
import { authError, gatewayKeyError, oauthError } from './errors.ts';
import { issueGoogleRefreshToken } from './google-oauth.ts';
import { ACCESS_TOKEN_TTL_S, apiKeyRole, verifyJwt } from './keys.ts';
import {
  accessTokenFor,
  createSession,
  FLOW_STATE_TTL_S,
  findUser,
  issueProviderToken,
  newRefreshToken,
  REFRESH_TOKEN_REUSE_INTERVAL_S,
  type SessionJson,
} from './store.ts';

export const GOTRUE_VERSION = 'v2.189.0';
export const GOOGLE_CONSENT_PATH = '/__google/o/oauth2/v2/auth';
/** The local Google OAuth client: the consent stand-in and /__google/token accept only this one. */
export { LOCAL_GOOGLE_CLIENT_ID };

const RESERVED_PARAMS = new Set([
  'provider',
  'redirect_to',
  'scopes',
  'client_id',
  'client_secret',
  'redirect_uri',
  'response_type',
  'state',
  'code_challenge',
  'code_challenge_method',
  'code_verifier',
  'skip_http_redirect',
  'apikey',
]);

/** Paths the gateway leaves open without an apikey (browser navigations). */
const OPEN_PATHS = new Set(['/authorize', '/callback', '/verify']);

type Route = (ctx: PlatformContext, req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

const ROUTES: Record<string, Partial<Record<string, Route>>> = {
  '/authorize': { GET: authorize },
  '/callback': { GET: callback, POST: callback },
  '/token': { POST: token },
  '/user': { GET: getUser },
  '/logout': { POST: logout },
  '/settings': { GET: settings },
  '/health': { GET: health },
  '/.well-known/jwks.json': { GET: jwks },
};

export function issuerOf(ctx: PlatformContext): string {
  return `${ctx.origin}/auth/v1`;
}

export async function handleAuth(
  ctx: PlatformContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  const route = ROUTES[path];
  if (method === 'OPTIONS') {
    drain(req);
    if (!route) return authError(req, res, 404, 'not_found', 'Not Found');
    return preflight(req, res);
  }
  if (!route) {
    drain(req);
    return authError(req, res, 404, 'not_found', 'Not Found');
  }
  const handler = route[method === 'HEAD' ? 'GET' : method];
  if (!handler) {
    drain(req);
    return authError(req, res, 405, 'method_not_allowed', `Method ${method} not allowed on /auth/v1${path}`, {
      Allow: Object.keys(route).join(', '),
    });
  }
  if (!OPEN_PATHS.has(path)) {
    const key = header(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined;
    if (!key) {
      drain(req);
      return gatewayKeyError(req, res, true);
    }
    if (!apiKeyRole(key)) {
      drain(req);
      return gatewayKeyError(req, res, false);
    }
  }
  await handler(ctx, req, res, url);
}

function isLoopback(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]' || hostname === '::1';
}

/** GoTrue's redirect_to rule: same site as SITE_URL (any port on loopback) or an allow-listed URL. */
function allowedRedirect(ctx: PlatformContext, candidate: string | null | undefined): string | undefined {
  if (!candidate) return undefined;
  let target: URL;
  try {
    target = new URL(candidate);
  } catch {
    return undefined;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
  const site = new URL(ctx.siteUrl);
  if (target.origin === site.origin) return target.toString();
  if (isLoopback(target.hostname) && isLoopback(site.hostname)) return target.toString();
  return undefined;
}

function validChallenge(challenge: string): boolean {
  return /^[A-Za-z0-9._~-]{43,128}$/.test(challenge);
}

async function authorize(ctx: PlatformContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  drain(req);
  const q = url.searchParams;
  const provider = q.get('provider') ?? '';
  if (provider !== 'google') {
    return authError(
      req,
      res,
      400,
      'validation_failed',
      `Unsupported provider: ${provider ? 'provider is not enabled' : 'missing provider'}`,
    );
  }
  const challenge = q.get('code_challenge') ?? '';
  const method = (q.get('code_challenge_method') ?? '').toLowerCase();
  const pkce = challenge !== '' || method !== '';
  if (pkce) {
    if (!validChallenge(challenge)) {
      return authError(req, res, 400, 'validation_failed', 'code challenge has to be between 43 and 128 characters');
    }
    if (method !== 's256' && method !== 'plain') {
      return authError(req, res, 400, 'validation_failed', `code challenge method not supported: ${method}`);
    }
  }
  const redirectTo =
    allowedRedirect(ctx, q.get('redirect_to')) ?? allowedRedirect(ctx, header(req, 'referer')) ?? ctx.siteUrl;
  const scopes = (q.get('scopes') ?? '')
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const state = randomUUID();
  await purgeExpiredFlows(ctx);
  await ctx.db.query(
    `insert into local_oauth.flow_states (id, flow, code_challenge, code_challenge_method, redirect_to, scopes, access_type, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      state,
      pkce ? 'pkce' : 'implicit',
      pkce ? challenge : null,
      pkce ? method : null,
      redirectTo,
      scopes.join(' '),
      // Passed through to Google like any non-reserved param; Google then also returns a refresh token.
      q.get('access_type') === 'offline' ? 'offline' : null,
      ctx.now(),
    ],
  );
  const google = new URL(`${ctx.origin}${GOOGLE_CONSENT_PATH}`);
  google.searchParams.set('client_id', LOCAL_GOOGLE_CLIENT_ID);
  google.searchParams.set('redirect_uri', `${issuerOf(ctx)}/callback`);
  google.searchParams.set('response_type', 'code');
  google.searchParams.set('scope', ['email', 'profile', ...scopes].join(' '));
  google.searchParams.set('state', state);
  for (const [key, value] of q) {
    if (!RESERVED_PARAMS.has(key)) google.searchParams.set(key, value);
  }
  if (q.get('skip_http_redirect') === 'true') {
    return sendJson(res, 200, { url: google.toString() }, corsHeaders(req));
  }
  redirect(res, google.toString(), corsHeaders(req));
}

function redirectWithError(res: ServerResponse, to: string, error: string, code: string, description: string): void {
  const target = new URL(to);
  const params = new URLSearchParams({ error, error_code: code, error_description: description });
  for (const [k, v] of params) target.searchParams.set(k, v);
  params.set('sb', '');
  target.hash = params.toString();
  redirect(res, target.toString());
}

interface FlowStateRow {
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

async function callback(ctx: PlatformContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  let params = url.searchParams;
  if (req.method === 'POST') {
    // Google's form_post response mode: the same fields in an urlencoded body.
    params = new URLSearchParams(await readBody(req));
  }
  const state = params.get('state') ?? '';
  const now = ctx.now();
  const flow = /^[0-9a-f-]{36}$/i.test(state)
    ? (await ctx.db.query<FlowStateRow>('select * from local_oauth.flow_states where id = $1', [state])).rows[0]
    : undefined;
  if (!flow) {
    return redirectWithError(
      res,
      ctx.siteUrl,
      'invalid_request',
      'bad_oauth_state',
      'OAuth state parameter is invalid',
    );
  }
  if (now.getTime() - new Date(flow.created_at).getTime() > FLOW_STATE_TTL_S * 1000) {
    await ctx.db.query('delete from local_oauth.flow_states where id = $1', [flow.id]);
    return redirectWithError(res, flow.redirect_to, 'invalid_request', 'flow_state_expired', 'Flow state has expired');
  }
  const providerError = params.get('error');
  if (providerError) {
    await ctx.db.query('delete from local_oauth.flow_states where id = $1', [flow.id]);
    return redirectWithError(
      res,
      flow.redirect_to,
      providerError === 'access_denied' ? 'access_denied' : 'server_error',
      providerError === 'access_denied' ? 'access_denied' : 'unexpected_failure',
      params.get('error_description') || 'The user denied access at the Google consent screen',
    );
  }
  const code = params.get('code') ?? '';
  const grant = (
    await ctx.db.query<{ email: string; scopes: string }>(
      'delete from local_oauth.google_codes where code = $1 and state = $2 returning email, scopes',
      [code, flow.id],
    )
  ).rows[0];
  if (!grant) {
    return redirectWithError(
      res,
      flow.redirect_to,
      'invalid_request',
      'bad_oauth_callback',
      'OAuth callback with missing or invalid authorization code',
    );
  }
  const user = await findUser(ctx.db, { email: grant.email });
  if (!user) {
    return redirectWithError(
      res,
      flow.redirect_to,
      'access_denied',
      'signup_disabled',
      'Signups not allowed for this instance',
    );
  }
  const scopes = grant.scopes.split(' ').filter(Boolean);
  const target = new URL(flow.redirect_to);
  const offline = flow.access_type === 'offline';
  if (flow.flow === 'pkce') {
    const authCode = randomUUID();
    await ctx.db.transaction(async (tx) => {
      const provider = await issueProviderToken(tx, user.id, scopes, now, ctx.providerTokenTtlS);
      const refreshToken = offline ? await issueGoogleRefreshToken(tx, user.id, scopes, now) : null;
      await tx.query(
        `update local_oauth.flow_states set auth_code = $2, user_id = $3, provider_token = $4,
           provider_token_expires_at = $5, auth_code_issued_at = $6, provider_refresh_token = $7 where id = $1`,
        [flow.id, authCode, user.id, provider.token, provider.expiresAt, now, refreshToken],
      );
    });
    target.searchParams.set('code', authCode);
    return redirect(res, target.toString());
  }
  const session = await ctx.db.transaction(async (tx) => {
    const provider = await issueProviderToken(tx, user.id, scopes, now, ctx.providerTokenTtlS);
    const refreshToken = offline ? await issueGoogleRefreshToken(tx, user.id, scopes, now) : undefined;
    await tx.query('delete from local_oauth.flow_states where id = $1', [flow.id]);
    return createSession(tx, user.id, issuerOf(ctx), now, provider.token, refreshToken);
  });
  const fragment = new URLSearchParams();
  const values: Record<string, string> = {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    provider_token: session.provider_token ?? '',
    ...(session.provider_refresh_token ? { provider_refresh_token: session.provider_refresh_token } : {}),
    refresh_token: session.refresh_token,
    sb: '',
    token_type: 'bearer',
  };
  for (const key of Object.keys(values).sort()) fragment.set(key, values[key] as string);
  target.hash = fragment.toString();
  redirect(res, target.toString());
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

async function readJsonBody(req: IncomingMessage, res: ServerResponse): Promise<Record<string, unknown> | undefined> {
  const text = await readBody(req);
  if (text.trim() === '') return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  authError(req, res, 400, 'bad_json', 'Could not parse request body as JSON');
  return undefined;
}

function challengeOf(verifier: string, method: string): string {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
}

async function token(ctx: PlatformContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
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
    const flow = /^[0-9a-f-]{36}$/i.test(authCode)
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

interface RefreshRow {
  token: string;
  session_id: string;
  revoked_at: Date | null;
  user_id: string;
  session_created_at: Date;
}

async function refresh(
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

async function getUser(ctx: PlatformContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  drain(req);
  const auth = await authenticate(ctx, req, res);
  if (!auth) return;
  if (!/^[0-9a-f-]{36}$/i.test(auth.userId))
    return authError(req, res, 403, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUser(ctx.db, { id: auth.userId });
  if (!user) return authError(req, res, 403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (auth.sessionId) {
    const session = /^[0-9a-f-]{36}$/i.test(auth.sessionId)
      ? (await ctx.db.query('select 1 from local_oauth.sessions where id = $1', [auth.sessionId])).rows[0]
      : undefined;
    if (!session)
      return authError(req, res, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  sendJson(res, 200, user, corsHeaders(req));
}

async function logout(ctx: PlatformContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
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
  const validSession = auth.sessionId && /^[0-9a-f-]{36}$/i.test(auth.sessionId) ? auth.sessionId : null;
  if (/^[0-9a-f-]{36}$/i.test(auth.userId)) {
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

async function settings(_ctx: PlatformContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  drain(req);
  sendJson(
    res,
    200,
    {
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        email: false,
        facebook: false,
        github: false,
        gitlab: false,
        google: true,
        keycloak: false,
        linkedin_oidc: false,
        notion: false,
        phone: false,
        slack_oidc: false,
        spotify: false,
        twitch: false,
        twitter: false,
        workos: false,
        zoom: false,
      },
      disable_signup: true,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    },
    corsHeaders(req),
  );
}

async function health(ctx: PlatformContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  drain(req);
  // GoTrue's health answers while its database answers; without it, the 503 of the server's outage path.
  await ctx.db.query('select 1');
  sendJson(
    res,
    200,
    {
      version: `${GOTRUE_VERSION}-homerounds-local`,
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    },
    corsHeaders(req),
  );
}

async function jwks(_ctx: PlatformContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  drain(req);
  sendJson(res, 200, { keys: [] }, corsHeaders(req));
}
