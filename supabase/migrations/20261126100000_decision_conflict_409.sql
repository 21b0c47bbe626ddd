-- A decision refused because the application changed meanwhile (another officer decided first) is a
-- deliberate check, answered with HTTP 409 Conflict rather than 500: PostgREST answers an SQLSTATE 'PTnnn'
-- with HTTP status nnn. decide_application (20261122110000_admin_decisions.sql) raised it with 40001
-- (serialization_failure), which PostgREST answers with 500. The rest of the function is unchanged.

create or replace function public.decide_application(
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
        using errcode = 'PT409';
    end if;
    raise exception 'No application has this id' using errcode = 'P0002';
  end if;
end;
$$;
