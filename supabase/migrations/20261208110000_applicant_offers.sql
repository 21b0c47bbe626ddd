-- The portal's comparison of offers (docs/product.md, Offers and funding): the signed-in applicant's live offers,
-- and the accepted one once there is one, each with its lender's name. The name is in bank_packages, which an
-- applicant does not read (it holds the lender's address and the link's hash), so this function answers the few
-- columns the comparison shows, for auth.uid()'s own applications only. A lender is named only while the applicant's
-- consent to it stands approved, as everywhere else in the portal, and by its name in the network (the one the
-- consent requests show, and the accept-offer function hashes), not the one the package was sent under.

create function public.applicant_offers()
returns table (
  offer_id uuid, application_id uuid, lender_name text,
  amount numeric, rate_kind text, fixed_rate numeric, rate_index text, spread numeric, term_months integer,
  lender_fees numeric, sba_guaranty_fee numeric, collateral text, conditions text[], expires_on date,
  created_at timestamptz, accepted_at timestamptz, accepted_name text
)
language sql
stable
security definer
set search_path = ''
as $$
  select o.id, o.application_id,
         case when exists (select 1 from public.lender_consents as c
                            where c.application_id = o.application_id and c.lender_id = p.lender_id
                              and c.status = 'approved')
              then l.name end,
         o.amount, o.rate_kind, o.fixed_rate, o.rate_index, o.spread, o.term_months, o.lender_fees,
         o.sba_guaranty_fee, o.collateral, o.conditions, o.expires_on, o.created_at, x.accepted_at, x.full_name
    from public.loan_offers as o
    join public.applications as a on a.id = o.application_id
    join public.bank_packages as p on p.id = o.package_id
    left join public.lenders as l on l.id = p.lender_id
    left join public.offer_acceptances as x on x.offer_id = o.id
   where a.user_id = (select auth.uid())
     and (x.id is not null or public.offer_is_live(o.id))
   order by o.created_at, o.id;
$$;

revoke execute on function public.applicant_offers() from public, anon, authenticated, service_role;
grant execute on function public.applicant_offers() to authenticated;
