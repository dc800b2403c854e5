// supabase-js 2.109 (PKCE and implicit) against the local Supabase Auth: auth-rest-calendar.md §6 items 1–6.
import type { AuthChangeEvent, SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY } from '../../config/local-platform.ts';
import { CALENDAR_READONLY_SCOPE } from '../../core/google/access.ts';
import { SEEDED_CLINICIAN_EMAILS } from '../../fixtures/seed.ts';
import {
  createTestClient,
  memoryStorage,
  signIn,
  signInThroughChooser,
  startLocalPlatform,
  type TestPlatform,
} from '../support/local-platform.ts';
import { setTestNow, testNow } from '../support/test-clock.ts';

const MAYA = SEEDED_CLINICIAN_EMAILS[0] as string;
const JORDAN = SEEDED_CLINICIAN_EMAILS[1] as string;
let platform: TestPlatform;

beforeAll(async () => {
  // On the suite's clock, as supabase-js is: a test that needs a later time moves both (laterBy).
  platform = await startLocalPlatform();
});
afterAll(async () => {
  await platform?.close();
});

/** Moves the suite's clock (the platform's and supabase-js's) `ms` later. */
function laterBy(ms: number): void {
  setTestNow(new Date(testNow().getTime() + ms));
}

/**
 * Records a client's auth events; `until(name)` resolves once that event has arrived (supabase-js
 * delivers them after the call that caused them returns), so no test sleeps for them.
 */
function recordAuthEvents(client: SupabaseClient): {
  events: AuthChangeEvent[];
  until(name: AuthChangeEvent): Promise<void>;
} {
  const events: AuthChangeEvent[] = [];
  const waiting: Array<{ name: AuthChangeEvent; resolve(): void }> = [];
  client.auth.onAuthStateChange((event) => {
    events.push(event);
    for (const waiter of waiting.filter((w) => w.name === event)) waiter.resolve();
  });
  return {
    events,
    until: (name) =>
      events.includes(name) ? Promise.resolve() : new Promise((resolve) => waiting.push({ name, resolve })),
  };
}

function authHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    apikey: LOCAL_ANON_KEY,
    'X-Supabase-Api-Version': '2024-01-01',
    'content-type': 'application/json',
    ...extra,
  };
}

describe('sign-in with Google through the local chooser (PKCE)', () => {
  it('builds the authorize URL supabase-js sends and lands at redirect_to with ?code=', async () => {
    const client = createTestClient(platform.url);
    const redirectTo = `${platform.url}/auth/callback`;
    const chain = await signInThroughChooser(client, MAYA, { redirectTo });
    const authorize = new URL(chain.authorizeUrl);
    expect(authorize.pathname).toBe('/auth/v1/authorize');
    expect(authorize.searchParams.get('provider')).toBe('google');
    expect(authorize.searchParams.get('redirect_to')).toBe(redirectTo);
    expect(authorize.searchParams.get('scopes')).toBe(CALENDAR_READONLY_SCOPE);
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('s256');

    const consent = new URL(chain.consentUrl);
    expect(consent.pathname).toBe('/__google/o/oauth2/v2/auth');
    expect(consent.searchParams.get('redirect_uri')).toBe(`${platform.url}/auth/v1/callback`);
    expect(consent.searchParams.get('response_type')).toBe('code');
    expect(consent.searchParams.get('scope')).toBe(`email profile ${CALENDAR_READONLY_SCOPE}`);
    expect(chain.consentHtml).toContain(
      "Local sign-in</strong> — stands in for Google's consent screen, HomeRounds local platform",
    );
    for (const email of SEEDED_CLINICIAN_EMAILS) expect(chain.consentHtml).toContain(email);
    expect(chain.consentHtml).toContain('>Cancel</button>');
    // The helper replays exactly this form: POST to the action with the hidden fields and the button's value.
    expect(chain.consentHtml).toContain('<form method="post" action="/__google/o/oauth2/v2/auth/choose">');
    expect(chain.consentHtml).toContain(`name="login_hint" value="${MAYA}"`);
    expect(chain.consentHtml).toContain(`name="state" value="${consent.searchParams.get('state')}"`);

    const landed = new URL(chain.finalUrl);
    expect(`${landed.origin}${landed.pathname}`).toBe(redirectTo);
    expect(landed.searchParams.get('code')).toMatch(/^[0-9a-f-]{36}$/);
    expect(landed.hash).toBe('');
  });

  it('exchanges the code for a session with the provider token, Google metadata and identities', async () => {
    const storage = memoryStorage();
    const client = createTestClient(platform.url, { storage });
    const { events, until } = recordAuthEvents(client);
    const chain = await signInThroughChooser(client, MAYA, { redirectTo: `${platform.url}/` });
    const code = new URL(chain.finalUrl).searchParams.get('code') as string;
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    const session = data.session;
    expect(session).not.toBeNull();
    if (!session) return;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThan(testNow().getTime() / 1000 + 3500);
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(session.provider_token).toMatch(/^ya29\.local-/);
    expect(session.user.email).toBe(MAYA);
    expect(session.user.app_metadata).toEqual({ provider: 'google', providers: ['google'] });
    expect(session.user.user_metadata).toMatchObject({
      iss: 'https://accounts.google.com',
      full_name: 'Maya Patel',
      name: 'Maya Patel',
      email: MAYA,
      email_verified: true,
    });
    expect(session.user.user_metadata.avatar_url).toMatch(/^data:image\/svg\+xml,/);
    expect(session.user.user_metadata.picture).toBe(session.user.user_metadata.avatar_url);
    expect(session.user.identities?.[0]?.provider).toBe('google');
    expect(session.user.identities?.[0]?.id).toBe(session.user.user_metadata.sub);
    expect(session.user.phone).toBe('');
    expect(session.user.is_anonymous).toBe(false);
    await Promise.all([until('INITIAL_SESSION'), until('SIGNED_IN')]);
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
    expect((await client.auth.getSession()).data.session?.provider_token).toBe(session.provider_token);
    const { data: userData } = await client.auth.getUser();
    expect(userData.user?.id).toBe(session.user.id);
    expect([...storage.store.keys()].some((k) => k.endsWith('-code-verifier'))).toBe(false);
  });

  it('issues access tokens with the real claims', async () => {
    const { session } = await signIn(platform, MAYA);
    const claims = decodeJwt(session.access_token);
    expect(claims.iss).toBe(`${platform.url}/auth/v1`);
    expect(claims.sub).toBe(session.user.id);
    expect(claims.aud).toBe('authenticated');
    expect(typeof claims.aud).toBe('string');
    expect(claims.role).toBe('authenticated');
    expect(claims.aal).toBe('aal1');
    expect(claims.email).toBe(MAYA);
    expect(claims.phone).toBe('');
    expect(claims.is_anonymous).toBe(false);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((claims.amr as Array<{ method: string }>)[0]?.method).toBe('oauth');
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(claims.app_metadata).toEqual({ provider: 'google', providers: ['google'] });
  });

  it('refuses a reused code (404 flow_state_not_found) and a wrong verifier (400 bad_code_verifier)', async () => {
    const storage = memoryStorage();
    const client = createTestClient(platform.url, { storage });
    const chain = await signInThroughChooser(client, JORDAN, { redirectTo: `${platform.url}/` });
    const code = new URL(chain.finalUrl).searchParams.get('code') as string;
    const verifierKey = [...storage.store.keys()].find((k) => k.endsWith('-code-verifier')) as string;
    const verifier = JSON.parse(storage.store.get(verifierKey) as string) as string;

    const wrong = await fetch(`${platform.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: authHeaders({ Origin: 'http://127.0.0.1:5173' }),
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(112) }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ code: 'bad_code_verifier', message: expect.any(String) });
    expect(wrong.headers.get('x-sb-error-code')).toBe('bad_code_verifier');
    expect(wrong.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(wrong.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/i);

    const ok = await fetch(`${platform.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: authHeaders(),
      body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).provider_token).toMatch(/^ya29\.local-/);

    const reuse = await fetch(`${platform.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: authHeaders(),
      body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
    });
    expect(reuse.status).toBe(404);
    expect(await reuse.json()).toEqual({
      code: 'flow_state_not_found',
      message: 'invalid flow state, no valid flow state found',
    });

    const empty = await fetch(`${platform.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: authHeaders(),
      body: JSON.stringify({ auth_code: '', code_verifier: verifier }),
    });
    expect(empty.status).toBe(400);
    expect((await empty.json()).code).toBe('validation_failed');

    // supabase-js surfaces the same error as AuthApiError with the code.
    storage.setItem(verifierKey, JSON.stringify(verifier));
    const { error } = await client.auth.exchangeCodeForSession(code);
    expect(error?.status).toBe(404);
    expect(error?.code).toBe('flow_state_not_found');
  });

  it('refreshes with rotation: new tokens, TOKEN_REFRESHED, no provider_token; reuse only within 10 s', async () => {
    const { client, session } = await signIn(platform, MAYA);
    const { until } = recordAuthEvents(client);
    laterBy(1_000); // a later second, so the new JWT's iat/exp differ
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const refreshed = data.session;
    expect(refreshed?.access_token).not.toBe(session.access_token);
    expect(refreshed?.refresh_token).not.toBe(session.refresh_token);
    expect(refreshed?.provider_token).toBeUndefined();
    expect((await client.auth.getSession()).data.session?.provider_token).toBeUndefined();
    expect(decodeJwt(refreshed?.access_token as string).session_id).toBe(decodeJwt(session.access_token).session_id);
    await until('TOKEN_REFRESHED');

    const refresh = (token: string) =>
      fetch(`${platform.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: authHeaders(),
        body: JSON.stringify({ refresh_token: token }),
      });
    const withinInterval = await refresh(session.refresh_token);
    expect(withinInterval.status).toBe(200);
    const reused = (await withinInterval.json()) as { refresh_token: string; provider_token?: string };
    expect(reused.refresh_token).toBe(refreshed?.refresh_token);
    expect(reused.provider_token).toBeUndefined();

    // 11 s after the rotation: past the 10 s a rotated token may be reused.
    laterBy(11_000);
    const late = await refresh(session.refresh_token);
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });

    const unknown = await refresh('aaaaaaaaaaaa');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).code).toBe('refresh_token_not_found');
    const missing = await refresh('');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });

  it('signs out (204, SIGNED_OUT, storage cleared); the old JWT then gets 403 session_not_found', async () => {
    const statuses: Array<{ url: string; status: number }> = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      statuses.push({ url: String(input instanceof Request ? input.url : input), status: response.status });
      return response;
    };
    const { client, session, storage } = await signIn(platform, JORDAN, { fetch: recording });
    const { until } = recordAuthEvents(client);
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    expect(statuses.find((s) => s.url.includes('/auth/v1/logout'))).toMatchObject({ status: 204 });
    expect(statuses.find((s) => s.url.includes('/auth/v1/logout'))?.url).toContain('scope=global');
    await until('SIGNED_OUT');
    expect(storage.store.size).toBe(0);
    const user = await fetch(`${platform.url}/auth/v1/user`, {
      headers: authHeaders({ Authorization: `Bearer ${session.access_token}` }),
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
    const refresh = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
  });

  it('returns the cancel as an OAuth error redirect', async () => {
    const client = createTestClient(platform.url);
    const chain = await signInThroughChooser(client, MAYA, { redirectTo: `${platform.url}/`, cancel: true });
    const landed = new URL(chain.finalUrl);
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('error_code')).toBeTruthy();
    expect(landed.searchParams.get('error_description')).toBeTruthy();
    expect(new URLSearchParams(landed.hash.slice(1)).get('error')).toBe('access_denied');
  });
});

describe('implicit flow (fidelity only; the product uses PKCE)', () => {
  it('lands with the tokens in the fragment, keys sorted', async () => {
    const client = createTestClient(platform.url, { flowType: 'implicit' });
    const chain = await signInThroughChooser(client, MAYA, { redirectTo: `${platform.url}/` });
    const authorize = new URL(chain.authorizeUrl);
    expect(authorize.searchParams.has('code_challenge')).toBe(false);
    const landed = new URL(chain.finalUrl);
    expect(landed.search).toBe('');
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect([...fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'provider_token',
      'refresh_token',
      'sb',
      'token_type',
    ]);
    expect(fragment.get('expires_in')).toBe('3600');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('provider_token')).toMatch(/^ya29\.local-/);
    const { data, error } = await client.auth.setSession({
      access_token: fragment.get('access_token') as string,
      refresh_token: fragment.get('refresh_token') as string,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(MAYA);
  });
});

describe('other endpoints and error shapes', () => {
  it('answers settings, health, JWKS and CORS preflights', async () => {
    const settings = await fetch(`${platform.url}/auth/v1/settings`, { headers: { apikey: LOCAL_PUBLISHABLE_KEY } });
    expect(settings.status).toBe(200);
    expect((await settings.json()).external.google).toBe(true);
    const health = await fetch(`${platform.url}/auth/v1/health`, { headers: { apikey: LOCAL_ANON_KEY } });
    expect((await health.json()).name).toBe('GoTrue');
    const jwks = await fetch(`${platform.url}/auth/v1/.well-known/jwks.json`, { headers: { apikey: LOCAL_ANON_KEY } });
    expect(await jwks.json()).toEqual({ keys: [] });
    const preflight = await fetch(`${platform.url}/auth/v1/token?grant_type=pkce`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-supabase-api-version/);
  });

  it('answers auth errors in the versioned and legacy shapes', async () => {
    const versioned = await fetch(`${platform.url}/auth/v1/user`, { headers: authHeaders() });
    expect(versioned.status).toBe(401);
    expect(await versioned.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
    const legacy = await fetch(`${platform.url}/auth/v1/user`, { headers: { apikey: LOCAL_ANON_KEY } });
    expect(await legacy.json()).toEqual({
      code: 401,
      error_code: 'no_authorization',
      msg: 'This endpoint requires a valid Bearer token',
    });
    const forged = await fetch(`${platform.url}/auth/v1/user`, {
      headers: authHeaders({ Authorization: `Bearer ${LOCAL_ANON_KEY.slice(0, -4)}AAAA` }),
    });
    expect(forged.status).toBe(403);
    expect((await forged.json()).code).toBe('bad_jwt');
    const anonAsUser = await fetch(`${platform.url}/auth/v1/user`, {
      headers: authHeaders({ Authorization: `Bearer ${LOCAL_ANON_KEY}` }),
    });
    expect(anonAsUser.status).toBe(403);
    expect((await anonAsUser.json()).code).toBe('bad_jwt');
    const noKey = await fetch(`${platform.url}/auth/v1/settings`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ message: 'No API key found in request' });
    const badProvider = await fetch(`${platform.url}/auth/v1/authorize?provider=github`, {
      headers: authHeaders(),
      redirect: 'manual',
    });
    expect(badProvider.status).toBe(400);
    expect((await badProvider.json()).code).toBe('validation_failed');
    const badChallenge = await fetch(
      `${platform.url}/auth/v1/authorize?provider=google&code_challenge=short&code_challenge_method=s256`,
      { headers: authHeaders(), redirect: 'manual' },
    );
    expect(badChallenge.status).toBe(400);
    const grant = await fetch(`${platform.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: authHeaders(),
      body: '{}',
    });
    expect(await grant.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });

  it('sends a disallowed redirect_to back to the site URL', async () => {
    const start = await fetch(
      `${platform.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent('https://evil.example/steal')}`,
      { redirect: 'manual' },
    );
    expect(start.status).toBe(302);
    const state = new URL(start.headers.get('location') as string).searchParams.get('state') as string;
    const row = await platform.db.query<{ redirect_to: string }>(
      'select redirect_to from local_oauth.flow_states where id = $1',
      [state],
    );
    expect(row.rows[0]?.redirect_to).toBe(`${platform.url}/`);
  });
});
