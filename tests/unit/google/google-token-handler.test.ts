// The google-token Edge Function handler: the caller must be a signed-in Supabase user (401 otherwise,
// the broker never consulted); PUT stores the grant for that user, POST answers a fresh access token,
// 401 reauth_required when there is no usable grant, 403 for a write need without write access, 502
// when Google is unreachable; DELETE forgets the grant. Tokens never reach the log.
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_READONLY_SCOPE,
  GoogleGrantMissingError,
  GoogleWriteAccessMissingError,
} from '../../../core/google/access.ts';
import { createGoogleTokenHandler } from '../../../server/functions/google-token.ts';
import type { GoogleGrantBroker } from '../../../server/google/grant-access.ts';
import { GoogleTokenError } from '../../../server/google/oauth-client.ts';

const SUPABASE_URL = 'https://project.supabase.test';
const ANON = 'anon-key';
const USER_ID = '0b5c2f4e-2f6a-4c53-9d0e-7a1f3b9c8d21';
const URL_ = `${SUPABASE_URL}/functions/v1/google-token`;
const EXPIRES = Date.parse('2026-11-23T16:00:00Z');

/** Supabase Auth's GET /user: the session token "session-ok" belongs to USER_ID. */
async function authFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  expect(String(input)).toBe(`${SUPABASE_URL}/auth/v1/user`);
  const headers = new Headers(init?.headers);
  expect(headers.get('apikey')).toBe(ANON);
  if (headers.get('authorization') !== 'Bearer session-ok') {
    return Response.json({ code: 'bad_jwt', message: 'invalid JWT' }, { status: 403 });
  }
  return Response.json({ id: USER_ID, email: 'maya.patel@homerounds.test' });
}

function fakeBroker(behaviour: { access?: () => Promise<never> | never } = {}) {
  const calls: unknown[][] = [];
  const broker: GoogleGrantBroker = {
    async accessToken(userId, need, options) {
      calls.push(['accessToken', userId, need, options]);
      if (behaviour.access) return behaviour.access();
      return { accessToken: 'ya29.fresh', scopes: [CALENDAR_READONLY_SCOPE], expiresAt: EXPIRES };
    },
    async storeGrant(userId, refreshToken) {
      calls.push(['storeGrant', userId, refreshToken]);
      if (refreshToken === '1//dead') throw new GoogleGrantMissingError();
      return { accessToken: 'ya29.first', scopes: [CALENDAR_READONLY_SCOPE], expiresAt: EXPIRES };
    },
    async forgetGrant(userId) {
      calls.push(['forgetGrant', userId]);
      return true;
    },
  };
  return { broker, calls };
}

function setup(behaviour?: Parameters<typeof fakeBroker>[0]) {
  const { broker, calls } = fakeBroker(behaviour);
  const logs: string[] = [];
  const handler = createGoogleTokenHandler({
    supabaseUrl: SUPABASE_URL,
    anonKey: ANON,
    fetch: authFetch,
    broker,
    log: (line) => logs.push(line),
  });
  const call = (method: string, body?: unknown, session = 'session-ok') =>
    handler(
      new Request(URL_, {
        method,
        headers: { authorization: `Bearer ${session}`, apikey: ANON, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  return { handler, call, calls, logs };
}

describe('google-token handler', () => {
  it('answers 401 without a valid Supabase session and never consults the broker', async () => {
    const { handler, call, calls } = setup();
    const none = await handler(new Request(URL_, { method: 'POST' }));
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'unauthorized' });
    const anon = await call('POST', {}, ANON);
    expect(anon.status).toBe(401);
    const forged = await call('PUT', { refreshToken: '1//x' }, 'forged');
    expect(forged.status).toBe(401);
    expect(calls).toEqual([]);
  });

  it('PUT stores the refresh token for the caller and answers the first access token', async () => {
    const { call, calls } = setup();
    const response = await call('PUT', { refreshToken: ' 1//0g-refresh ', scopes: ['ignored'] });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      accessToken: 'ya29.first',
      expiresAt: new Date(EXPIRES).toISOString(),
      scopes: [CALENDAR_READONLY_SCOPE],
    });
    expect(calls).toEqual([['storeGrant', USER_ID, '1//0g-refresh']]);
    for (const body of [{}, { refreshToken: '' }, { refreshToken: 42 }, { refreshToken: 'x'.repeat(5000) }, [1]]) {
      const bad = await call('PUT', body);
      expect(bad.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(await bad.json()).toMatchObject({ code: 'invalid_request' });
    }
    const dead = await call('PUT', { refreshToken: '1//dead' });
    expect(dead.status).toBe(400);
    expect(await dead.json()).toMatchObject({ code: 'invalid_grant' });
  });

  it('POST answers a fresh access token (read by default; write and forceRefresh on request)', async () => {
    const { call, calls } = setup();
    const response = await call('POST');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      accessToken: 'ya29.fresh',
      expiresAt: '2026-11-23T16:00:00.000Z',
      scopes: [CALENDAR_READONLY_SCOPE],
    });
    await call('POST', { need: 'write', forceRefresh: true });
    expect(calls).toEqual([
      ['accessToken', USER_ID, 'read', { forceRefresh: false }],
      ['accessToken', USER_ID, 'write', { forceRefresh: true }],
    ]);
    expect((await call('POST', { need: 'admin' })).status).toBe(400);
  });

  it('POST: 401 reauth_required without a usable grant, 403 without write access, 502 when Google fails', async () => {
    const missing = await setup({ access: () => Promise.reject(new GoogleGrantMissingError()) }).call('POST');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      code: 'reauth_required',
      message: 'Google Calendar access is not available. Please sign in again.',
    });
    const readOnly = await setup({ access: () => Promise.reject(new GoogleWriteAccessMissingError()) }).call('POST', {
      need: 'write',
    });
    expect(readOnly.status).toBe(403);
    expect(await readOnly.json()).toMatchObject({ code: 'write_access_required' });
    const down = setup({ access: () => Promise.reject(new GoogleTokenError(503, 'http_503', '')) });
    const unavailable = await down.call('POST');
    expect(unavailable.status).toBe(502);
    expect(await unavailable.json()).toMatchObject({ code: 'google_unavailable' });
    expect(down.logs).toEqual(['[google-token] Google token endpoint failed: 503 http_503']);
  });

  it('DELETE forgets the grant; other methods are refused; preflights answered', async () => {
    const { call, calls, handler } = setup();
    const response = await call('DELETE');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ forgotten: true });
    expect(calls).toEqual([['forgetGrant', USER_ID]]);
    const get = await call('GET');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toContain('PUT');
    const options = await handler(new Request(URL_, { method: 'OPTIONS' }));
    expect(options.status).toBe(204);
    expect(options.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('reports unexpected failures without the token', async () => {
    const logs: string[] = [];
    const handler = createGoogleTokenHandler({
      supabaseUrl: SUPABASE_URL,
      anonKey: ANON,
      fetch: authFetch,
      broker: {
        accessToken: async () => {
          throw new Error('connection refused');
        },
        storeGrant: async () => {
          throw new Error('relation "public.google_grants" does not exist');
        },
        forgetGrant: async () => false,
      },
      log: (line) => logs.push(line),
    });
    const response = await handler(
      new Request(URL_, {
        method: 'PUT',
        headers: { authorization: 'Bearer session-ok' },
        body: JSON.stringify({ refreshToken: '1//secret-refresh' }),
      }),
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ code: 'unexpected_failure' });
    expect(logs.join('\n')).not.toContain('1//secret-refresh');
    expect(logs.join('\n')).toContain('google_grants');
  });
});
