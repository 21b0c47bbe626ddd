-- audit_row_change as 20261204100000_applicants_confirm_linked_applications.sql left it, except that an
-- application's checklist counts (checklist_counts, checklist_state), which refresh_document_checklist() of the
-- next migration keeps up to date from documents, reviews and requests, are left out of what an update changed:
-- they are derived, and the changes they follow are audited themselves. An update that changes nothing else
-- writes no entry.

create or replace function public.audit_row_change()
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
     where n.key not in ('updated_at', 'checklist_counts', 'checklist_state')
       and n.value is distinct from old_row -> n.key;
    if changes = '{}'::jsonb then
      return null;
    end if;
    entry_action := subject || case
      when changes ? 'status' then '.' || (new_row ->> 'status')
      when subject = 'application' and changes ? 'disowned_at' then '.disowned_by_email_holder'
      when subject = 'application' and changes ? 'confirmed_by_applicant_at' then '.confirmed_by_applicant'
      when subject = 'application' and changes - 'user_id' = '{}'::jsonb then
        case when new_row -> 'user_id' = 'null'::jsonb then '.unlinked_from_account' else '.linked_to_account' end
      else '.updated'
    end;
    entry_details := jsonb_build_object('changes', changes);
  end if;

  insert into public.audit_log (actor_id, action, table_name, record_id, application_id, details)
  values (
    auth.uid(),
    entry_action,
    tg_table_name,
    (coalesce(new_row, old_row) ->> 'id')::uuid,
    (case when tg_table_name = 'applications' then coalesce(new_row, old_row) ->> 'id'
          else coalesce(new_row, old_row) ->> 'application_id' end)::uuid,
    entry_details || jsonb_build_object('actor_role', auth.role())
  );
  return null;
end;
$$;

revoke execute on function public.audit_row_change() from public, anon, authenticated, service_role;
