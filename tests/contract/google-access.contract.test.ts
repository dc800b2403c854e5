// Google access that outlives supabase-js's provider_token, against the local platform: the offline
// sign-in's provider_refresh_token, the Google token and revoke stand-ins (/__google/token, /__google/revoke)
// with Google's success and error shapes, the consent stand-in granting exactly what /authorize asked,
// the /__local hooks (token lifetime, revoking a grant), the google-token broker (/functions/v1/google-token)
// end to end, and public.google_grants out of reach of every API role.
import type { Session } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { CALENDAR_EVENTS_SCOPE, CALENDAR_READONLY_SCOPE } from '../../core/google/access.ts';
import { LOCAL_GOOGLE_CLIENT_ID, LOCAL_GOOGLE_CLIENT_SECRET } from '../../emulators/local-secrets.ts';
import { SEEDED_CLINICIAN_EMAILS } from '../../fixtures/seed.ts';
import {
  createTestClient,
  signIn,
  signInThroughChooser,
  startLocalPlatform,
  type TestPlatform,
} from '../support/local-platform.ts';
import { testNow } from '../support/test-clock.ts';

const MAYA = SEEDED_CLINICIAN_EMAILS[0] as string;
const JORDAN = SEEDED_CLINICIAN_EMAILS[1] as string;
const OFFLINE = { access_type: 'offline', prompt: 'consent' };
const EVENTS = '/calendar/v3/calendars/primary/events';
let platform: TestPlatform;

beforeAll(async () => {
  platform = await startLocalPlatform();
});
afterEach(async () => {
  await hook('provider-token-ttl', { seconds: null });
});
afterAll(async () => {
  await platform?.close();
});

async function hook(path: string, body: unknown): Promise<Response> {
  return fetch(`${platform.url}/__local/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function tokenRequest(params: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${platform.url}/__google/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(params),
  });
}

function refresh(refreshToken: string, overrides: Record<string, string> = {}): Promise<Response> {
  return tokenRequest({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: LOCAL_GOOGLE_CLIENT_ID,
    client_secret: LOCAL_GOOGLE_CLIENT_SECRET,
    ...overrides,
  });
}

function listEvents(token: string): Promise<Response> {
  const now = testNow();
  const query = new URLSearchParams({
    timeMin: now.toISOString(),
    timeMax: new Date(now.getTime() + 86_400_000).toISOString(),
    singleEvents: 'true',
    orderBy: 'startTime',
  });
  return fetch(`${platform.url}${EVENTS}?${query}`, { headers: { Authorization: `Bearer ${token}` } });
}

/** An insert with an empty body: 403 when the token may not write, 400 (validation) when it may. */
async function writeStatus(token: string): Promise<number> {
  const response = await fetch(`${platform.url}${EVENTS}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  await response.body?.cancel();
  return response.status;
}

function broker(method: string, session: Session | string | null, body?: unknown): Promise<Response> {
  const token = typeof session === 'string' ? session : session?.access_token;
  return fetch(`${platform.url}/functions/v1/google-token`, {
    method,
    headers: {
      apikey: LOCAL_ANON_KEY,
      'content-type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('offline sign-in', () => {
  it('returns provider_refresh_token with access_type=offline (PKCE), and none without it', async () => {
    const { session } = await signIn(platform, MAYA, { queryParams: OFFLINE });
    expect(session.provider_token).toMatch(/^ya29\.local-/);
    expect(session.provider_refresh_token).toMatch(/^1\/\/local-/);
    const online = await signIn(platform, MAYA);
    expect(online.session.provider_refresh_token).toBeUndefined();
  });

  it('puts provider_refresh_token in the implicit fragment, keys sorted', async () => {
    const client = createTestClient(platform.url, { flowType: 'implicit' });
    const chain = await signInThroughChooser(client, MAYA, { redirectTo: `${platform.url}/`, queryParams: OFFLINE });
    const fragment = new URLSearchParams(new URL(chain.finalUrl).hash.slice(1));
    expect([...fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'provider_refresh_token',
      'provider_token',
      'refresh_token',
      'sb',
      'token_type',
    ]);
    expect(fragment.get('provider_refresh_token')).toMatch(/^1\/\/local-/);
  });

  it('grants exactly the scopes /authorize asked for, whatever the consent form posts', async () => {
    const client = createTestClient(platform.url);
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: {
        redirectTo: `${platform.url}/`,
        scopes: CALENDAR_READONLY_SCOPE,
        skipBrowserRedirect: true,
        queryParams: OFFLINE,
      },
    });
    const consentUrl = (await fetch(data.url as string, { redirect: 'manual' })).headers.get('location') as string;
    const consent = new URL(consentUrl);
    expect(consent.searchParams.get('client_id')).toBe(LOCAL_GOOGLE_CLIENT_ID);
    expect(consent.searchParams.get('access_type')).toBe('offline');
    const page = await (await fetch(consentUrl)).text();
    expect(page).not.toContain('name="scope"');
    // A forged form asking for write access (and the whole calendar) on top.
    const form = new URLSearchParams({
      state: consent.searchParams.get('state') ?? '',
      redirect_uri: consent.searchParams.get('redirect_uri') ?? '',
      scope: `email profile ${CALENDAR_READONLY_SCOPE} ${CALENDAR_EVENTS_SCOPE} https://www.googleapis.com/auth/calendar`,
      login_hint: MAYA,
    });
    const chosen = await fetch(`${platform.url}/__google/o/oauth2/v2/auth/choose`, {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    const callback = new URL(chosen.headers.get('location') as string);
    expect(callback.searchParams.get('scope')).toBe(`email profile ${CALENDAR_READONLY_SCOPE}`);
    const landed = (await fetch(callback, { redirect: 'manual' })).headers.get('location') as string;
    const { data: exchanged } = await client.auth.exchangeCodeForSession(
      new URL(landed).searchParams.get('code') as string,
    );
    const session = exchanged.session as Session;
    expect(await writeStatus(session.provider_token as string)).toBe(403);
    const refreshed = await (await refresh(session.provider_refresh_token as string)).json();
    expect(refreshed.scope.split(' ')).not.toContain(CALENDAR_EVENTS_SCOPE);
    expect(await writeStatus(refreshed.access_token)).toBe(403);
  });

  it('shows an error page for an unknown OAuth client', async () => {
    const response = await fetch(
      `${platform.url}/__google/o/oauth2/v2/auth?client_id=someone-else&response_type=code&state=x&redirect_uri=${encodeURIComponent(`${platform.url}/auth/v1/callback`)}`,
    );
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('invalid_client');
  });
});

describe('the Google token endpoint stand-in (/__google/token)', () => {
  it('exchanges a refresh token for an access token in Google’s shape, usable on the calendar', async () => {
    const { session } = await signIn(platform, MAYA, { queryParams: OFFLINE });
    const response = await refresh(session.provider_refresh_token as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
    expect(body).toMatchObject({ expires_in: 3599, token_type: 'Bearer' });
    expect(body.access_token).toMatch(/^ya29\.local-/);
    expect(body.access_token).not.toBe(session.provider_token);
    expect(body.scope.split(' ').sort()).toEqual(
      [
        CALENDAR_READONLY_SCOPE,
        'https://www.googleapis.com/auth/userinfo.email',
        'https://www.googleapis.com/auth/userinfo.profile',
        'openid',
      ].sort(),
    );
    expect((await listEvents(body.access_token)).status).toBe(200);
    // HTTP Basic client authentication and a JSON body work too.
    const basic = await fetch(`${platform.url}/__google/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${LOCAL_GOOGLE_CLIENT_ID}:${LOCAL_GOOGLE_CLIENT_SECRET}`).toString('base64')}`,
      },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: session.provider_refresh_token }),
    });
    expect(basic.status).toBe(200);
  });

  it('answers Google’s errors: invalid_grant, invalid_client, invalid_request, unsupported_grant_type', async () => {
    const { session } = await signIn(platform, MAYA, { queryParams: OFFLINE });
    const rt = session.provider_refresh_token as string;
    const expectError = async (response: Response, status: number, body: Record<string, string>) => {
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual(body);
    };
    await expectError(await refresh('1//local-unknown'), 400, {
      error: 'invalid_grant',
      error_description: 'Bad Request',
    });
    await expectError(await refresh(rt, { client_id: 'other.apps.googleusercontent.com' }), 401, {
      error: 'invalid_client',
      error_description: 'The OAuth client was not found.',
    });
    await expectError(await refresh(rt, { client_secret: 'wrong' }), 401, {
      error: 'invalid_client',
      error_description: 'Unauthorized',
    });
    await expectError(await refresh(rt, { client_id: '' }), 400, {
      error: 'invalid_request',
      error_description: 'Could not determine client ID from request.',
    });
    await expectError(await refresh('', {}), 400, {
      error: 'invalid_request',
      error_description: 'Missing required parameter: refresh_token',
    });
    await expectError(await refresh(rt, { grant_type: 'password' }), 400, {
      error: 'unsupported_grant_type',
      error_description: 'Invalid grant_type: password',
    });
    const get = await fetch(`${platform.url}/__google/token`);
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({ error: 'invalid_request' });
    // Still valid after all that.
    expect((await refresh(rt)).status).toBe(200);
  });

  it('revokes the whole grant at /__google/revoke: refresh tokens and issued access tokens die', async () => {
    const { session } = await signIn(platform, JORDAN, { queryParams: OFFLINE });
    const rt = session.provider_refresh_token as string;
    const access = (await (await refresh(rt)).json()).access_token as string;
    const revoked = await fetch(`${platform.url}/__google/revoke?token=${encodeURIComponent(rt)}`, { method: 'POST' });
    expect(revoked.status).toBe(200);
    const after = await refresh(rt);
    expect(after.status).toBe(400);
    expect(await after.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
    expect((await listEvents(access)).status).toBe(401);
    expect((await listEvents(session.provider_token as string)).status).toBe(401);
    const again = await fetch(`${platform.url}/__google/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: rt }),
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_token', error_description: 'Token expired or revoked' });
  });
});

describe('development hooks', () => {
  it('sets the provider-token lifetime and revokes a clinician’s grant by email', async () => {
    const ttl = await hook('provider-token-ttl', { seconds: 2 });
    expect(await ttl.json()).toEqual({ providerTokenTtlS: 2 });
    const { session } = await signIn(platform, MAYA, { queryParams: OFFLINE });
    const refreshed = await (await refresh(session.provider_refresh_token as string)).json();
    expect(refreshed.expires_in).toBe(2);
    expect((await (await fetch(`${platform.url}/__local/state`)).json()).providerTokenTtlS).toBe(2);
    for (const seconds of [0, -1, 1.5, '60', true]) {
      expect((await hook('provider-token-ttl', { seconds })).status, String(seconds)).toBe(400);
    }
    expect((await hook('provider-token-ttl', { seconds: null })).status).toBe(200);

    const revoked = await hook('revoke-google-grant', { email: MAYA.toUpperCase() });
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).revoked).toBeGreaterThanOrEqual(1);
    expect((await refresh(session.provider_refresh_token as string)).status).toBe(400);
    expect((await hook('revoke-google-grant', { email: 'nobody@homerounds.test' })).status).toBe(404);
    expect((await hook('revoke-google-grant', { email: MAYA, extra: 1 })).status).toBe(400);
  });
});

describe('a server-side grant without the browser (/__local/google-grants)', () => {
  it('stores a grant for a seeded clinician that the broker then serves (CLI and tool tests)', async () => {
    const created = await hook('google-grants', {
      email: JORDAN,
      scopes: [CALENDAR_READONLY_SCOPE, CALENDAR_EVENTS_SCOPE],
    });
    expect(created.status).toBe(200);
    const grant = await created.json();
    expect(grant.scopes).toEqual(expect.arrayContaining([CALENDAR_READONLY_SCOPE, CALENDAR_EVENTS_SCOPE]));
    const session = (await (await hook('sessions', { email: JORDAN })).json()) as Session;
    expect(session.user.id).toBe(grant.userId);
    const write = await broker('POST', session, { need: 'write' });
    expect(write.status).toBe(200);
    expect(await writeStatus((await write.json()).accessToken)).toBe(400);
    expect((await hook('google-grants', { email: 'nobody@homerounds.test' })).status).toBe(404);
    // Default: read-only, as sign-in asks.
    await hook('google-grants', { email: JORDAN });
    expect((await broker('POST', session, { need: 'write' })).status).toBe(403);
  });
});

describe('the google-token broker (/functions/v1/google-token)', () => {
  it('stores the grant encrypted, answers fresh tokens, asks to sign in again once Google revoked it', async () => {
    const { session } = await signIn(platform, MAYA, { queryParams: OFFLINE });
    const rt = session.provider_refresh_token as string;
    expect((await broker('POST', null)).status).toBe(401);

    const stored = await broker('PUT', session, { refreshToken: rt });
    expect(stored.status).toBe(200);
    const first = await stored.json();
    expect(first.scopes).toContain(CALENDAR_READONLY_SCOPE);
    const row = (
      await platform.db.query<{ ciphertext: string; scopes: string[]; revoked_at: Date | null }>(
        'select refresh_token_ciphertext as ciphertext, scopes, revoked_at from public.google_grants where user_id = $1',
        [session.user.id],
      )
    ).rows[0];
    expect(row?.ciphertext).toMatch(/^v1\./);
    expect(row?.ciphertext).not.toContain(rt.slice(9));
    expect(row?.scopes).toContain(CALENDAR_READONLY_SCOPE);

    const fresh = await broker('POST', session);
    expect(fresh.status).toBe(200);
    const token = await fresh.json();
    expect(token.accessToken).toBe(first.accessToken); // cached until a minute before expiry
    expect(Date.parse(token.expiresAt)).toBeGreaterThan(testNow().getTime() + 3000_000);
    expect((await listEvents(token.accessToken)).status).toBe(200);
    // supabase-js drops provider_token on refresh: the broker still answers.
    const forced = await (await broker('POST', session, { forceRefresh: true })).json();
    expect(forced.accessToken).not.toBe(token.accessToken);
    expect((await listEvents(forced.accessToken)).status).toBe(200);
    const write = await broker('POST', session, { need: 'write' });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ code: 'write_access_required' });

    await hook('revoke-google-grant', { email: MAYA });
    expect((await listEvents(forced.accessToken)).status).toBe(401);
    const gone = await broker('POST', session, { forceRefresh: true });
    expect(gone.status).toBe(401);
    expect(await gone.json()).toEqual({
      code: 'reauth_required',
      message: 'Google Calendar access is not available. Please sign in again.',
    });
    const marked = await platform.db.query<{ revoked: boolean }>(
      'select revoked_at is not null as revoked from public.google_grants where user_id = $1',
      [session.user.id],
    );
    expect(marked.rows).toEqual([{ revoked: true }]);
    expect((await broker('POST', session)).status).toBe(401);

    // Signing in again (one consent) hands over a new grant and the broker works again.
    const again = await signIn(platform, MAYA, { queryParams: OFFLINE });
    expect((await broker('PUT', again.session, { refreshToken: again.session.provider_refresh_token })).status).toBe(
      200,
    );
    const back = await (await broker('POST', again.session)).json();
    expect((await listEvents(back.accessToken)).status).toBe(200);

    // DELETE forgets the grant and revokes it at Google.
    const forgotten = await broker('DELETE', again.session);
    expect(await forgotten.json()).toEqual({ forgotten: true });
    expect((await refresh(again.session.provider_refresh_token as string)).status).toBe(400);
    expect((await broker('POST', again.session)).status).toBe(401);
    expect((await broker('PUT', again.session, { refreshToken: '1//local-made-up' })).status).toBe(400);
  });

  it('stores the write scope after incremental consent (calendar.events, include_granted_scopes)', async () => {
    const { session } = await signIn(platform, JORDAN, {
      scopes: `${CALENDAR_READONLY_SCOPE} ${CALENDAR_EVENTS_SCOPE}`,
      queryParams: { ...OFFLINE, include_granted_scopes: 'true' },
    });
    const stored = await (await broker('PUT', session, { refreshToken: session.provider_refresh_token })).json();
    expect(stored.scopes).toEqual(expect.arrayContaining([CALENDAR_READONLY_SCOPE, CALENDAR_EVENTS_SCOPE]));
    const write = await broker('POST', session, { need: 'write' });
    expect(write.status).toBe(200);
    expect(await writeStatus((await write.json()).accessToken)).toBe(400);
  });
});

describe('public.google_grants is server-only', () => {
  it('has RLS on and no policies; anon and authenticated (even the owner) are refused; service_role reads', async () => {
    const { session } = await signIn(platform, MAYA, { queryParams: OFFLINE });
    await broker('PUT', session, { refreshToken: session.provider_refresh_token });
    const meta = await platform.db.query<{ rls: boolean; policies: number }>(
      `select c.relrowsecurity as rls,
              (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = 'google_grants') as policies
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relname = 'google_grants'`,
    );
    expect(meta.rows).toEqual([{ rls: true, policies: 0 }]);

    const asRole = (role: string, claims: Record<string, unknown>) =>
      platform.db
        .transaction(async (tx) => {
          await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
            role,
            JSON.stringify(claims),
          ]);
          return tx.query('select * from public.google_grants');
        })
        .then(
          (result) => ({ rows: result.rows.length, code: null as string | null }),
          (error: { code?: string }) => ({ rows: 0, code: error.code ?? 'unknown' }),
        );
    expect(await asRole('anon', { role: 'anon' })).toEqual({ rows: 0, code: '42501' });
    expect(await asRole('authenticated', { sub: session.user.id, role: 'authenticated' })).toEqual({
      rows: 0,
      code: '42501',
    });
    expect((await asRole('service_role', { role: 'service_role' })).rows).toBeGreaterThanOrEqual(1);

    // Through PostgREST with the owner's own session and with the anon key: permission denied.
    for (const token of [session.access_token, LOCAL_ANON_KEY]) {
      const response = await fetch(`${platform.url}/rest/v1/google_grants?select=*`, {
        headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}` },
      });
      expect([401, 403]).toContain(response.status);
      expect((await response.json()).code).toBe('42501');
    }
  });
});

describe('malformed requests', () => {
  it('get 4xx JSON answers at the token, revoke, broker and hook routes, and nothing breaks', async () => {
    const bodies = ['{"refresh_token":', '[1,2,3]', '"text"', 'null', '\u0000\u0001binary', 'grant_type=%zz&token=%'];
    const types = ['application/json', 'application/x-www-form-urlencoded', 'text/plain'];
    const routes = [
      '/__google/token',
      '/__google/revoke',
      '/functions/v1/google-token',
      '/__local/revoke-google-grant',
      '/__local/provider-token-ttl',
      '/__local/google-grants',
    ];
    for (const path of routes) {
      for (const method of ['POST', 'PUT', 'DELETE', 'GET']) {
        for (const body of method === 'GET' ? [undefined] : bodies) {
          for (const type of types) {
            const response = await fetch(`${platform.url}${path}`, {
              method,
              headers: { 'content-type': type, authorization: 'Basic %%%', apikey: LOCAL_ANON_KEY },
              body,
            });
            const label = `${method} ${path} ${type} ${JSON.stringify(body)}`;
            expect(response.status, label).toBeGreaterThanOrEqual(400);
            expect(response.status, label).toBeLessThan(500);
            const text = await response.text();
            expect(() => JSON.parse(text), `${label}: ${text}`).not.toThrow();
          }
        }
      }
    }
    const { session } = await signIn(platform, MAYA, { queryParams: OFFLINE });
    expect((await refresh(session.provider_refresh_token as string)).status).toBe(200);
  });
});
