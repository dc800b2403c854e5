-- How far the planner may move the clinician's visits (issue 21): the clinician's own rule, on their own profile row
-- (owner-only RLS and grants of public.profiles cover it unchanged). Null: the default rule (today's visits keep
-- their times; later ones may move up to 90 minutes). move_within_minutes null with move_rule_set: anywhere inside
-- the patient's window.
alter table public.profiles
  add column if not exists move_rule_set boolean not null default false,
  add column if not exists move_today_fixed boolean not null default true,
  add column if not exists move_within_minutes integer;

alter table public.profiles
  add constraint profiles_move_within_range check (move_within_minutes between 0 and 480);
