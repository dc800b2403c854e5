-- Where the clinician's working day starts and ends (the Route view counts the drives from and back home
-- only when it knows this place). Kept on the clinician's own profile row, so the owner-only RLS and grants
-- of public.profiles cover it unchanged: a signed-in clinician reads and changes only their own, the anon
-- key nothing. Personal data: the app never logs it nor puts it in a URL.

alter table public.profiles
  add column if not exists home_label text,
  add column if not exists home_lat double precision,
  add column if not exists home_lng double precision;

alter table public.profiles
  -- NaN and ±Infinity fail these too (NaN sorts above every number in Postgres).
  add constraint profiles_home_lat_range check (home_lat between -90 and 90),
  add constraint profiles_home_lng_range check (home_lng between -180 and 180),
  -- A place is both coordinates or none; a label alone names no place.
  add constraint profiles_home_both_or_neither check (
    (home_lat is null) = (home_lng is null) and (home_label is null or home_lat is not null)
  ),
  add constraint profiles_home_label_length check (char_length(home_label) <= 200);

comment on column public.profiles.home_lat is 'Start and end of the working day (WGS 84); personal data, owner-only.';
comment on column public.profiles.home_lng is 'Start and end of the working day (WGS 84); personal data, owner-only.';
comment on column public.profiles.home_label is 'What the clinician calls that place (an address, or null).';
