-- Sign-out ends a clinician's call tokens (server/call-token-revocations.ts): each token carries the generation its
-- clinician had when it was issued, sign-out (POST /functions/v1/call-token/revoke) moves the generation on, and the
-- tools refuse a token whose generation is behind. Server-only, like google_grants: RLS on with no policy, the
-- privileges Supabase grants on new public tables revoked; only the Edge Functions (the database owner) use it.

create table if not exists public.call_token_revocations (
  user_id uuid primary key references auth.users (id) on delete cascade,
  generation bigint not null check (generation > 0),
  -- The last sign-out (for the record; the generation decides).
  revoked_at timestamptz not null
);

comment on table public.call_token_revocations is
  'Call-token revocation generation per clinician (moved on at sign-out). Server-only: no policies, no anon/authenticated privileges.';

alter table public.call_token_revocations enable row level security;
-- Deliberately no policies: RLS without a policy denies every row to every role that RLS applies to.

revoke all on table public.call_token_revocations from public, anon, authenticated;
grant select, insert, update, delete on table public.call_token_revocations to service_role;
