-- Functions every later migration relies on: who is an admin, the caller's confirmed e-mail, the
-- start-up health check and the updated_at trigger.
--
-- Supabase's default privileges grant EXECUTE on every new function in public to anon, authenticated and
-- service_role (and Postgres grants it to PUBLIC): each function below revokes that and grants it only
-- to the roles it is meant for.

-- Admin is app_metadata.role = 'admin' in the caller's JWT. app_metadata can only be written with the
-- service role; user_metadata is editable by its user and is never read for authorization.
create function public.is_admin()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(auth.jwt() -> 'app_metadata' ->> 'role', '') = 'admin'
$$;

comment on function public.is_admin() is
  'True when the caller''s JWT carries app_metadata.role = admin (never user_metadata).';

revoke execute on function public.is_admin() from public, anon, authenticated, service_role;
-- Row-level policies call it as the querying role, so every API role needs it.
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- The caller's e-mail (lower case) when it is the e-mail of their account and that e-mail is confirmed;
-- null otherwise. SECURITY DEFINER because API roles cannot read auth.users.
create function public.current_confirmed_email()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select lower(u.email)
    from auth.users as u
   where u.id = auth.uid()
     and u.email_confirmed_at is not null
     and lower(u.email) = lower(auth.jwt() ->> 'email')
$$;

comment on function public.current_confirmed_email() is
  'The caller''s JWT e-mail, lower-cased, when it is their account''s e-mail and it is confirmed; else null.';

revoke execute on function public.current_confirmed_email() from public, anon, authenticated, service_role;
grant execute on function public.current_confirmed_email() to authenticated;

-- The start-up connectivity check (docs/architecture.md, Departure 8): works for anyone, under RLS, reads no table.
create function public.health()
returns text
language sql
stable
set search_path = ''
as $$
  select 'ok'::text
$$;

revoke execute on function public.health() from public, anon, authenticated, service_role;
grant execute on function public.health() to anon, authenticated, service_role;

-- Keeps updated_at current on every update (BEFORE UPDATE trigger).
create function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- Trigger functions are never called directly.
revoke execute on function public.set_updated_at() from public, anon, authenticated, service_role;
