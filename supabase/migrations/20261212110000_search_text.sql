-- The officer's search looks for each word typed in the business name, the first and last names and the e-mail
-- (shared/admin/application-search.ts). Asked as four ILIKEs per word, a word found in none of them (or only in
-- the e-mail) lower-cased and scanned each of the four texts of every application: at 10,000 applications,
-- 50 ms on PGlite for the page and as much again for its count. search_text is those four texts, one per line,
-- as the desktop app's cache keeps them: one ILIKE per word, 30 ms. A word never holds white space (the search
-- splits on it), so it is found in search_text exactly when it is found in one of the four.
--
-- A computed field (PostgREST: a function of the row, `search_text.ilike.*word*`), not a column: select=* and
-- the rows the desktop app copies do not change. Immutable pure SQL with no settings, so the planner inlines it.

create function public.search_text(public.applications)
returns text
language sql
immutable
as $$
  select $1.business_name || E'\n' || $1.first_name || E'\n' || $1.last_name || E'\n' || $1.email
$$;
