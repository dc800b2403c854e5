// The server's GoogleAccess (core/google/grant-access.ts) over an in-memory grant store and a scripted
// Google token endpoint: access tokens cached until 60 s before expiry, one refresh for concurrent
// callers, invalid_grant → GoogleGrantMissingError with the grant marked revoked, write refused for a
// read-only grant, grants checked with Google before they are stored, and forgetting revokes at Google.
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_EVENTS_SCOPE,
  CALENDAR_READONLY_SCOPE,
  GoogleGrantMissingError,
  GoogleWriteAccessMissingError,
} from '../../../core/google/access.ts';
import { LOCAL_TOKEN_ENCRYPTION_KEY } from '../../../emulators/local-secrets.ts';
import { ACCESS_TOKEN_MARGIN_MS, createGrantGoogleAccess } from '../../../server/google/grant-access.ts';
import type { GrantStore, StoredGrant } from '../../../server/google/grant-store.ts';
import { GoogleTokenError } from '../../../server/google/oauth-client.ts';
import { importTokenKey, openToken } from '../../../server/google/token-crypto.ts';

const USER = '0b5c2f4e-2f6a-4c53-9d0e-7a1f3b9c8d21';
const TOKEN_URL = 'https://oauth2.test/token';
const REVOKE_URL = 'https://oauth2.test/revoke';

function memoryStore(): GrantStore & { rows: Map<string, StoredGrant> } {
  const rows = new Map<string, StoredGrant>();
  return {
    rows,
    async get(userId) {
      const row = rows.get(userId);
      return row ? { ...row, scopes: [...row.scopes] } : null;
    },
    async put(userId, ciphertext, scopes) {
      rows.set(userId, { ciphertext, scopes: [...scopes], revoked: false });
    },
    async update(userId, expected, next) {
      const row = rows.get(userId);
      if (row?.ciphertext === expected) {
        rows.set(userId, { ...row, ciphertext: next.ciphertext ?? row.ciphertext, scopes: [...next.scopes] });
      }
    },
    async markRevoked(userId, expected) {
      const row = rows.get(userId);
      if (row?.ciphertext === expected) rows.set(userId, { ...row, revoked: true });
    },
    async delete(userId) {
      const row = rows.get(userId) ?? null;
      rows.delete(userId);
      return row;
    },
  };
}

/** Google's token endpoint with a set of live refresh tokens and their scopes. */
function fakeGoogle(grants: Record<string, string[]>) {
  const calls: Array<{ url: string; body: URLSearchParams }> = [];
  let issued = 0;
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const body = new URLSearchParams(String(init?.body ?? ''));
    calls.push({ url, body });
    if (url === REVOKE_URL) {
      delete grants[body.get('token') ?? ''];
      return new Response('{}', { status: 200 });
    }
    if (body.get('client_secret') !== 'secret') {
      return Response.json({ error: 'invalid_client', error_description: 'Unauthorized' }, { status: 401 });
    }
    const scopes = grants[body.get('refresh_token') ?? ''];
    if (!scopes) {
      return Response.json(
        { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
        { status: 400 },
      );
    }
    issued++;
    return Response.json({
      access_token: `ya29.t${issued}`,
      expires_in: 3599,
      scope: scopes.join(' '),
      token_type: 'Bearer',
    });
  };
  return { fetch, calls, refreshes: () => calls.filter((c) => c.url === TOKEN_URL).length };
}

function setup(grants: Record<string, string[]>, secret = 'secret') {
  const google = fakeGoogle(grants);
  const store = memoryStore();
  let now = 1_800_000_000_000;
  const access = createGrantGoogleAccess({
    store,
    key: importTokenKey(LOCAL_TOKEN_ENCRYPTION_KEY),
    google: {
      clientId: 'client',
      clientSecret: secret,
      tokenUrl: TOKEN_URL,
      revokeUrl: REVOKE_URL,
      fetch: google.fetch,
    },
    now: () => now,
  });
  return { access, store, google, advance: (ms: number) => (now += ms), now: () => now };
}

describe('grant access', () => {
  it('stores a grant only once Google accepts it, encrypted, with the scopes Google granted', async () => {
    const { access, store, google } = setup({ 'rt-1': [CALENDAR_READONLY_SCOPE, 'openid'] });
    const token = await access.storeGrant(USER, 'rt-1');
    expect(token).toMatchObject({ accessToken: 'ya29.t1', scopes: [CALENDAR_READONLY_SCOPE, 'openid'] });
    const row = store.rows.get(USER);
    expect(row?.scopes).toEqual([CALENDAR_READONLY_SCOPE, 'openid']);
    expect(row?.ciphertext).not.toContain('rt-1');
    expect(await openToken(await importTokenKey(LOCAL_TOKEN_ENCRYPTION_KEY), row?.ciphertext ?? '', USER)).toBe('rt-1');
    expect(google.calls[0]?.body.get('grant_type')).toBe('refresh_token');
    expect(google.calls[0]?.body.get('client_id')).toBe('client');

    await expect(access.storeGrant(USER, 'rt-unknown')).rejects.toBeInstanceOf(GoogleGrantMissingError);
    expect(store.rows.get(USER)?.ciphertext).toBe(row?.ciphertext);
  });

  it('caches the access token until 60 s before it expires, then refreshes', async () => {
    const { access, google, advance } = setup({ 'rt-1': [CALENDAR_READONLY_SCOPE] });
    await access.storeGrant(USER, 'rt-1');
    expect((await access.accessToken(USER, 'read')).accessToken).toBe('ya29.t1');
    advance(3599_000 - ACCESS_TOKEN_MARGIN_MS - 1);
    expect((await access.accessToken(USER, 'read')).accessToken).toBe('ya29.t1');
    expect(google.refreshes()).toBe(1);
    advance(1);
    const fresh = await access.accessToken(USER, 'read');
    expect(fresh.accessToken).toBe('ya29.t2');
    expect(google.refreshes()).toBe(2);
    // forceRefresh skips the cache (the caller saw the token refused).
    expect((await access.accessToken(USER, 'read', { forceRefresh: true })).accessToken).toBe('ya29.t3');
  });

  it('shares one refresh between concurrent callers', async () => {
    const { access, store, google, now } = setup({ 'rt-1': [CALENDAR_READONLY_SCOPE] });
    await access.storeGrant(USER, 'rt-1');
    // Another instance (a second Edge Function isolate) has an empty cache.
    const other = createGrantGoogleAccess({
      store,
      key: importTokenKey(LOCAL_TOKEN_ENCRYPTION_KEY),
      google: { clientId: 'client', clientSecret: 'secret', tokenUrl: TOKEN_URL, fetch: google.fetch },
      now,
    });
    const tokens = await Promise.all([other.accessToken(USER, 'read'), other.accessToken(USER, 'read')]);
    expect(tokens[0].accessToken).toBe(tokens[1].accessToken);
    expect(google.refreshes()).toBe(2);
  });

  it('maps invalid_grant to GoogleGrantMissingError and marks the grant revoked', async () => {
    const grants: Record<string, string[]> = { 'rt-1': [CALENDAR_READONLY_SCOPE] };
    const { access, store, google } = setup(grants);
    await access.storeGrant(USER, 'rt-1');
    delete grants['rt-1']; // the clinician removed HomeRounds in their Google account
    await expect(access.accessToken(USER, 'read', { forceRefresh: true })).rejects.toBeInstanceOf(
      GoogleGrantMissingError,
    );
    expect(store.rows.get(USER)?.revoked).toBe(true);
    // Known revoked: refused without asking Google again.
    const before = google.refreshes();
    await expect(access.accessToken(USER, 'read')).rejects.toBeInstanceOf(GoogleGrantMissingError);
    expect(google.refreshes()).toBe(before);
    // No grant at all.
    await expect(access.accessToken('6a2d9e1c-8b7f-4e3a-a5c4-1d2e3f4a5b6c', 'read')).rejects.toBeInstanceOf(
      GoogleGrantMissingError,
    );
  });

  it('refuses write for a read-only grant without asking Google, and allows it after incremental consent', async () => {
    const { access, google } = setup({
      'rt-read': [CALENDAR_READONLY_SCOPE],
      'rt-write': [CALENDAR_READONLY_SCOPE, CALENDAR_EVENTS_SCOPE],
    });
    await access.storeGrant(USER, 'rt-read');
    const before = google.refreshes();
    await expect(access.accessToken(USER, 'write')).rejects.toBeInstanceOf(GoogleWriteAccessMissingError);
    expect(google.refreshes()).toBe(before);
    expect((await access.accessToken(USER, 'read')).scopes).toEqual([CALENDAR_READONLY_SCOPE]);

    await access.storeGrant(USER, 'rt-write');
    const write = await access.accessToken(USER, 'write');
    expect(write.scopes).toContain(CALENDAR_EVENTS_SCOPE);
  });

  it('treats a grant without any calendar scope as missing (the clinician unticked the calendar box)', async () => {
    const { access } = setup({ 'rt-1': ['openid', 'https://www.googleapis.com/auth/userinfo.email'] });
    await access.storeGrant(USER, 'rt-1');
    await expect(access.accessToken(USER, 'read')).rejects.toBeInstanceOf(GoogleGrantMissingError);
  });

  it('passes other Google failures through as GoogleTokenError (not a reason to sign in again)', async () => {
    const { access, store, now } = setup({ 'rt-1': [CALENDAR_READONLY_SCOPE] });
    await access.storeGrant(USER, 'rt-1');
    const broken = createGrantGoogleAccess({
      store,
      key: importTokenKey(LOCAL_TOKEN_ENCRYPTION_KEY),
      google: {
        clientId: 'client',
        clientSecret: 'secret',
        tokenUrl: TOKEN_URL,
        fetch: async () => {
          throw new TypeError('fetch failed');
        },
      },
      now,
    });
    const error = await broken.accessToken(USER, 'read').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleTokenError);
    expect((error as GoogleTokenError).status).toBe(0);
    expect(store.rows.get(USER)?.revoked).toBe(false);
  });

  it('forgets a grant: deleted, revoked at Google, then missing', async () => {
    const grants: Record<string, string[]> = { 'rt-1': [CALENDAR_READONLY_SCOPE] };
    const { access, store, google } = setup(grants);
    await access.storeGrant(USER, 'rt-1');
    expect(await access.forgetGrant(USER)).toBe(true);
    expect(store.rows.has(USER)).toBe(false);
    const revoke = google.calls.find((c) => c.url === REVOKE_URL);
    expect(revoke?.body.get('token')).toBe('rt-1');
    expect(grants['rt-1']).toBeUndefined();
    await expect(access.accessToken(USER, 'read')).rejects.toBeInstanceOf(GoogleGrantMissingError);
    expect(await access.forgetGrant(USER)).toBe(false);
  });
});
