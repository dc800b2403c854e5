// Where the clinician's day starts and ends, kept on their own profile row (home_label, home_lat, home_lng;
// owner-only RLS) and read and written through PostgREST with the page's supabase-js client. The Route view
// counts the drives from and back home only when it knows this place. Personal data: never logged, never in a
// URL (filters carry only the user id; values go in the PATCH body). main.tsx provides the page's store once,
// like the calendar write access; the Route view asks for it.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { SupabaseLoader } from './supabase-client.ts';

export const PROFILE_HOME_COLUMNS = 'home_label,home_lat,home_lng';

export interface ProfileHome {
  /** What the clinician calls the place (an address), or null. */
  label: string | null;
  lat: number;
  lng: number;
}

export interface ProfileHomeStore {
  /** The saved start of the day, null when none is saved (or there is no profile row). Throws when it cannot be read. */
  read(signal?: AbortSignal): Promise<ProfileHome | null>;
  /** Saves the place on the profile (null forgets it); resolves with what the profile now holds. */
  save(home: ProfileHome | null): Promise<ProfileHome | null>;
}

/** A failed read or write of the profile's home: the PostgREST code only, never the place. */
export class ProfileHomeError extends Error {
  constructor(readonly code: string) {
    super(`profile home: ${code}`);
    this.name = 'ProfileHomeError';
  }
}

const isLatitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;
const isLongitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;

/** A profile row's home, or null when it has none (or a malformed one). */
export function toProfileHome(row: Record<string, unknown> | null | undefined): ProfileHome | null {
  if (!row || !isLatitude(row.home_lat) || !isLongitude(row.home_lng)) return null;
  const label = typeof row.home_label === 'string' && row.home_label.trim() ? row.home_label : null;
  return { label, lat: row.home_lat, lng: row.home_lng };
}

async function signedInUserId(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  const id = data.session?.user.id;
  if (!id) throw new ProfileHomeError('not_signed_in');
  return id;
}

export function createProfileHomeStore(loader: SupabaseLoader): ProfileHomeStore {
  // One read per signed-in user and page: the Route view opens often, the place seldom changes.
  let cached: { userId: string; home: ProfileHome | null } | null = null;
  return {
    async read(signal) {
      const client = await loader.load();
      const userId = await signedInUserId(client);
      if (cached?.userId === userId) return cached.home;
      let query = client.from('profiles').select(PROFILE_HOME_COLUMNS).eq('id', userId);
      if (signal) query = query.abortSignal(signal);
      const { data, error } = await query.maybeSingle<Record<string, unknown>>();
      if (error) throw new ProfileHomeError(error.code || 'read_failed');
      const home = toProfileHome(data);
      cached = { userId, home };
      return home;
    },
    async save(home) {
      const client = await loader.load();
      const userId = await signedInUserId(client);
      const { data, error } = await client
        .from('profiles')
        .update({ home_label: home?.label ?? null, home_lat: home?.lat ?? null, home_lng: home?.lng ?? null })
        .eq('id', userId)
        .select(PROFILE_HOME_COLUMNS);
      if (error) throw new ProfileHomeError(error.code || 'save_failed');
      // RLS shows no row when the profile is missing: nothing was saved.
      if (!Array.isArray(data) || data.length !== 1) throw new ProfileHomeError('no_profile');
      const saved = toProfileHome(data[0] as Record<string, unknown>);
      cached = { userId, home: saved };
      return saved;
    },
  };
}

let pageStore: ProfileHomeStore | null = null;

/** main.tsx wires the page's store once (the page has one supabase-js client). */
export function providePageProfileHome(store: ProfileHomeStore | null): void {
  pageStore = store;
}

/** The page's store, or null where none was provided (then the Route view cannot know the home). */
export function pageProfileHome(): ProfileHomeStore | null {
  return pageStore;
}
