-- A lender deleted from the network takes the consents applicants gave it (on delete cascade), and its
-- packages keep its name (lender_id set null). The links already sent to it must close with it, as they
-- close when the applicant withdraws the consent: otherwise the deleted lender could still open the package
-- and the applicant's documents until the link expired, while the applicant, no longer seeing the lender in
-- the portal, could not withdraw anything. Before the delete, while the packages still name the lender.

create function public.close_links_of_deleted_lender()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.bank_packages as p
     set link_revoked_at = now()
   where p.lender_id = old.id and p.link_token_hash is not null and p.link_revoked_at is null;
  return old;
end;
$$;

revoke execute on function public.close_links_of_deleted_lender() from public, anon, authenticated, service_role;

create trigger lenders_close_links_before_delete
  before delete on public.lenders
  for each row execute function public.close_links_of_deleted_lender();
