-- The local voice platform's storage: one generic table for every registry resource. Lives in its own
-- `voice` schema, which the PostgREST stand-in (/rest/v1) does not expose.
create schema if not exists voice;

create table if not exists voice.resources (
  id uuid primary key,
  org_id uuid not null,
  kind text not null,
  parent_id uuid null,
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create index if not exists resources_list_idx on voice.resources (org_id, kind, created_at desc, id desc);
create index if not exists resources_parent_idx on voice.resources (parent_id) where parent_id is not null;

revoke all on schema voice from public;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then revoke all on schema voice from anon; end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then revoke all on schema voice from authenticated; end if;
end
$$;
