-- Local-platform-only state, in schemas PostgREST never exposes (only `public` is exposed) and that the
-- API roles cannot read: the Google Calendar stand-in's data, the local OAuth state and the seed's
-- fixture tables (patients, visit time windows) for routing work.

create schema if not exists local_oauth;
create schema if not exists calendar;
create schema if not exists fixtures;
revoke all on schema local_oauth, calendar, fixtures from public, anon, authenticated;

-- An authorize request waiting for the (local) Google consent, then for the PKCE code exchange.
create table if not exists local_oauth.flow_states (
  id uuid primary key,                      -- the `state` sent to Google
  flow text not null check (flow in ('pkce', 'implicit')),
  code_challenge text,
  code_challenge_method text,
  redirect_to text not null,
  scopes text not null default '',
  auth_code uuid unique,                    -- PKCE code returned to the app after the callback
  user_id uuid references auth.users (id) on delete cascade,
  provider_token text,
  provider_token_expires_at timestamptz,
  auth_code_issued_at timestamptz,
  created_at timestamptz not null
);

-- access_type=offline on /authorize asks Google for a refresh token; the PKCE flow keeps it until the exchange.
-- (`alter … if not exists` too, for databases created before these columns: DATABASE_URL keeps its schema.)
alter table local_oauth.flow_states add column if not exists access_type text;
alter table local_oauth.flow_states add column if not exists provider_refresh_token text;

-- Codes the local consent screen hands to /auth/v1/callback (Google's authorization codes).
create table if not exists local_oauth.google_codes (
  code text primary key,
  state uuid not null,
  email text not null,
  scopes text not null,
  created_at timestamptz not null
);

create table if not exists local_oauth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null,
  refreshed_at timestamptz
);

create table if not exists local_oauth.refresh_tokens (
  token text primary key,
  session_id uuid not null references local_oauth.sessions (id) on delete cascade,
  parent text,
  revoked_at timestamptz,
  created_at timestamptz not null
);

-- Google access tokens (`ya29.local-…`) with the scopes granted at sign-in and their expiry.
create table if not exists local_oauth.provider_tokens (
  token text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  scopes text[] not null,
  expires_at timestamptz not null,
  created_at timestamptz not null
);

-- Google refresh tokens (`1//local-…`) of offline sign-ins, answered by /__google/token, revoked by
-- /__google/revoke or /__local/revoke-google-grant (the clinician removing access in the Google account).
create table if not exists local_oauth.google_refresh_tokens (
  token text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id text not null,
  scopes text[] not null,
  revoked_at timestamptz,
  created_at timestamptz not null
);

create table if not exists calendar.calendars (
  id text primary key,                      -- the owner's email, as Google's primary calendar id
  user_id uuid not null unique references auth.users (id) on delete cascade,
  summary text not null,
  time_zone text not null,
  updated_at timestamptz not null
);

create table if not exists calendar.events (
  id text not null,
  calendar_id text not null references calendar.calendars (id) on delete cascade,
  status text not null default 'confirmed',
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  updated_at timestamptz not null,
  created_at timestamptz not null,
  sequence integer not null default 0,
  resource jsonb not null,                  -- the Event resource as Google returns it
  primary key (calendar_id, id)
);
create index if not exists events_by_start on calendar.events (calendar_id, starts_at, id);
-- The resource as JSON text, kept by Postgres: events.list splices it into its answer instead of printing
-- ~150 jsonb values per request (the largest cost of that path on PGlite).
alter table calendar.events add column if not exists resource_text text generated always as (resource::text) stored;

-- A version per calendar that changes with every write to its events (any writer: the routes, the seed, tests
-- writing to the table), so events.list can serve a page it already rendered while the version stands. Taken
-- from one sequence, so a calendar made again (reset) never reuses a version; set in the writing transaction,
-- so a reader never sees the new version before the rows it stands for.
create sequence if not exists calendar.events_version;
alter table calendar.calendars
  add column if not exists events_version bigint not null default nextval('calendar.events_version');
create or replace function calendar.bump_events_version() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    update calendar.calendars set events_version = nextval('calendar.events_version');
  elsif tg_op = 'DELETE' then
    update calendar.calendars set events_version = nextval('calendar.events_version')
      where id in (select distinct calendar_id from changed_old);
  elsif tg_op = 'UPDATE' then
    update calendar.calendars set events_version = nextval('calendar.events_version')
      where id in (select calendar_id from changed_old union select calendar_id from changed_new);
  else
    update calendar.calendars set events_version = nextval('calendar.events_version')
      where id in (select distinct calendar_id from changed_new);
  end if;
  return null;
end $$;
create or replace trigger events_version_insert after insert on calendar.events
  referencing new table as changed_new for each statement execute function calendar.bump_events_version();
create or replace trigger events_version_update after update on calendar.events
  referencing old table as changed_old new table as changed_new
  for each statement execute function calendar.bump_events_version();
create or replace trigger events_version_delete after delete on calendar.events
  referencing old table as changed_old for each statement execute function calendar.bump_events_version();
create or replace trigger events_version_truncate after truncate on calendar.events
  for each statement execute function calendar.bump_events_version();

create table if not exists fixtures.patients (
  id uuid primary key,
  clinician_id uuid not null,
  full_name text not null,
  phone text not null,
  address text not null,
  neighborhood text not null,
  lat double precision not null,
  lng double precision not null
);
-- How the patient answers the local voice platform's confirmation calls (core/confirmations/contract.ts
-- PERSONAS); added in place so data directories created before it still open.
alter table fixtures.patients add column if not exists persona text not null default 'confirms';

create table if not exists fixtures.visits (
  event_id text primary key,
  clinician_id uuid not null,
  patient_id uuid not null references fixtures.patients (id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  duration_minutes integer not null,
  window_start time not null,               -- Chicago wall clock
  window_end time not null
);
