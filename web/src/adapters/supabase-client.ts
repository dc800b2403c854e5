// The one supabase-js client of the page, created on demand: supabase-js is imported only when a
// session may exist (stored session, PKCE callback) or when the user signs in, so the landing page
// ships without it. `hasSessionHint` answers synchronously from localStorage and the URL.
import type { SupabaseClient } from '@supabase/supabase-js';

export interface SupabaseLoader {
  /** Imports supabase-js (once) and returns the client. */
  load(): Promise<SupabaseClient>;
  /** Calls `listener` once the client exists (at once if it already does); returns an unsubscribe. */
  onLoaded(listener: (client: SupabaseClient) => void): () => void;
  /** True when supabase-js must run to know the session: a stored session or an OAuth callback. */
  hasSessionHint(): boolean;
  isLoaded(): boolean;
}

/** supabase-js's default storage key: `sb-<first label of the hostname>-auth-token`. */
export function storageKeyFor(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function createSupabaseLoader(
  config: { supabaseUrl: string; supabaseAnonKey: string },
  importSdk: () => Promise<typeof import('./supabase-sdk.ts')> = () => import('./supabase-sdk.ts'),
): SupabaseLoader {
  let client: SupabaseClient | null = null;
  let pending: Promise<SupabaseClient> | null = null;
  const listeners = new Set<(client: SupabaseClient) => void>();
  const storageKey = storageKeyFor(config.supabaseUrl);

  return {
    load() {
      pending ??= importSdk().then(({ createClient }) => {
        client = createClient(config.supabaseUrl, config.supabaseAnonKey, {
          auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
        });
        for (const listener of listeners) listener(client);
        return client;
      });
      return pending;
    },
    onLoaded(listener) {
      if (client) {
        listener(client);
        return () => {};
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isLoaded() {
      return client !== null;
    },
    hasSessionHint() {
      const storage = safeLocalStorage();
      if (storage?.getItem(storageKey)) return true;
      const params = new URLSearchParams(window.location.search);
      return params.has('code') && !!storage?.getItem(`${storageKey}-code-verifier`);
    },
  };
}
