-- Once the applicant accepted a lender's offer, their approval of that lender stays (docs/product.md §11): the
-- lender's link records the loan's stages, and the portal names the lender by it. Withdrawing or declining it is
-- refused in words the portal shows; the other consents change as before.

create function public.keep_consent_of_chosen_lender()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.status = 'approved' and new.status <> 'approved' and exists (
       select 1
         from public.offer_acceptances as x
         join public.bank_packages as p on p.id = x.package_id
        where x.application_id = new.application_id and p.lender_id = new.lender_id) then
    raise exception 'You accepted this lender''s offer, so your approval of it stays. Please ask your loan officer if something is wrong.'
      using errcode = '55000';
  end if;
  return new;
end;
$$;

revoke execute on function public.keep_consent_of_chosen_lender() from public, anon, authenticated, service_role;

create trigger lender_consents_keep_chosen_lender
  before update of status on public.lender_consents
  for each row execute function public.keep_consent_of_chosen_lender();
