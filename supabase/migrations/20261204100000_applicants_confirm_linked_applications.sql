-- An application made signed out is linked to the account of its e-mail (20261127110000, 20261128100000),
-- so anyone could make one in someone else's name: it appeared in that person's portal as theirs, with the
-- names the stranger typed, and as the newest open one it received their uploads and their answers.
--
-- Now an application made by a visitor waits for its applicant to say it is theirs before anything of theirs
-- goes to it: until then the portal shows it apart, asking 'Is this your application?', and documents,
-- additional information and answers to lenders cannot be linked to it. The applicant confirms it, or says it
-- is not theirs, which takes it out of their portal and tells the officers (disowned_at). The browser that
-- submitted an application confirms it without asking: it knows the application's id, which nobody else
-- does (web/src/features/apply).
--
-- Confirmed at once: an application made signed in, in the applicant's own name, and rows written by the
-- service role or a database owner (seeding, imports). Applications stored before this change count as
-- confirmed: nothing can tell which were made by their applicant.

alter table public.applications
  add column confirmed_by_applicant_at timestamptz default now(),
  add column disowned_at timestamptz;
alter table public.applications alter column confirmed_by_applicant_at drop default;

comment on column public.applications.confirmed_by_applicant_at is
  'When the applicant said the application is theirs (or it was made signed in, in their name); null: not yet.';
comment on column public.applications.disowned_at is
  'When the holder of the application''s e-mail address said it is not theirs; the application then has no account.';

-- Visitors may not insert either column (their insert privilege names the columns they may send); the id
-- they may now send, so that the browser knows the application it made.
grant insert (id) on table public.applications to anon, authenticated;

-- Set on insert. Not SECURITY DEFINER: current_user is the role that inserts.
create function public.set_application_confirmation()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.disowned_at := null;
  if current_user not in ('anon', 'authenticated') then
    new.confirmed_by_applicant_at := coalesce(new.confirmed_by_applicant_at, now());
  elsif new.user_id is not null and new.user_id = auth.uid() then
    new.confirmed_by_applicant_at := now();
  else
    new.confirmed_by_applicant_at := null;
  end if;
  return new;
end;
$$;

revoke execute on function public.set_application_confirmation() from public, anon, authenticated, service_role;

create trigger applications_set_confirmation
  before insert on public.applications
  for each row execute function public.set_application_confirmation();

-- A disowned application is never linked to the account again (at a later confirmation or change of e-mail).
create or replace function public.link_applications_to_confirmed_account()
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
       and disowned_at is null
       and email = lower(new.email);
  end if;
  return null;
end;
$$;

-- Applicants read their applications, confirmed or not (the portal asks about the unconfirmed ones). By
-- e-mail only one that belongs to no account: not one they said is not theirs, nor one another account made
-- in their e-mail (signed in, as its own: it is that account's).
drop policy "Applicants can read their own applications" on public.applications;
create policy "Applicants can read their own applications"
  on public.applications
  for select
  to authenticated
  using (
    user_id = (select auth.uid())
    or (user_id is null and disowned_at is null and email = (select public.current_confirmed_email()))
  );

-- Whether the application is the caller's account's and they have confirmed it: what linking anything to it
-- requires. (Confirming makes it the account's; so did the e-mail links, for those made before this change.)
create function public.application_is_confirmed_by_caller(application_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1
      from public.applications as a
     where a.id = application_is_confirmed_by_caller.application_id
       and a.confirmed_by_applicant_at is not null
       and a.disowned_at is null
       and a.user_id = (select auth.uid())
  )
$$;

revoke execute on function public.application_is_confirmed_by_caller(uuid) from public, anon, authenticated, service_role;
grant execute on function public.application_is_confirmed_by_caller(uuid) to authenticated;

-- The additional information's policies (20261122100000) call this one: it now also requires the confirmation.
create or replace function public.application_is_open_to_caller(application_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select public.application_is_confirmed_by_caller(application_id)
     and exists (
       select 1 from public.applications as a
        where a.id = application_is_open_to_caller.application_id and a.decided_at is null
     )
$$;

drop policy "Applicants can add documents of their own" on public.documents;
create policy "Applicants can add documents of their own"
  on public.documents
  for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and uploaded_by = (select auth.uid())
    and (application_id is null or public.application_is_confirmed_by_caller(application_id))
  );

drop policy "Applicants can rename or relink their own documents" on public.documents;
create policy "Applicants can rename or relink their own documents"
  on public.documents
  for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and (application_id is null or public.application_is_confirmed_by_caller(application_id))
  );

-- The lenders an applicant is asked about, and their answers: only for applications they confirmed.
create or replace function public.consent_lenders()
returns table (consent_id uuid, application_id uuid, status text, lender_name text, programs text[], answered_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.application_id, c.status, l.name, l.programs, c.answered_at
    from public.lender_consents as c
    join public.lenders as l on l.id = c.lender_id
   where public.application_is_confirmed_by_caller(c.application_id)
   order by c.created_at, c.id;
$$;

create or replace function public.answer_lender_consent(consent_id uuid, answer text)
returns setof public.lender_consents
language plpgsql
security definer
set search_path = ''
as $$
declare
  consent public.lender_consents;
begin
  select c.* into consent
    from public.lender_consents as c
   where c.id = answer_lender_consent.consent_id
     and public.application_is_confirmed_by_caller(c.application_id);
  if not found then
    raise exception 'No consent request of yours has this id' using errcode = 'P0002';
  end if;
  if answer not in ('approved', 'declined', 'withdrawn') then
    raise exception 'An answer is approved, declined or withdrawn' using errcode = '22023';
  end if;
  if answer = 'withdrawn' and consent.status <> 'approved' then
    raise exception 'Only an approval can be withdrawn' using errcode = '22023';
  end if;
  return query
    update public.lender_consents as c
       set status = answer, answered_at = now()
     where c.id = consent.id
    returning c.*;
end;
$$;

-- The applicant's answer to 'Is this your application?'. Yes: it becomes their account's (if it was linked
-- by e-mail only) and confirmed; asking again is harmless. No: it leaves their portal for good and has no
-- account; the officers see that its e-mail's holder disowned it. Only an unconfirmed one can be disowned.
create function public.confirm_application_is_mine(application_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.applications as a
     set confirmed_by_applicant_at = coalesce(a.confirmed_by_applicant_at, now()),
         user_id = auth.uid()
   where a.id = confirm_application_is_mine.application_id
     and a.disowned_at is null
     and (a.user_id = auth.uid() or (a.user_id is null and a.email = public.current_confirmed_email()));
  if not found then
    raise exception 'No application of yours has this id' using errcode = 'P0002';
  end if;
end;
$$;

create function public.disown_application(application_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.applications as a
     set disowned_at = now(), user_id = null
   where a.id = disown_application.application_id
     and a.confirmed_by_applicant_at is null
     and a.disowned_at is null
     and (a.user_id = auth.uid() or (a.user_id is null and a.email = public.current_confirmed_email()));
  if not found then
    raise exception 'No application of yours awaits your confirmation with this id' using errcode = 'P0002';
  end if;
end;
$$;

revoke execute on function public.confirm_application_is_mine(uuid) from public, anon, authenticated, service_role;
revoke execute on function public.disown_application(uuid) from public, anon, authenticated, service_role;
grant execute on function public.confirm_application_is_mine(uuid) to authenticated;
grant execute on function public.disown_application(uuid) to authenticated;

-- The audit log names both answers: 'application.confirmed_by_applicant' and
-- 'application.disowned_by_email_holder'. The function is the whole of 20261128100000's with those two cases
-- added, as `create or replace` needs.
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
