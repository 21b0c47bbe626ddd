-- Pre-qualification applications (docs/product.md §3, Application record), plus what the product needs
-- to track them: owner, evaluation, decision and timestamps.

create table public.applications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete set null,
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text not null default '',
  title text not null default '',
  credit_score text not null default '',
  receive_sms boolean not null default false,
  receive_marketing boolean not null default false,
  business_name text not null,
  business_website text not null default '',
  business_address text not null default '',
  city text not null default '',
  state text not null default '',
  industry text not null default '',
  years_in_business text not null default '',
  profitable text not null default '',
  annual_revenue numeric(16, 2) not null default 0,
  monthly_debt_payments numeric(16, 2) not null default 0,
  current_business_debt numeric(16, 2) not null default 0,
  loan_amount text not null default '',
  timeframe text not null default '',
  use_of_funds text not null default '',
  has_down_payment text not null default '',
  down_payment_amount text not null default '',
  down_payment_source text not null default '',
  consultation_date timestamptz,
  evaluation_result jsonb not null default '{}'::jsonb,
  status text not null default 'pending',
  assigned_admin_id uuid references auth.users (id) on delete set null,
  decided_by uuid references auth.users (id) on delete set null,
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint applications_status_is_known check (status in ('pending', 'approved', 'rejected')),
  constraint applications_email_is_lower_case check (email = lower(email)),
  constraint applications_email_is_valid check (email ~* '^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$'),
  constraint applications_names_are_given check (
    btrim(first_name) <> '' and btrim(last_name) <> '' and btrim(business_name) <> ''
  )
);

create index applications_status_created_at_idx on public.applications (status, created_at desc);
create index applications_email_idx on public.applications (email);
create index applications_user_id_idx on public.applications (user_id);

alter table public.applications enable row level security;

revoke all on table public.applications from anon, authenticated;
grant insert on table public.applications to anon, authenticated;

create policy "Visitors can submit a new undecided application"
  on public.applications
  for insert
  to anon, authenticated
  with check (
    status in ('pending', 'rejected')
    and assigned_admin_id is null
    and decided_by is null
    and decided_at is null
    and consultation_date is null
    and (user_id is null or user_id = auth.uid())
  );
