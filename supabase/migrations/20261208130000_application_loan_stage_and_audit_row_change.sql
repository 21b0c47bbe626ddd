-- Where each accepted loan stands, on its application (docs/product.md §11): loan_stage ('accepted' once the
-- applicant accepts an offer, then the stage last recorded), since when, and the expected closing day, kept by
-- triggers on offer_acceptances and loan_stages so that the admin's Pipeline list is filtered, sorted and counted
-- by the database as the other lists are. Clients cannot write these columns (no grant).
--
-- audit_row_change is restated as 20261206100000_audit_row_change_leaves_out_checklist_counts.sql left it, except
-- that these derived columns are left out of what an update changed, as the checklist counts are: the acceptance
-- and each stage are audited themselves.

alter table public.applications
  add column loan_stage text,
  add column loan_stage_at timestamptz,
  add column expected_closing_on date,
  add constraint applications_loan_stage_is_known check (
    loan_stage is null or loan_stage in ('accepted', 'in_closing', 'funded', 'did_not_close')
  ),
  add constraint applications_loan_stage_has_date check ((loan_stage is null) = (loan_stage_at is null));

create index applications_pipeline_idx on public.applications (created_at desc) where loan_stage is not null;

create function public.follow_loan_stage()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'offer_acceptances' then
    update public.applications as a
       set loan_stage = 'accepted', loan_stage_at = new.accepted_at
     where a.id = new.application_id;
  else
    update public.applications as a
       set loan_stage = new.stage, loan_stage_at = new.created_at,
           expected_closing_on = coalesce(new.expected_closing_on, a.expected_closing_on)
     where a.id = new.application_id;
  end if;
  return null;
end;
$$;

revoke execute on function public.follow_loan_stage() from public, anon, authenticated, service_role;

create trigger offer_acceptances_follow_loan_stage
  after insert on public.offer_acceptances for each row execute function public.follow_loan_stage();
create trigger loan_stages_follow_loan_stage
  after insert on public.loan_stages for each row execute function public.follow_loan_stage();

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
     where n.key not in ('updated_at', 'checklist_counts', 'checklist_state', 'loan_stage', 'loan_stage_at',
                         'expected_closing_on')
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
