-- The time zone of the clinician's Google Calendar as the server last read it. The confirmations cron needs it
-- on every tick to know which day is "tomorrow" for each clinician; reading it from Google each time cost a token
-- refresh and a Calendar request per clinician per tick (hosted: every 5 minutes, one after the other). Kept with
-- the grant it was read with (server-only, like the grant), re-read once a day; when Google cannot be reached, the
-- last zone read is better than the agency's default.

alter table public.google_grants
  add column if not exists calendar_time_zone text,
  add column if not exists calendar_time_zone_read_at timestamptz;

comment on column public.google_grants.calendar_time_zone is
  'IANA zone of the clinician''s primary calendar as last read from Google (a cache; null: never read).';
