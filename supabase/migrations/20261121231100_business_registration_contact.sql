-- The registration review shows a primary contact (docs/product.md §2, Registration review: full legal name, e-mail,
-- mobile); store it with the registration so the team knows whom to call. Visitors must give all three.

alter table public.business_registrations
  add column contact_name text not null default '',
  add column contact_email text not null default '',
  add column contact_mobile text not null default '';

grant insert (contact_name, contact_email, contact_mobile) on table public.business_registrations to anon, authenticated;

drop policy "Visitors can submit a business registration" on public.business_registrations;

create policy "Visitors can submit a business registration with its primary contact"
  on public.business_registrations
  for insert
  to anon, authenticated
  with check (
    (submitted_by is null or submitted_by = (select auth.uid()))
    and contact_name ~ '\S'
    and contact_email ~* '^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$'
    and contact_mobile ~ '[0-9]'
  );
