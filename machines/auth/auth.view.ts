// What the UI shows of the auth machine: loading flag, who is signed in and how to name them.
import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './auth.machine.ts';

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export interface AuthView {
  /** True until the session (and its profile) is known, or 10 s have passed. */
  loading: boolean;
  signedIn: boolean;
  /** Signing in or out is in progress. */
  busy: boolean;
  userId: string | null;
  email: string | null;
  /** Full name, or else the email (spec §2: signed-in header). */
  displayName: string | null;
  avatarUrl: string | null;
  /** The consent to calendar changes is under way (the page is about to leave for Google). */
  askingWriteAccess: boolean;
  /** Why the consent to calendar changes could not start, or null. */
  writeAccessError: string | null;
  /** The machine's state path, for data-state attributes. */
  state: string;
}

export function stateString(value: unknown): string {
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, child]) => `${key}.${stateString(child)}`)
      .join(',');
  }
  return String(value);
}

export function toAuthView(snapshot: AuthSnapshot): AuthView {
  const { user, profile } = snapshot.context;
  const loading = snapshot.hasTag('loading');
  // The chart guarantees a user in these states: the view trusts it (a wrong transition shows here).
  const signedIn = snapshot.matches('signedIn') || snapshot.matches('signingOut');
  // Spec §2: the profile's full name, or else the email (a user without a profile row shows the email).
  const fullName = profile?.full_name?.trim() || null;
  const email = profile?.email ?? user?.email ?? null;
  return {
    loading,
    signedIn,
    busy: snapshot.hasTag('busy'),
    userId: user?.id ?? null,
    email,
    displayName: fullName ?? email,
    avatarUrl: profile?.avatar_url ?? null,
    askingWriteAccess: snapshot.hasTag('writeAccess'),
    writeAccessError: snapshot.context.writeAccessError,
    state: stateString(snapshot.value),
  };
}
