-- 'Business name (A-Z)' in the admin's lists sorts as people read names: 'acme bakery' with the A's, not
-- after 'Zeta Zinc'. The database's own order depends on its collation, and PGlite's and a C-locale
-- server's put every capital before every small letter. The lists order by this key instead, as the
-- desktop app's cache does with SQLite's NOCASE (both fold the letters A-Z only).
--
-- A computed field (PostgREST: a function of the row, `order=business_name_key.asc`), not a column: a row
-- read and written back whole keeps working, and `select=*` does not change.

create function public.business_name_key(public.applications)
returns text
language sql
immutable
as $$ select lower($1.business_name) $$;

-- The function is inlined into lower(business_name), which this index serves.
create index applications_status_business_name_key_idx
  on public.applications (status, lower(business_name), id);
