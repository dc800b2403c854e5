// @vitest-environment happy-dom
// What the dashboard shows of its connection (web/src/offline): "Offline — updated at <time>" while the kept copy is
// shown (in Spanish too), the actions that need the network replaced by a sentence saying so, the schedule reloaded
// by itself when the browser is back online, and the sign-out clearing the kept copy (supabase-auth.ts).
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSupabaseAuthPorts } from '../../web/src/adapters/supabase-auth.ts';
import type { SupabaseLoader } from '../../web/src/adapters/supabase-client.ts';
import { I18nProvider } from '../../web/src/i18n/i18n-provider.tsx';
import { OfflineBanner } from '../../web/src/offline/offline-banner.tsx';
import { offlineSessionUser } from '../../web/src/offline/offline-user.ts';
import { OnlineOnly } from '../../web/src/offline/online-only.tsx';
import { pageConnectivity } from '../../web/src/offline/page-connectivity.ts';
import { useReloadWhenOnline } from '../../web/src/offline/use-connectivity.ts';

afterEach(() => {
  cleanup();
  // Back to live for the next test (the page's actor outlives a render).
  act(() => pageConnectivity().send({ type: 'connectivity.answered', at: '2026-12-01T18:00:00.000Z' }));
});

const KEPT = new Date(2026, 11, 1, 9, 5); // 9:05 AM local, the day the test runs on
const sameDay = () => new Date(2026, 11, 1, 11, 30);

function Reloader({ onReload }: { onReload(): void }) {
  useReloadWhenOnline(onReload);
  return null;
}

describe('offline banner and actions that need the network', () => {
  it('says nothing while live, and "Offline — updated at 9:05 AM" once a load falls back to the kept copy', () => {
    render(
      <>
        <OfflineBanner now={sameDay} />
        <OnlineOnly notice="assistant">
          <button type="button">Send</button>
        </OnlineOnly>
      </>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    act(() => pageConnectivity().send({ type: 'connectivity.unreachable', keptAt: KEPT.toISOString() }));
    expect(screen.getByRole('status').textContent).toBe('Offline — updated at 9:05 AM');
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.getByText('You are offline: the assistant needs a connection.')).toBeTruthy();
  });

  it('names the day too when the kept copy is from an earlier day', () => {
    render(<OfflineBanner now={() => new Date(2026, 11, 3, 8, 0)} />);
    act(() => pageConnectivity().send({ type: 'connectivity.unreachable', keptAt: KEPT.toISOString() }));
    expect(screen.getByRole('status').textContent).toMatch(/^Offline — updated at Tue, Dec 1, 9:05\sAM$/);
  });

  it('in Spanish: "Sin conexión — actualizado a las …" and the moves say they need a connection', async () => {
    render(
      <I18nProvider initialLocale="es">
        <OfflineBanner now={sameDay} />
        <OnlineOnly notice="order">
          <button type="button">Use this order</button>
        </OnlineOnly>
      </I18nProvider>,
    );
    act(() => pageConnectivity().send({ type: 'connectivity.unreachable', keptAt: KEPT.toISOString() }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Sin conexión — actualizado a las 9:05/);
    expect(
      await screen.findByText('No tiene conexión: para mover visitas se necesita conexión a internet.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('the browser going offline holds the actions back at once; back online the schedule reloads itself', () => {
    const onReload = vi.fn();
    render(
      <>
        <Reloader onReload={onReload} />
        <OnlineOnly notice="patients">
          <button type="button">Add to my patients</button>
        </OnlineOnly>
      </>,
    );
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText('You are offline: adding or changing patients needs a connection.')).toBeTruthy();
    expect(onReload).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(onReload).toHaveBeenCalledTimes(1);
    act(() => pageConnectivity().send({ type: 'connectivity.answered', at: '2026-12-01T18:00:00.000Z' }));
    expect(screen.getByRole('button', { name: 'Add to my patients' })).toBeTruthy();
  });
});

describe('sign-out clears the kept copy', () => {
  function ports(events: string[], offlineUser: { id: string; user_metadata: object } | null = null) {
    let authListener: ((event: string, session: unknown) => void) | null = null;
    const client = {
      auth: {
        signOut: async () => {
          events.push('server sign-out');
          return { error: null };
        },
        getSession: async () => ({ data: { session: { user: { id: 'user-b', user_metadata: {} } } }, error: null }),
        onAuthStateChange: (listener: (event: string, session: unknown) => void) => {
          authListener = listener;
          return { data: { subscription: { unsubscribe() {} } } };
        },
      },
      functions: { invoke: async () => ({ error: null }) },
    };
    const loader = {
      load: async () => {
        events.push('supabase-js asked');
        return client;
      },
      isLoaded: () => true,
      hasSessionHint: () => true,
      onLoaded: (attach: (c: unknown) => void) => {
        attach(client);
        return () => undefined;
      },
    } as unknown as SupabaseLoader;
    const auth = createSupabaseAuthPorts(loader, {
      redirectTo: () => 'http://localhost/',
      scopes: '',
      handOverGoogleAccess: async () => undefined,
      offlineData: {
        clear: async () => {
          events.push('kept copy cleared');
        },
        forgetOthers: async (userId) => {
          events.push(`others than ${userId} forgotten`);
        },
        sessionUser: () => offlineUser as never,
      },
    });
    return { auth, fire: (event: string, session: unknown) => authListener?.(event, session) };
  }

  it('from the menu: before the session ends', async () => {
    const events: string[] = [];
    await ports(events).auth.signOut();
    expect(events).toEqual(['supabase-js asked', 'kept copy cleared', 'server sign-out']);
  });

  it('a session ended in another tab, and another clinician signing in', async () => {
    const events: string[] = [];
    const { auth, fire } = ports(events);
    auth.onAuthChange(() => undefined);
    fire('SIGNED_OUT', null);
    fire('SIGNED_IN', { user: { id: 'user-c', user_metadata: {} } });
    expect(events).toEqual(['kept copy cleared', 'others than user-c forgotten']);
    expect(await auth.getSessionUser(new AbortController().signal)).toMatchObject({ id: 'user-b' });
    expect(events.at(-1)).toBe('others than user-b forgotten');
  });

  it('offline, the stored session stands without asking supabase-js, and the profile waits for the connection', async () => {
    const events: string[] = [];
    const { auth } = ports(events, { id: 'user-a', user_metadata: { full_name: 'Ada Nurse' } });
    expect(await auth.getSessionUser(new AbortController().signal)).toMatchObject({
      id: 'user-a',
      fullName: 'Ada Nurse',
    });
    expect((await auth.fetchProfile('user-a', new AbortController().signal)).error?.code).toBe('offline');
    expect(events).toEqual([]);
  });
});

describe('the stored session offline (offline-user.ts)', () => {
  const KEY = 'sb-127-auth-token';
  const storage = () => {
    const map = new Map([[KEY, JSON.stringify({ access_token: 'expired', user: { id: 'user-a' } })]]);
    return { getItem: (key: string) => map.get(key) ?? null } as Storage;
  };

  it('answers only while the browser is offline', () => {
    expect(offlineSessionUser(KEY, { onLine: false } as Navigator, storage())?.id).toBe('user-a');
    expect(offlineSessionUser(KEY, { onLine: true } as Navigator, storage())).toBeNull();
    expect(offlineSessionUser('sb-other-auth-token', { onLine: false } as Navigator, storage())).toBeNull();
  });
});
