// @vitest-environment happy-dom
// The web app's Google access after supabase-js drops provider_token: the broker adapter (hand the
// offline sign-in's refresh token over once, cache access tokens per clinician, null = sign in again),
// the browser copy of the refresh token removed once the server has it, the calendar ports (session
// token first, one retry through the broker after a 401, the sign-in-again error only when the broker
// has no grant), and the incremental consent for calendar write access.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MissingProviderTokenError } from '../../machines/schedule/index.ts';
import { createCalendarPorts } from '../../web/src/adapters/calendar.ts';
import {
  type BrokerSession,
  createGoogleTokenBroker,
  forgetStoredRefreshToken,
  GoogleBrokerError,
  type GoogleTokenBroker,
  googleAccessHandOver,
  googleTokenUrl,
} from '../../web/src/adapters/google-token.ts';
import { createSupabaseAuthPorts } from '../../web/src/adapters/supabase-auth.ts';
import type { SupabaseLoader } from '../../web/src/adapters/supabase-client.ts';
import { allowConsoleError } from './console-guard.ts';

const SUPABASE = 'http://127.0.0.1:8787';
const FUNCTION_URL = `${SUPABASE}/functions/v1/google-token`;
const EXPIRES = '2030-01-01T00:00:00.000Z';

afterEach(() => vi.restoreAllMocks());

function loaderOf(client: unknown): SupabaseLoader {
  const listeners: Array<(c: never) => void> = [];
  let loaded = false;
  return {
    load: async () => {
      loaded = true;
      for (const listener of listeners) listener(client as never);
      return client as never;
    },
    onLoaded(listener) {
      if (loaded) listener(client as never);
      else listeners.push(listener);
      return () => {};
    },
    hasSessionHint: () => true,
    isLoaded: () => loaded,
  };
}

type Answer = { status: number; body?: unknown } | Error;

/** The broker function: answers scripted per method, records every request. */
function brokerFetch(answers: Partial<Record<string, Answer[]>>) {
  const requests: Array<{ method: string; auth: string | null; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    expect(String(input)).toBe(FUNCTION_URL);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    expect(headers.get('apikey')).toBe('anon');
    requests.push({
      method,
      auth: headers.get('authorization'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const answer = answers[method]?.shift() ?? {
      status: 200,
      body: { accessToken: `ya29.${method}`, expiresAt: EXPIRES },
    };
    if (answer instanceof Error) throw answer;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

function session(overrides: Partial<BrokerSession> = {}): BrokerSession {
  return { accessToken: 'sb-jwt', userId: 'u1', ...overrides };
}

describe('google token broker adapter', () => {
  it('builds the function URL from the Supabase URL', () => {
    expect(googleTokenUrl('https://abc.supabase.co/')).toBe('https://abc.supabase.co/functions/v1/google-token');
  });

  it('hands a fresh refresh token over once (PUT), then serves access tokens from its cache', async () => {
    const { fetch, requests } = brokerFetch({
      PUT: [{ status: 200, body: { accessToken: 'ya29.first', expiresAt: EXPIRES, scopes: [] } }],
    });
    const handedOver: string[] = [];
    let current = session({ providerRefreshToken: '1//rt' });
    const broker = createGoogleTokenBroker({
      supabaseUrl: SUPABASE,
      anonKey: 'anon',
      getSession: async () => current,
      onHandedOver: (rt) => handedOver.push(rt),
      fetch,
    });
    const [a, b, c] = await Promise.all([broker.accessToken(), broker.accessToken(), broker.handOver(current)]);
    expect([a, b]).toEqual(['ya29.first', 'ya29.first']);
    expect(c).toBe(true);
    expect(requests).toEqual([{ method: 'PUT', auth: 'Bearer sb-jwt', body: { refreshToken: '1//rt' } }]);
    expect(handedOver).toEqual(['1//rt']);
    // The stored session still carries it until the next refresh: not sent again.
    expect(await broker.accessToken()).toBe('ya29.first');
    expect(requests).toHaveLength(1);
    // forceRefresh asks the broker again, bypassing both caches.
    expect(await broker.accessToken({ forceRefresh: true })).toBe('ya29.POST');
    expect(requests[1]).toEqual({ method: 'POST', auth: 'Bearer sb-jwt', body: { forceRefresh: true } });
    // Another clinician signs in on this page: never the previous clinician's token.
    current = session({ userId: 'u2', accessToken: 'sb-jwt-2' });
    expect(await broker.accessToken()).toBe('ya29.POST');
    expect(requests[2]).toEqual({ method: 'POST', auth: 'Bearer sb-jwt-2', body: {} });
  });

  it('answers null (sign in again) on 401 or without a session; throws on 5xx and network errors', async () => {
    const { fetch } = brokerFetch({
      POST: [
        { status: 401, body: { code: 'reauth_required', message: 'x' } },
        { status: 502, body: { code: 'google_unavailable', message: 'x' } },
        new TypeError('Failed to fetch'),
      ],
    });
    let current: BrokerSession | null = session();
    const broker = createGoogleTokenBroker({
      supabaseUrl: SUPABASE,
      anonKey: 'anon',
      getSession: async () => current,
      fetch,
    });
    expect(await broker.accessToken()).toBeNull();
    await expect(broker.accessToken()).rejects.toEqual(new GoogleBrokerError(502));
    await expect(broker.accessToken()).rejects.toBeInstanceOf(GoogleBrokerError);
    current = null;
    expect(await broker.accessToken()).toBeNull();
  });

  it('keeps a refresh token the server could not take (5xx) for a later try; drops one it refused (4xx)', async () => {
    const { fetch, requests } = brokerFetch({
      PUT: [{ status: 503 }, { status: 200, body: { accessToken: 'ya29.later', expiresAt: EXPIRES } }, { status: 400 }],
    });
    const handedOver: string[] = [];
    const broker = createGoogleTokenBroker({
      supabaseUrl: SUPABASE,
      anonKey: 'anon',
      getSession: async () => session(),
      onHandedOver: (rt) => handedOver.push(rt),
      fetch,
    });
    await expect(broker.handOver(session({ providerRefreshToken: '1//a' }))).rejects.toBeInstanceOf(GoogleBrokerError);
    expect(handedOver).toEqual([]);
    expect(await broker.handOver(session({ providerRefreshToken: '1//a' }))).toBe(true);
    expect(await broker.handOver(session({ providerRefreshToken: '1//bad' }))).toBe(false);
    expect(handedOver).toEqual(['1//a', '1//bad']);
    expect(requests.map((r) => r.method)).toEqual(['PUT', 'PUT', 'PUT']);
    await broker.forget();
    expect(requests[3]?.method).toBe('DELETE');
  });

  it('removes the handed-over refresh token from supabase-js’s stored session, and nothing else', () => {
    const key = 'sb-127-auth-token';
    const stored = { access_token: 'jwt', refresh_token: 'r', provider_token: 'ya29', provider_refresh_token: '1//rt' };
    localStorage.setItem(key, JSON.stringify(stored));
    forgetStoredRefreshToken(key, '1//other');
    expect(JSON.parse(localStorage.getItem(key) as string).provider_refresh_token).toBe('1//rt');
    forgetStoredRefreshToken(key, '1//rt');
    const { provider_refresh_token: _gone, ...rest } = stored;
    expect(JSON.parse(localStorage.getItem(key) as string)).toEqual(rest);
    localStorage.setItem(key, 'not json');
    expect(() => forgetStoredRefreshToken(key, '1//rt')).not.toThrow();
  });

  it('hands a session’s refresh token over when it holds one (the auth machine’s port), else does nothing', async () => {
    const handOver = vi.fn(async () => true);
    const broker: GoogleTokenBroker = { handOver, accessToken: vi.fn(), forget: vi.fn() };
    const session: BrokerSession = { accessToken: 'jwt', userId: 'u1', providerRefreshToken: '1//rt' };
    let current: BrokerSession | null = null;
    const port = googleAccessHandOver(async () => current, broker);
    await port(new AbortController().signal);
    current = { accessToken: 'jwt', userId: 'u1' };
    await port(new AbortController().signal);
    expect(handOver).not.toHaveBeenCalled();
    current = session;
    await port(new AbortController().signal);
    expect(handOver).toHaveBeenCalledTimes(1);
    expect(handOver).toHaveBeenCalledWith(session);
    handOver.mockRejectedValueOnce(new GoogleBrokerError(503));
    await expect(port(new AbortController().signal)).rejects.toThrow(/503/);
  });
});

describe('calendar ports with the broker', () => {
  const EVENTS_OK = {
    kind: 'calendar#events',
    items: [
      {
        id: 'e1',
        summary: 'Visit',
        start: { dateTime: '2030-01-01T09:00:00Z' },
        end: { dateTime: '2030-01-01T10:00:00Z' },
      },
    ],
  };
  const UNAUTHORIZED = { error: { code: 401, message: 'Invalid Credentials', errors: [{ reason: 'authError' }] } };

  /** The calendar answers per token: `good-*` tokens are accepted. */
  function calendarFetch() {
    const tokens: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      const token = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '') ?? '';
      tokens.push(token);
      return token.startsWith('good')
        ? new Response(JSON.stringify(EVENTS_OK), { status: 200 })
        : new Response(JSON.stringify(UNAUTHORIZED), { status: 401 });
    });
    return tokens;
  }

  function fakeBroker(tokens: Array<string | null | Error>): GoogleTokenBroker & { calls: unknown[] } {
    const calls: unknown[] = [];
    return {
      calls,
      async accessToken(options) {
        calls.push(options ?? {});
        const next = tokens.shift() ?? null;
        if (next instanceof Error) throw next;
        return next;
      },
      handOver: async () => false,
      forget: async () => {},
    };
  }

  function sessionClient(providerToken: string | undefined) {
    return {
      auth: { getSession: async () => ({ data: { session: { provider_token: providerToken } }, error: null }) },
    };
  }

  it('uses the session’s provider token while present, else the broker’s', async () => {
    const broker = fakeBroker(['good-broker']);
    expect(
      await createCalendarPorts(loaderOf(sessionClient('good-session')), SUPABASE, broker).getProviderToken(),
    ).toBe('good-session');
    expect(broker.calls).toEqual([]);
    expect(await createCalendarPorts(loaderOf(sessionClient(undefined)), SUPABASE, broker).getProviderToken()).toBe(
      'good-broker',
    );
  });

  it('retries a 401 once with a token fresh from the broker, and skips the refused session token afterwards', async () => {
    allowConsoleError(/^\[schedule\] calendar provider rejected the token: Calendar API 401/);
    const seen = calendarFetch();
    const broker = fakeBroker(['good-1', 'good-2']);
    const ports = createCalendarPorts(loaderOf(sessionClient('expired-session')), SUPABASE, broker);
    const signal = new AbortController().signal;
    const token = await ports.getProviderToken();
    expect(token).toBe('expired-session');
    const events = await ports.fetchEvents(token as string, signal);
    expect(events.map((e) => e.id)).toEqual(['e1']);
    expect(seen).toEqual(['expired-session', 'good-1']);
    expect(broker.calls).toEqual([{ forceRefresh: true, signal }]);
    // The next load goes straight to the broker.
    expect(await ports.getProviderToken()).toBe('good-2');
  });

  it('shows the sign-in-again error only when the broker has no grant (or its fresh token is refused too)', async () => {
    allowConsoleError(/^\[schedule\] calendar provider rejected the token: Calendar API 401/);
    calendarFetch();
    const signal = new AbortController().signal;
    const revoked = createCalendarPorts(loaderOf(sessionClient('expired')), SUPABASE, fakeBroker([null]));
    await expect(revoked.fetchEvents('expired', signal)).rejects.toBeInstanceOf(MissingProviderTokenError);
    const stillRefused = createCalendarPorts(loaderOf(sessionClient('expired')), SUPABASE, fakeBroker(['bad-too']));
    await expect(stillRefused.fetchEvents('expired', signal)).rejects.toBeInstanceOf(MissingProviderTokenError);
    // The broker being down is a fetch failure (Try Again), not a reason to sign in again.
    const down = createCalendarPorts(
      loaderOf(sessionClient('expired')),
      SUPABASE,
      fakeBroker([new GoogleBrokerError(502)]),
    );
    const error = await down.fetchEvents('expired', signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleBrokerError);
    expect(error).not.toBeInstanceOf(MissingProviderTokenError);
  });
});

describe('calendar write access (incremental consent)', () => {
  it('asks for calendar.events on top of read, offline with consent, keeping granted scopes, back to this page', async () => {
    window.history.replaceState(null, '', '/dashboard?tab=assistant#chat');
    const signInWithOAuth = vi.fn(async () => ({ data: {}, error: null }));
    const ports = createSupabaseAuthPorts(loaderOf({ auth: { signInWithOAuth } }), {
      redirectTo: () => `${window.location.origin}/`,
      scopes: 'https://www.googleapis.com/auth/calendar.readonly',
      handOverGoogleAccess: async () => {},
    });
    await ports.askWriteAccess();
    expect(signInWithOAuth).toHaveBeenCalledWith({
      provider: 'google',
      options: {
        redirectTo: `${window.location.origin}/dashboard?tab=assistant`,
        scopes: 'https://www.googleapis.com/auth/calendar.readonly https://www.googleapis.com/auth/calendar.events',
        queryParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
      },
    });
  });
});
