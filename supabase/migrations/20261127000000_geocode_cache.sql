-- Server-only cache of Google Geocoding API answers (server/geo/geocode-cache.ts): where a visit address is, so
-- the same address is not sent to Google again for every route. The key is the normalised address itself
-- (core/geo/geocoder.ts addressKey), i.e. a patient's address: health data. No API role may read or write it:
-- RLS is on with no policy at all and the privileges Supabase grants on new public tables are revoked, as for
-- google_grants; only the Edge Functions (service_role / the database owner) use it.
--
-- Google's Maps Platform terms allow caching latitude/longitude for at most 30 consecutive days: the server uses
-- an 'ok' row for 30 days from fetched_at and a 'not-found' row for 1 day, refreshes it after that, and deletes
-- rows past those ages whenever it writes one.

create table if not exists public.geocode_cache (
  -- addressKey(address): lower-cased, spacing and trailing punctuation aside. Patient data: never logged.
  address_key text primary key,
  lat double precision check (lat is null or lat between -90 and 90),
  lon double precision check (lon is null or lon between -180 and 180),
  -- Not a street-level match (APPROXIMATE or GEOMETRIC_CENTER, or a partial match such as a ZIP code's centre).
  approximate boolean not null,
  -- The address as Google understood it (formatted_address).
  formatted text,
  status text not null check (status in ('ok', 'not-found')),
  fetched_at timestamptz not null,
  check ((status = 'ok') = (lat is not null and lon is not null))
);
create index if not exists geocode_cache_by_fetched_at on public.geocode_cache (fetched_at);

comment on table public.geocode_cache is
  'Geocoding API answers by address (patient data). Server-only: no policies, no anon/authenticated privileges; rows live at most 30 days (Google''s terms).';

alter table public.geocode_cache enable row level security;
-- Deliberately no policies: RLS without a policy denies every row to every role that RLS applies to.

revoke all on table public.geocode_cache from public, anon, authenticated;
grant select, insert, update, delete on table public.geocode_cache to service_role;
