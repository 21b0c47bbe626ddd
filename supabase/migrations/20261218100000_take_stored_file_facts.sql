-- A document's size and type are its stored file's, as the storage API measured and checked them at the upload
-- (storage.objects.metadata: `size`, `mimetype`, on server/ as on hosted Supabase's storage): the row a caller files
-- for it says what the officer reads ('2.1 MB, PDF'), and the caller could otherwise claim any size or type. A row
-- for a file that was never stored is refused: the portal stores the file first, then files its row. Only the
-- caller's own folder is looked in (a row for another account is refused by its policy anyway), so nobody learns
-- here whether someone else's file exists. The service role (seeding, a restore, the functions) files rows as given.

create function public.take_stored_file_facts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  facts jsonb;
begin
  -- The caller's role as the request's token says (this function runs as its owner).
  if coalesce(auth.role(), '') <> 'authenticated' or new.user_id is distinct from auth.uid() then
    return new;
  end if;
  select o.metadata into facts
    from storage.objects as o
   where o.bucket_id = 'documents' and o.name = new.storage_path;
  if facts is null or facts ->> 'size' is null or facts ->> 'mimetype' is null then
    raise exception 'This file was not uploaded: please upload it again' using errcode = '22023';
  end if;
  new.file_size := (facts ->> 'size')::bigint;
  new.content_type := facts ->> 'mimetype';
  return new;
end;
$$;

revoke execute on function public.take_stored_file_facts() from public, anon, authenticated, service_role;

create trigger documents_take_stored_file_facts
  before insert on public.documents
  for each row execute function public.take_stored_file_facts();
