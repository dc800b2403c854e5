// Types of the auth machine: the signed-in user and profile as plain JSON, its events, and the
// ports a face implements (supabase-js in the web app, fakes in tests).

/** The auth events Supabase Auth emits through onAuthStateChange (spec §4). */
export const AUTH_CHANGE_EVENTS = [
  'INITIAL_SESSION',
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
  'MFA_CHALLENGE_VERIFIED',
] as const;
export type AuthChangeEventName = (typeof AUTH_CHANGE_EVENTS)[number];

/** What the product keeps of the auth user (no tokens). */
export interface AuthUser {
  id: string;
  email: string | null;
  /** From the provider's metadata; the profile row is preferred when present. */
  fullName: string | null;
  avatarUrl: string | null;
}

/** The `profiles` row (spec §3): read by id equal to the auth user id. */
export interface Profile {
  id: string;
  email: string | null;
  full_name: string | null;
  avatar_url: string | null;
}

/** PostgREST's error shape as supabase-js returns it. */
export interface ProfileQueryError {
  code?: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

export interface AuthContext {
  user: AuthUser | null;
  profile: Profile | null;
  /** The last error logged (session, profile, sign-in or sign-out); never shown to the user. */
  lastError: string | null;
  /** Why the consent to calendar changes could not start (shown in the assistant panel), or null. */
  writeAccessError: string | null;
}

export type AuthEvent =
  | { type: 'auth.changed'; authEvent: AuthChangeEventName; user: AuthUser | null }
  | { type: 'auth.signIn' }
  | { type: 'auth.signOut' }
  /** "Allow calendar changes": ask Google for consent to change the calendar (the page leaves for it). */
  | { type: 'auth.allowCalendarChanges' };

/** What the machine tells its face: a signed-in session ended (sign-out here, or in another tab). */
export type AuthEmitted = { type: 'auth.signedOut' };

/** What a face provides: the auth service and the profile table. */
export interface AuthPorts {
  /** The stored session's user, or null when there is none. Rejects on a session error. */
  getSessionUser(signal: AbortSignal): Promise<AuthUser | null>;
  /** `profiles` select * where id = userId, single row; the raw result so the machine decides on PGRST116. */
  fetchProfile(userId: string, signal: AbortSignal): Promise<{ data: Profile | null; error: ProfileQueryError | null }>;
  /** Subscribes to auth changes; returns the unsubscribe function. */
  onAuthChange(listener: (authEvent: AuthChangeEventName, user: AuthUser | null) => void): () => void;
  /** Starts the provider sign-in (navigates away in the browser). */
  signIn(): Promise<void>;
  signOut(): Promise<void>;
  /**
   * Hands an offline sign-in's Google refresh token to the server's broker and removes it from the browser;
   * resolves at once when the session holds none. Rejects when the broker could not take it.
   */
  handOverGoogleAccess(signal: AbortSignal): Promise<void>;
  /** Starts Google's incremental consent to calendar changes (navigates away in the browser). */
  askWriteAccess(): Promise<void>;
}
