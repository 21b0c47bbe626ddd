-- The lender network (docs/architecture.md, Lender network): lenders and their criteria, and the applicant's consent
-- per lender before a package may go to it. Matching itself is the pure function in shared/matching.

-- Lenders ---------------------------------------------------------------------------------------------------
create table public.lenders (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  contact_name text not null,
  contact_email text not null,
  programs text[] not null default '{}',
  min_loan bigint not null,
  max_loan bigint not null,
  -- Empty: every state / every industry.
  states text[] not null default '{}',
  industries_served text[] not null default '{}',
  industries_excluded text[] not null default '{}',
  min_credit_score integer not null default 0,
  min_years_in_business numeric(4, 1) not null default 0,
  min_debt_coverage numeric(4, 2) not null default 0,
  accepts_startups boolean not null default false,
  accepts_acquisitions boolean not null default false,
  equity_injection_percent integer not null default 0,
  answer_days integer not null default 5,
  active boolean not null default true,
  -- Fictional lenders shipped as sample data, to be replaced by the real network.
  is_sample boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint lenders_name_is_given check (name ~ '\S'),
  constraint lenders_contact_is_given check (contact_name ~ '\S' and contact_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  constraint lenders_programs_are_known check (
    programs <@ array['sba_7a', 'sba_504', 'sba_express', 'term_loan', 'line_of_credit']
  ),
  constraint lenders_loan_range_is_ordered check (min_loan >= 0 and max_loan >= min_loan),
  constraint lenders_credit_score_is_plausible check (min_credit_score between 0 and 850),
  constraint lenders_years_are_not_negative check (min_years_in_business >= 0),
  constraint lenders_debt_coverage_is_not_negative check (min_debt_coverage >= 0),
  constraint lenders_equity_is_a_percent check (equity_injection_percent between 0 and 100),
  constraint lenders_answer_days_are_positive check (answer_days between 1 and 90)
);

create index lenders_active_idx on public.lenders (active, name);

alter table public.lenders enable row level security;

revoke all on table public.lenders from public, anon, authenticated, service_role;
grant select, insert, update, delete on table public.lenders to authenticated;
grant select, insert, update, delete on table public.lenders to service_role;

create policy "Admins can read the lender network"
  on public.lenders for select to authenticated using ((select public.is_admin()));
create policy "Admins can add lenders"
  on public.lenders for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can change lenders"
  on public.lenders for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can remove lenders"
  on public.lenders for delete to authenticated using ((select public.is_admin()));

create trigger lenders_set_updated_at
  before update on public.lenders
  for each row execute function public.set_updated_at();
create trigger lenders_audit
  after insert or update or delete on public.lenders
  for each row execute function public.audit_row_change('lender');

-- What an applicant's portal matches against: the criteria of active lenders, without names or contacts
-- (an applicant never sees lender names before an officer asks for their consent to one).
create function public.lender_criteria()
returns table (
  id uuid,
  programs text[],
  min_loan bigint,
  max_loan bigint,
  states text[],
  industries_served text[],
  industries_excluded text[],
  min_credit_score integer,
  min_years_in_business numeric,
  min_debt_coverage numeric,
  accepts_startups boolean,
  accepts_acquisitions boolean,
  equity_injection_percent integer,
  answer_days integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select l.id, l.programs, l.min_loan, l.max_loan, l.states, l.industries_served, l.industries_excluded,
         l.min_credit_score, l.min_years_in_business, l.min_debt_coverage, l.accepts_startups,
         l.accepts_acquisitions, l.equity_injection_percent, l.answer_days
    from public.lenders as l
   where l.active and auth.uid() is not null
   order by l.id;
$$;

revoke execute on function public.lender_criteria() from public, anon, authenticated, service_role;
grant execute on function public.lender_criteria() to authenticated;

-- Consent per lender ------------------------------------------------------------------------------------------
-- An officer asks (requested); the applicant approves or declines, and may withdraw an approval. A package
-- goes only to a lender whose consent is approved.
create table public.lender_consents (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  lender_id uuid not null references public.lenders (id) on delete cascade,
  status text not null default 'requested',
  requested_by uuid default auth.uid() references auth.users (id) on delete set null,
  answered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint lender_consents_status_is_known check (status in ('requested', 'approved', 'declined', 'withdrawn')),
  constraint lender_consents_once_per_lender unique (application_id, lender_id)
);

create index lender_consents_lender_idx on public.lender_consents (lender_id);

alter table public.lender_consents enable row level security;

revoke all on table public.lender_consents from public, anon, authenticated, service_role;
grant select, insert on table public.lender_consents to authenticated;
grant select, insert, update, delete on table public.lender_consents to service_role;

create policy "Readers of an application can read its lender consents"
  on public.lender_consents for select to authenticated
  using (exists (select 1 from public.applications as a where a.id = lender_consents.application_id));
create policy "Admins can ask an applicant's consent to an active lender"
  on public.lender_consents for insert to authenticated
  with check (
    (select public.is_admin())
    and status = 'requested'
    and requested_by = (select auth.uid())
    and exists (select 1 from public.lenders as l where l.id = lender_consents.lender_id and l.active)
  );

create trigger lender_consents_set_updated_at
  before update on public.lender_consents
  for each row execute function public.set_updated_at();
create trigger lender_consents_audit
  after insert or update or delete on public.lender_consents
  for each row execute function public.audit_row_change('lender_consent');

-- The lenders an applicant is asked about: names and programs of the lenders of their own consents.
create function public.consent_lenders()
returns table (consent_id uuid, application_id uuid, status text, lender_name text, programs text[], answered_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.application_id, c.status, l.name, l.programs, c.answered_at
    from public.lender_consents as c
    join public.lenders as l on l.id = c.lender_id
    join public.applications as a on a.id = c.application_id
   where a.user_id = auth.uid() or a.email = public.current_confirmed_email()
   order by c.created_at, c.id;
$$;

revoke execute on function public.consent_lenders() from public, anon, authenticated, service_role;
grant execute on function public.consent_lenders() to authenticated;

-- The applicant's answer: approve or decline a requested lender, or withdraw an approval. Stamped and audited
-- (the trigger above); only the application's own applicant may answer.
create function public.answer_lender_consent(consent_id uuid, answer text)
returns setof public.lender_consents
language plpgsql
security definer
set search_path = ''
as $$
declare
  consent public.lender_consents;
begin
  select c.* into consent
    from public.lender_consents as c
    join public.applications as a on a.id = c.application_id
   where c.id = answer_lender_consent.consent_id
     and (a.user_id = auth.uid() or a.email = public.current_confirmed_email());
  if not found then
    raise exception 'No consent request of yours has this id' using errcode = 'P0002';
  end if;
  if answer not in ('approved', 'declined', 'withdrawn') then
    raise exception 'An answer is approved, declined or withdrawn' using errcode = '22023';
  end if;
  if answer = 'withdrawn' and consent.status <> 'approved' then
    raise exception 'Only an approval can be withdrawn' using errcode = '22023';
  end if;
  return query
    update public.lender_consents as c
       set status = answer, answered_at = now()
     where c.id = consent.id
    returning c.*;
end;
$$;

revoke execute on function public.answer_lender_consent(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.answer_lender_consent(uuid, text) to authenticated;

-- Packages go to consented lenders only ----------------------------------------------------------------------
alter table public.bank_packages add column lender_id uuid references public.lenders (id) on delete set null;
grant insert (lender_id), update (lender_id) on table public.bank_packages to authenticated;

create function public.require_lender_consent()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.lender_id is not null and not exists (
    select 1 from public.lender_consents as c
     where c.application_id = new.application_id and c.lender_id = new.lender_id and c.status = 'approved'
  ) then
    raise exception 'The applicant has not approved this lender' using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke execute on function public.require_lender_consent() from public, anon, authenticated, service_role;

create trigger bank_packages_require_lender_consent
  before insert or update of lender_id, status on public.bank_packages
  for each row execute function public.require_lender_consent();

-- Sample network: a dozen fictional lenders covering the combinations of criteria -----------------------------
insert into public.lenders (
  name, contact_name, contact_email, programs, min_loan, max_loan, states, industries_served, industries_excluded,
  min_credit_score, min_years_in_business, min_debt_coverage, accepts_startups, accepts_acquisitions,
  equity_injection_percent, answer_days, is_sample
) values
  ('Sierra Community Bank (sample)', 'Ana Ruiz', 'ana.ruiz@sierra-bank.example', '{sba_7a,sba_express}', 50000, 2000000, '{NV,CA}', '{}', '{cannabis}', 650, 2, 1.25, false, true, 10, 5, true),
  ('Great Plains SBA Lending (sample)', 'Tom Becker', 'tbecker@greatplains.example', '{sba_7a,sba_504}', 150000, 5000000, '{}', '{}', '{}', 680, 2, 1.25, false, true, 10, 10, true),
  ('Harbor Express Capital (sample)', 'Lena Park', 'lena.park@harborexpress.example', '{sba_express,line_of_credit}', 25000, 500000, '{}', '{}', '{real estate}', 640, 1, 1.15, false, false, 0, 3, true),
  ('Founders First Fund (sample)', 'Marcus Lee', 'marcus@foundersfirst.example', '{sba_7a,term_loan}', 25000, 350000, '{}', '{}', '{}', 700, 0, 1.2, true, false, 20, 7, true),
  ('Keystone 504 Partners (sample)', 'Dana Whitfield', 'dwhitfield@keystone504.example', '{sba_504}', 500000, 10000000, '{PA,NJ,NY,DE}', '{manufacturing,real estate}', '{}', 680, 3, 1.3, false, true, 10, 14, true),
  ('Gulf Coast Business Credit (sample)', 'Rosa Delgado', 'rosa@gulfcoastcredit.example', '{term_loan,line_of_credit}', 50000, 1000000, '{TX,LA,FL}', '{}', '{}', 620, 2, 1.15, false, true, 10, 5, true),
  ('Evergreen Health Lenders (sample)', 'Priya Natarajan', 'priya@evergreenhealth.example', '{sba_7a}', 100000, 3000000, '{}', '{healthcare,dental,medical,veterinary}', '{}', 680, 2, 1.25, true, true, 10, 6, true),
  ('Main Street Micro Loans (sample)', 'Jamal Carter', 'jamal@mainstreetmicro.example', '{sba_express,term_loan}', 25000, 150000, '{}', '{}', '{}', 600, 0, 1.1, true, false, 0, 2, true),
  ('Pinnacle Acquisition Finance (sample)', 'Grace Ho', 'grace.ho@pinnacleacq.example', '{sba_7a}', 250000, 5000000, '{}', '{}', '{restaurant,bar}', 700, 3, 1.35, false, true, 15, 12, true),
  ('Cascade Restaurant Capital (sample)', 'Owen Fitzgerald', 'owen@cascaderestaurant.example', '{sba_7a,term_loan}', 50000, 750000, '{WA,OR,ID,CA,NV}', '{restaurant,food,bakery,cafe}', '{}', 650, 1, 1.2, false, true, 10, 4, true),
  ('Liberty Line of Credit Co. (sample)', 'Sofia Marino', 'sofia@libertyloc.example', '{line_of_credit}', 25000, 250000, '{}', '{}', '{}', 660, 2, 1.2, false, false, 0, 3, true),
  ('Paused Prairie Bank (sample)', 'Hank Olson', 'hank@prairiebank.example', '{sba_7a}', 50000, 1000000, '{}', '{}', '{}', 650, 2, 1.25, false, false, 10, 5, true);

update public.lenders set active = false where name = 'Paused Prairie Bank (sample)';
