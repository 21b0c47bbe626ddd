-- An applicant whose account is already confirmed can still pre-qualify signed out (on another device, say):
-- that application was shown in their portal by its e-mail but stayed without user_id, so the officer's
-- detail could not tell the applicant's own actions on it from an officer's, until some later change of the
-- account's e-mail. It now becomes the confirmed account's as soon as it is made, by the same rule as at
-- confirmation (20261127110000): only a confirmed e-mail links, and an application that names its account
-- (a signed-in applicant's) is left as it is.
--
-- The link is made after the insert, not before it: the visitors' insert policy accepts only a row without
-- an account or with the visitor's own, and a before-insert change would be checked by that policy.

create function public.link_new_application_to_confirmed_account()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  account uuid;
begin
  select u.id
    into account
    from auth.users as u
   where u.email_confirmed_at is not null
     and lower(u.email) = new.email
   limit 1;
  if account is not null then
    update public.applications set user_id = account where id = new.id;
  end if;
  return null;
end;
$$;

revoke execute on function public.link_new_application_to_confirmed_account() from public, anon, authenticated, service_role;

create trigger applications_link_to_confirmed_account
  after insert on public.applications
  for each row
  when (new.user_id is null)
  execute function public.link_new_application_to_confirmed_account();

-- The audit log said 'Application updated' for a link, without saying what changed. A change of the
-- account alone now has its own action: 'application.linked_to_account' (an application made the account's,
-- at confirmation or as above) or 'application.unlinked_from_account' (its account deleted). The function is
-- the whole of 20261127100000's with that one case added, as `create or replace` needs.
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
     where n.key <> 'updated_at'
       and n.value is distinct from old_row -> n.key;
    if changes = '{}'::jsonb then
      return null;
    end if;
    entry_action := subject || case
      when changes ? 'status' then '.' || (new_row ->> 'status')
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
