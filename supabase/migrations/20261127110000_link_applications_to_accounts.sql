-- An application made before its applicant had an account (the usual path: pre-qualify, then create the
-- account from the result screen) had no user_id: the portal found it by the confirmed e-mail, but the
-- admin detail could not tell the applicant's own actions (approving a lender, for instance) from an
-- officer's. When an account's e-mail is confirmed, or changes while confirmed, the applications made under
-- that e-mail without an account become the account's. Only a confirmed e-mail links: confirming proves the
-- address is the applicant's, as the portal's own match by e-mail requires. An application that already
-- belongs to an account is never moved.

create function public.link_applications_to_confirmed_account()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email_confirmed_at is not null and new.email is not null then
    update public.applications
       set user_id = new.id
     where user_id is null
       and email = lower(new.email);
  end if;
  return null;
end;
$$;

revoke execute on function public.link_applications_to_confirmed_account() from public, anon, authenticated, service_role;

create trigger on_auth_user_confirmed_link_applications
  after insert or update of email_confirmed_at, email on auth.users
  for each row
  when (new.email_confirmed_at is not null)
  execute function public.link_applications_to_confirmed_account();

-- The accounts confirmed before this migration.
update public.applications as a
   set user_id = u.id
  from auth.users as u
 where a.user_id is null
   and u.email_confirmed_at is not null
   and a.email = lower(u.email);
