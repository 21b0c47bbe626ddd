-- The audit log: every admin change of state and every impersonation writes one row (docs/architecture.md,
-- Audit log, and Departure 7). Rows are written only by the SECURITY DEFINER functions
-- below; admins read them; nobody (not even the service role) updates or deletes them.

create table public.audit_log (
  id bigint generated always as identity primary key,
  -- No foreign key: an entry keeps naming its actor after the account is deleted.
  actor_id uuid,
  action text not null,
  table_name text not null,
  record_id uuid,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  constraint audit_log_action_is_given check (action ~ '\S'),
  constraint audit_log_details_is_object check (jsonb_typeof(details) = 'object')
);

comment on table public.audit_log is
  'Append-only record of admin actions and impersonations, written by triggers and log_impersonation().';

create index audit_log_created_at_idx on public.audit_log (created_at desc);
create index audit_log_record_idx on public.audit_log (table_name, record_id, created_at desc);
create index audit_log_actor_idx on public.audit_log (actor_id, created_at desc);

alter table public.audit_log enable row level security;

revoke all on table public.audit_log from public, anon, authenticated, service_role;
revoke all on sequence public.audit_log_id_seq from public, anon, authenticated, service_role;
grant select on table public.audit_log to authenticated;
grant select, insert on table public.audit_log to service_role;

create policy "Admins can read the audit log"
  on public.audit_log
  for select
  to authenticated
  using ((select public.is_admin()));

-- AFTER trigger for admin-managed tables: one entry per changed row. TG_ARGV[0] names the subject
-- ('application', 'term_sheet', ...). Actions: <subject>.created, <subject>.deleted, <subject>.<new status>
-- when the status changes, else <subject>.updated. Details hold the row (created, deleted) or the changed
-- columns as {"column": {"from": ..., "to": ...}} (updated), plus the caller's API role.
create function public.audit_row_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  subject text := tg_argv[0];
  old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  changes jsonb;
  entry_action text;
  entry_details jsonb;
begin
  if tg_op = 'INSERT' then
    entry_action := subject || '.created';
    entry_details := jsonb_build_object('row', new_row);
  elsif tg_op = 'DELETE' then
    entry_action := subject || '.deleted';
    entry_details := jsonb_build_object('row', old_row);
  else
    select coalesce(jsonb_object_agg(n.key, jsonb_build_object('from', old_row -> n.key, 'to', n.value)), '{}'::jsonb)
      into changes
      from jsonb_each(new_row) as n
     where n.key <> 'updated_at'
       and n.value is distinct from old_row -> n.key;
    if changes = '{}'::jsonb then
      return null;
    end if;
    entry_action := subject || case when changes ? 'status' then '.' || (new_row ->> 'status') else '.updated' end;
    entry_details := jsonb_build_object('changes', changes);
  end if;

  insert into public.audit_log (actor_id, action, table_name, record_id, details)
  values (
    auth.uid(),
    entry_action,
    tg_table_name,
    (coalesce(new_row, old_row) ->> 'id')::uuid,
    entry_details || jsonb_build_object('actor_role', auth.role())
  );
  return null;
end;
$$;

revoke execute on function public.audit_row_change() from public, anon, authenticated, service_role;

-- Called by the admin screens when an admin starts ('start') or ends ('end') viewing a client's portal.
create function public.log_impersonation(client_id uuid, phase text default 'start')
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only an admin can access a client''s portal' using errcode = '42501';
  end if;
  if phase is null or phase not in ('start', 'end') then
    raise exception 'phase must be start or end' using errcode = '22023';
  end if;
  if not exists (select 1 from auth.users as u where u.id = log_impersonation.client_id) then
    raise exception 'No client has this id' using errcode = 'P0002';
  end if;
  insert into public.audit_log (actor_id, action, table_name, record_id, details)
  values (
    auth.uid(),
    'impersonation.' || phase,
    'profiles',
    log_impersonation.client_id,
    jsonb_build_object('actor_role', auth.role())
  );
end;
$$;

comment on function public.log_impersonation(uuid, text) is
  'Admin only: records the start or end of viewing a client''s portal in audit_log.';

revoke execute on function public.log_impersonation(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.log_impersonation(uuid, text) to authenticated;
