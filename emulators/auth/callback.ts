// /callback: Google's answer to the consent; a pkce flow gets an auth code, an implicit one a session.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformContext } from '../context.ts';
import { readBody, redirect } from '../http.ts';
import type { FlowStateRow } from './flow-state.ts';
import { issueGoogleRefreshToken } from './google-oauth.ts';
import { issuerOf } from './issuer.ts';
import { looksLikeUuid } from './request.ts';
import { createSession, FLOW_STATE_TTL_S, findUser, issueProviderToken } from './store.ts';

function redirectWithError(res: ServerResponse, to: string, error: string, code: string, description: string): void {
  const target = new URL(to);
  const params = new URLSearchParams({ error, error_code: code, error_description: description });
  for (const [k, v] of params) target.searchParams.set(k, v);
  params.set('sb', '');
  target.hash = params.toString();
  redirect(res, target.toString());
}

export async function callback(
  ctx: PlatformContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  let params = url.searchParams;
  if (req.method === 'POST') {
    // Google's form_post response mode: the same fields in an urlencoded body.
    params = new URLSearchParams(await readBody(req));
  }
  const state = params.get('state') ?? '';
  const now = ctx.now();
  const flow = looksLikeUuid(state)
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
