// Who the kept copy belongs to: the signed-in clinician's id from the page's supabase-js session. Offline, the
// session stored by supabase-js in this browser answers instead: asking supabase-js would spend up to 30 s failing
// to refresh an access token that expired meanwhile, and the copy on the device needs no token to be read. Nothing
// reaches the server with it: every request still needs a token the server accepts.
import type { User } from '@supabase/supabase-js';
import type { SupabaseLoader } from '../adapters/supabase-client.ts';

export type CurrentUserId = () => Promise<string | null>;

function isOffline(nav: Navigator | undefined = globalThis.navigator): boolean {
  return nav?.onLine === false;
}

/** Offline only: the user of the session supabase-js keeps under `storageKey`, or null (online, none, unreadable). */
export function offlineSessionUser(
  storageKey: string,
  nav: Navigator | undefined = globalThis.navigator,
  storage: Storage | undefined = globalThis.localStorage,
): User | null {
  if (!isOffline(nav)) return null;
  try {
    const stored = JSON.parse(storage?.getItem(storageKey) ?? 'null') as { user?: User } | null;
    return typeof stored?.user?.id === 'string' ? stored.user : null;
  } catch {
    return null;
  }
}

export function sessionUserId(loader: SupabaseLoader, storageKey: string): CurrentUserId {
  return async () => {
    const offline = offlineSessionUser(storageKey);
    if (offline) return offline.id;
    if (!loader.isLoaded() && !loader.hasSessionHint()) return null;
    const client = await loader.load();
    const { data } = await client.auth.getSession();
    return data.session?.user.id ?? null;
  };
}
