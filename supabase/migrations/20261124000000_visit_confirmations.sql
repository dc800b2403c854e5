-- Evening confirmation calls (docs/confirmations.md): each clinician's call settings, each evening's batch
-- (its state machine's persisted snapshot), each visit's confirmation status, and the agency's do-not-call
-- list. Clinicians read their own settings, batches and statuses through PostgREST (owner-only RLS) and
-- change only their settings; everything else is written by the confirmations Edge Function (service_role).
-- The do-not-call list is server-only: no API role reads or writes it.

create table if not exists public.confirmation_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  enabled boolean not null default true,
  -- When the evening batch starts, wall clock in the clinician's zone.
  call_at time not null default '17:00',
  -- The clinician's zone; null: the calendar's own zone.
  time_zone text,
  -- Said in voicemails and to patients ("This is Lakeshore Home Health…"); never anything clinical.
  agency_name text not null default 'HomeRounds Home Health' check (length(agency_name) between 1 and 80),
  callback_number text check (callback_number is null or callback_number ~ '^\+[1-9][0-9]{6,14}$'),
  updated_at timestamptz not null default now()
);

create table if not exists public.confirmation_batches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The day whose visits are confirmed (the clinician's zone).
  visit_date date not null,
  -- The machine's state (machines/confirmation-batch) and its persisted snapshot; `version` guards writes.
  state text not null,
  snapshot jsonb not null,
  version integer not null default 0,
  -- While one server instance runs the machine's I/O (placing calls…), no other may: a short lease.
  leased_until timestamptz,
  campaign_id text,
  failure text,
  -- What changed and the re-optimised day (BatchSummary in core/confirmations/contract.ts).
  summary jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, visit_date)
);

create table if not exists public.visit_confirmations (
  user_id uuid not null references auth.users (id) on delete cascade,
  visit_date date not null,
  event_id text not null,
  batch_id uuid references public.confirmation_batches (id) on delete set null,
  patient_name text not null,
  phone text,
  status text not null check (status in ('pending', 'calling', 'confirmed', 'moved', 'move-requested',
    'cancel-requested', 'no-answer', 'voicemail', 'wrong-number', 'opted-out', 'skipped', 'no-report')),
  attempts integer not null default 0 check (attempts between 0 and 2),
  call_id text,
  original_start timestamptz not null,
  new_start timestamptz,
  detail text check (detail is null or length(detail) <= 200),
  late boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (user_id, visit_date, event_id)
);
create index if not exists visit_confirmations_by_call on public.visit_confirmations (call_id);

create table if not exists public.do_not_call (
  -- E.164. One list for the agency: a number that said stop is never called again, whoever's patient.
  phone text primary key check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  reason text not null default 'patient-request',
  created_at timestamptz not null default now()
);

alter table public.confirmation_settings enable row level security;
alter table public.confirmation_batches enable row level security;
alter table public.visit_confirmations enable row level security;
alter table public.do_not_call enable row level security;

revoke all on table public.confirmation_settings, public.confirmation_batches, public.visit_confirmations,
  public.do_not_call from public, anon, authenticated;
grant select, insert, update on table public.confirmation_settings to authenticated;
grant select on table public.confirmation_batches, public.visit_confirmations to authenticated;
grant select, insert, update, delete on table public.confirmation_settings, public.confirmation_batches,
  public.visit_confirmations, public.do_not_call to service_role;

drop policy if exists "Settings are readable by their owner" on public.confirmation_settings;
create policy "Settings are readable by their owner" on public.confirmation_settings
  for select to authenticated using ((select auth.uid()) = user_id);
drop policy if exists "Owners insert their settings" on public.confirmation_settings;
create policy "Owners insert their settings" on public.confirmation_settings
  for insert to authenticated with check ((select auth.uid()) = user_id);
drop policy if exists "Owners update their settings" on public.confirmation_settings;
create policy "Owners update their settings" on public.confirmation_settings
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
drop policy if exists "Batches are readable by their owner" on public.confirmation_batches;
create policy "Batches are readable by their owner" on public.confirmation_batches
  for select to authenticated using ((select auth.uid()) = user_id);
drop policy if exists "Confirmations are readable by their owner" on public.visit_confirmations;
create policy "Confirmations are readable by their owner" on public.visit_confirmations
  for select to authenticated using ((select auth.uid()) = user_id);
-- do_not_call: deliberately no policy (server-only, like google_grants).

drop trigger if exists confirmation_settings_touch_updated_at on public.confirmation_settings;
create trigger confirmation_settings_touch_updated_at
  before update on public.confirmation_settings
  for each row execute procedure public.touch_updated_at();
drop trigger if exists confirmation_batches_touch_updated_at on public.confirmation_batches;
create trigger confirmation_batches_touch_updated_at
  before update on public.confirmation_batches
  for each row execute procedure public.touch_updated_at();
drop trigger if exists visit_confirmations_touch_updated_at on public.visit_confirmations;
create trigger visit_confirmations_touch_updated_at
  before update on public.visit_confirmations
  for each row execute procedure public.touch_updated_at();
