-- Calls only to known patients, only in their hours (issue 23): what the evening confirmation calls may dial, when,
-- and what the patient hears are an administrator's settings, not a clinician's row to edit.
--
-- 1. confirmation_settings: a clinician may only turn their calls off or on (`enabled`). The call time, the agency
--    name and the callback number the patient hears are set by an administrator (service role: the dashboard's SQL
--    editor). The clinician-set zone is gone: a patient's calling hours follow the place of their address (the
--    patient list), else the clinician's Google Calendar zone (read by the server) — set to Pacific/Kiritimati, it
--    had Chicago patients called from 9:05 pm to 1 am.
alter table public.confirmation_settings drop column if exists time_zone;
revoke insert, update on table public.confirmation_settings from authenticated;
grant insert (user_id, enabled), update (enabled) on table public.confirmation_settings to authenticated;

-- 2. The agency's calling rules: one row. Which countries and number types may be dialled (libphonenumber's types:
--    premium-rate, shared-cost, UAN, pager and voicemail numbers can never be allowed) and the window, in each
--    patient's own zone, which may narrow the legal 8 am – 9 pm and never widen it. Readable by no user role.
create table if not exists public.calling_rules (
  id boolean primary key default true check (id),
  allowed_countries text[] not null default '{US,CA}'
    check (cardinality(allowed_countries) between 1 and 20
      and array_to_string(allowed_countries, ',') ~ '^[A-Z]{2}(,[A-Z]{2})*$'),
  allowed_number_types text[] not null default '{FIXED_LINE,MOBILE,FIXED_LINE_OR_MOBILE}'
    check (cardinality(allowed_number_types) >= 1
      and allowed_number_types <@ array['FIXED_LINE', 'MOBILE', 'FIXED_LINE_OR_MOBILE', 'VOIP', 'TOLL_FREE']),
  window_start time not null default '08:00' check (window_start >= '08:00'),
  window_end time not null default '21:00' check (window_end <= '21:00'),
  updated_at timestamptz not null default now(),
  check (window_start < window_end)
);
insert into public.calling_rules (id) values (true) on conflict (id) do nothing;

alter table public.calling_rules enable row level security;
revoke all on table public.calling_rules from public, anon, authenticated;
grant select, insert, update on table public.calling_rules to service_role;
-- calling_rules: deliberately no policy (server-only, like do_not_call).

drop trigger if exists calling_rules_touch_updated_at on public.calling_rules;
create trigger calling_rules_touch_updated_at
  before update on public.calling_rules
  for each row execute procedure public.touch_updated_at();

-- 3. Each visit's row keeps who is called (the patient-list record), the patient's zone (their calling hours and the
--    times they hear) and, once placed, which call it is: a report is taken only for a call the batch placed.
alter table public.visit_confirmations
  add column if not exists patient_id uuid,
  add column if not exists time_zone text;
