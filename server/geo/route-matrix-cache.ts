// Where the server keeps what Google's Routes API answered for a pair of places: public.route_matrix_cache (migration
// 20261127100000_route_matrix_cache.sql), through the bare `query(sql, params)` port so the same code runs on the local
// platform's PGlite and, in the Edge Functions, on postgres.js. Pairs travel as one JSON parameter (no driver's array
// mapping matters), instants as ISO text compared in SQL; "now" is always the caller's (injected) clock.
//
// A row is one leg: origin and destination (coordinates rounded to 5 decimals, ≈ 1 m: routeMatrixPointKey) and the
// departure hour it was asked for ('none' without traffic, else the UTC hour "2026-10-29T14:00Z"). Coordinates of
// patients' homes are health data: the table is closed to every API role (RLS, no policy) and nothing of it is logged.
//
// How long a row is used: a route for 30 days, "no route" for 1 day (ROUTE_NOT_FOUND often means a place was put in
// the wrong spot, and is fixed) — the most Google's Maps Platform terms allow for cached content is 30 consecutive
// days, and roads change. A traffic-aware row is only ever asked for during its hour or before it, so once its hour
// has passed it is useless: every write deletes those, and every row past the ages above.
import type { SqlQuery } from '../sql.ts';

const DAY_MS = 86_400_000;

/** How long a cached leg may be used. */
export const ROUTE_MATRIX_CACHE_TTL_MS = { route: 30 * DAY_MS, noRoute: DAY_MS } as const;

/** A leg as cached: the driving time and distance, or no route between the two places. */
export type CachedLeg = { seconds: number; meters: number } | 'no-route';

export interface CachedLegEntry {
  origin: string;
  destination: string;
  leg: CachedLeg;
}

export interface RouteMatrixCache {
  /**
   * The fresh legs among `pairs` ([origin key, destination key]) for this departure hour at `now`, keyed by
   * legKey(origin, destination); pairs not cached (or no longer fresh) are absent.
   */
  get(pairs: readonly (readonly [string, string])[], departureHour: string, now: Date): Promise<Map<string, CachedLeg>>;
  /** Stores (or refreshes) legs fetched at `now`, and deletes the rows that can no longer be used. */
  put(legs: readonly CachedLegEntry[], departureHour: string, now: Date): Promise<void>;
}

export function legKey(origin: string, destination: string): string {
  return `${origin}|${destination}`;
}

/** The departure-hour bucket of an instant: its UTC hour, "2026-10-29T14:00Z". */
export function hourBucket(instant: Date): string {
  return `${instant.toISOString().slice(0, 13)}:00Z`;
}

/** The oldest `fetched_at` still fresh at `now`, for each kind of row (ISO text, bound as parameters). */
export function legFreshSince(now: Date): { route: string; noRoute: string } {
  const at = now.getTime();
  return {
    route: new Date(at - ROUTE_MATRIX_CACHE_TTL_MS.route).toISOString(),
    noRoute: new Date(at - ROUTE_MATRIX_CACHE_TTL_MS.noRoute).toISOString(),
  };
}

function toLeg(row: Record<string, unknown>): CachedLeg | null {
  if (row.condition === 'ROUTE_NOT_FOUND') return 'no-route';
  const seconds = Number(row.duration_s);
  const meters = Number(row.distance_m);
  if (row.condition !== 'ROUTE_EXISTS' || row.duration_s == null || row.distance_m == null) return null;
  if (!Number.isFinite(seconds) || !Number.isFinite(meters) || seconds < 0 || meters < 0) return null;
  return { seconds, meters };
}

export function createRouteMatrixCache(query: SqlQuery): RouteMatrixCache {
  return {
    async get(pairs, departureHour, now) {
      const found = new Map<string, CachedLeg>();
      if (pairs.length === 0) return found;
      const since = legFreshSince(now);
      const { rows } = await query(
        `select origin, destination, condition, duration_s, distance_m from public.route_matrix_cache
         where departure_hour = $1
           and (origin, destination) in (select e->>0, e->>1 from jsonb_array_elements($2::jsonb) as e)
           and fetched_at > case when condition = 'ROUTE_EXISTS' then $3::timestamptz else $4::timestamptz end`,
        [departureHour, JSON.stringify(pairs), since.route, since.noRoute],
      );
      for (const row of rows) {
        const leg = toLeg(row);
        if (leg && typeof row.origin === 'string' && typeof row.destination === 'string') {
          found.set(legKey(row.origin, row.destination), leg);
        }
      }
      return found;
    },
    async put(legs, departureHour, now) {
      if (legs.length > 0) {
        const rows = legs.map(({ origin, destination, leg }) =>
          leg === 'no-route'
            ? { o: origin, d: destination, c: 'ROUTE_NOT_FOUND', s: null, m: null }
            : { o: origin, d: destination, c: 'ROUTE_EXISTS', s: leg.seconds, m: Math.round(leg.meters) },
        );
        await query(
          `insert into public.route_matrix_cache
             (origin, destination, departure_hour, condition, duration_s, distance_m, fetched_at)
           select e->>'o', e->>'d', $2, e->>'c', (e->>'s')::double precision, (e->>'m')::integer, $3::timestamptz
           from jsonb_array_elements($1::jsonb) as e
           on conflict (origin, destination, departure_hour) do update set condition = excluded.condition,
             duration_s = excluded.duration_s, distance_m = excluded.distance_m, fetched_at = excluded.fetched_at`,
          [JSON.stringify(rows), departureHour, now.toISOString()],
        );
      }
      // Nothing older than the ages above stays behind, nor a traffic-aware row whose hour has passed.
      const since = legFreshSince(now);
      await query(
        `delete from public.route_matrix_cache
         where fetched_at <= $1::timestamptz
            or (condition = 'ROUTE_NOT_FOUND' and fetched_at <= $2::timestamptz)
            or (departure_hour <> 'none' and departure_hour < $3)`,
        [since.route, since.noRoute, hourBucket(now)],
      );
    },
  };
}
