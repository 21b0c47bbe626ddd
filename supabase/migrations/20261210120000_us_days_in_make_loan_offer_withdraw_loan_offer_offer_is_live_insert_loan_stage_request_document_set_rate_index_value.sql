-- Days as people in the US mean them. A date an officer, a lender or an applicant types ('today', 'expires on
-- December 1') is a day where they are, not in UTC: after 4 to 7 pm in the US, UTC is already tomorrow, so a due
-- date or an offer's expiry of today was refused as past, and an offer expiring today stopped being acceptable in
-- the afternoon. A day that is not in the past is now one that is today or later somewhere in the US
-- (earliest_us_today(): American Samoa's day, the last US place where a day ends); a day that is not in the future
-- is one that has begun somewhere in the US (latest_us_today(): Guam's, the first where a day begins). An offer
-- stays acceptable until its expiry day has ended everywhere in the US.
--
-- Restated from their latest versions (supabase/schema.sql before this migration), with these changes:
-- - make_loan_offer: expiry against earliest_us_today(); a lender whose offer was not the accepted one is told 'The
--   applicant chose another lender', as its page and its answers say (refuse_offer_changes_after_acceptance,
--   shared with withdraw_loan_offer).
-- - withdraw_loan_offer: the same 'chose another lender' for the other lenders.
-- - offer_is_live: live through its expiry day as earliest_us_today() has it.
-- - insert_loan_stage: the funding day not in the future (latest_us_today()) nor before the acceptance's day; the
--   expected closing day not in the past; its timeline event names the officer who recorded it.
-- - request_document: a due date not in the past as earliest_us_today() has it.
-- - set_rate_index_value: an index value's day not in the future as latest_us_today() has it.

create function public.earliest_us_today()
returns date
language sql
stable
set search_path = ''
as $$
  select (now() at time zone 'Pacific/Pago_Pago')::date;
$$;

create function public.latest_us_today()
returns date
language sql
stable
set search_path = ''
as $$
  select (now() at time zone 'Pacific/Guam')::date;
$$;

revoke execute on function public.earliest_us_today() from public, anon, authenticated, service_role;
revoke execute on function public.latest_us_today() from public, anon, authenticated, service_role;

-- Once the applicant accepted an offer, no offer of the application changes: the chosen lender is told its offer
-- is accepted, the others that the applicant chose another lender (make_loan_offer and withdraw_loan_offer).
create function public.refuse_offer_changes_after_acceptance(target public.bank_packages)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if exists (select 1 from public.offer_acceptances as x
              where x.application_id = target.application_id and x.package_id = target.id) then
    raise exception 'The applicant has already accepted an offer: this one can no longer change'
      using errcode = '55000';
  end if;
  if exists (select 1 from public.offer_acceptances as x where x.application_id = target.application_id) then
    raise exception 'The applicant chose another lender: this package no longer takes offers'
      using errcode = '55000';
  end if;
end;
$$;

revoke execute on function public.refuse_offer_changes_after_acceptance(public.bank_packages)
  from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.make_loan_offer(token text, amount numeric, rate_kind text, fixed_rate numeric, rate_index text, spread numeric, term_months integer, lender_fees numeric, sba_guaranty_fee numeric, collateral text, conditions jsonb, expires_on date)
 RETURNS loan_offers
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  target public.bank_packages := public.package_of_link(make_loan_offer.token);
  latest integer;
  made public.loan_offers;
  kept_conditions text[];
begin
  perform public.refuse_offer_changes_after_acceptance(target);
  if target.status not in ('sent', 'need_more_info', 'interested') then
    raise exception 'This package has already been answered' using errcode = '55000';
  end if;
  if make_loan_offer.expires_on is null or make_loan_offer.expires_on < public.earliest_us_today() then
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
$function$;

CREATE OR REPLACE FUNCTION public.withdraw_loan_offer(token text)
 RETURNS loan_offers
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  target public.bank_packages := public.package_of_link(withdraw_loan_offer.token);
  withdrawn public.loan_offers;
begin
  perform public.refuse_offer_changes_after_acceptance(target);
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
$function$;

CREATE OR REPLACE FUNCTION public.offer_is_live(offer_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1
      from public.loan_offers as o
      join public.bank_packages as p on p.id = o.package_id
     where o.id = offer_is_live.offer_id
       and o.withdrawn_at is null
       and o.expires_on >= public.earliest_us_today()
       and p.link_revoked_at is null
       and o.revision = (select max(l.revision) from public.loan_offers as l where l.package_id = o.package_id)
       and not exists (select 1 from public.offer_acceptances as x where x.application_id = o.application_id)
  );
$function$;

CREATE OR REPLACE FUNCTION public.insert_loan_stage(application_id uuid, stage text, expected_closing_on date, funded_amount numeric, funded_on date, reason text, recorded_via text, package_id uuid)
 RETURNS loan_stages
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  if insert_loan_stage.stage = 'funded' and insert_loan_stage.funded_on > public.latest_us_today() then
    raise exception 'The funding date cannot be in the future' using errcode = '22023';
  end if;
  if insert_loan_stage.stage = 'funded' and insert_loan_stage.funded_on < (
       select (x.accepted_at at time zone 'Pacific/Pago_Pago')::date
         from public.offer_acceptances as x where x.application_id = insert_loan_stage.application_id) then
    raise exception 'The funding date cannot be before the applicant accepted the offer' using errcode = '22023';
  end if;
  if insert_loan_stage.stage = 'in_closing'
     and insert_loan_stage.expected_closing_on < public.earliest_us_today() then
    raise exception 'The expected closing date cannot be in the past' using errcode = '22023';
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
  -- The officer who recorded it (none through a lender's link: the timeline then names the lender).
  insert into public.application_events (application_id, kind, reason, actor_id)
  values (insert_loan_stage.application_id, 'loan_' || insert_loan_stage.stage, recorded.reason, auth.uid());
  return recorded;
end;
$function$;

CREATE OR REPLACE FUNCTION public.request_document(application_id uuid, title text, details text, due_date date DEFAULT NULL::date, id uuid DEFAULT gen_random_uuid())
 RETURNS document_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  given_title text := btrim(coalesce(title, ''), E' \t\r\n');
  given_details text := btrim(coalesce(details, ''), E' \t\r\n');
  request public.document_requests;
begin
  if not public.is_admin() then
    raise exception 'Only a loan officer can ask for a document' using errcode = '42501';
  end if;
  if given_title = '' then
    raise exception 'Give the request a title' using errcode = '22023';
  end if;
  if char_length(given_title) > 200 then
    raise exception 'The title can be at most 200 characters' using errcode = '22023';
  end if;
  if given_details = '' then
    raise exception 'Say what exactly is needed' using errcode = '22023';
  end if;
  if char_length(given_details) > 2000 then
    raise exception 'What is needed can be at most 2,000 characters' using errcode = '22023';
  end if;
  if due_date is not null and due_date < public.earliest_us_today() then
    raise exception 'The due date is in the past' using errcode = '22023';
  end if;
  if not exists (select 1 from public.applications as a where a.id = request_document.application_id) then
    raise exception 'No application has this id' using errcode = 'P0002';
  end if;
  insert into public.document_requests (id, application_id, title, details, due_date)
  values (request_document.id, request_document.application_id, given_title, given_details, request_document.due_date)
  returning * into request;
  insert into public.application_events (application_id, kind, subject)
  values (request.application_id, 'document_requested', request.title);
  return request;
end;
$function$;

CREATE OR REPLACE FUNCTION public.set_rate_index_value(rate_index text, percent numeric, as_of date)
 RETURNS rate_index_values
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  stored public.rate_index_values;
begin
  if not public.is_admin() then
    raise exception 'Only admins can enter an index value' using errcode = '42501';
  end if;
  if as_of is null or as_of > public.latest_us_today() then
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
$function$;
