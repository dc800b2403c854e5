-- Server-only storage of each clinician's Google grant: the refresh token Google hands out once at an
-- offline sign-in (encrypted with AES-256-GCM by the google-token Edge Function before it gets here) and
-- the scopes Google granted. No API role may read or write it: RLS is on with no policy at all, and the
-- privileges Supabase grants on new public tables by default are revoked, so even the owner's own
-- session sees nothing through PostgREST. Only the Edge Functions (service_role / the database owner)
-- use it.

create table if not exists public.google_grants (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- `v1.<iv>.<ciphertext+tag>` (base64url), bound to user_id as additional authenticated data.
  refresh_token_ciphertext text not null,
  -- What Google said the grant covers (its `scope` answer), e.g. calendar.readonly, later calendar.events.
  scopes text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Set when Google answered `invalid_grant` (the clinician revoked access, or the token expired).
  revoked_at timestamptz
);

comment on table public.google_grants is
  'Google OAuth grants (encrypted refresh tokens). Server-only: no policies, no anon/authenticated privileges.';

alter table public.google_grants enable row level security;
-- Deliberately no policies: RLS without a policy denies every row to every role that RLS applies to.

revoke all on table public.google_grants from public, anon, authenticated;
grant select, insert, update, delete on table public.google_grants to service_role;

drop trigger if exists google_grants_touch_updated_at on public.google_grants;
create trigger google_grants_touch_updated_at
  before update on public.google_grants
  for each row execute procedure public.touch_updated_at();
