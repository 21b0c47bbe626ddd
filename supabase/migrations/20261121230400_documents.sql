-- Document records (docs/product.md §3, Document record): one per file an applicant uploads to the private
-- bucket `documents` at {userId}/{type}/{uuid}.{ext}. There is no public_url: files are read through
-- short-lived signed URLs (docs/architecture.md, Departure 2).

create table public.documents (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  application_id uuid references public.applications (id) on delete set null,
  type text not null,
  file_name text not null,
  file_size bigint not null,
  content_type text not null,
  storage_path text not null,
  uploaded_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint documents_storage_path_key unique (storage_path),
  constraint documents_type_is_known check (
    type in ('taxReturns', 'financialStatements', 'bankStatements', 'businessLicense', 'leaseAgreement', 'idDocument')
  ),
  constraint documents_file_name_is_given check (file_name ~ '\S' and char_length(file_name) <= 255),
  -- The bucket's limit: 25 MB.
  constraint documents_file_size_is_allowed check (file_size > 0 and file_size <= 26214400),
  constraint documents_content_type_is_allowed check (
    content_type in (
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'image/jpeg',
      'image/png'
    )
  ),
  -- {userId}/{type}/{uuid}.{ext}: the record points into its owner's folder, under its own type.
  constraint documents_storage_path_is_owners check (
    storage_path ~ (
      '^' || user_id::text || '/' || type
      || '/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|doc|docx|xls|xlsx|jpg|jpeg|png)$'
    )
  )
);

-- The portal's list (own documents, newest first) and the admin's per-application view.
create index documents_user_id_created_at_idx on public.documents (user_id, created_at desc);
create index documents_application_id_created_at_idx on public.documents (application_id, created_at desc);

alter table public.documents enable row level security;

revoke all on table public.documents from public, anon, authenticated, service_role;
grant select on table public.documents to authenticated;
grant insert (id, user_id, application_id, type, file_name, file_size, content_type, storage_path, uploaded_by)
  on table public.documents to authenticated;
grant update (file_name, application_id) on table public.documents to authenticated;
grant delete on table public.documents to authenticated;
grant select, insert, update, delete on table public.documents to service_role;

create policy "Applicants can read their own documents"
  on public.documents
  for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins can read every document"
  on public.documents
  for select
  to authenticated
  using ((select public.is_admin()));

-- A document may be linked to an application only when its owner can read that application.
create policy "Applicants can add documents of their own"
  on public.documents
  for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and uploaded_by = (select auth.uid())
    and (
      application_id is null
      or exists (
        select 1 from public.applications as a
         where a.id = documents.application_id
           and (a.user_id = (select auth.uid()) or a.email = (select public.current_confirmed_email()))
      )
    )
  );

create policy "Applicants can rename or relink their own documents"
  on public.documents
  for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and (
      application_id is null
      or exists (
        select 1 from public.applications as a
         where a.id = documents.application_id
           and (a.user_id = (select auth.uid()) or a.email = (select public.current_confirmed_email()))
      )
    )
  );

create policy "Applicants can delete their own documents"
  on public.documents
  for delete
  to authenticated
  using (user_id = (select auth.uid()));

create trigger documents_set_updated_at
  before update on public.documents
  for each row execute function public.set_updated_at();
