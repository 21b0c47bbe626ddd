-- An audit entry about a consent request names its lender (lender_name), as the timelines already do
-- (application_events.subject). The admin's audit log then still says which lender an entry was about once
-- the lender is deleted from the network, which takes its consent requests with it.

alter table public.audit_log add column lender_name text;

comment on column public.audit_log.lender_name is
  'For an entry about a lender_consents row: the lender''s name when the entry was written.';

-- The lender of a consent request, by the row an entry recorded (created, deleted) or else the row itself.
create function public.consent_lender_name(details jsonb, consent_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select l.name
    from public.lenders as l
   where l.id = coalesce(
           (details -> 'row' ->> 'lender_id')::uuid,
           (select c.lender_id from public.lender_consents as c where c.id = consent_id)
         );
$$;

revoke execute on function public.consent_lender_name(jsonb, uuid) from public, anon, authenticated, service_role;

create function public.name_consent_lender_in_audit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.lender_name := public.consent_lender_name(new.details, new.record_id);
  return new;
end;
$$;

revoke execute on function public.name_consent_lender_in_audit() from public, anon, authenticated, service_role;

create trigger audit_log_names_consent_lender
  before insert on public.audit_log
  for each row
  when (new.table_name = 'lender_consents')
  execute function public.name_consent_lender_in_audit();

-- A lender's consent requests go before the lender does, while its name can still be read for their entries
-- (the cascade would remove them after the lender row is gone).
create function public.remove_consents_of_deleted_lender()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.lender_consents as c where c.lender_id = old.id;
  return old;
end;
$$;

revoke execute on function public.remove_consents_of_deleted_lender() from public, anon, authenticated, service_role;

create trigger lenders_remove_consents_before_delete
  before delete on public.lenders
  for each row execute function public.remove_consents_of_deleted_lender();

-- The entries written before this migration get the name of a lender still in the network. Filling a new
-- column is not a change of what an entry says, so the append-only trigger is set aside for this one
-- statement, as 20261127100000_audit_log_application.sql did, and set back.
alter table public.audit_log disable trigger audit_log_is_append_only;

update public.audit_log as e
   set lender_name = public.consent_lender_name(e.details, e.record_id)
 where e.table_name = 'lender_consents';

alter table public.audit_log enable trigger audit_log_is_append_only;
