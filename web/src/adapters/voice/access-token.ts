// The signed-in user's Supabase access token, for the call-token function (web/src/adapters/call-token.ts)
// to know which clinician asks; it goes to our Supabase project only, never to the voice platform. Read
// from supabase-js's persisted session (`sb-<host>-auth-token`), which supabase-js keeps current when it
// refreshes the token; no supabase-js import needed here.
import { storageKeyFor } from '../supabase-client.ts';

export function readAccessToken(
  supabaseUrl: string,
  storage: Pick<Storage, 'getItem'> | null = safeStorage(),
): string | null {
  try {
    const raw = storage?.getItem(storageKeyFor(supabaseUrl));
    if (!raw) return null;
    const session = JSON.parse(raw) as { access_token?: unknown; currentSession?: { access_token?: unknown } };
    const token = session.access_token ?? session.currentSession?.access_token;
    return typeof token === 'string' && token ? token : null;
  } catch {
    return null;
  }
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
