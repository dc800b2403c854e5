import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  AUTH_TIMEOUT_MS,
  type AuthPorts,
  type AuthUser,
  authMachine,
  createAuthActors,
  type Profile,
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
    ['restoreSession', 'loadProfile', 'startSignIn', 'signOut'],
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

describe('createAuthActors', () => {
  function ports(overrides: Partial<AuthPorts>): AuthPorts {
    return {
      getSessionUser: async () => USER,
      fetchProfile: async () => ({ data: PROFILE, error: null }),
      onAuthChange: () => () => {},
      signIn: async () => {},
      signOut: async () => {},
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
