-- A profile keeps the business name and phone a sign-up gives in full (hostile or long input:
-- no stored value is truncated). create_profile_for_new_user (20261121230200_profiles.sql) cut them to 200 and 40
-- characters without a word. Both columns now take up to 10,000 characters (the longest value the product
-- is tested with); a sign-up giving more is refused in words, with nothing created, instead of being cut.

alter table public.profiles
  drop constraint profiles_business_name_length,
  drop constraint profiles_phone_length,
  add constraint profiles_business_name_length check (char_length(business_name) <= 10000),
  add constraint profiles_phone_length check (char_length(phone) <= 10000);

create or replace function public.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  given_business_name text := btrim(coalesce(new.raw_user_meta_data ->> 'business_name', ''));
  given_phone text := btrim(coalesce(new.phone, new.raw_user_meta_data ->> 'phone', ''));
begin
  if char_length(given_business_name) > 10000 then
    raise exception 'The business name can be at most 10,000 characters.' using errcode = '22001';
  end if;
  if char_length(given_phone) > 10000 then
    raise exception 'The phone number can be at most 10,000 characters.' using errcode = '22001';
  end if;
  insert into public.profiles (user_id, business_name, phone, role)
  values (
    new.id,
    given_business_name,
    given_phone,
    case when new.raw_app_meta_data ->> 'role' = 'admin' then 'admin' else 'applicant' end
  )
  on conflict (user_id) do nothing;
  return new;
end;
$$;

revoke execute on function public.create_profile_for_new_user() from public, anon, authenticated, service_role;
