-- Newsletter sign-ups from the blog. Visitors subscribe and read nothing back; signing up twice is not
-- an error for them (subscribe_to_newsletter ignores a known address). Admins read the list.

create table public.newsletter_subscriptions (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  created_at timestamptz not null default now(),
  constraint newsletter_subscriptions_email_key unique (email),
  constraint newsletter_subscriptions_email_is_lower_case check (email = lower(email)),
  constraint newsletter_subscriptions_email_is_valid check (
    char_length(email) <= 254 and email ~* '^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$'
  )
);

create index newsletter_subscriptions_created_at_idx on public.newsletter_subscriptions (created_at desc);

alter table public.newsletter_subscriptions enable row level security;

revoke all on table public.newsletter_subscriptions from public, anon, authenticated, service_role;
grant insert (email) on table public.newsletter_subscriptions to anon, authenticated;
-- Admins only, through the policy below.
grant select on table public.newsletter_subscriptions to authenticated;
grant select, insert, update, delete on table public.newsletter_subscriptions to service_role;

-- Any address may be subscribed; the table's constraints validate it.
create policy "Visitors can subscribe to the newsletter"
  on public.newsletter_subscriptions
  for insert
  to anon, authenticated
  with check (true);

create policy "Admins can read every newsletter subscription"
  on public.newsletter_subscriptions
  for select
  to authenticated
  using ((select public.is_admin()));

-- The blog's sign-up: trims and lower-cases the address and ignores one already subscribed, so a repeat
-- sign-up succeeds without revealing whether the address was known. An invalid address fails with the
-- table's check constraint (23514).
create function public.subscribe_to_newsletter(email text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.newsletter_subscriptions (email)
  values (lower(btrim(subscribe_to_newsletter.email)))
  on conflict on constraint newsletter_subscriptions_email_key do nothing
$$;

revoke execute on function public.subscribe_to_newsletter(text) from public, anon, authenticated, service_role;
grant execute on function public.subscribe_to_newsletter(text) to anon, authenticated, service_role;
