-- application_list_counts: how many applications each list of the admin's Applications tab holds, for the tabs'
-- labels ('Pending Applications (12)'). One grouped count over the table, never its rows: a few milliseconds at
-- 10,000 applications. The lists are shared/admin/application-lists.ts's applicationListOf: an accepted offer
-- puts an application in the Pipeline; declined at submission (never decided by an officer) is Not Qualified.
-- A list with none is left out. It runs with the caller's rights: the applications' policies decide what is
-- counted (every application for an officer, an applicant's own for them), so it shows nobody more than they
-- can read already.

create function public.application_list_counts()
returns table (list text, applications bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select case
           when a.loan_stage is not null then 'pipeline'
           when a.status in ('pending', 'approved') then a.status
           when a.decided_at is null then 'notQualified'
           else 'rejected'
         end as list,
         count(*) as applications
    from public.applications as a
   group by 1
   order by 1;
$$;

revoke execute on function public.application_list_counts() from public, anon, authenticated, service_role;
grant execute on function public.application_list_counts() to authenticated;
