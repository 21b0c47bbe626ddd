-- What a lender's page saw is checked where the change is made, as an officer's decisions, reviews and stages are:
-- two people at a lender with the same link, or the lender and an officer, never change an offer or a loan's
-- stage over one made meanwhile without being told. Found in a walk of two people acting at once.
-- - make_loan_offer takes the latest revision the page showed and whether it was withdrawn (seen_revision 0 for
--   none, seen_withdrawn): a second revision sent at once, or a revision of an offer withdrawn meanwhile, is
--   refused instead of silently replacing the first.
-- - withdraw_loan_offer takes the revision the page showed: a revision made meanwhile is not withdrawn unseen.
-- - record_loan_stage_by_link takes the stage the page showed (seen_stage), as record_loan_stage does: a Did not
--   close sent from a page showing Offer accepted no longer lands on In closing an officer just recorded.
-- The seen values may be left out (null) by a caller that has none; the lender's page always sends them. Both stage
-- functions share the check (refuse_stage_recorded_meanwhile), which locks the application as insert_loan_stage does.
--
-- Restated from their latest versions (supabase/schema.sql before this migration). The signatures of the three
-- lender functions change, so they are dropped and made again with their grants.

create function public.refuse_stage_recorded_meanwhile(application_id uuid, seen_stage text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  current_stage text;
begin
  select a.loan_stage into current_stage
    from public.applications as a where a.id = refuse_stage_recorded_meanwhile.application_id for update;
  -- A loan with no stage (no accepted offer, or no such application) is refused by insert_loan_stage in its words.
  if refuse_stage_recorded_meanwhile.seen_stage is not null
     and current_stage <> refuse_stage_recorded_meanwhile.seen_stage then
    raise exception 'The loan’s stage was recorded meanwhile: it is % now',
      case current_stage
        when 'in_closing' then 'In closing'
        when 'funded' then 'Funded'
        when 'did_not_close' then 'Did not close'
        else 'Offer accepted'
      end
      using errcode = '55000';
  end if;
end;
$$;

create function public.refuse_offer_changed_meanwhile(
  latest_revision integer,
  latest_withdrawn boolean,
  seen_revision integer,
  seen_withdrawn boolean
)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if refuse_offer_changed_meanwhile.seen_revision is null then
    return;
  end if;
  if refuse_offer_changed_meanwhile.latest_revision <> refuse_offer_changed_meanwhile.seen_revision then
    raise exception 'This offer changed meanwhile (revision % was made with this link since you opened the page): reload the page to read it before you change it',
      refuse_offer_changed_meanwhile.latest_revision
      using errcode = '55000';
  end if;
  if refuse_offer_changed_meanwhile.latest_withdrawn
     and not coalesce(refuse_offer_changed_meanwhile.seen_withdrawn, false) then
    raise exception 'This offer was withdrawn meanwhile with this link: reload the page to read it before you change it'
      using errcode = '55000';
  end if;
end;
$$;

revoke execute on function public.refuse_stage_recorded_meanwhile(uuid, text)
  from public, anon, authenticated, service_role;
revoke execute on function public.refuse_offer_changed_meanwhile(integer, boolean, integer, boolean)
  from public, anon, authenticated, service_role;

drop function public.make_loan_offer(text, numeric, text, numeric, text, numeric, integer, numeric, numeric, text,
                                     jsonb, date);
drop function public.withdraw_loan_offer(text);
drop function public.record_loan_stage_by_link(text, text, date, numeric, date, text);

CREATE OR REPLACE FUNCTION public.make_loan_offer(token text, amount numeric, rate_kind text, fixed_rate numeric, rate_index text, spread numeric, term_months integer, lender_fees numeric, sba_guaranty_fee numeric, collateral text, conditions jsonb, expires_on date, seen_revision integer DEFAULT NULL::integer, seen_withdrawn boolean DEFAULT NULL::boolean)
 RETURNS loan_offers
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  target public.bank_packages := public.package_of_link(make_loan_offer.token);
  latest integer;
  latest_withdrawn boolean;
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
  select o.withdrawn_at is not null into latest_withdrawn
    from public.loan_offers as o where o.package_id = target.id and o.revision = latest;
  perform public.refuse_offer_changed_meanwhile(latest, coalesce(latest_withdrawn, false),
                                                make_loan_offer.seen_revision, make_loan_offer.seen_withdrawn);
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

CREATE OR REPLACE FUNCTION public.withdraw_loan_offer(token text, seen_revision integer DEFAULT NULL::integer)
 RETURNS loan_offers
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  target public.bank_packages := public.package_of_link(withdraw_loan_offer.token);
  withdrawn public.loan_offers;
  latest public.loan_offers;
begin
  perform public.refuse_offer_changes_after_acceptance(target);
  select o.* into latest from public.loan_offers as o where o.package_id = target.id order by o.revision desc limit 1;
  if latest.id is not null then
    perform public.refuse_offer_changed_meanwhile(latest.revision, latest.withdrawn_at is not null,
                                                  withdraw_loan_offer.seen_revision, false);
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
$function$;

CREATE OR REPLACE FUNCTION public.record_loan_stage_by_link(token text, stage text, expected_closing_on date DEFAULT NULL::date, funded_amount numeric DEFAULT NULL::numeric, funded_on date DEFAULT NULL::date, reason text DEFAULT NULL::text, seen_stage text DEFAULT NULL::text)
 RETURNS loan_stages
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  target public.bank_packages := public.package_of_link(record_loan_stage_by_link.token);
begin
  if not exists (select 1 from public.offer_acceptances as x where x.package_id = target.id) then
    raise exception 'Only the lender whose offer the applicant accepted records the loan''s stages'
      using errcode = '42501';
  end if;
  perform public.refuse_stage_recorded_meanwhile(target.application_id, record_loan_stage_by_link.seen_stage);
  return public.insert_loan_stage(target.application_id, record_loan_stage_by_link.stage,
                                  record_loan_stage_by_link.expected_closing_on,
                                  record_loan_stage_by_link.funded_amount, record_loan_stage_by_link.funded_on,
                                  record_loan_stage_by_link.reason, 'lender', target.id);
end;
$function$;

CREATE OR REPLACE FUNCTION public.record_loan_stage(application_id uuid, stage text, expected_closing_on date DEFAULT NULL::date, funded_amount numeric DEFAULT NULL::numeric, funded_on date DEFAULT NULL::date, reason text DEFAULT NULL::text, seen_stage text DEFAULT NULL::text)
 RETURNS loan_stages
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not public.is_admin() then
    raise exception 'Only admins can record a loan''s stage' using errcode = '42501';
  end if;
  perform public.refuse_stage_recorded_meanwhile(record_loan_stage.application_id, record_loan_stage.seen_stage);
  return public.insert_loan_stage(record_loan_stage.application_id, record_loan_stage.stage,
                                  record_loan_stage.expected_closing_on, record_loan_stage.funded_amount,
                                  record_loan_stage.funded_on, record_loan_stage.reason, 'officer', null);
end;
$function$;

revoke execute on function public.make_loan_offer(text, numeric, text, numeric, text, numeric, integer, numeric,
                                                  numeric, text, jsonb, date, integer, boolean)
  from public, anon, authenticated, service_role;
revoke execute on function public.withdraw_loan_offer(text, integer) from public, anon, authenticated, service_role;
revoke execute on function public.record_loan_stage_by_link(text, text, date, numeric, date, text, text)
  from public, anon, authenticated, service_role;
grant execute on function public.make_loan_offer(text, numeric, text, numeric, text, numeric, integer, numeric,
                                                 numeric, text, jsonb, date, integer, boolean) to service_role;
grant execute on function public.withdraw_loan_offer(text, integer) to service_role;
grant execute on function public.record_loan_stage_by_link(text, text, date, numeric, date, text, text)
  to service_role;
