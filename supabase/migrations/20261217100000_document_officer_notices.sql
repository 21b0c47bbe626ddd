-- The loan officer who asked the applicant for a document (a request) or sent a file back (needs replacement) is
-- e-mailed when the applicant uploads the file that answers them (supabase/functions/_shared/
-- officer-document-emails.ts, run with the applicant's document e-mails). A row here marks a file already told:
-- claimed before its e-mail goes, deleted again when the e-mail fails. Only the service role reads or writes it.

create table public.document_officer_notices (
  document_id uuid primary key references public.documents (id) on delete cascade,
  notified_at timestamptz not null default now()
);

alter table public.document_officer_notices enable row level security;
revoke all on table public.document_officer_notices from public, anon, authenticated, service_role;
grant select, insert, delete on table public.document_officer_notices to service_role;

-- Files uploaded before officers were e-mailed them are not news any more: nobody is e-mailed about them now.
insert into public.document_officer_notices (document_id, notified_at)
select id, created_at
  from public.documents
 where request_id is not null or replaces_id is not null;
