-- Reminders of outstanding documents (docs/product.md, Document checklist): while an application is not decided
-- and something is missing or needs replacement, and nothing has happened on its documents for some days (no
-- upload, no new request, no document sent back, no reminder), the server e-mails the applicant what is still
-- outstanding; at most a few times. server/ runs this every so often; a hosted project runs it from pg_cron
-- through the document-emails function (README, Hosted Supabase).
--
-- Each reminder is a numbered row, unique per application: two servers on one database that both find a
-- reminder due try to insert the same number, and only one of them gets it, so a reminder never goes twice.
-- The reminder is on the application's timeline, where the officer sees when the last one went.

create table public.document_reminders (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  -- 1 for the first reminder of the application, 2 for the second...
  number integer not null,
  sent_at timestamptz not null default now(),
  -- The timeline event that shows it (removed with it when its e-mail could not be sent).
  event_id bigint references public.application_events (id) on delete set null,
  constraint document_reminders_number_counts_from_one check (number >= 1),
  constraint document_reminders_once_each unique (application_id, number)
);

-- Officers read them; nobody writes them through the API but the functions below (and the service role).
alter table public.document_reminders enable row level security;
revoke all on table public.document_reminders from public, anon, authenticated, service_role;
grant select on table public.document_reminders to authenticated;
grant select, insert, update, delete on table public.document_reminders to service_role;
create policy "Admins can read every document reminder"
  on public.document_reminders for select to authenticated using ((select public.is_admin()));

alter table public.application_events drop constraint application_events_kind_is_known;
alter table public.application_events add constraint application_events_kind_is_known check (
  kind in ('submitted', 'not_qualified', 'in_review', 'approved', 'rejected', 'consent_requested', 'consent_approved',
           'consent_declined', 'consent_withdrawn', 'package_sent', 'lender_interested', 'lender_need_more_info',
           'lender_declined', 'document_accepted', 'document_needs_replacement', 'document_requested',
           'document_request_cancelled', 'document_not_needed', 'document_needed_again', 'document_reminder_sent')
);

-- Claims the reminders due now: for each application that is pending, waits on its applicant, has had fewer
-- than at_most reminders, and whose documents have been quiet for every_days days, the next reminder's row and
-- its timeline event. Answers the claimed reminders; the caller e-mails each one and gives back
-- (release_document_reminder) those it could not send.
create function public.claim_due_document_reminders(every_days integer, at_most integer)
returns setof public.document_reminders
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  due record;
  reminder public.document_reminders;
  new_event_id bigint;
begin
  if every_days is null or every_days < 1 or at_most is null or at_most < 1 then
    raise exception 'Reminders need a number of days (1 or more) and a number of reminders (1 or more)'
      using errcode = '22023';
  end if;
  for due in
    select a.id, coalesce(last.number, 0) + 1 as next_number
      from public.applications as a
      left join lateral (
        select r.number, r.sent_at from public.document_reminders as r
         where r.application_id = a.id order by r.number desc limit 1
      ) as last on true
     where a.status = 'pending'
       and a.checklist_state = 'waiting_on_applicant'
       and coalesce(last.number, 0) < at_most
       and greatest(
             a.created_at,
             last.sent_at,
             (select max(d.created_at) from public.documents as d where d.application_id = a.id),
             (select max(q.created_at) from public.document_requests as q
               where q.application_id = a.id and q.status = 'open'),
             (select max(v.created_at) from public.document_reviews as v
               where v.application_id = a.id and v.outcome = 'needs_replacement')
           ) <= now() - make_interval(days => every_days)
     order by a.created_at
     limit 500
  loop
    -- Another server that claimed the same number first wins; this one leaves the application.
    insert into public.document_reminders (application_id, number)
    values (due.id, due.next_number)
    on conflict (application_id, number) do nothing
    returning * into reminder;
    continue when reminder.id is null;
    insert into public.application_events (application_id, kind, notified_at)
    values (due.id, 'document_reminder_sent', now())
    returning id into new_event_id;
    update public.document_reminders set event_id = new_event_id
     where id = reminder.id
    returning * into reminder;
    return next reminder;
    reminder := null;
  end loop;
end;
$$;

-- Gives back a claimed reminder whose e-mail could not be sent, with its timeline event: the next run claims it
-- again.
create function public.release_document_reminder(reminder_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  released public.document_reminders;
begin
  delete from public.document_reminders where id = reminder_id returning * into released;
  if released.event_id is not null then
    delete from public.application_events where id = released.event_id;
  end if;
end;
$$;

revoke execute on function public.claim_due_document_reminders(integer, integer)
  from public, anon, authenticated, service_role;
revoke execute on function public.release_document_reminder(uuid) from public, anon, authenticated, service_role;
grant execute on function public.claim_due_document_reminders(integer, integer) to service_role;
grant execute on function public.release_document_reminder(uuid) to service_role;
