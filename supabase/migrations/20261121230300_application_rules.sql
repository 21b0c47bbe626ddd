-- Access rules for applications (created in 20261121220000_applications.sql): the enumerations of docs/product.md §3,
-- the pre-qualification evaluation in SQL, what visitors may submit, who reads and decides, the legal
-- status transitions, and the audit trail of admin changes.

-- Enumerations (docs/product.md §3). An empty string stays allowed for rows not submitted by visitors
-- (older rows, service-role imports); visitors must answer every one (see the insert policy).
alter table public.applications
  add constraint applications_credit_score_is_known
    check (credit_score in ('', '750+', '700-749', '650-699', '600-649', 'Below 600')),
  add constraint applications_years_in_business_is_known
    check (years_in_business in ('', '0-1', '1-2', '2-5', '5-10', '10+')),
  add constraint applications_profitable_is_known check (profitable in ('', 'Yes', 'No')),
  add constraint applications_loan_amount_is_known
    check (loan_amount in ('', '25000-50000', '50000-100000', '100000-250000', '250000-500000', '500000+')),
  add constraint applications_timeframe_is_known
    check (timeframe in ('', 'immediate', '1-3months', '3-6months', '6-12months')),
  add constraint applications_has_down_payment_is_known check (has_down_payment in ('', 'yes', 'no')),
  add constraint applications_money_is_not_negative
    check (annual_revenue >= 0 and monthly_debt_payments >= 0 and current_business_debt >= 0),
  add constraint applications_evaluation_is_object check (jsonb_typeof(evaluation_result) = 'object');

-- A signed-in applicant's submission belongs to them without the client having to say so.
alter table public.applications alter column user_id set default auth.uid();

create index applications_assigned_admin_id_idx on public.applications (assigned_admin_id);

-- The pre-qualification evaluation (docs/product.md §9; docs/architecture.md, Departure 3) ----------------

create function public.credit_score_number(credit_score text)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select case credit_score
    when '750+' then 750
    when '700-749' then 725
    when '650-699' then 675
    when '600-649' then 625
    when 'Below 600' then 550
  end::numeric
$$;

create function public.years_in_business_number(years_in_business text)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select case years_in_business
    when '0-1' then 0.5
    when '1-2' then 1.5
    when '2-5' then 3.5
    when '5-10' then 7.5
    when '10+' then 10
  end::numeric
$$;

-- annual revenue / 12 * 0.15 / monthly debt payments; infinite when there is no monthly debt.
-- Computed in double precision as (revenue * 15) / (12 * 100 * debt), the same operations in the same
-- order as debtCoverageRatio in shared/evaluation/evaluate.ts, so the browser's evaluation and this one
-- agree on every edge (whole-dollar figures at exactly 1.25 give exactly 1.25 in both).
create function public.debt_coverage_ratio(annual_revenue numeric, monthly_debt_payments numeric)
returns double precision
language sql
immutable
set search_path = ''
as $$
  select case
    when monthly_debt_payments = 0 then 'Infinity'::double precision
    else (annual_revenue::double precision * 15) / (12 * 100 * monthly_debt_payments::double precision)
  end
$$;

-- Qualified only when every threshold passes: credit score >= 660, years in business >= 1,
-- debt coverage >= 1.25, and a 10% down payment available. Unknown answers do not qualify.
create function public.application_qualifies(
  credit_score text,
  years_in_business text,
  annual_revenue numeric,
  monthly_debt_payments numeric,
  has_down_payment text
)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    public.credit_score_number(credit_score) >= 660
      and public.years_in_business_number(years_in_business) >= 1
      and public.debt_coverage_ratio(annual_revenue, monthly_debt_payments) >= 1.25::double precision
      and has_down_payment = 'yes',
    false
  )
$$;

-- Policies evaluate these as the querying role; they are pure functions of their arguments.
revoke execute on function public.credit_score_number(text) from public, anon, authenticated, service_role;
revoke execute on function public.years_in_business_number(text) from public, anon, authenticated, service_role;
revoke execute on function public.debt_coverage_ratio(numeric, numeric) from public, anon, authenticated, service_role;
revoke execute on function public.application_qualifies(text, text, numeric, numeric, text)
  from public, anon, authenticated, service_role;
grant execute on function public.credit_score_number(text) to anon, authenticated, service_role;
grant execute on function public.years_in_business_number(text) to anon, authenticated, service_role;
grant execute on function public.debt_coverage_ratio(numeric, numeric) to anon, authenticated, service_role;
grant execute on function public.application_qualifies(text, text, numeric, numeric, text)
  to anon, authenticated, service_role;

-- Privileges ----------------------------------------------------------------------------------------------
-- Visitors insert only the form's answers, its evaluation and status (and their own user id); never
-- ids, timestamps or decisions. Signed-in users read what the policies let them; only admins update,
-- and only the decision columns. Nobody but the service role deletes.

revoke all on table public.applications from public, anon, authenticated, service_role;
grant insert (
  user_id, first_name, last_name, email, phone, title, credit_score, receive_sms, receive_marketing,
  business_name, business_website, business_address, city, state, industry, years_in_business,
  profitable, annual_revenue, monthly_debt_payments, current_business_debt, loan_amount, timeframe,
  use_of_funds, has_down_payment, down_payment_amount, down_payment_source, evaluation_result, status,
  -- accepted so that a client may send them as null; the policy refuses any other value
  consultation_date, assigned_admin_id
) on table public.applications to anon, authenticated;
grant select on table public.applications to authenticated;
grant update (status, consultation_date, assigned_admin_id) on table public.applications to authenticated;
grant select, insert, update, delete on table public.applications to service_role;

-- Policies --------------------------------------------------------------------------------------------------

drop policy "Visitors can submit a new undecided application" on public.applications;

create policy "Visitors can submit a complete application whose status follows its evaluation"
  on public.applications
  for insert
  to anon, authenticated
  with check (
    -- undecided, unassigned, and theirs or nobody's
    assigned_admin_id is null
    and decided_by is null
    and decided_at is null
    and consultation_date is null
    and (user_id is null or user_id = (select auth.uid()))
    -- every answer the form requires (docs/product.md §5); ~ '\S' means "has a character other than white space"
    and first_name ~ '\S'
    and last_name ~ '\S'
    and email ~ '\S'
    and title ~ '\S'
    and credit_score <> ''
    and business_name ~ '\S'
    and business_address ~ '\S'
    and city ~ '\S'
    and state ~ '\S'
    and industry ~ '\S'
    and years_in_business <> ''
    and profitable <> ''
    and loan_amount <> ''
    and timeframe <> ''
    and use_of_funds ~ '\S'
    and has_down_payment <> ''
    -- pending exactly when the evaluation of these answers qualifies, and the stored result agrees
    and status = case
      when public.application_qualifies(
        credit_score, years_in_business, annual_revenue, monthly_debt_payments, has_down_payment
      ) then 'pending'
      else 'rejected'
    end
    and evaluation_result -> 'qualified' = to_jsonb(
      public.application_qualifies(credit_score, years_in_business, annual_revenue, monthly_debt_payments, has_down_payment)
    )
  );

create policy "Applicants can read their own applications"
  on public.applications
  for select
  to authenticated
  using (
    user_id = (select auth.uid())
    or email = (select public.current_confirmed_email())
  );

create policy "Admins can read every application"
  on public.applications
  for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins can update every application"
  on public.applications
  for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

-- Decisions --------------------------------------------------------------------------------------------------

-- pending -> approved | rejected is the only legal change of status. A decision records who made it and
-- when; decided_by and decided_at cannot be set any other way.
create function public.enforce_application_decision()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if old.status <> 'pending' or new.status not in ('approved', 'rejected') then
      raise exception 'An application''s status can only change from pending to approved or rejected, not from % to %',
        old.status, new.status
        using errcode = 'check_violation';
    end if;
    new.decided_by := auth.uid();
    new.decided_at := now();
  else
    new.decided_by := old.decided_by;
    new.decided_at := old.decided_at;
  end if;
  return new;
end;
$$;

revoke execute on function public.enforce_application_decision() from public, anon, authenticated, service_role;

create trigger applications_enforce_decision
  before update on public.applications
  for each row execute function public.enforce_application_decision();

create trigger applications_set_updated_at
  before update on public.applications
  for each row execute function public.set_updated_at();

create trigger applications_audit
  after update or delete on public.applications
  for each row execute function public.audit_row_change('application');
