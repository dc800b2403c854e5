// Where the server keeps what Google's Geocoding API answered: public.geocode_cache (migration
// 20261127000000_geocode_cache.sql), through the bare `query(sql, params)` port so the same code runs on the local
// platform's PGlite and, in the Edge Functions, on postgres.js. Instants travel as ISO text and are compared in SQL,
// so no driver's date mapping matters; "now" is always the caller's (injected) clock.
//
// The key is core/geo's addressKey(address): the address itself, i.e. patient data. It stays server-side: this table
// is closed to every API role (RLS, no policy), and neither the key nor anything of the address is ever logged.
//
// Google's Maps Platform terms allow caching latitude/longitude for up to 30 consecutive days: an 'ok' entry is used
// for 30 days, a 'not-found' one for 1 day (the address may be fixed at Google, or mistyped once); older entries are
// not used, the next lookup refreshes them, and every write deletes the rows past those ages.
import type { Located } from '../../core/geo/geocoder.ts';
import type { SqlQuery } from '../sql.ts';

const DAY_MS = 86_400_000;

/** How long a cached answer may be used. */
export const GEOCODE_CACHE_TTL_MS = { ok: 30 * DAY_MS, notFound: DAY_MS } as const;

export type CachedGeocode = Located | 'not-found';

export interface GeocodeCache {
  /** The answer cached for this address key, if it is still fresh at `now`; null otherwise. */
  get(addressKey: string, now: Date): Promise<CachedGeocode | null>;
  /** Stores (or refreshes) the answer fetched at `now`, and deletes the entries that are no longer fresh. */
  put(addressKey: string, answer: CachedGeocode, now: Date): Promise<void>;
}

/** The oldest `fetched_at` still fresh at `now`, for each kind of entry (ISO text, bound as parameters). */
export function freshSince(now: Date): { ok: string; notFound: string } {
  const at = now.getTime();
  return {
    ok: new Date(at - GEOCODE_CACHE_TTL_MS.ok).toISOString(),
    notFound: new Date(at - GEOCODE_CACHE_TTL_MS.notFound).toISOString(),
  };
}

function toCached(row: Record<string, unknown> | undefined): CachedGeocode | null {
  if (!row) return null;
  if (row.status === 'not-found') return 'not-found';
  const lat = Number(row.lat);
  const lon = Number(row.lon);
  if (row.status !== 'ok' || row.lat == null || row.lon == null || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    return null;
  }
  return {
    lat,
    lon,
    approximate: row.approximate === true,
    formatted: typeof row.formatted === 'string' ? row.formatted : null,
  };
}

export function createGeocodeCache(query: SqlQuery): GeocodeCache {
  return {
    async get(addressKey, now) {
      const since = freshSince(now);
      const { rows } = await query(
        `select lat, lon, approximate, formatted, status from public.geocode_cache
         where address_key = $1
           and fetched_at > case when status = 'ok' then $2::timestamptz else $3::timestamptz end`,
        [addressKey, since.ok, since.notFound],
      );
      return toCached(rows[0]);
    },
    async put(addressKey, answer, now) {
      const found = answer !== 'not-found';
      await query(
        `insert into public.geocode_cache (address_key, lat, lon, approximate, formatted, status, fetched_at)
         values ($1, $2, $3, $4, $5, $6, $7::timestamptz)
         on conflict (address_key) do update set lat = excluded.lat, lon = excluded.lon,
           approximate = excluded.approximate, formatted = excluded.formatted, status = excluded.status,
           fetched_at = excluded.fetched_at`,
        [
          addressKey,
          found ? answer.lat : null,
          found ? answer.lon : null,
          found ? answer.approximate : false,
          found ? answer.formatted : null,
          found ? 'ok' : 'not-found',
          now.toISOString(),
        ],
      );
      // Nothing older than Google's terms allow stays behind, even for addresses nobody asks for again.
      const since = freshSince(now);
      await query(
        `delete from public.geocode_cache
         where fetched_at <= $1::timestamptz or (status = 'not-found' and fetched_at <= $2::timestamptz)`,
        [since.ok, since.notFound],
      );
    },
  };
}
