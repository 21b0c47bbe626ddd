-- A lender's name is how everyone tells lenders apart: the officer's Lenders tab and Send to Bank, and the
-- applicant's consent list, show it alone. Two lenders named alike (whatever their letter case or the spaces
-- around the name) are now refused, as the unique index below says (23505, which the admin's form shows as
-- 'A lender with this name already exists' under the name).
--
-- A database that already holds such names keeps every lender: the later ones of a same name are renamed
-- 'Name (2)', 'Name (3)'... in the order they were added, so that the index can be made.

with numbered as (
  select id, btrim(name) as name,
         row_number() over (partition by lower(btrim(name)) order by created_at, id) as position
  from public.lenders
)
update public.lenders as lender
set name = numbered.name || ' (' || numbered.position || ')'
from numbered
where lender.id = numbered.id and numbered.position > 1;

create unique index lenders_name_is_unique on public.lenders (lower(btrim(name)));
