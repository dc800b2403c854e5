-- The clinician's patient list (issue 21): suggested from the calendar, confirmed by the clinician, edited on the
-- dashboard. Health data: each row is its owner's alone (row-level security on every operation, nothing for anon).
-- `name_key` is the folded name the calendar's events are matched by (core/patients/patients.ts nameKey); `status`
-- 'not_patient' remembers the clinician's correction "this name is not a patient" so it is never suggested again.
create table if not exists public.patients (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name_key text not null check (char_length(name_key) between 1 and 200),
  status text not null default 'patient' check (status in ('patient', 'not_patient')),
  full_name text not null check (char_length(full_name) between 1 and 200),
  address text check (char_length(address) <= 300),
  lat double precision check (lat between -90 and 90),
  lng double precision check (lng between -180 and 180),
  phone text check (char_length(phone) <= 40),
  window_start time,
  window_end time,
  language text check (char_length(language) <= 40),
  notes text check (char_length(notes) <= 2000),
  automated_calls_consent boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, name_key),
  check ((window_start is null) = (window_end is null)),
  check (window_start is null or window_start < window_end)
);

alter table public.patients enable row level security;

revoke all on table public.patients from anon;
grant select, insert, update, delete on table public.patients to authenticated;
grant all on table public.patients to service_role;

create policy "Patients are readable by their clinician" on public.patients
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Clinicians add their own patients" on public.patients
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "Clinicians change their own patients" on public.patients
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "Clinicians remove their own patients" on public.patients
  for delete to authenticated using ((select auth.uid()) = user_id);

create index if not exists patients_user_idx on public.patients (user_id);
