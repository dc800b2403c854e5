-- The mileage log (issue 27, docs/mileage.md).
--
-- 1. mileage_day_edits: a day the clinician marks "not driven as planned", with the miles they drove instead and a
--    short reason. Owner-only on every operation (the dashboard saves through the `mileage` function, which writes as
--    the table owner naming the caller; the same rows through PostgREST are the clinician's own only); nothing for anon.
create table if not exists public.mileage_day_edits (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  day date not null,
  driven_miles numeric(6, 1) not null check (driven_miles >= 0 and driven_miles <= 2000),
  reason text not null check (char_length(reason) between 1 and 200),
  updated_at timestamptz not null default now(),
  primary key (user_id, day)
);

alter table public.mileage_day_edits enable row level security;

revoke all on table public.mileage_day_edits from anon;
grant select, insert, update, delete on table public.mileage_day_edits to authenticated;
grant all on table public.mileage_day_edits to service_role;

create policy "Mileage edits are readable by their clinician" on public.mileage_day_edits
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Clinicians add their own mileage edits" on public.mileage_day_edits
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "Clinicians change their own mileage edits" on public.mileage_day_edits
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "Clinicians remove their own mileage edits" on public.mileage_day_edits
  for delete to authenticated using ((select auth.uid()) = user_id);

drop trigger if exists mileage_day_edits_touch_updated_at on public.mileage_day_edits;
create trigger mileage_day_edits_touch_updated_at
  before update on public.mileage_day_edits
  for each row execute procedure public.touch_updated_at();

-- 2. The agency's rate per mile, beside its calling rules: one row, an administrator's setting (service role: the
--    dashboard's SQL editor), readable by no user role. Null: the IRS standard business rate of the month's year
--    (core/mileage/rate.ts keeps that small dated table).
create table if not exists public.mileage_settings (
  id boolean primary key default true check (id),
  cents_per_mile numeric(6, 2) check (cents_per_mile > 0 and cents_per_mile <= 1000),
  updated_at timestamptz not null default now()
);
insert into public.mileage_settings (id) values (true) on conflict (id) do nothing;

alter table public.mileage_settings enable row level security;
revoke all on table public.mileage_settings from public, anon, authenticated;
grant select, insert, update on table public.mileage_settings to service_role;
-- mileage_settings: deliberately no policy (server-only, like calling_rules).

drop trigger if exists mileage_settings_touch_updated_at on public.mileage_settings;
create trigger mileage_settings_touch_updated_at
  before update on public.mileage_settings
  for each row execute procedure public.touch_updated_at();
