-- The days the application's current offers expire (docs/product.md §11), on the application, so that the admin's
-- Approved list (web and desktop cache alike) flags an offer about to expire without reading the offers: each
-- lender's latest revision that is not withdrawn, in order; empty once the applicant accepted an offer (nothing is
-- to be accepted any more). Whether a day is still ahead depends on today, so the screens decide which of them to
-- flag. Kept by a trigger on loan_offers and offer_acceptances; clients cannot write the column (no grant).
--
-- audit_row_change is restated as 20261208130000_application_loan_stage_and_audit_row_change.sql left it, except
-- that offer_expiries is left out of what an update changed, as the loan stage columns are: the offers are on the
-- timeline themselves.

alter table public.applications add column offer_expiries date[] not null default '{}';

-- The expiry days of an application's current offers, as offer_expiries holds them.
create function public.offer_expiries_of(target_application uuid)
returns date[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(o.expires_on order by o.expires_on), '{}')
    from public.loan_offers as o
   where o.application_id = target_application
     and o.withdrawn_at is null
     and o.revision = (select max(p.revision) from public.loan_offers as p where p.package_id = o.package_id)
     and not exists (select 1 from public.offer_acceptances as x where x.application_id = target_application);
$$;

create function public.follow_offer_expiries()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.applications
     set offer_expiries = public.offer_expiries_of(new.application_id)
   where id = new.application_id;
  return null;
end;
$$;

revoke execute on function public.offer_expiries_of(uuid) from public, anon, authenticated, service_role;
revoke execute on function public.follow_offer_expiries() from public, anon, authenticated, service_role;

create trigger loan_offers_follow_offer_expiries
  after insert or update on public.loan_offers for each row execute function public.follow_offer_expiries();
create trigger offer_acceptances_follow_offer_expiries
  after insert on public.offer_acceptances for each row execute function public.follow_offer_expiries();

update public.applications
   set offer_expiries = public.offer_expiries_of(id)
 where id in (select application_id from public.loan_offers);

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
                         'expected_closing_on', 'offer_expiries')
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
