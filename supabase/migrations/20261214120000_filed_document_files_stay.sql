-- The file of a filed document cannot be deleted or stored again while its document row names it.
--
-- Until now an applicant could delete the file of a document not yet reviewed (its row stayed) and upload other
-- bytes under the same name: the officer who had opened the file then accepted the document as seen (the row, its
-- upload time, had not changed) and the lender was sent the other bytes (found in an attacker's walk). The portal
-- never needs either: it uploads each file under a name of its own (a new uuid) before filing it, and removes a
-- document's row before its file (web/src/features/portal/portal-api.ts, document-upload.ts). So a file is
-- deleted only once no document names it (the row goes first, refused once the document is reviewed), and no
-- file is stored under a name a document already has. The server's sweep of unfiled files runs as the service role.
drop policy "Applicants can delete documents in their own folder" on storage.objects;
create policy "Applicants can delete documents in their own folder"
  on storage.objects
  for delete
  to authenticated
  using (
    bucket_id = 'documents'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
    and not exists (select 1 from public.documents as d where d.storage_path = objects.name)
  );

drop policy "Applicants can upload documents into their own folder" on storage.objects;
create policy "Applicants can upload documents into their own folder"
  on storage.objects
  for insert
  to authenticated
  with check (
    bucket_id = 'documents'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
    and name ~ ('^[^/]+/(taxReturns|financialStatements|bankStatements|businessLicense|leaseAgreement|idDocument|requested)/'
                || '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|doc|docx|xls|xlsx|jpg|jpeg|png)$')
    and not exists (select 1 from public.documents as d where d.storage_path = objects.name)
  );
