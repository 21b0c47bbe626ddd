-- Admin decisions: one database function decides an application. It checks that the caller is an admin and that the
-- application is still in the status the officer saw (a change made meanwhile, by another officer or from the desktop
-- outbox, is a conflict, never overwritten); the triggers on applications then check the transition
-- (docs/product.md §4, Admin decisions), stamp who and when, write audit_log and the timeline. The applicant is
-- e-mailed by the notify-applicant function, once per timeline event.

create function public.decide_application(
  application_id uuid,
  decision text,
  reason text default null,
  expected_status text default 'pending'
)
returns setof public.applications
language plpgsql
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only an admin can decide an application' using errcode = '42501';
  end if;
  if decision is null or decision not in ('approved', 'rejected') then
    raise exception 'A decision is approved or rejected' using errcode = '22023';
  end if;
  return query
    update public.applications as a
       set status = decide_application.decision,
           decision_reason = nullif(btrim(decide_application.reason), '')
     where a.id = decide_application.application_id
       and a.status = decide_application.expected_status
    returning a.*;
  if not found then
    if exists (select 1 from public.applications as a where a.id = decide_application.application_id) then
      raise exception 'This application is no longer %: it was changed meanwhile', expected_status
        using errcode = '40001';
    end if;
    raise exception 'No application has this id' using errcode = 'P0002';
  end if;
end;
$$;

comment on function public.decide_application(uuid, text, text, text) is
  'Admin only: approves or rejects an application still in expected_status, with an optional reason the applicant sees.';

revoke execute on function public.decide_application(uuid, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.decide_application(uuid, text, text, text) to authenticated;

-- Each timeline event an applicant should hear about is e-mailed once: notify-applicant stamps it.
alter table public.application_events add column notified_at timestamptz;
grant update (notified_at) on table public.application_events to service_role;
