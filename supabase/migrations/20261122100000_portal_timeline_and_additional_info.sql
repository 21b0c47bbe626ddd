-- The client portal (docs/product.md §2, Client portal): additional information becomes one record per application,
-- editable by its applicant until an officer decides (docs/architecture.md, Departure 10); every application gets a
-- status timeline (docs/architecture.md, Application timeline: one timeline per application, events with actor, time
-- and reason) that the applicant reads in the portal and admins read on the application.

-- Applications: the reason an officer gives with a decision, shown to the applicant in the timeline.
alter table public.applications add column decision_reason text;
alter table public.applications
  add constraint applications_decision_reason_is_short check (char_length(decision_reason) <= 2000);
grant update (decision_reason) on table public.applications to authenticated;

-- True when the caller may read this application (own by user id or confirmed e-mail, or admin) and no
-- officer has decided it yet. Evaluated as the caller, so the applications policies apply.
create function public.application_is_open_to_caller(application_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1
      from public.applications as a
     where a.id = application_is_open_to_caller.application_id
       and a.decided_at is null
       and (a.user_id = (select auth.uid()) or a.email = (select public.current_confirmed_email()))
  )
$$;

revoke execute on function public.application_is_open_to_caller(uuid) from public, anon, authenticated, service_role;
grant execute on function public.application_is_open_to_caller(uuid) to authenticated;

-- Additional information: one row per application (rows stored before this change keep a null
-- application_id, one per applicant).
alter table public.additional_info drop constraint additional_info_pkey;
alter table public.additional_info add column id uuid not null default gen_random_uuid();
alter table public.additional_info add constraint additional_info_pkey primary key (id);
alter table public.additional_info
  add column application_id uuid references public.applications (id) on delete cascade;
create unique index additional_info_application_id_key on public.additional_info (application_id);
create unique index additional_info_one_unlinked_row_per_user
  on public.additional_info (user_id) where application_id is null;
create index additional_info_user_id_idx on public.additional_info (user_id);

revoke insert on table public.additional_info from authenticated;
grant insert (
  id, user_id, application_id, loan_purpose, business_history, market_analysis, franchise_information,
  experience_background
) on table public.additional_info to authenticated;

drop policy "Applicants can add their own additional information" on public.additional_info;
drop policy "Applicants can update their own additional information" on public.additional_info;

create policy "Applicants can add information to their own undecided application"
  on public.additional_info
  for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and application_id is not null
    and public.application_is_open_to_caller(application_id)
  );

create policy "Applicants can edit their information until the application is decided"
  on public.additional_info
  for update
  to authenticated
  using (user_id = (select auth.uid()) and public.application_is_open_to_caller(application_id))
  with check (user_id = (select auth.uid()) and public.application_is_open_to_caller(application_id));

-- The status timeline ------------------------------------------------------------------------------------
-- submitted: the application was received; not_qualified: the evaluation declined it at submission;
-- in_review: an officer took it (assigned_admin_id set); approved / rejected: an officer decided.
create table public.application_events (
  id bigint generated always as identity primary key,
  application_id uuid not null references public.applications (id) on delete cascade,
  kind text not null,
  reason text,
  -- No foreign key: an event keeps naming its actor after the account is deleted. Null: the applicant.
  actor_id uuid,
  created_at timestamptz not null default now(),
  constraint application_events_kind_is_known check (
    kind in ('submitted', 'not_qualified', 'in_review', 'approved', 'rejected')
  )
);

create index application_events_application_id_idx on public.application_events (application_id, id);

alter table public.application_events enable row level security;

revoke all on table public.application_events from public, anon, authenticated, service_role;
revoke all on sequence public.application_events_id_seq from public, anon, authenticated, service_role;
grant select on table public.application_events to authenticated;
grant select on table public.application_events to service_role;

-- Whoever may read the application (its applicant, admins) reads its timeline.
create policy "Readers of an application can read its timeline"
  on public.application_events
  for select
  to authenticated
  using (exists (select 1 from public.applications as a where a.id = application_events.application_id));

-- Written only by this trigger on applications: nobody inserts, changes or deletes events directly.
create function public.record_application_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.application_events (application_id, kind, created_at)
    values (new.id, 'submitted', new.created_at);
    if new.status = 'rejected' then
      insert into public.application_events (application_id, kind, reason, created_at)
      values (
        new.id,
        'not_qualified',
        nullif(
          array_to_string(
            array(
              select jsonb_array_elements_text(
                case when jsonb_typeof(new.evaluation_result -> 'reasons') = 'array'
                  then new.evaluation_result -> 'reasons' else '[]'::jsonb end
              )
            ),
            ' '
          ),
          ''
        ),
        new.created_at
      );
    end if;
    return null;
  end if;
  if old.assigned_admin_id is null and new.assigned_admin_id is not null and new.status = 'pending' then
    insert into public.application_events (application_id, kind, actor_id) values (new.id, 'in_review', auth.uid());
  end if;
  if new.status is distinct from old.status then
    insert into public.application_events (application_id, kind, reason, actor_id)
    values (new.id, new.status, nullif(btrim(new.decision_reason), ''), auth.uid());
  end if;
  return null;
end;
$$;

revoke execute on function public.record_application_event() from public, anon, authenticated, service_role;

create trigger applications_record_event
  after insert or update on public.applications
  for each row execute function public.record_application_event();

-- Applications submitted before the timeline existed start with their submission (and decision).
insert into public.application_events (application_id, kind, created_at)
select a.id, 'submitted', a.created_at from public.applications as a;
insert into public.application_events (application_id, kind, reason, actor_id, created_at)
select a.id, a.status, a.decision_reason, a.decided_by, a.decided_at
  from public.applications as a
 where a.decided_at is not null;

-- Impersonation: the portal an admin views as a client also shows the applications linked to the client
-- by e-mail, so log_impersonation now returns the client's e-mail (API roles cannot read auth.users).
drop function public.log_impersonation(uuid, text);

create function public.log_impersonation(client_id uuid, phase text default 'start')
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  client_email text;
begin
  if not public.is_admin() then
    raise exception 'Only an admin can access a client''s portal' using errcode = '42501';
  end if;
  if phase is null or phase not in ('start', 'end') then
    raise exception 'phase must be start or end' using errcode = '22023';
  end if;
  select lower(u.email) into client_email from auth.users as u where u.id = log_impersonation.client_id;
  if not found then
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
  return client_email;
end;
$$;

comment on function public.log_impersonation(uuid, text) is
  'Admin only: records the start or end of viewing a client''s portal in audit_log; returns the client''s e-mail.';

revoke execute on function public.log_impersonation(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.log_impersonation(uuid, text) to authenticated;
