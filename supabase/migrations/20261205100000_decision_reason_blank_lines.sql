-- A decision's reason made only of spaces and line breaks is no reason: it was kept (btrim takes off spaces
-- only), and the applicant's timeline and e-mail showed an empty 'Reason:'. Now the spaces, tabs and line
-- breaks around a reason are taken off, and what is left empty is no reason. The rest of decide_application
-- (20261126100000_decision_conflict_409.sql) is unchanged.

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
           decision_reason = nullif(btrim(decide_application.reason, E' \t\r\n'), '')
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
