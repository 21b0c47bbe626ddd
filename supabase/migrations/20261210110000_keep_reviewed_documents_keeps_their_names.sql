-- keep_reviewed_documents, restated from 20261206110000_document_reviews_and_requests.sql with one change: an
-- applicant cannot rename a document an officer reviewed either (the name is what the officer's record, the bank
-- package's checklist and the lender's list show). Renaming one nobody reviewed yet stays allowed. The trigger now
-- also fires on a change of file_name.

create or replace function public.keep_reviewed_documents()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  latest text;
begin
  -- The caller's role as the request's token says (this function runs as its owner).
  if coalesce(auth.role(), '') <> 'authenticated' or public.is_admin() then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  select r.outcome into latest
    from public.document_reviews as r where r.document_id = old.id order by r.created_at desc limit 1;
  if tg_op = 'UPDATE' and old.application_id is not distinct from new.application_id then
    if latest is not null and old.file_name is distinct from new.file_name then
      raise exception 'Your loan officer reviewed this document, so its name stays as they saw it. Please ask your loan officer if it needs to change.'
        using errcode = 'PT423';
    end if;
    return new;
  end if;
  if tg_op = 'UPDATE' and old.application_id is null and old.request_id is null then
    return new;
  end if;
  if latest = 'accepted' then
    raise exception 'Your loan officer accepted this document, so it cannot be deleted or moved. Please ask your loan officer if it needs to change.'
      using errcode = 'PT423';
  end if;
  if latest = 'needs_replacement' then
    raise exception 'Your loan officer reviewed this document: upload a replacement for it instead, so that they keep the earlier one.'
      using errcode = 'PT423';
  end if;
  if tg_op = 'UPDATE' and (old.request_id is not null or old.replaces_id is not null) then
    raise exception 'A document filed for a request or as a replacement stays with its application'
      using errcode = 'PT423';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

drop trigger documents_keep_reviewed on public.documents;
create trigger documents_keep_reviewed
  before delete or update of application_id, file_name on public.documents
  for each row execute function public.keep_reviewed_documents();
