-- An offer is accepted only on an application its applicant confirmed as theirs, as everything else of the portal
-- is (application_is_confirmed_by_caller): one linked to their account but not confirmed yet, or disowned, is
-- nobody's to accept an offer on. The accept-offer function checked only the account. Found by reading, in an
-- attacker's walk of accounts.
--
-- Restated from its latest version (supabase/schema.sql before this migration); the confirmation's check is new.

CREATE OR REPLACE FUNCTION public.accept_loan_offer(applicant_id uuid, offer_id uuid, full_name text, statement text, offer_sha256 text, client_address text, user_agent text)
 RETURNS offer_acceptances
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  offer_package uuid;
  offer public.loan_offers;
  accepted public.offer_acceptances;
begin
  select o.package_id into offer_package
    from public.loan_offers as o
    join public.applications as a on a.id = o.application_id
   where o.id = accept_loan_offer.offer_id and a.user_id = accept_loan_offer.applicant_id
     and a.confirmed_by_applicant_at is not null and a.disowned_at is null;
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
$function$;
