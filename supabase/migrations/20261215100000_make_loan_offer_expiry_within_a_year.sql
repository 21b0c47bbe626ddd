-- An offer's expiry at most a year ahead. Lenders' commitments hold for weeks, a few months at most; an expiry
-- typed as 2062 instead of 2026 (or 9999-12-31) kept an offer acceptable for decades, long after its terms meant
-- anything. The bound is a year from the latest US day (latest_us_today(): a lender in Guam may already be a day
-- ahead of Samoa), as the lender's form also checks it (shared/validation/loan-offer-form.ts).
--
-- Restated from its latest version (supabase/schema.sql before this migration); only the expiry's check changes.

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
  if make_loan_offer.expires_on > (public.latest_us_today() + interval '1 year')::date then
    raise exception 'The offer can expire at most a year from today' using errcode = '22023';
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
