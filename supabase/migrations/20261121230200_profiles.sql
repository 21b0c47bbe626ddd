-- Profiles (docs/product.md §3, Profile): one per auth user, created by a trigger when the user is
-- created. role mirrors app_metadata.role for the admin's client list; authorization never reads it
-- (is_admin() reads the JWT).

create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  business_name text not null default '',
  phone text not null default '',
  role text not null default 'applicant',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_role_is_known check (role in ('applicant', 'admin')),
  constraint profiles_business_name_length check (char_length(business_name) <= 200),
  constraint profiles_phone_length check (char_length(phone) <= 40)
);

-- The admin's client list: role = 'applicant', newest first.
create index profiles_role_created_at_idx on public.profiles (role, created_at desc);

alter table public.profiles enable row level security;

revoke all on table public.profiles from public, anon, authenticated, service_role;
grant select on table public.profiles to authenticated;
grant update (business_name, phone) on table public.profiles to authenticated;
grant select, insert, update, delete on table public.profiles to service_role;

create policy "Applicants can read their own profile"
  on public.profiles
  for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins can read every profile"
  on public.profiles
  for select
  to authenticated
  using ((select public.is_admin()));

-- The column grant limits what changes to business_name and phone.
create policy "Applicants can update their own business name and phone"
  on public.profiles
  for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function public.set_updated_at();

-- Creates the profile of a new auth user. It must never make a sign-up fail: values are clipped to the
-- column limits and an existing profile is left alone.
create function public.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (user_id, business_name, phone, role)
  values (
    new.id,
    left(btrim(coalesce(new.raw_user_meta_data ->> 'business_name', '')), 200),
    left(btrim(coalesce(new.phone, new.raw_user_meta_data ->> 'phone', '')), 40),
    case when new.raw_app_meta_data ->> 'role' = 'admin' then 'admin' else 'applicant' end
  )
  on conflict (user_id) do nothing;
  return new;
end;
$$;

revoke execute on function public.create_profile_for_new_user() from public, anon, authenticated, service_role;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.create_profile_for_new_user();

-- Keeps profiles.role in step when the service role changes a user's app_metadata.role.
create function public.sync_profile_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles
     set role = case when new.raw_app_meta_data ->> 'role' = 'admin' then 'admin' else 'applicant' end
   where user_id = new.id;
  return new;
end;
$$;

revoke execute on function public.sync_profile_role() from public, anon, authenticated, service_role;

create trigger on_auth_user_app_metadata_updated
  after update of raw_app_meta_data on auth.users
  for each row
  when (old.raw_app_meta_data ->> 'role' is distinct from new.raw_app_meta_data ->> 'role')
  execute function public.sync_profile_role();

-- Users created before this migration get their profile now.
insert into public.profiles (user_id, role, created_at)
select u.id, case when u.raw_app_meta_data ->> 'role' = 'admin' then 'admin' else 'applicant' end, u.created_at
  from auth.users as u
on conflict (user_id) do nothing;
