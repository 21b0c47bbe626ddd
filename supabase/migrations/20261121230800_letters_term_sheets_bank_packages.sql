-- What admins produce for an application (docs/product.md §3 and docs/architecture.md, Departure 4): pre-application
-- letters, term sheets and bank packages. Admin only; every change is written to audit_log.

-- Pre-application letters ----------------------------------------------------------------------------

create table public.pre_application_letters (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  first_name text not null default '',
  last_name text not null default '',
  business_name text not null default '',
  address text not null,
  city text not null default '',
  state text not null default '',
  zip_code text not null,
  -- The lower end of the application's loan amount range, in dollars.
  loan_amount bigint not null,
  loan_purpose text not null,
  rate text not null default 'WSJ Prime + 275',
  term_years integer not null default 10,
  estimated_payment numeric(16, 2) not null default 100,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint pre_application_letters_required_fields check (
    address ~ '\S' and zip_code ~ '\S' and loan_purpose ~ '\S' and rate ~ '\S'
  ),
  constraint pre_application_letters_loan_amount_is_not_negative check (loan_amount >= 0),
  constraint pre_application_letters_term_is_positive check (term_years > 0),
  constraint pre_application_letters_payment_is_positive check (estimated_payment > 0)
);

create index pre_application_letters_application_idx
  on public.pre_application_letters (application_id, created_at desc);

alter table public.pre_application_letters enable row level security;

revoke all on table public.pre_application_letters from public, anon, authenticated, service_role;
grant select on table public.pre_application_letters to authenticated;
grant insert (
  id, application_id, first_name, last_name, business_name, address, city, state, zip_code, loan_amount,
  loan_purpose, rate, term_years, estimated_payment, created_by
) on table public.pre_application_letters to authenticated;
grant select, insert, update, delete on table public.pre_application_letters to service_role;

create policy "Admins can read every pre-application letter"
  on public.pre_application_letters
  for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins can write pre-application letters"
  on public.pre_application_letters
  for insert
  to authenticated
  with check ((select public.is_admin()) and created_by = (select auth.uid()));

create trigger pre_application_letters_audit
  after insert or update or delete on public.pre_application_letters
  for each row execute function public.audit_row_change('pre_application_letter');

-- True when every item of a list is a non-blank text and the list is not empty.
create function public.text_items_are_filled(items text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    (select bool_and(coalesce(i.item, '') ~ '\S') from unnest(items) as i (item)),
    false
  )
$$;

-- Check constraints evaluate it as the inserting role.
revoke execute on function public.text_items_are_filled(text[]) from public, anon, authenticated, service_role;
grant execute on function public.text_items_are_filled(text[]) to authenticated, service_role;

-- Term sheets ----------------------------------------------------------------------------------------------

create table public.term_sheets (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  bank_name text not null,
  loan_amount numeric(16, 2) not null,
  -- Percent per year.
  interest_rate numeric(7, 4) not null,
  term_months integer not null,
  monthly_payment numeric(16, 2) not null,
  collateral text not null,
  conditions text[] not null,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint term_sheets_text_fields_are_given check (bank_name ~ '\S' and collateral ~ '\S'),
  constraint term_sheets_amounts_are_positive check (loan_amount > 0 and monthly_payment > 0),
  constraint term_sheets_interest_rate_is_valid check (interest_rate >= 0 and interest_rate <= 100),
  constraint term_sheets_term_is_positive check (term_months > 0),
  -- "every field required, including every condition"
  constraint term_sheets_conditions_are_given check (public.text_items_are_filled(conditions))
);

create index term_sheets_application_idx on public.term_sheets (application_id, created_at desc);

alter table public.term_sheets enable row level security;

revoke all on table public.term_sheets from public, anon, authenticated, service_role;
grant select on table public.term_sheets to authenticated;
grant insert (
  id, application_id, bank_name, loan_amount, interest_rate, term_months, monthly_payment, collateral,
  conditions, created_by
) on table public.term_sheets to authenticated;
grant select, insert, update, delete on table public.term_sheets to service_role;

create policy "Admins can read every term sheet"
  on public.term_sheets
  for select
  to authenticated
  using ((select public.is_admin()));

-- "Accept & Generate Term Sheet" is offered for approved applications only.
create policy "Admins can write term sheets for approved applications"
  on public.term_sheets
  for insert
  to authenticated
  with check (
    (select public.is_admin())
    and created_by = (select auth.uid())
    and exists (
      select 1 from public.applications as a where a.id = term_sheets.application_id and a.status = 'approved'
    )
  );

create trigger term_sheets_audit
  after insert or update or delete on public.term_sheets
  for each row execute function public.audit_row_change('term_sheet');

-- Bank packages ---------------------------------------------------------------------------------------------

create table public.bank_packages (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  status text not null default 'generated',
  bank_name text not null default '',
  sent_at timestamptz,
  clientpoint_link text,
  -- The executive summary the package was built from (preview and download show it).
  summary text not null default '',
  generated_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint bank_packages_status_is_known check (status in ('generated', 'sent')),
  constraint bank_packages_sent_has_date check ((status = 'sent') = (sent_at is not null)),
  constraint bank_packages_clientpoint_link_is_url check (
    clientpoint_link is null or clientpoint_link ~* '^https?://\S+$'
  )
);

create index bank_packages_application_idx on public.bank_packages (application_id, created_at desc);
create index bank_packages_status_idx on public.bank_packages (status, created_at desc);

alter table public.bank_packages enable row level security;

revoke all on table public.bank_packages from public, anon, authenticated, service_role;
grant select on table public.bank_packages to authenticated;
grant insert (id, application_id, status, bank_name, clientpoint_link, summary, generated_by)
  on table public.bank_packages to authenticated;
grant update (status, bank_name, sent_at, clientpoint_link, summary) on table public.bank_packages to authenticated;
grant select, insert, update, delete on table public.bank_packages to service_role;

create policy "Admins can read every bank package"
  on public.bank_packages
  for select
  to authenticated
  using ((select public.is_admin()));

-- Packages are generated (never inserted as sent) for approved applications.
create policy "Admins can generate bank packages for approved applications"
  on public.bank_packages
  for insert
  to authenticated
  with check (
    (select public.is_admin())
    and generated_by = (select auth.uid())
    and status = 'generated'
    and exists (
      select 1 from public.applications as a where a.id = bank_packages.application_id and a.status = 'approved'
    )
  );

create policy "Admins can update every bank package"
  on public.bank_packages
  for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

-- generated -> sent is the only legal change of status.
create function public.enforce_bank_package_status()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status and not (old.status = 'generated' and new.status = 'sent') then
    raise exception 'A bank package''s status can only change from generated to sent, not from % to %',
      old.status, new.status
      using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

revoke execute on function public.enforce_bank_package_status() from public, anon, authenticated, service_role;

create trigger bank_packages_enforce_status
  before update on public.bank_packages
  for each row execute function public.enforce_bank_package_status();

create trigger bank_packages_set_updated_at
  before update on public.bank_packages
  for each row execute function public.set_updated_at();

create trigger bank_packages_audit
  after insert or update or delete on public.bank_packages
  for each row execute function public.audit_row_change('bank_package');
