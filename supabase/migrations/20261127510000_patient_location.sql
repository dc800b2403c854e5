-- Where a patient's address is on the map (issue 21): the dashboard has an address located by the server's
-- `locations` function when the clinician saves it, and stores the answer with the record. `location_approximate`
-- is true when the geocoder placed the address only approximately (e.g. the centre of its ZIP code): the Patients
-- view asks the clinician to check it, and the planner labels drives to it approximate.
alter table public.patients add column if not exists location_approximate boolean;

-- Coordinates belong to the address they were found for: a change of address that does not bring its own
-- coordinates forgets the old ones (the new address is located again), whoever wrote the change.
create or replace function public.patients_forget_moved_location() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.address is distinct from old.address
     and new.lat is not distinct from old.lat
     and new.lng is not distinct from old.lng then
    new.lat := null;
    new.lng := null;
    new.location_approximate := null;
  end if;
  return new;
end;
$$;

drop trigger if exists patients_forget_moved_location on public.patients;
create trigger patients_forget_moved_location
  before update on public.patients
  for each row execute function public.patients_forget_moved_location();
