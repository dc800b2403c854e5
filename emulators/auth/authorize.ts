// GET /authorize: checks provider and PKCE, stores the flow state and sends the browser to Google's consent.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformContext } from '../context.ts';
import { corsHeaders, drain, header, redirect, sendJson } from '../http.ts';
import { authError } from './errors.ts';
import { purgeExpiredFlows, validChallenge } from './flow-state.ts';
import { GOOGLE_CONSENT_PATH, issuerOf, LOCAL_GOOGLE_CLIENT_ID } from './issuer.ts';

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

export async function authorize(
  ctx: PlatformContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
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
