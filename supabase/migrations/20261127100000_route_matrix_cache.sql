-- Server-only cache of Google Routes API computeRouteMatrix answers (server/geo/route-matrix-cache.ts): the drive
-- between two places, per departure hour, so the same day is not sent to Google again each time it is planned.
-- A row is one leg: its origin and destination (latitude,longitude rounded to 5 decimals, ≈ 1 m) and the departure
-- hour it was asked for ('none' for traffic-unaware times, else the UTC hour, e.g. '2026-10-29T14:00Z').
-- Those coordinates are patients' homes: health data. No API role may read or write the table: RLS is on with no
-- policy at all and the privileges Supabase grants on new public tables are revoked, as for geocode_cache; only the
-- Edge Functions (service_role / the database owner) use it, and nothing of a row is ever logged.
--
-- Why 30 days at most: Google's Maps Platform terms forbid keeping Maps content beyond what their Service Specific
-- Terms allow, and the longest they allow for cached content is 30 consecutive days (check the Routes API's terms in
-- force before production; if they allow less, lower ROUTE_MATRIX_CACHE_TTL_MS). Roads also change, and an old
-- "no route" is usually a place put in the wrong spot, since fixed. So the server uses a route for 30 days from
-- fetched_at and a ROUTE_NOT_FOUND for 1 day, and every write deletes rows past those ages and traffic-aware rows
-- whose departure hour has passed (nothing asks for them any more).

create table if not exists public.route_matrix_cache (
  -- routeMatrixPointKey(place): "41.91230,-87.64890". Patient data: never logged.
  origin text not null check (origin ~ '^-?[0-9]{1,2}\.[0-9]{5},-?[0-9]{1,3}\.[0-9]{5}$'),
  destination text not null check (destination ~ '^-?[0-9]{1,2}\.[0-9]{5},-?[0-9]{1,3}\.[0-9]{5}$'),
  departure_hour text not null
    check (departure_hour = 'none' or departure_hour ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:00Z$'),
  condition text not null check (condition in ('ROUTE_EXISTS', 'ROUTE_NOT_FOUND')),
  -- Driving only, as Google answers it (the server adds parking and walking when it makes minutes of it).
  duration_s double precision check (duration_s is null or duration_s >= 0),
  distance_m integer check (distance_m is null or distance_m >= 0),
  fetched_at timestamptz not null,
  primary key (origin, destination, departure_hour),
  check ((condition = 'ROUTE_EXISTS') = (duration_s is not null and distance_m is not null))
);
create index if not exists route_matrix_cache_by_fetched_at on public.route_matrix_cache (fetched_at);

comment on table public.route_matrix_cache is
  'Routes API drive times by pair of places and departure hour (patient locations). Server-only: no policies, no anon/authenticated privileges; rows live at most 30 days (Google''s terms).';

alter table public.route_matrix_cache enable row level security;
-- Deliberately no policies: RLS without a policy denies every row to every role that RLS applies to.

revoke all on table public.route_matrix_cache from public, anon, authenticated;
grant select, insert, update, delete on table public.route_matrix_cache to service_role;
