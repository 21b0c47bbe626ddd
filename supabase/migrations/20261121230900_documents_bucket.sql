-- The private bucket `documents` (docs/product.md §9; docs/architecture.md, Documents bucket): 25 MB per file,
-- the described upload types (pdf, doc, docx, xls, xlsx, jpg/jpeg, png). Objects live at
-- {userId}/{type}/{uuid}.{ext}. Applicants add, read and remove files only in their own folder; admins
-- read every file; nobody else touches the bucket. storage.objects is the platform's table (RLS on).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'documents',
  'documents',
  false,
  26214400,
  array[
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'image/jpeg',
    'image/png'
  ]
)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Applicants can upload documents into their own folder"
  on storage.objects
  for insert
  to authenticated
  with check (
    bucket_id = 'documents'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
    and name ~ (
      '^[^/]+/(taxReturns|financialStatements|bankStatements|businessLicense|leaseAgreement|idDocument)/'
      || '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|doc|docx|xls|xlsx|jpg|jpeg|png)$'
    )
  );

create policy "Applicants can read documents in their own folder"
  on storage.objects
  for select
  to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "Applicants can delete documents in their own folder"
  on storage.objects
  for delete
  to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "Admins can read every stored document"
  on storage.objects
  for select
  to authenticated
  using (bucket_id = 'documents' and (select public.is_admin()));
