// The web app's call-token adapter (web/src/adapters/call-token.ts): the request to the call-token Edge
// Function (anon key as apikey, the Supabase access token as Bearer — to our Supabase project only),
// the cache until 2 minutes before expiry, null when signed out or when the session is refused, a
// readable error otherwise, one request for concurrent callers, and a fresh token for another user.
import { describe, expect, it, vi } from 'vitest';
import { CALL_TOKEN_VARIABLE } from '../../core/assistant/contract.ts';
import { toWidgetErrorMessage } from '../../machines/voice-widget/index.ts';
import {
  CALL_TOKEN_RENEW_MARGIN_MS,
  CallTokenError,
  callTokenOverrides,
  createCallTokenSource,
} from '../../web/src/adapters/call-token.ts';

const SUPABASE_URL = 'https://project.supabase.co';
const T0 = Date.parse('2026-11-23T15:00:00Z');

/** A Supabase-like access token for `sub` (only the payload is read, never verified here). */
function accessToken(sub: string, n = 1): string {
  const payload = Buffer.from(JSON.stringify({ sub, n })).toString('base64url');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.sig`;
}

function setup(options: { user?: string | null; ttlMs?: number } = {}) {
  let clock = T0;
  let current: string | null = options.user === null ? null : accessToken(options.user ?? 'user-a');
  let issued = 0;
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    issued += 1;
    return Response.json({
      callToken: `call-token-${issued}`,
      expiresAt: new Date(clock + (options.ttlMs ?? 30 * 60_000)).toISOString(),
    });
  });
  const source = createCallTokenSource({
    supabaseUrl: SUPABASE_URL,
    anonKey: 'anon-key',
    getAccessToken: () => current,
    fetch: fetch as unknown as typeof globalThis.fetch,
    now: () => clock,
  });
  return {
    source,
    fetch,
    advance: (ms: number) => {
      clock += ms;
    },
    signIn: (token: string | null) => {
      current = token;
    },
  };
}

describe('call token', () => {
  it('asks the call-token function with the anon key and the access token, and caches until 2 min before expiry', async () => {
    const { source, fetch, advance } = setup();
    expect(await source.get()).toBe('call-token-1');
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${SUPABASE_URL}/functions/v1/call-token`);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ apikey: 'anon-key', Authorization: `Bearer ${accessToken('user-a')}` });

    advance(30 * 60_000 - CALL_TOKEN_RENEW_MARGIN_MS - 1);
    expect(await source.get()).toBe('call-token-1');
    expect(fetch).toHaveBeenCalledTimes(1);
    advance(1);
    expect(await source.get()).toBe('call-token-2');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is null when signed out, and when the function refuses the session (401)', async () => {
    const signedOut = setup({ user: null });
    expect(await signedOut.source.get()).toBeNull();
    expect(signedOut.fetch).not.toHaveBeenCalled();

    const refused = createCallTokenSource({
      supabaseUrl: SUPABASE_URL,
      anonKey: 'anon-key',
      getAccessToken: () => accessToken('user-a'),
      fetch: async () => Response.json({ code: 'unauthorized', message: 'expired' }, { status: 401 }),
    });
    expect(await refused.get()).toBeNull();
  });

  it('fails with a message the widget shows as it is (no catalogue words); a failed fetch stays a network error', async () => {
    const down = createCallTokenSource({
      supabaseUrl: SUPABASE_URL,
      anonKey: 'anon-key',
      getAccessToken: () => accessToken('user-a'),
      fetch: async () => Response.json({ code: 'auth_unavailable', message: 'down' }, { status: 503 }),
    });
    const error = await down.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallTokenError);
    expect((error as Error).message).toBe('Could not get a call token (503). Please try again.');
    expect(toWidgetErrorMessage(error)).toBe('Could not get a call token (503). Please try again.');

    const offline = createCallTokenSource({
      supabaseUrl: SUPABASE_URL,
      anonKey: 'anon-key',
      getAccessToken: () => accessToken('user-a'),
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const failed = await offline.get().catch((e: unknown) => e);
    expect(toWidgetErrorMessage(failed)).toBe('Network error. Please check your connection and try again.');
  });

  it('makes one request for concurrent callers, keeps the token across access-token refreshes, renews for another user', async () => {
    const { source, fetch, signIn } = setup();
    expect(await Promise.all([source.get(), source.get(), source.get()])).toEqual([
      'call-token-1',
      'call-token-1',
      'call-token-1',
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
    // supabase-js refreshed the access token: same clinician, same call token.
    signIn(accessToken('user-a', 2));
    expect(await source.get()).toBe('call-token-1');
    // Another clinician signed in on this page: never the previous one's token.
    signIn(accessToken('user-b'));
    expect(await source.get()).toBe('call-token-2');
    signIn(null);
    expect(await source.get()).toBeNull();
    signIn(accessToken('user-b'));
    expect(await source.get()).toBe('call-token-3');
  });

  it('builds the assistant overrides from a token, none without', () => {
    expect(callTokenOverrides('t')).toEqual({ variableValues: { [CALL_TOKEN_VARIABLE]: 't' } });
    expect(callTokenOverrides(null)).toBeUndefined();
  });
});
