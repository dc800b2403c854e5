// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { MissingProviderTokenError } from '../../machines/schedule/index.ts';
import { createCalendarPorts } from '../../web/src/adapters/calendar.ts';
import { consumeOAuthError, createSupabaseAuthPorts, toAuthUser } from '../../web/src/adapters/supabase-auth.ts';
import { createSupabaseLoader, type SupabaseLoader, storageKeyFor } from '../../web/src/adapters/supabase-client.ts';
import { readConfig } from '../../web/src/app/config.ts';
import { rememberReturnPath, takeRedirectUrl } from '../../web/src/features/auth/return-path.ts';
import { resetTestNow, SUITE_START, useFakeTimersAt } from '../support/test-clock.ts';
import { allowConsoleError } from './console-guard.ts';

const ORIGIN = 'http://127.0.0.1:8787';

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterEach(() => vi.restoreAllMocks());

describe('config', () => {
  it('uses the local platform on the page origin when nothing is configured', () => {
    expect(readConfig({}, ORIGIN)).toEqual({
      mode: 'local',
      supabaseUrl: ORIGIN,
      supabaseAnonKey: LOCAL_ANON_KEY,
      calendarApiUrl: ORIGIN,
      vapiPublicKey: null,
      vapiAssistantId: null,
    });
  });

  it('defaults the calendar to Google when a real Supabase URL is set, and honours overrides', () => {
    const hosted = readConfig(
      { VITE_SUPABASE_URL: 'https://abc.supabase.co/', VITE_SUPABASE_ANON_KEY: 'anon' },
      ORIGIN,
    );
    expect(hosted).toMatchObject({
      mode: 'hosted',
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'anon',
      calendarApiUrl: 'https://www.googleapis.com',
    });
    const custom = readConfig(
      { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_CALENDAR_API_URL: 'http://cal.test' },
      ORIGIN,
    );
    expect(custom.calendarApiUrl).toBe('http://cal.test');
  });
});

describe('return path', () => {
  it('returns to the remembered same-site path once, else to the home page', () => {
    rememberReturnPath('/dashboard');
    expect(takeRedirectUrl(ORIGIN)).toBe(`${ORIGIN}/dashboard`);
    expect(takeRedirectUrl(ORIGIN)).toBe(`${ORIGIN}/`);
    rememberReturnPath('//evil.example/x');
    expect(takeRedirectUrl(ORIGIN)).toBe(`${ORIGIN}/`);
  });
});

describe('supabase loader', () => {
  it("derives supabase-js's default storage key and detects a session or a PKCE callback", () => {
    expect(storageKeyFor('http://127.0.0.1:8787')).toBe('sb-127-auth-token');
    expect(storageKeyFor('https://abc.supabase.co')).toBe('sb-abc-auth-token');
    const loader = createSupabaseLoader({ supabaseUrl: window.location.origin, supabaseAnonKey: 'k' });
    const key = storageKeyFor(window.location.origin);
    expect(loader.hasSessionHint()).toBe(false);
    window.history.replaceState(null, '', '/?code=abc');
    expect(loader.hasSessionHint()).toBe(false);
    window.localStorage.setItem(`${key}-code-verifier`, 'v');
    expect(loader.hasSessionHint()).toBe(true);
    window.localStorage.clear();
    window.localStorage.setItem(key, '{}');
    expect(loader.hasSessionHint()).toBe(true);
  });
});

function fakeLoader(
  client: unknown,
  options: { hint?: boolean } = {},
): SupabaseLoader & { load: ReturnType<typeof vi.fn> } {
  const listeners: Array<(c: never) => void> = [];
  let loaded = false;
  return {
    load: vi.fn(async () => {
      loaded = true;
      for (const listener of listeners) listener(client as never);
      return client as never;
    }),
    onLoaded(listener) {
      if (loaded) listener(client as never);
      else listeners.push(listener);
      return () => {};
    },
    hasSessionHint: () => options.hint ?? false,
    isLoaded: () => loaded,
  };
}

const SUPABASE_USER = {
  id: 'u1',
  email: 'maya.patel@homerounds.test',
  user_metadata: { full_name: 'Maya Patel', avatar_url: 'data:image/svg+xml,x', name: 'Maya Patel' },
};

describe('supabase auth ports', () => {
  it('maps the Supabase user without tokens', () => {
    expect(toAuthUser(SUPABASE_USER as never)).toEqual({
      id: 'u1',
      email: 'maya.patel@homerounds.test',
      fullName: 'Maya Patel',
      avatarUrl: 'data:image/svg+xml,x',
    });
  });

  it('answers "no session" without downloading supabase-js when nothing is stored', async () => {
    const loader = fakeLoader({});
    const ports = createSupabaseAuthPorts(loader, {
      redirectTo: () => ORIGIN,
      scopes: 's',
      handOverGoogleAccess: async () => {},
    });
    expect(await ports.getSessionUser(new AbortController().signal)).toBeNull();
    expect(loader.load).not.toHaveBeenCalled();
  });

  it('reads the stored session through supabase-js when there is one', async () => {
    const client = { auth: { getSession: async () => ({ data: { session: { user: SUPABASE_USER } }, error: null }) } };
    const ports = createSupabaseAuthPorts(fakeLoader(client, { hint: true }), {
      redirectTo: () => ORIGIN,
      scopes: 's',
      handOverGoogleAccess: async () => {},
    });
    expect(await ports.getSessionUser(new AbortController().signal)).toMatchObject({
      id: 'u1',
      fullName: 'Maya Patel',
    });
  });

  it('signs in with Google, the read-only calendar scope, offline access with consent and the redirect URL', async () => {
    const signInWithOAuth = vi.fn(async () => ({ data: {}, error: null }));
    const ports = createSupabaseAuthPorts(fakeLoader({ auth: { signInWithOAuth } }), {
      redirectTo: () => `${ORIGIN}/dashboard`,
      scopes: 'https://www.googleapis.com/auth/calendar.readonly',
      handOverGoogleAccess: async () => {},
    });
    await ports.signIn();
    expect(signInWithOAuth).toHaveBeenCalledWith({
      provider: 'google',
      options: {
        redirectTo: `${ORIGIN}/dashboard`,
        scopes: 'https://www.googleapis.com/auth/calendar.readonly',
        queryParams: { access_type: 'offline', prompt: 'consent' },
      },
    });
  });

  it('queries the profile by id as a single row with the abort signal and passes PGRST116 through', async () => {
    const calls: unknown[][] = [];
    const record =
      (name: string) =>
      (...args: unknown[]) => {
        calls.push([name, ...args]);
        return builder;
      };
    const builder: Record<string, unknown> = {
      select: record('select'),
      eq: record('eq'),
      abortSignal: record('abortSignal'),
      single: async () => ({ data: null, error: { code: 'PGRST116', message: 'no rows', details: null, hint: null } }),
    };
    const from = vi.fn(() => builder);
    const ports = createSupabaseAuthPorts(fakeLoader({ from }), {
      redirectTo: () => ORIGIN,
      scopes: 's',
      handOverGoogleAccess: async () => {},
    });
    const signal = new AbortController().signal;
    const result = await ports.fetchProfile('u1', signal);
    expect(from).toHaveBeenCalledWith('profiles');
    expect(calls).toEqual([
      ['select', '*'],
      ['eq', 'id', 'u1'],
      ['abortSignal', signal],
    ]);
    expect(result).toEqual({ data: null, error: { code: 'PGRST116', message: 'no rows' } });
  });

  it('forwards auth changes (not the initial session) once supabase-js is loaded', async () => {
    useFakeTimersAt(SUITE_START);
    type Callback = (event: string, session: unknown) => void;
    const holder: { callback: Callback | null } = { callback: null };
    const client = {
      auth: {
        onAuthStateChange: (cb: Callback) => {
          holder.callback = cb;
          return { data: { subscription: { unsubscribe: () => {} } } };
        },
      },
    };
    const loader = fakeLoader(client);
    const ports = createSupabaseAuthPorts(loader, {
      redirectTo: () => ORIGIN,
      scopes: 's',
      handOverGoogleAccess: async () => {},
    });
    const listener = vi.fn();
    const stop = ports.onAuthChange(listener);
    expect(holder.callback).toBeNull();
    await loader.load();
    holder.callback?.('INITIAL_SESSION', null);
    holder.callback?.('SIGNED_IN', { user: SUPABASE_USER });
    holder.callback?.('SIGNED_OUT', null);
    vi.runAllTimers();
    expect(listener.mock.calls).toEqual([
      ['SIGNED_IN', expect.objectContaining({ id: 'u1' })],
      ['SIGNED_OUT', null],
    ]);
    stop();
    resetTestNow();
  });

  it('logs a cancelled sign-in and cleans the address bar', () => {
    // Spec §8: a sign-in failure is logged to the console only.
    const logged = allowConsoleError(/^\[auth\] sign-in failed:/);
    window.history.replaceState(null, '', '/dashboard?error=access_denied&error_description=User+cancelled&keep=1');
    consumeOAuthError();
    expect(logged.calls).toEqual(['[auth] sign-in failed: User cancelled']);
    expect(`${window.location.pathname}${window.location.search}`).toBe('/dashboard?keep=1');
  });
});

describe('calendar ports', () => {
  it('reads the provider token from the session, or null when it is gone', async () => {
    let session: unknown = { provider_token: 'ya29.local' };
    const client = { auth: { getSession: async () => ({ data: { session }, error: null }) } };
    const ports = createCalendarPorts(fakeLoader(client), ORIGIN);
    expect(await ports.getProviderToken()).toBe('ya29.local');
    session = { provider_token: undefined };
    expect(await ports.getProviderToken()).toBeNull();
  });

  it('turns a 401 from the provider into the sign-in-again error, other failures stay fetch failures', async () => {
    allowConsoleError(/^\[schedule\] calendar provider rejected the token: Calendar API 401/);
    const ports = createCalendarPorts(fakeLoader({}), ORIGIN);
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 401, message: 'Invalid' } }), { status: 401 }),
    );
    await expect(ports.fetchEvents('t', new AbortController().signal)).rejects.toBeInstanceOf(
      MissingProviderTokenError,
    );
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 500 }));
    await expect(ports.fetchEvents('t', new AbortController().signal)).rejects.toThrow('Calendar API 500');
  });
});
