-- Business registrations (docs/product.md §3, Business registration form; stored: docs/architecture.md,
-- Departure 4).
-- Visitors submit them and read nothing back; admins read them.

create table public.business_registrations (
  id uuid primary key default gen_random_uuid(),
  submitted_by uuid default auth.uid() references auth.users (id) on delete set null,
  legal_business_name text not null,
  website_url text not null default '',
  no_website boolean not null default false,
  address text not null,
  suite text not null default '',
  city text not null,
  state text not null,
  zip_code text not null,
  business_start_date date not null,
  agree_to_terms boolean not null,
  created_at timestamptz not null default now(),
  constraint business_registrations_name_is_given check (legal_business_name ~ '\S'),
  -- Required unless the business has no website; then it may be empty.
  constraint business_registrations_website_is_given check (
    (no_website and website_url = '')
    or website_url ~* '^(https?://)?[a-z0-9.-]+\.[a-z.]{2,6}([/?#].*)?$'
  ),
  constraint business_registrations_address_is_given check (address ~ '\S' and city ~ '\S'),
  constraint business_registrations_state_is_known check (
    state in (
      'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
      'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND',
      'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY'
    )
  ),
  constraint business_registrations_zip_code_is_valid check (zip_code ~ '^[0-9]{5}(-[0-9]{4})?$'),
  constraint business_registrations_terms_are_agreed check (agree_to_terms)
);

create index business_registrations_created_at_idx on public.business_registrations (created_at desc);

alter table public.business_registrations enable row level security;

revoke all on table public.business_registrations from public, anon, authenticated, service_role;
grant insert (
  submitted_by, legal_business_name, website_url, no_website, address, suite, city, state, zip_code,
  business_start_date, agree_to_terms
) on table public.business_registrations to anon, authenticated;
-- Admins only, through the policy below.
grant select on table public.business_registrations to authenticated;
grant select, insert, update, delete on table public.business_registrations to service_role;

create policy "Visitors can submit a business registration"
  on public.business_registrations
  for insert
  to anon, authenticated
  with check (submitted_by is null or submitted_by = (select auth.uid()));

create policy "Admins can read every business registration"
  on public.business_registrations
  for select
  to authenticated
  using ((select public.is_admin()));
