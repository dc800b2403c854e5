-- The "time is fixed" switch on a visit (issue 21): the clinician pins a visit's booked time from the Route view, and
-- every plan keeps it there. Kept by HomeRounds, not on the calendar (no calendar write access needed), by event id;
-- owner-only on every operation, nothing for anon. An agency system may also mark an event itself with the private
-- property homeroundsFixed = "true"; either pins it.
create table if not exists public.visit_pins (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  event_id text not null check (char_length(event_id) between 1 and 1024),
  created_at timestamptz not null default now(),
  primary key (user_id, event_id)
);

alter table public.visit_pins enable row level security;

revoke all on table public.visit_pins from anon;
grant select, insert, delete on table public.visit_pins to authenticated;
grant all on table public.visit_pins to service_role;

create policy "Pins are readable by their clinician" on public.visit_pins
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Clinicians pin their own visits" on public.visit_pins
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "Clinicians unpin their own visits" on public.visit_pins
  for delete to authenticated using ((select auth.uid()) = user_id);
