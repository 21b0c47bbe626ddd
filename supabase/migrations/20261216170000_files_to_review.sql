-- The officer's Documents filter 'Files to review': the applications with at least one file no officer has
-- reviewed yet, whatever else their checklist waits for. 'Ready for review' is the checklist's state (everything is
-- in, and something waits for an officer); an application that also misses a document is 'Waiting on applicant',
-- and its files waiting for a review were found under no filter. Found in a walk of the document conversation.
--
-- A computed field (PostgREST: a function of the row, `files_to_review=is.true`), as search_text is: immutable pure
-- SQL with no settings, so the planner inlines it; whoever may read the row may compute it.

create function public.files_to_review(public.applications)
returns boolean
language sql
immutable
as $$
  select coalesce(($1.checklist_counts ->> 'awaiting_review')::integer, 0) > 0
$$;
