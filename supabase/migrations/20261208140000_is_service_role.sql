-- Whether the caller is the service role. A function that only the platform's schedule may run (document-emails)
-- asks the database with the caller's own credentials: whatever key the platform issues for the service role (a
-- JWT signed at any time, or a secret key the gateway maps to it) is recognised, and every other caller is refused.
create function public.is_service_role()
returns boolean
language sql
stable
set search_path = ''
as $$
  select true;
$$;

revoke execute on function public.is_service_role() from public, anon, authenticated;
grant execute on function public.is_service_role() to service_role;
