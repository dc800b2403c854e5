// Builds the auth machine's actors from a face's ports. The PGRST116 rule lives here so every face
// gets it: "no row" from PostgREST is an empty profile, not an error (spec §4).
import { fromCallback, fromPromise } from 'xstate';
import type { AuthEvent, AuthPorts, AuthUser, Profile } from './auth.types.ts';

/** PostgREST's code when `.single()` finds no row (or RLS hides it). */
export const PROFILE_NOT_FOUND_CODE = 'PGRST116';

export class ProfileLoadError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'ProfileLoadError';
    this.code = code;
  }
}

export function createAuthActors(ports: AuthPorts) {
  return {
    restoreSession: fromPromise<AuthUser | null, void>(({ signal }) => ports.getSessionUser(signal)),
    loadProfile: fromPromise<Profile | null, { userId: string }>(async ({ input, signal }) => {
      const { data, error } = await ports.fetchProfile(input.userId, signal);
      if (error?.code === PROFILE_NOT_FOUND_CODE) return null;
      if (error) throw new ProfileLoadError(error.message, error.code);
      return data;
    }),
    watchAuthChanges: fromCallback<AuthEvent, void>(({ sendBack }) =>
      ports.onAuthChange((authEvent, user) => sendBack({ type: 'auth.changed', authEvent, user })),
    ),
    startSignIn: fromPromise<void, void>(() => ports.signIn()),
    signOut: fromPromise<void, void>(() => ports.signOut()),
    handOverGoogleAccess: fromPromise<void, void>(({ signal }) => ports.handOverGoogleAccess(signal)),
    askWriteAccess: fromPromise<void, void>(() => ports.askWriteAccess()),
  };
}
