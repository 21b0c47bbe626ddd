-- Offers and funding (docs/product.md, Offers and funding): a lender answering 'interested' through its link
-- makes an offer, revised until the applicant accepts one or it expires (each revision kept); the applicant
-- accepts one offer with their typed name, stored with what proves it later (when, from where, and a SHA-256 of
-- the offer as shown); the loan then goes through its closing stages, recorded by the officer or by the lender
-- through its link, each once. Every write goes through a function that checks its caller and its input and
-- decides races in the database; every change is audited and on the application's timeline, whose events name
-- no officer.

-- Offers ---------------------------------------------------------------------------------------------------

create table public.loan_offers (
  id uuid primary key default gen_random_uuid(),
  package_id uuid not null references public.bank_packages (id) on delete cascade,
  application_id uuid not null references public.applications (id) on delete cascade,
  -- 1 for the lender's first offer on this package, 2 for its first revision...
  revision integer not null,
  amount numeric(14, 2) not null,
  rate_kind text not null,
  -- A fixed rate, or an index and a spread over it; percent a year.
  fixed_rate numeric(6, 3),
  rate_index text,
  spread numeric(6, 3),
  term_months integer not null,
  lender_fees numeric(12, 2) not null,
  sba_guaranty_fee numeric(12, 2),
  collateral text not null,
  conditions text[] not null,
  expires_on date not null,
  -- Set when the lender withdraws this revision (a later revision makes an offer again).
  withdrawn_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  -- The desktop cache follows changes by it (a withdrawal changes a revision).
  updated_at timestamptz not null default now(),
  constraint loan_offers_revision_once unique (package_id, revision),
  constraint loan_offers_revision_counts_from_one check (revision >= 1),
  constraint loan_offers_amount_is_a_loan check (amount > 0 and amount <= 50000000),
  constraint loan_offers_rate_is_whole check (
    (rate_kind = 'fixed' and fixed_rate is not null and rate_index is null and spread is null
       and fixed_rate >= 0 and fixed_rate <= 40)
    or (rate_kind = 'variable' and fixed_rate is null
          and rate_index in ('prime', 'sofr_30_day', 'treasury_5_year')
          and spread is not null and spread >= -5 and spread <= 20)
  ),
  constraint loan_offers_term_is_months check (term_months between 1 and 600),
  constraint loan_offers_fees_are_amounts check (
    lender_fees >= 0 and lender_fees <= 10000000 and (sba_guaranty_fee is null
      or (sba_guaranty_fee >= 0 and sba_guaranty_fee <= 10000000))
  ),
  constraint loan_offers_collateral_is_short check (char_length(collateral) <= 2000),
  constraint loan_offers_conditions_are_short check (
    cardinality(conditions) <= 20 and char_length(array_to_string(conditions, '')) <= 8000
  )
);

create index loan_offers_application_idx on public.loan_offers (application_id, created_at);

-- The acceptance ---------------------------------------------------------------------------------------------

create table public.offer_acceptances (
  id uuid primary key default gen_random_uuid(),
  -- One accepted offer per application: a second acceptance, even at the same moment, is refused.
  application_id uuid not null references public.applications (id) on delete cascade,
  offer_id uuid not null references public.loan_offers (id) on delete cascade,
  package_id uuid not null references public.bank_packages (id) on delete cascade,
  accepted_by uuid references auth.users (id) on delete set null,
  full_name text not null,
  statement text not null,
  -- What proves the acceptance later: the offer exactly as shown, hashed; when, from where, with what browser.
  offer_sha256 text not null,
  client_address text not null,
  user_agent text not null,
  accepted_at timestamptz not null default now(),
  constraint offer_acceptances_once unique (application_id),
  constraint offer_acceptances_full_name_is_given check (full_name ~ '\S' and char_length(full_name) <= 200),
  constraint offer_acceptances_sha256_is_hex check (offer_sha256 ~ '^[0-9a-f]{64}$'),
  constraint offer_acceptances_context_is_short check (
    char_length(client_address) <= 100 and char_length(user_agent) <= 1000
  )
);

-- The loan's closing stages ------------------------------------------------------------------------------------

create table public.loan_stages (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  stage text not null,
  expected_closing_on date,
  funded_amount numeric(14, 2),
  funded_on date,
  reason text,
  recorded_by uuid references auth.users (id) on delete set null,
  -- The officer, or the lender through its link (the package it answered).
  recorded_via text not null,
  package_id uuid references public.bank_packages (id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  -- Each stage once: recording one twice (two people at once) is refused to the second.
  constraint loan_stages_once unique (application_id, stage),
  constraint loan_stages_stage_is_known check (stage in ('in_closing', 'funded', 'did_not_close')),
  constraint loan_stages_details_fit_stage check (
    (stage = 'in_closing' and expected_closing_on is not null and funded_amount is null and funded_on is null
       and reason is null)
    or (stage = 'funded' and funded_amount > 0 and funded_amount <= 50000000 and funded_on is not null
          and expected_closing_on is null and reason is null)
    or (stage = 'did_not_close' and reason ~ '\S' and char_length(reason) <= 2000 and expected_closing_on is null
          and funded_amount is null and funded_on is null)
  ),
  constraint loan_stages_recorded_via_is_known check (recorded_via in ('officer', 'lender'))
);

-- Index values as officers enter them, each kept (the latest of an index is today's; the comparison computes
-- variable rates at it and says which value it used) ---------------------------------------------------------------

create table public.rate_index_values (
  id uuid primary key default gen_random_uuid(),
  rate_index text not null,
  percent numeric(6, 3) not null,
  as_of date not null,
  entered_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  constraint rate_index_values_index_is_known check (rate_index in ('prime', 'sofr_30_day', 'treasury_5_year')),
  constraint rate_index_values_percent_is_a_rate check (percent >= -5 and percent <= 40)
);

create index rate_index_values_latest_idx on public.rate_index_values (rate_index, created_at desc);

-- Who reads what: officers all of it; an applicant their own applications' offers, acceptance and stages (the
-- officers' and lenders' ids are in columns the portal does not need, read through the functions below); the
-- index values are public figures. Nobody writes through the API but the functions (and the service role).
alter table public.loan_offers enable row level security;
alter table public.offer_acceptances enable row level security;
alter table public.loan_stages enable row level security;
alter table public.rate_index_values enable row level security;

revoke all on table public.loan_offers from public, anon, authenticated, service_role;
revoke all on table public.offer_acceptances from public, anon, authenticated, service_role;
revoke all on table public.loan_stages from public, anon, authenticated, service_role;
revoke all on table public.rate_index_values from public, anon, authenticated, service_role;
grant select on table public.loan_offers to authenticated;
grant select on table public.offer_acceptances to authenticated;
grant select on table public.loan_stages to authenticated;
grant select on table public.rate_index_values to authenticated;
grant select, insert, update, delete on table public.loan_offers to service_role;
grant select, insert, update, delete on table public.offer_acceptances to service_role;
grant select, insert, update, delete on table public.loan_stages to service_role;
grant select, insert, update, delete on table public.rate_index_values to service_role;

create policy "Admins can read every offer" on public.loan_offers for select to authenticated
  using ((select public.is_admin()));
create policy "Applicants can read the offers made to their applications" on public.loan_offers
  for select to authenticated
  using (exists (select 1 from public.applications as a
                  where a.id = loan_offers.application_id and a.user_id = (select auth.uid())));
create policy "Admins can read every acceptance" on public.offer_acceptances for select to authenticated
  using ((select public.is_admin()));
create policy "Applicants can read the acceptances of their applications" on public.offer_acceptances
  for select to authenticated
  using (exists (select 1 from public.applications as a
                  where a.id = offer_acceptances.application_id and a.user_id = (select auth.uid())));
create policy "Admins can read every loan stage" on public.loan_stages for select to authenticated
  using ((select public.is_admin()));
create policy "Applicants can read the stages of their loans" on public.loan_stages for select to authenticated
  using (exists (select 1 from public.applications as a
                  where a.id = loan_stages.application_id and a.user_id = (select auth.uid())));
create policy "Signed-in people can read the index values" on public.rate_index_values for select to authenticated
  using (true);

create trigger loan_offers_set_updated_at
  before update on public.loan_offers
  for each row execute function public.set_updated_at();

create trigger loan_offers_audit
  after insert or update or delete on public.loan_offers
  for each row execute function public.audit_row_change('loan_offer');
create trigger offer_acceptances_audit
  after insert or update or delete on public.offer_acceptances
  for each row execute function public.audit_row_change('offer_acceptance');
create trigger loan_stages_audit
  after insert or update or delete on public.loan_stages
  for each row execute function public.audit_row_change('loan_stage');
create trigger rate_index_values_audit
  after insert or update or delete on public.rate_index_values
  for each row execute function public.audit_row_change('rate_index_value');

-- The desktop cache learns of deletions from tombstones.
create trigger loan_offers_record_deleted_row
  after delete on public.loan_offers for each row execute function public.record_deleted_row();
create trigger offer_acceptances_record_deleted_row
  after delete on public.offer_acceptances for each row execute function public.record_deleted_row();
create trigger loan_stages_record_deleted_row
  after delete on public.loan_stages for each row execute function public.record_deleted_row();
create trigger rate_index_values_record_deleted_row
  after delete on public.rate_index_values for each row execute function public.record_deleted_row();

-- The timeline's new events ----------------------------------------------------------------------------------

alter table public.application_events drop constraint application_events_kind_is_known;
alter table public.application_events add constraint application_events_kind_is_known check (
  kind in ('submitted', 'not_qualified', 'in_review', 'approved', 'rejected', 'consent_requested', 'consent_approved',
           'consent_declined', 'consent_withdrawn', 'package_sent', 'lender_interested', 'lender_need_more_info',
           'lender_declined', 'document_accepted', 'document_needs_replacement', 'document_requested',
           'document_request_cancelled', 'document_not_needed', 'document_needed_again', 'document_reminder_sent',
           'offer_made', 'offer_revised', 'offer_withdrawn', 'offer_accepted', 'loan_in_closing', 'loan_funded',
           'loan_did_not_close')
);

-- Functions ----------------------------------------------------------------------------------------------------

-- The package a lender's link opens, locked, while the link is neither expired nor revoked.
create function public.package_of_link(token text)
returns public.bank_packages
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.bank_packages;
begin
  select p.* into target
    from public.bank_packages as p
   where p.link_token_hash = encode(sha256(convert_to(package_of_link.token, 'UTF8')), 'hex')
     and p.link_revoked_at is null
     and p.link_expires_at > now()
     for update;
  if not found then
    raise exception 'This link has expired or was revoked' using errcode = 'P0002';
  end if;
  return target;
end;
$$;

-- The lender makes or revises its offer through its link (the lender-package function, service role). It makes
-- the package's answer 'interested'. Refused once the applicant accepted an offer (this one or another lender's).
create function public.make_loan_offer(
  token text,
  amount numeric,
  rate_kind text,
  fixed_rate numeric,
  rate_index text,
  spread numeric,
  term_months integer,
  lender_fees numeric,
  sba_guaranty_fee numeric,
  collateral text,
  conditions jsonb,
  expires_on date
)
returns public.loan_offers
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.bank_packages := public.package_of_link(make_loan_offer.token);
  latest integer;
  made public.loan_offers;
  kept_conditions text[];
begin
  if exists (select 1 from public.offer_acceptances as x where x.application_id = target.application_id) then
    raise exception 'The applicant has already accepted an offer: this one can no longer change'
      using errcode = '55000';
  end if;
  if target.status not in ('sent', 'need_more_info', 'interested') then
    raise exception 'This package has already been answered' using errcode = '55000';
  end if;
  if make_loan_offer.expires_on is null or make_loan_offer.expires_on < current_date then
    raise exception 'The offer must expire today or later' using errcode = '22023';
  end if;
  if jsonb_typeof(coalesce(make_loan_offer.conditions, '[]'::jsonb)) <> 'array' then
    raise exception 'The conditions are a list of texts' using errcode = '22023';
  end if;
  select coalesce(array_agg(btrim(c) order by n), '{}')
    into kept_conditions
    from jsonb_array_elements_text(coalesce(make_loan_offer.conditions, '[]'::jsonb)) with ordinality as u(c, n)
   where btrim(c) <> '';
  select coalesce(max(o.revision), 0) into latest from public.loan_offers as o where o.package_id = target.id;
  begin
    insert into public.loan_offers (package_id, application_id, revision, amount, rate_kind, fixed_rate, rate_index,
                                    spread, term_months, lender_fees, sba_guaranty_fee, collateral, conditions,
                                    expires_on)
    values (target.id, target.application_id, latest + 1, make_loan_offer.amount, make_loan_offer.rate_kind,
            make_loan_offer.fixed_rate, make_loan_offer.rate_index, make_loan_offer.spread,
            make_loan_offer.term_months, coalesce(make_loan_offer.lender_fees, 0), make_loan_offer.sba_guaranty_fee,
            btrim(coalesce(make_loan_offer.collateral, '')), kept_conditions, make_loan_offer.expires_on)
    returning * into made;
  exception when check_violation or not_null_violation then
    raise exception 'The offer is incomplete or out of range: check the amount, the rate, the term and the fees'
      using errcode = '22023';
  end;
  if target.status <> 'interested' then
    update public.bank_packages as p
       set status = 'interested', answered_at = now()
     where p.id = target.id;
    -- The timeline keeps 'The lender is interested'; the applicant is e-mailed once, about the offer.
    update public.application_events as e
       set notified_at = now()
     where e.application_id = target.application_id and e.kind = 'lender_interested' and e.notified_at is null
       and e.created_at = now();
  end if;
  insert into public.application_events (application_id, kind, subject)
  values (target.application_id, case when latest = 0 then 'offer_made' else 'offer_revised' end,
          nullif(target.bank_name, ''));
  return made;
end;
$$;

-- The lender withdraws its current offer through its link; refused once the applicant accepted one.
create function public.withdraw_loan_offer(token text)
returns public.loan_offers
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.bank_packages := public.package_of_link(withdraw_loan_offer.token);
  withdrawn public.loan_offers;
begin
  if exists (select 1 from public.offer_acceptances as x where x.application_id = target.application_id) then
    raise exception 'The applicant has already accepted an offer: this one can no longer change'
      using errcode = '55000';
  end if;
  update public.loan_offers as o
     set withdrawn_at = now()
   where o.package_id = target.id and o.withdrawn_at is null
     and o.revision = (select max(l.revision) from public.loan_offers as l where l.package_id = target.id)
  returning o.* into withdrawn;
  if withdrawn.id is null then
    raise exception 'There is no offer to withdraw' using errcode = 'P0002';
  end if;
  insert into public.application_events (application_id, kind, subject)
  values (target.application_id, 'offer_withdrawn', nullif(target.bank_name, ''));
  return withdrawn;
end;
$$;

-- Whether an offer revision is the one an applicant can accept now: its package's latest, not withdrawn, not
-- expired, its link still open, and no offer of the application accepted.
create function public.offer_is_live(offer_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.loan_offers as o
      join public.bank_packages as p on p.id = o.package_id
     where o.id = offer_is_live.offer_id
       and o.withdrawn_at is null
       and o.expires_on >= current_date
       and p.link_revoked_at is null
       and o.revision = (select max(l.revision) from public.loan_offers as l where l.package_id = o.package_id)
       and not exists (select 1 from public.offer_acceptances as x where x.application_id = o.application_id)
  );
$$;

-- The applicant accepts an offer (the accept-offer function, service role, which checked the caller's session and
-- the offer's hash as shown and passes the caller's id, address and browser). The database decides every race:
-- an offer revised, withdrawn or expired meanwhile, or a second acceptance, is refused in words.
create function public.accept_loan_offer(
  applicant_id uuid,
  offer_id uuid,
  full_name text,
  statement text,
  offer_sha256 text,
  client_address text,
  user_agent text
)
returns public.offer_acceptances
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  offer_package uuid;
  offer public.loan_offers;
  accepted public.offer_acceptances;
begin
  select o.package_id into offer_package
    from public.loan_offers as o
    join public.applications as a on a.id = o.application_id
   where o.id = accept_loan_offer.offer_id and a.user_id = accept_loan_offer.applicant_id;
  if not found then
    raise exception 'No offer of yours has this id' using errcode = 'P0002';
  end if;
  -- The package first, as a revision or a withdrawal locks it: each waits for the other, and sees what it did.
  perform 1 from public.bank_packages as p where p.id = offer_package for update;
  select o.* into offer from public.loan_offers as o where o.id = accept_loan_offer.offer_id;
  if exists (select 1 from public.offer_acceptances as x where x.application_id = offer.application_id) then
    raise exception 'An offer of this application has already been accepted' using errcode = '23505';
  end if;
  if not public.offer_is_live(offer.id) then
    raise exception 'This offer can no longer be accepted: it was revised, withdrawn or has expired. Review the offers again.'
      using errcode = 'PT409';
  end if;
  if full_name is null or btrim(full_name) = '' then
    raise exception 'Type your full name to accept the offer' using errcode = '22023';
  end if;
  begin
    insert into public.offer_acceptances (application_id, offer_id, package_id, accepted_by, full_name, statement,
                                          offer_sha256, client_address, user_agent)
    values (offer.application_id, offer.id, offer.package_id, accept_loan_offer.applicant_id,
            btrim(accept_loan_offer.full_name), accept_loan_offer.statement, accept_loan_offer.offer_sha256,
            left(coalesce(accept_loan_offer.client_address, 'unknown'), 100),
            left(coalesce(accept_loan_offer.user_agent, 'unknown'), 1000))
    returning * into accepted;
  exception when unique_violation then
    raise exception 'An offer of this application has already been accepted' using errcode = '23505';
  when check_violation then
    raise exception 'The acceptance is incomplete: your full name (at most 200 characters) and the offer as shown are needed'
      using errcode = '22023';
  end;
  insert into public.application_events (application_id, kind, subject, actor_id)
  select offer.application_id, 'offer_accepted', nullif(p.bank_name, ''), accept_loan_offer.applicant_id
    from public.bank_packages as p where p.id = offer.package_id;
  return accepted;
end;
$$;

-- A closing stage, recorded once, in order: after the acceptance, 'in_closing' (with the expected closing day) or
-- 'did_not_close'; after 'in_closing', 'funded' or 'did_not_close'; nothing after 'funded' or 'did_not_close'.
create function public.insert_loan_stage(
  application_id uuid,
  stage text,
  expected_closing_on date,
  funded_amount numeric,
  funded_on date,
  reason text,
  recorded_via text,
  package_id uuid
)
returns public.loan_stages
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  recorded public.loan_stages;
  stages text[];
begin
  perform 1 from public.applications as a where a.id = insert_loan_stage.application_id for update;
  if not exists (select 1 from public.offer_acceptances as x where x.application_id = insert_loan_stage.application_id)
  then
    raise exception 'No offer of this application has been accepted yet' using errcode = '55000';
  end if;
  select coalesce(array_agg(s.stage), '{}') into stages
    from public.loan_stages as s where s.application_id = insert_loan_stage.application_id;
  if 'funded' = any (stages) or 'did_not_close' = any (stages) then
    raise exception 'This loan has already closed or did not close: its stage cannot change' using errcode = '55000';
  end if;
  if insert_loan_stage.stage = 'in_closing' and 'in_closing' = any (stages) then
    raise exception 'This loan is already in closing' using errcode = '23505';
  end if;
  if insert_loan_stage.stage = 'funded' and not ('in_closing' = any (stages)) then
    raise exception 'A loan is funded after it is in closing: record In closing first' using errcode = '55000';
  end if;
  if insert_loan_stage.stage = 'funded' and insert_loan_stage.funded_on > current_date then
    raise exception 'The funding date cannot be in the future' using errcode = '22023';
  end if;
  begin
    insert into public.loan_stages (application_id, stage, expected_closing_on, funded_amount, funded_on, reason,
                                    recorded_by, recorded_via, package_id)
    values (insert_loan_stage.application_id, insert_loan_stage.stage, insert_loan_stage.expected_closing_on,
            insert_loan_stage.funded_amount, insert_loan_stage.funded_on, nullif(btrim(insert_loan_stage.reason), ''),
            auth.uid(), insert_loan_stage.recorded_via, insert_loan_stage.package_id)
    returning * into recorded;
  exception when check_violation or not_null_violation then
    raise exception '%', case insert_loan_stage.stage
      when 'in_closing' then 'In closing needs the expected closing date'
      when 'funded' then 'Funded needs the funded amount (above $0) and the funding date'
      when 'did_not_close' then 'Did not close needs the reason (at most 2,000 characters)'
      else 'A stage is in_closing, funded or did_not_close' end
      using errcode = '22023';
  end;
  insert into public.application_events (application_id, kind, reason)
  values (insert_loan_stage.application_id, 'loan_' || insert_loan_stage.stage, recorded.reason);
  return recorded;
end;
$$;

-- An officer records a stage.
create function public.record_loan_stage(
  application_id uuid,
  stage text,
  expected_closing_on date default null,
  funded_amount numeric default null,
  funded_on date default null,
  reason text default null
)
returns public.loan_stages
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can record a loan''s stage' using errcode = '42501';
  end if;
  return public.insert_loan_stage(record_loan_stage.application_id, record_loan_stage.stage,
                                  record_loan_stage.expected_closing_on, record_loan_stage.funded_amount,
                                  record_loan_stage.funded_on, record_loan_stage.reason, 'officer', null);
end;
$$;

-- The lender whose offer was accepted records a stage through its link (the lender-package function, service
-- role); another lender's link cannot.
create function public.record_loan_stage_by_link(
  token text,
  stage text,
  expected_closing_on date default null,
  funded_amount numeric default null,
  funded_on date default null,
  reason text default null
)
returns public.loan_stages
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.bank_packages := public.package_of_link(record_loan_stage_by_link.token);
begin
  if not exists (select 1 from public.offer_acceptances as x where x.package_id = target.id) then
    raise exception 'Only the lender whose offer the applicant accepted records the loan''s stages'
      using errcode = '42501';
  end if;
  return public.insert_loan_stage(target.application_id, record_loan_stage_by_link.stage,
                                  record_loan_stage_by_link.expected_closing_on,
                                  record_loan_stage_by_link.funded_amount, record_loan_stage_by_link.funded_on,
                                  record_loan_stage_by_link.reason, 'lender', target.id);
end;
$$;

-- An officer enters an index's value (kept beside the earlier ones).
create function public.set_rate_index_value(rate_index text, percent numeric, as_of date)
returns public.rate_index_values
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  stored public.rate_index_values;
begin
  if not public.is_admin() then
    raise exception 'Only admins can enter an index value' using errcode = '42501';
  end if;
  if as_of is null or as_of > current_date then
    raise exception 'The value''s date cannot be in the future' using errcode = '22023';
  end if;
  begin
    insert into public.rate_index_values (rate_index, percent, as_of, entered_by)
    values (set_rate_index_value.rate_index, set_rate_index_value.percent, set_rate_index_value.as_of, auth.uid())
    returning * into stored;
  exception when check_violation or not_null_violation then
    raise exception 'An index is prime, sofr_30_day or treasury_5_year, with a value between -5%% and 40%%'
      using errcode = '22023';
  end;
  return stored;
end;
$$;

-- The other lenders' links stop taking answers once an offer is accepted: answer_lender_package refuses them.
create function public.refuse_answers_after_acceptance()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status is distinct from old.status and new.status in ('interested', 'need_more_info', 'declined')
     and exists (select 1 from public.offer_acceptances as x
                  where x.application_id = new.application_id and x.package_id <> new.id) then
    raise exception 'The applicant chose another lender: this package no longer takes answers' using errcode = '55000';
  end if;
  return new;
end;
$$;

create trigger bank_packages_refuse_answers_after_acceptance
  before update of status on public.bank_packages
  for each row execute function public.refuse_answers_after_acceptance();

revoke execute on function public.package_of_link(text) from public, anon, authenticated, service_role;
revoke execute on function public.make_loan_offer(text, numeric, text, numeric, text, numeric, integer, numeric,
                                                  numeric, text, jsonb, date)
  from public, anon, authenticated, service_role;
revoke execute on function public.withdraw_loan_offer(text) from public, anon, authenticated, service_role;
revoke execute on function public.offer_is_live(uuid) from public, anon, authenticated, service_role;
revoke execute on function public.accept_loan_offer(uuid, uuid, text, text, text, text, text)
  from public, anon, authenticated, service_role;
revoke execute on function public.insert_loan_stage(uuid, text, date, numeric, date, text, text, uuid)
  from public, anon, authenticated, service_role;
revoke execute on function public.record_loan_stage(uuid, text, date, numeric, date, text)
  from public, anon, authenticated, service_role;
revoke execute on function public.record_loan_stage_by_link(text, text, date, numeric, date, text)
  from public, anon, authenticated, service_role;
revoke execute on function public.set_rate_index_value(text, numeric, date) from public, anon, authenticated, service_role;
revoke execute on function public.refuse_answers_after_acceptance() from public, anon, authenticated, service_role;

grant execute on function public.make_loan_offer(text, numeric, text, numeric, text, numeric, integer, numeric,
                                                 numeric, text, jsonb, date) to service_role;
grant execute on function public.withdraw_loan_offer(text) to service_role;
grant execute on function public.offer_is_live(uuid) to service_role;
grant execute on function public.accept_loan_offer(uuid, uuid, text, text, text, text, text) to service_role;
grant execute on function public.record_loan_stage(uuid, text, date, numeric, date, text) to authenticated;
grant execute on function public.record_loan_stage_by_link(text, text, date, numeric, date, text) to service_role;
grant execute on function public.set_rate_index_value(text, numeric, date) to authenticated;
