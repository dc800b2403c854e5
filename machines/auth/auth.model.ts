// The auth machine's model for path generation: representative actor results and outside events.
import type { MachineModel } from '../shared/model.ts';
import { authMachine } from './auth.machine.ts';
import type { AuthUser, Profile } from './auth.types.ts';

export const MODEL_USER: AuthUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  fullName: 'Ada Nurse',
  avatarUrl: null,
};
export const MODEL_PROFILE: Profile = {
  id: MODEL_USER.id,
  email: 'ada@example.com',
  full_name: 'Ada Nurse',
  avatar_url: null,
};

export const authModel: MachineModel<typeof authMachine> = {
  name: 'auth',
  // Its console.error lines stay: the model-based walk catches them for the oracle (spec §8 "logged").
  machine: authMachine,
  outcomes: {
    restoreSession: [
      { label: 'session found', output: MODEL_USER },
      { label: 'no session', output: null },
      { label: 'session error', error: new Error('session storage unreadable') },
    ],
    loadProfile: [
      { label: 'profile found', output: MODEL_PROFILE },
      { label: 'no profile (PGRST116)', output: null },
      { label: 'profile error', error: new Error('profile query failed') },
    ],
    startSignIn: [
      { label: 'redirecting', output: undefined },
      { label: 'sign-in error', error: new Error('popup blocked') },
    ],
    signOut: [
      { label: 'signed out', output: undefined },
      { label: 'sign-out error', error: new Error('network down') },
    ],
    handOverGoogleAccess: [
      { label: 'handed over (or nothing to hand over)', output: undefined },
      { label: 'broker unavailable', error: new Error('The Google token broker answered 503') },
    ],
    askWriteAccess: [
      { label: 'leaving for consent', output: undefined },
      { label: 'consent error', error: new Error('popup blocked') },
    ],
    // The auth-change subscription never completes; it can fail (a throwing listener).
    watchAuthChanges: [{ label: 'subscription failed', error: new Error('auth subscription failed') }],
  },
  callbacks: ['watchAuthChanges'],
  events: [
    { type: 'auth.changed', authEvent: 'SIGNED_IN', user: MODEL_USER },
    { type: 'auth.changed', authEvent: 'SIGNED_OUT', user: null },
    { type: 'auth.signIn' },
    { type: 'auth.signOut' },
    { type: 'auth.allowCalendarChanges' },
  ],
  // lastError only records what was logged; leaving it out keeps the graph finite.
  serializeContext: (context) => {
    const { user, profile } = context as { user: unknown; profile: unknown };
    return { user, profile };
  },
};
