-- An officer cancelling a request the applicant has just answered, from a page that still showed it missing,
-- stranded the applicant's file: the request read 'cancelled, needs no upload', the file 'awaiting review', and the
-- officer's checklist offered no review of a cancelled request's file. Found in a walk of the document
-- conversation. A request with a file no officer has reviewed yet is not cancelled: the officer is told the file's
-- name, reviews it, and may cancel afterwards. An upload and a cancellation at once lock the request row in turn
-- (the upload's check shares the lock), so one of them sees the other.
--
-- Restated from their latest versions (supabase/schema.sql before this migration); the locks and the check of
-- unreviewed files are new.

CREATE OR REPLACE FUNCTION public.cancel_document_request(request_id uuid, reason text)
 RETURNS document_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  given_reason text := btrim(coalesce(reason, ''), E' \t\r\n');
  request public.document_requests;
  unreviewed text;
begin
  if not public.is_admin() then
    raise exception 'Only a loan officer can cancel a request' using errcode = '42501';
  end if;
  if given_reason = '' then
    raise exception 'Say why the request is cancelled: the applicant reads the reason' using errcode = '22023';
  end if;
  if char_length(given_reason) > 2000 then
    raise exception 'The reason can be at most 2,000 characters' using errcode = '22023';
  end if;
  -- Locked: an upload for this request waits for the cancellation, or the cancellation for the upload.
  select * into request from public.document_requests as q where q.id = cancel_document_request.request_id for update;
  if not found then
    raise exception 'No request has this id' using errcode = 'P0002';
  end if;
  if request.status <> 'open' then
    raise exception 'This request was cancelled already' using errcode = 'PT409';
  end if;
  select d.file_name into unreviewed
    from public.documents as d
   where d.request_id = request.id
     and not exists (select 1 from public.documents as n where n.replaces_id = d.id)
     and not exists (select 1 from public.document_reviews as r where r.document_id = d.id)
   order by d.created_at desc
   limit 1;
  if unreviewed is not null then
    raise exception 'The applicant uploaded % for this request: review it first, then cancel the request if it is still not needed', unreviewed
      using errcode = 'PT409';
  end if;
  update public.document_requests as q
     set status = 'cancelled', cancelled_at = now(), cancelled_by = auth.uid(), cancel_reason = given_reason
   where q.id = request.id
  returning * into request;
  insert into public.application_events (application_id, kind, subject, reason)
  values (request.application_id, 'document_request_cancelled', request.title, request.cancel_reason);
  return request;
end;
$function$;

CREATE OR REPLACE FUNCTION public.check_document_filing()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  request public.document_requests;
  replaced public.documents;
  latest text;
begin
  if new.request_id is not null then
    -- Shared lock: a cancellation of the request waits for this upload, or this upload for the cancellation.
    select * into request from public.document_requests as q where q.id = new.request_id for share;
    if not found or new.application_id is distinct from request.application_id then
      raise exception 'This request is not one of this application''s' using errcode = '22023';
    end if;
    if request.status = 'cancelled' then
      raise exception 'Your loan officer cancelled this request, so it needs no upload any more'
        using errcode = 'PT409';
    end if;
  end if;
  if new.replaces_id is not null then
    select * into replaced from public.documents as d where d.id = new.replaces_id;
    select r.outcome into latest
      from public.document_reviews as r where r.document_id = new.replaces_id order by r.created_at desc limit 1;
    if replaced.id is null or replaced.user_id <> new.user_id or replaced.application_id is distinct from new.application_id
       or replaced.type <> new.type or replaced.request_id is distinct from new.request_id
       or latest is distinct from 'needs_replacement' then
      raise exception 'Only a document your loan officer asked you to replace can be replaced'
        using errcode = '22023';
    end if;
    if exists (select 1 from public.documents as d where d.replaces_id = new.replaces_id) then
      raise exception 'This document was replaced already' using errcode = 'PT409';
    end if;
  end if;
  return new;
end;
$function$;
