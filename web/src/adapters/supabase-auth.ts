// The auth machine's ports over supabase-js (PKCE, Google, read-only calendar scope). Failures are
// thrown to the machine, which logs them (spec §8: sign-in/out and session errors go to the console).
import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import type { AuthChangeEventName, AuthPorts, AuthUser, Profile } from '../../../machines/auth/index.ts';
import type { SupabaseLoader } from './supabase-client.ts';

export interface SupabaseAuthOptions {
  /** Absolute URL the provider sign-in returns to (the site's origin plus a return path). */
  redirectTo(): string;
  scopes: string;
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
      // No stored session and no callback to finish: signed out, without downloading supabase-js.
      if (!loader.isLoaded() && !loader.hasSessionHint()) return null;
      const client = await loader.load();
      const { data, error } = await client.auth.getSession();
      if (error) throw error;
      return sessionUser(data.session);
    },

    async fetchProfile(userId, signal) {
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
        options: { redirectTo: options.redirectTo(), scopes: options.scopes },
      });
      if (error) throw error;
    },

    async signOut() {
      const client = await loader.load();
      const { error } = await client.auth.signOut();
      if (error) throw error;
    },
  };
}
