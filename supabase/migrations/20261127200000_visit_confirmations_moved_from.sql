-- "Use this order" (issue 21): a visit moved since the patient was told its time carries the start they were told
-- (the event's private property homeroundsMovedFrom); the evening confirmation call says the new time and the old.
-- Null for a visit at the time the patient knows. Same table, same row-level security as before.
alter table public.visit_confirmations add column if not exists moved_from timestamptz;
