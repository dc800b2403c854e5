// The auth machine's ports over supabase-js (PKCE, Google, read-only calendar scope, offline access so
// that Google's refresh token reaches the token broker). Failures are thrown to the machine, which logs
// them (spec §8: sign-in/out and session errors go to the console). Also the incremental consent that
// adds calendar write access when the assistant first needs it, and (given by the caller) the hand-over
// of Google's refresh token to the server's broker. Sign-out first ends the clinician's call tokens (revokeCallTokens).
import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import { FUNCTION_NAMES } from '../../../core/assistant/contract.ts';
import { CALENDAR_EVENTS_SCOPE, CALENDAR_READONLY_SCOPE } from '../../../core/google/access.ts';
import type { AuthChangeEventName, AuthPorts, AuthUser, Profile } from '../../../machines/auth/index.ts';
import type { SupabaseLoader } from './supabase-client.ts';

/**
 * Google returns a refresh token only for offline access, and reliably only with a fresh consent; the
 * server keeps it so the calendar works after supabase-js drops `provider_token` (≤ 1 h).
 */
export const OFFLINE_ACCESS_PARAMS: Readonly<Record<string, string>> = { access_type: 'offline', prompt: 'consent' };
/** Read plus event write: asked only when the assistant must change the calendar (least privilege). */
export const CALENDAR_WRITE_SCOPES = `${CALENDAR_READONLY_SCOPE} ${CALENDAR_EVENTS_SCOPE}`;

export interface SupabaseAuthOptions {
  /** Absolute URL the provider sign-in returns to (the site's origin plus a return path). */
  redirectTo(): string;
  scopes: string;
  /** Where the consent to calendar changes returns to (default: this page). */
  writeAccessRedirectTo?(): string;
  /** The Google token broker's hand-over (web/src/adapters/google-token.ts `googleAccessHandOver`). */
  handOverGoogleAccess(signal: AbortSignal): Promise<void>;
  /**
   * The copy kept on the device for offline reading (web/src/offline): cleared when the session ends (here or in
   * another tab), and another clinician's removed when someone else signs in.
   */
  offlineData?: {
    clear(): Promise<void>;
    forgetOthers(userId: string): Promise<void>;
    /** Offline only: the stored session's user, so the kept copy can be read without refreshing a token. */
    sessionUser?(): User | null;
  };
}

function metadataString(metadata: Record<string, unknown> | undefined, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = metadata?.[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
}

/** What the product keeps of a Supabase user: no tokens, names from the provider's metadata. */
export function toAuthUser(user: User): AuthUser {
  const metadata = user.user_metadata as Record<string, unknown> | undefined;
  return {
    id: user.id,
    email: user.email ?? metadataString(metadata, 'email'),
    fullName: metadataString(metadata, 'full_name', 'name'),
    avatarUrl: metadataString(metadata, 'avatar_url', 'picture'),
  };
}

function sessionUser(session: Session | null): AuthUser | null {
  return session?.user ? toAuthUser(session.user) : null;
}

const OAUTH_ERROR_KEYS = ['error', 'error_code', 'error_description', 'sb'];

/**
 * A cancelled or failed provider sign-in comes back as `?error=…&error_description=…` (and in the
 * fragment). Logs it (console only, spec §8) and removes the parameters from the address bar.
 */
export function consumeOAuthError(location: Location = window.location, history: History = window.history): void {
  const search = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const error =
    search.get('error_description') ?? hash.get('error_description') ?? search.get('error') ?? hash.get('error');
  if (!error) return;
  console.error('[auth] sign-in failed:', error);
  for (const key of OAUTH_ERROR_KEYS) search.delete(key);
  const query = search.toString();
  history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}`);
}

export function createSupabaseAuthPorts(loader: SupabaseLoader, options: SupabaseAuthOptions): AuthPorts {
  return {
    async getSessionUser() {
      consumeOAuthError();
      // Offline: the stored session stands (supabase-js would spend 30 s failing to refresh an expired token).
      const offlineUser = options.offlineData?.sessionUser?.();
      if (offlineUser) return toAuthUser(offlineUser);
      // No stored session and no callback to finish: signed out, without downloading supabase-js.
      if (!loader.isLoaded() && !loader.hasSessionHint()) return null;
      const client = await loader.load();
      const { data, error } = await client.auth.getSession();
      if (error) throw error;
      const user = sessionUser(data.session);
      if (user) await options.offlineData?.forgetOthers(user.id);
      return user;
    },

    async fetchProfile(userId, signal) {
      if (options.offlineData?.sessionUser?.()) {
        return {
          data: null,
          error: { code: 'offline', message: 'no connection: the profile is read once back online' },
        };
      }
      const client = await loader.load();
      const { data, error } = await client
        .from('profiles')
        .select('*')
        .eq('id', userId)
        .abortSignal(signal)
        .single<Profile>();
      return { data: data ?? null, error: error ? { code: error.code, message: error.message } : null };
    },

    onAuthChange(listener) {
      let active = true;
      let unsubscribe: (() => void) | null = null;
      const attach = (client: SupabaseClient) => {
        if (!active || unsubscribe) return;
        const { data } = client.auth.onAuthStateChange((event, session) => {
          // The initial session is what restoreSession reports; forwarding it too would only
          // load the profile twice (and, with no session, interrupt a sign-in that just began).
          if (event === 'INITIAL_SESSION') return;
          const user = sessionUser(session);
          if (event === 'SIGNED_OUT') void options.offlineData?.clear();
          else if (user) void options.offlineData?.forgetOthers(user.id);
          // Leave supabase-js's callback before the machine calls back into the client.
          setTimeout(() => {
            if (active) listener(event as AuthChangeEventName, user);
          }, 0);
        });
        unsubscribe = () => data.subscription.unsubscribe();
      };
      const stopWaiting = loader.onLoaded(attach);
      return () => {
        active = false;
        stopWaiting();
        unsubscribe?.();
      };
    },

    async signIn() {
      const client = await loader.load();
      const { error } = await client.auth.signInWithOAuth({
        provider: 'google',
        options: {
          redirectTo: options.redirectTo(),
          scopes: options.scopes,
          queryParams: { ...OFFLINE_ACCESS_PARAMS },
        },
      });
      if (error) throw error;
    },

    async signOut() {
      const client = await loader.load();
      await revokeCallTokens(client);
      // Patient data on a lost phone is a breach: the kept copy goes whether or not the server hears the sign-out.
      await options.offlineData?.clear();
      const { error } = await client.auth.signOut();
      if (error) throw error;
    },

    handOverGoogleAccess: (signal) => options.handOverGoogleAccess(signal),

    askWriteAccess: calendarWriteAccess(loader, options.writeAccessRedirectTo ?? (() => currentPageUrl())),
  };
}

/** How long sign-out waits for the call tokens' revocation (the auth machine gives sign-out 10 s in all). */
export const REVOKE_CALL_TOKENS_TIMEOUT_MS = 3_000;

/**
 * Ends the call tokens issued to this clinician (server/functions/call-token.ts, `revoke`), while the session can
 * still say who they are: a call or chat token handed to the voice platform stops working at sign-out, not 30 minutes
 * later. Best effort: sign-out goes on when the function cannot be reached (the tokens then end when they expire).
 */
export async function revokeCallTokens(client: SupabaseClient): Promise<void> {
  try {
    const { error } = await client.functions.invoke(`${FUNCTION_NAMES.callToken}/revoke`, {
      method: 'POST',
      timeout: REVOKE_CALL_TOKENS_TIMEOUT_MS,
    });
    if (error) console.warn('[auth] call tokens not revoked at sign-out:', error.message);
  } catch (error) {
    console.warn('[auth] call tokens not revoked at sign-out:', (error as Error).message);
  }
}

/** This page's address without the fragment: where the write consent returns to. */
export function currentPageUrl(location: Location = window.location): string {
  return `${location.origin}${location.pathname}${location.search}`;
}

/**
 * Starts Google's incremental authorization for event write access (`calendar.events`, keeping the
 * grants already given with include_granted_scopes), returning to `redirectTo`.
 * The new session's refresh token, now with the write scope, reaches the broker like any sign-in's.
 */
function calendarWriteAccess(loader: SupabaseLoader, redirectTo: () => string): () => Promise<void> {
  return async () => {
    const client = await loader.load();
    const { error } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: {
        redirectTo: redirectTo(),
        scopes: CALENDAR_WRITE_SCOPES,
        queryParams: { ...OFFLINE_ACCESS_PARAMS, include_granted_scopes: 'true' },
      },
    });
    if (error) throw error;
  };
}
