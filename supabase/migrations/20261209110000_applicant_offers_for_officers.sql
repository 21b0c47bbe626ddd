-- applicant_offers, restated from 20261208110000_applicant_offers.sql with one change: an officer viewing a client's
-- portal (which log_impersonation records first) reads that client's offers, read-only, as the applicant sees
-- them, by passing client_id. Anyone else passing it reads nothing; without it, the caller's own offers as before.

drop function public.applicant_offers();

create function public.applicant_offers(client_id uuid default null)
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
   where a.user_id = coalesce(client_id, (select auth.uid()))
     and (client_id is null or public.is_admin())
     and (x.id is not null or public.offer_is_live(o.id))
   order by o.created_at, o.id;
$$;

revoke execute on function public.applicant_offers(uuid) from public, anon, authenticated, service_role;
grant execute on function public.applicant_offers(uuid) to authenticated;
