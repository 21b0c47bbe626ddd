-- The applicant's uploads that answer an officer (a file for a request, the replacement of a file sent back) and
-- whose officer has not been told yet (no row in document_officer_notices), oldest first, uploaded after `since`:
-- what supabase/functions/_shared/officer-document-emails.ts e-mails. Read in the database, so that however many
-- files were told in the window, the untold ones are found. Only the service role calls it.

create function public.untold_answer_uploads(since timestamptz, at_most integer)
returns table (
  id uuid,
  application_id uuid,
  type text,
  file_name text,
  request_id uuid,
  replaces_id uuid,
  created_at timestamptz
)
language sql
stable
set search_path = ''
as $$
  select document.id, document.application_id, document.type, document.file_name, document.request_id,
         document.replaces_id, document.created_at
    from public.documents as document
   where document.application_id is not null
     and (document.request_id is not null or document.replaces_id is not null)
     and document.created_at > since
     and not exists (
       select 1 from public.document_officer_notices as notice where notice.document_id = document.id
     )
   order by document.created_at
   limit at_most;
$$;

revoke all on function public.untold_answer_uploads(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.untold_answer_uploads(timestamptz, integer) to service_role;
