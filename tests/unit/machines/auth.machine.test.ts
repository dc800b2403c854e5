import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  AUTH_REQUEST_TIMEOUT_MS,
  AUTH_TIMEOUT_MS,
  type AuthPorts,
  type AuthUser,
  authMachine,
  createAuthActors,
  type Profile,
  SIGN_IN_REDIRECT_TIMEOUT_MS,
  stateString,
  toAuthView,
} from '../../../machines/auth/index.ts';
import { createControlledActors, flush } from '../../support/model/controlled-actors.ts';

const USER: AuthUser = { id: 'u-1', email: 'ada@example.com', fullName: 'Ada Nurse', avatarUrl: null };
const PROFILE: Profile = {
  id: 'u-1',
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  avatar_url: 'https://x/a.png',
};

function start() {
  const controlled = createControlledActors(
    ['restoreSession', 'loadProfile', 'startSignIn', 'signOut', 'handOverGoogleAccess', 'askWriteAccess'],
    ['watchAuthChanges'],
  );
  const clock = new SimulatedClock();
  const logError = vi.fn();
  const actor = createActor(authMachine.provide({ actors: controlled.actors, actions: { logError } }), { clock });
  actor.start();
  return { actor, clock, controlled, logError, view: () => toAuthView(actor.getSnapshot()) };
}

describe('auth machine', () => {
  it('starts loading, subscribes to auth changes and asks for the session', () => {
    const { view, controlled } = start();
    expect(view().loading).toBe(true);
    expect(controlled.running.has('watchAuthChanges')).toBe(true);
    expect(controlled.pending('restoreSession')).toBeDefined();
  });

  it('session found → user set, then profile fetched for that user; loading ends with the profile', async () => {
    const { view, controlled } = start();
    controlled.pending('restoreSession')?.resolve(USER);
    await flush();
    expect(view()).toMatchObject({ loading: true, userId: 'u-1' });
    expect(controlled.pending('loadProfile')?.input).toEqual({ userId: 'u-1' });
    controlled.pending('loadProfile')?.resolve(PROFILE);
    await flush();
    expect(view()).toMatchObject({
      loading: false,
      signedIn: true,
      displayName: 'Ada Lovelace',
      avatarUrl: 'https://x/a.png',
    });
  });

  it('no session → profile cleared, loading false, signed out', async () => {
    const { view, controlled } = start();
    controlled.pending('restoreSession')?.resolve(null);
    await flush();
    expect(view()).toMatchObject({ loading: false, signedIn: false, userId: null, displayName: null });
  });

  it('still loading at 9 999 ms, forced false at 10 000 ms', async () => {
    const { view, clock, logError } = start();
    clock.increment(AUTH_TIMEOUT_MS - 1);
    await flush();
    expect(view().loading).toBe(true);
    clock.increment(1);
    await flush();
    expect(view()).toMatchObject({ loading: false, signedIn: false });
    expect(logError).toHaveBeenCalled();
  });

  it('aborts the pending session request when the timeout fires', async () => {
    const { clock, controlled } = start();
    const pending = controlled.pending('restoreSession');
    expect(pending?.signal.aborted).toBe(false);
    clock.increment(AUTH_TIMEOUT_MS);
    await flush();
    expect(pending?.signal.aborted).toBe(true);
  });

  it('aborts a hanging profile request at the timeout and keeps the user signed in without a profile', async () => {
    const { view, clock, controlled } = start();
    controlled.pending('restoreSession')?.resolve(USER);
    await flush();
    const profileRequest = controlled.pending('loadProfile');
    clock.increment(AUTH_TIMEOUT_MS);
    await flush();
    expect(profileRequest?.signal.aborted).toBe(true);
    expect(view()).toMatchObject({ loading: false, signedIn: true, displayName: 'ada@example.com' });
  });

  it('a profile error is logged and leaves the profile empty', async () => {
    const { view, controlled, logError, actor } = start();
    controlled.pending('restoreSession')?.resolve(USER);
    await flush();
    controlled.pending('loadProfile')?.reject(new Error('boom'));
    await flush();
    expect(actor.getSnapshot().context.profile).toBeNull();
    expect(view()).toMatchObject({ signedIn: true, loading: false });
    expect(logError).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ where: 'profile' }));
  });

  it.each([
    'SIGNED_IN',
    'TOKEN_REFRESHED',
    'USER_UPDATED',
    'PASSWORD_RECOVERY',
    'INITIAL_SESSION',
    'MFA_CHALLENGE_VERIFIED',
  ] as const)('%s with a user sets the user and reloads the profile', async (authEvent) => {
    const { actor, controlled } = start();
    controlled.pending('restoreSession')?.resolve(null);
    await flush();
    actor.send({ type: 'auth.changed', authEvent, user: USER });
    expect(actor.getSnapshot().context.user).toEqual(USER);
    expect(controlled.pending('loadProfile')?.input).toEqual({ userId: 'u-1' });
  });

  it('SIGNED_OUT clears user and profile', async () => {
    const { actor, controlled, view } = start();
    controlled.pending('restoreSession')?.resolve(USER);
    await flush();
    controlled.pending('loadProfile')?.resolve(PROFILE);
    await flush();
    actor.send({ type: 'auth.changed', authEvent: 'SIGNED_OUT', user: null });
    expect(actor.getSnapshot().context).toMatchObject({ user: null, profile: null });
    expect(view().signedIn).toBe(false);
  });

  it('sign-out failure is logged only and keeps the user signed in', async () => {
    const { actor, controlled, view, logError } = start();
    controlled.pending('restoreSession')?.resolve(USER);
    await flush();
    controlled.pending('loadProfile')?.resolve(PROFILE);
    await flush();
    actor.send({ type: 'auth.signOut' });
    controlled.pending('signOut')?.reject(new Error('offline'));
    await flush();
    expect(view().signedIn).toBe(true);
    expect(logError).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ where: 'sign-out' }));
  });
});

// Issue 13's hand-made mutations, which survived every test once: each is a one-word change of a target.
describe('auth machine: the transitions a review once mutated by hand', () => {
  it('a session-restore error leaves a signed-out visitor, not one on the way to the provider', async () => {
    const { actor, controlled, view, logError } = start();
    await controlled.reject('restoreSession', new Error('session storage unreadable'));
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().matches('redirecting')).toBe(false);
    expect(view()).toMatchObject({ loading: false, signedIn: false, busy: false, userId: null });
    expect(controlled.pending('startSignIn')).toBeUndefined();
    expect(logError).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ where: 'session' }));
  });

  it('a finished sign-out leaves a signed-out visitor: the state, not only the user, says so', async () => {
    const { actor, controlled, view } = await signedIn();
    actor.send({ type: 'auth.signOut' });
    await controlled.resolve('signOut', undefined);
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().matches('signedIn')).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ user: null, profile: null });
    expect(view()).toMatchObject({ signedIn: false, busy: false, userId: null });
    // Signed out means the sign-in button works again.
    actor.send({ type: 'auth.signIn' });
    expect(controlled.pending('startSignIn')).toBeDefined();
  });
});

async function signedIn() {
  const started = start();
  await started.controlled.resolve('restoreSession', USER);
  await started.controlled.resolve('loadProfile', PROFILE);
  await started.controlled.resolve('handOverGoogleAccess', undefined);
  return started;
}

describe('auth machine: requests that hang', () => {
  it('a sign-out that has not answered after 10 s is abandoned (aborted); the user stays signed in', async () => {
    const { actor, clock, controlled, view, logError } = await signedIn();
    actor.send({ type: 'auth.signOut' });
    const request = controlled.pending('signOut');
    clock.increment(AUTH_REQUEST_TIMEOUT_MS - 1);
    await flush();
    expect(view()).toMatchObject({ busy: true, signedIn: true });
    clock.increment(1);
    await flush();
    expect(request?.signal.aborted).toBe(true);
    expect(view()).toMatchObject({ busy: false, signedIn: true, userId: 'u-1' });
    expect(logError).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ where: 'sign-out' }));
  });

  it('a profile reload that has not answered after 10 s leaves the profile empty and the user signed in', async () => {
    const { actor, clock, controlled, view } = await signedIn();
    actor.send({ type: 'auth.changed', authEvent: 'USER_UPDATED', user: USER });
    const request = controlled.pending('loadProfile');
    clock.increment(AUTH_REQUEST_TIMEOUT_MS);
    await flush();
    expect(request?.signal.aborted).toBe(true);
    expect(actor.getSnapshot().context.profile).toBeNull();
    expect(view()).toMatchObject({ signedIn: true, displayName: 'ada@example.com' });
  });

  it('a profile reload that fails is over: no timeout is logged for it later', async () => {
    const { actor, clock, controlled, view, logError } = await signedIn();
    actor.send({ type: 'auth.changed', authEvent: 'USER_UPDATED', user: USER });
    await controlled.reject('loadProfile', new Error('profile query failed'));
    await controlled.resolve('handOverGoogleAccess', undefined);
    clock.increment(AUTH_REQUEST_TIMEOUT_MS);
    await flush();
    expect(logError).toHaveBeenCalledTimes(1);
    expect(view()).toMatchObject({ signedIn: true, busy: false, avatarUrl: null });
  });

  it('signing out while the profile reloads cancels the reload and signs out', async () => {
    const { actor, controlled } = await signedIn();
    actor.send({ type: 'auth.changed', authEvent: 'TOKEN_REFRESHED', user: USER });
    const reload = controlled.pending('loadProfile');
    actor.send({ type: 'auth.signOut' });
    expect(reload?.signal.aborted).toBe(true);
    await controlled.resolve('signOut', undefined);
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('a sign-in whose provider page has not opened after 15 s fails back to the landing page', async () => {
    const { actor, clock, controlled, view, logError } = start();
    await controlled.resolve('restoreSession', null);
    actor.send({ type: 'auth.signIn' });
    await controlled.resolve('startSignIn', undefined);
    clock.increment(SIGN_IN_REDIRECT_TIMEOUT_MS - 1);
    await flush();
    expect(view().busy).toBe(true);
    clock.increment(1);
    await flush();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(view().busy).toBe(false);
    expect(logError).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ where: 'sign-in' }));
  });
});

describe('auth machine: Google access', () => {
  it('hands Google access over on entering a session (restored or signed in), without making the user wait', async () => {
    const { actor, controlled, view } = start();
    await controlled.resolve('restoreSession', USER);
    expect(controlled.pending('handOverGoogleAccess')).toBeUndefined(); // not before the profile is in
    await controlled.resolve('loadProfile', PROFILE);
    expect(controlled.pending('handOverGoogleAccess')).toBeDefined();
    expect(view()).toMatchObject({ loading: false, signedIn: true, busy: false });
    await controlled.resolve('handOverGoogleAccess', undefined);
    actor.send({ type: 'auth.changed', authEvent: 'SIGNED_IN', user: USER });
    await controlled.resolve('loadProfile', PROFILE);
    expect(controlled.pending('handOverGoogleAccess')).toBeDefined();
  });

  it('a hand-over that succeeds is over: nothing is logged for it later', async () => {
    const { clock, controlled, logError } = start();
    await controlled.resolve('restoreSession', USER);
    await controlled.resolve('loadProfile', PROFILE);
    await controlled.resolve('handOverGoogleAccess', undefined);
    clock.increment(AUTH_REQUEST_TIMEOUT_MS);
    await flush();
    expect(logError).not.toHaveBeenCalled();
  });

  it('signing in again whose provider page never opens is given up after 15 s, the user still signed in', async () => {
    const { actor, clock, controlled, view, logError } = await signedIn();
    actor.send({ type: 'auth.signIn' });
    await controlled.resolve('startSignIn', undefined);
    clock.increment(SIGN_IN_REDIRECT_TIMEOUT_MS);
    await flush();
    expect(view()).toMatchObject({ signedIn: true, busy: false });
    expect(logError).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ where: 'sign-in' }));
  });

  it('logs a hand-over that fails or hangs (10 s, then aborted), and the session goes on', async () => {
    const { actor, clock, controlled, view, logError } = start();
    await controlled.resolve('restoreSession', USER);
    await controlled.resolve('loadProfile', PROFILE);
    await controlled.reject('handOverGoogleAccess', new Error('The Google token broker answered 503'));
    expect(logError).toHaveBeenLastCalledWith(
      expect.anything(),
      expect.objectContaining({
        where: 'Google hand-over',
        error: expect.objectContaining({ message: expect.stringContaining('503') }),
      }),
    );
    actor.send({ type: 'auth.changed', authEvent: 'SIGNED_IN', user: USER });
    await controlled.resolve('loadProfile', PROFILE);
    const handOver = controlled.pending('handOverGoogleAccess');
    clock.increment(AUTH_REQUEST_TIMEOUT_MS);
    await flush();
    expect(handOver?.signal.aborted).toBe(true);
    expect(logError).toHaveBeenLastCalledWith(
      expect.anything(),
      expect.objectContaining({ where: 'Google hand-over', error: 'timed out after 10 s' }),
    );
    expect(view()).toMatchObject({ signedIn: true, busy: false, userId: 'u-1' });
  });

  it('asks for calendar-change consent once; a failure or a page that never leaves is said, then it can be asked again', async () => {
    const { actor, clock, controlled, view } = await signedIn();
    actor.send({ type: 'auth.allowCalendarChanges' });
    expect(view()).toMatchObject({ askingWriteAccess: true, busy: true, writeAccessError: null });
    actor.send({ type: 'auth.allowCalendarChanges' });
    actor.send({ type: 'auth.signOut' });
    expect(controlled.invocations.filter((inv) => inv.src === 'askWriteAccess')).toHaveLength(1);
    expect(controlled.pending('signOut')).toBeUndefined();
    await controlled.reject('askWriteAccess', new Error('popup closed'));
    expect(view()).toMatchObject({
      askingWriteAccess: false,
      signedIn: true,
      writeAccessError: 'Could not ask for calendar changes: popup closed',
    });
    actor.send({ type: 'auth.allowCalendarChanges' });
    expect(view()).toMatchObject({ askingWriteAccess: true, writeAccessError: null });
    await controlled.resolve('askWriteAccess', undefined);
    clock.increment(SIGN_IN_REDIRECT_TIMEOUT_MS - 1);
    await flush();
    expect(view().askingWriteAccess).toBe(true);
    clock.increment(1);
    await flush();
    expect(view()).toMatchObject({
      askingWriteAccess: false,
      writeAccessError: 'Could not ask for calendar changes: the consent page did not open',
    });
  });
});

describe('auth machine without a port', () => {
  const ALL = ['restoreSession', 'loadProfile', 'startSignIn', 'signOut', 'handOverGoogleAccess', 'askWriteAccess'];
  function without(missing: string) {
    const controlled = createControlledActors(
      ALL.filter((name) => name !== missing),
      missing === 'watchAuthChanges' ? [] : ['watchAuthChanges'],
    );
    const actor = createActor(authMachine.provide({ actors: controlled.actors, actions: { logError: () => {} } }));
    actor.subscribe({ error: () => {} });
    actor.start();
    return { actor, controlled };
  }

  it('fails loudly, naming the subscription nobody provided', () => {
    const { actor } = without('watchAuthChanges');
    const snapshot = actor.getSnapshot();
    // Stopped with the error, or (when the chart catches the subscription's error) logged and kept.
    expect(String(snapshot.error ?? snapshot.context.lastError)).toContain('actor watchAuthChanges not provided');
  });

  it.each([
    ['restoreSession', async (_: ReturnType<typeof without>) => {}],
    ['loadProfile', async ({ controlled }: ReturnType<typeof without>) => controlled.resolve('restoreSession', USER)],
    [
      'startSignIn',
      async ({ actor, controlled }: ReturnType<typeof without>) => {
        await controlled.resolve('restoreSession', null);
        actor.send({ type: 'auth.signIn' });
      },
    ],
    [
      'signOut',
      async ({ actor, controlled }: ReturnType<typeof without>) => {
        await controlled.resolve('restoreSession', USER);
        await controlled.resolve('loadProfile', PROFILE);
        actor.send({ type: 'auth.signOut' });
      },
    ],
    [
      'handOverGoogleAccess',
      async ({ controlled }: ReturnType<typeof without>) => {
        await controlled.resolve('restoreSession', USER);
        await controlled.resolve('loadProfile', PROFILE);
      },
    ],
    [
      'askWriteAccess',
      async ({ actor, controlled }: ReturnType<typeof without>) => {
        await controlled.resolve('restoreSession', USER);
        await controlled.resolve('loadProfile', PROFILE);
        await controlled.resolve('handOverGoogleAccess', undefined);
        actor.send({ type: 'auth.allowCalendarChanges' });
      },
    ],
  ] as const)('logs a missing %s port by name', async (missing, reach) => {
    const started = without(missing);
    await flush();
    await reach(started);
    await flush();
    expect(started.actor.getSnapshot().context.lastError).toContain(`actor ${missing} not provided`);
  });
});

describe('auth machine logging (spec §8: failures are logged to the console only)', () => {
  it('writes the failure to console.error, naming what failed and why', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const controlled = createControlledActors(
        ['restoreSession', 'loadProfile', 'startSignIn', 'signOut'],
        ['watchAuthChanges'],
      );
      const actor = createActor(authMachine.provide({ actors: controlled.actors }));
      actor.start();
      await controlled.reject('restoreSession', new Error('session storage unreadable'));
      expect(consoleError).toHaveBeenCalledTimes(1);
      expect(consoleError.mock.calls[0]?.join(' ')).toBe('[auth] session failed: session storage unreadable');
    } finally {
      consoleError.mockRestore();
    }
  });
});

describe('createAuthActors', () => {
  function ports(overrides: Partial<AuthPorts>): AuthPorts {
    return {
      getSessionUser: async () => USER,
      fetchProfile: async () => ({ data: PROFILE, error: null }),
      onAuthChange: () => () => {},
      signIn: async () => {},
      signOut: async () => {},
      handOverGoogleAccess: async () => {},
      askWriteAccess: async () => {},
      ...overrides,
    };
  }

  async function runToSignedIn(p: AuthPorts) {
    const actor = createActor(authMachine.provide({ actors: createAuthActors(p), actions: { logError: () => {} } }));
    actor.start();
    await flush();
    await flush();
    return actor;
  }

  it('tolerates PGRST116 as "no profile" without logging an error', async () => {
    const actor = await runToSignedIn(
      ports({
        fetchProfile: async () => ({
          data: null,
          error: { code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object' },
        }),
      }),
    );
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ profile: null, lastError: null });
  });

  it('treats any other PostgREST error as a profile error', async () => {
    const actor = await runToSignedIn(
      ports({ fetchProfile: async () => ({ data: null, error: { code: '42501', message: 'permission denied' } }) }),
    );
    expect(actor.getSnapshot().context).toMatchObject({ profile: null, lastError: 'profile: permission denied' });
  });

  it('passes auth changes from the subscription to the machine and unsubscribes on stop', async () => {
    let listener: Parameters<AuthPorts['onAuthChange']>[0] | undefined;
    const unsubscribe = vi.fn();
    const actor = await runToSignedIn(
      ports({
        onAuthChange: (l) => {
          listener = l;
          return unsubscribe;
        },
      }),
    );
    listener?.('SIGNED_OUT', null);
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    actor.stop();
    expect(unsubscribe).toHaveBeenCalled();
  });
});

describe('auth view', () => {
  const signedIn = (profile: Profile | null) =>
    toAuthView(
      authMachine.resolveState({
        value: 'signedIn',
        context: { user: USER, profile, lastError: null, writeAccessError: null },
      }),
    );

  it('names the user by the profile’s full name, else (blank or missing) by the email', () => {
    expect(signedIn(PROFILE).displayName).toBe('Ada Lovelace');
    expect(signedIn({ ...PROFILE, full_name: '  Ada Lovelace ' }).displayName).toBe('Ada Lovelace');
    expect(signedIn({ ...PROFILE, full_name: '   ' }).displayName).toBe('ada@example.com');
    expect(signedIn({ ...PROFILE, full_name: null }).displayName).toBe('ada@example.com');
    expect(signedIn(null).displayName).toBe('ada@example.com');
  });

  it('stateString writes a state value as a dotted path, parallel regions joined by commas', () => {
    expect(stateString('signedIn')).toBe('signedIn');
    expect(stateString({ call: { starting: 'webCallCreation' } })).toBe('call.starting.webCallCreation');
    expect(stateString({ active: { connection: 'live', speech: 'quiet' } })).toBe(
      'active.connection.live,speech.quiet',
    );
    expect(stateString(null)).toBe('null');
    expect(stateString(7)).toBe('7');
  });
});
