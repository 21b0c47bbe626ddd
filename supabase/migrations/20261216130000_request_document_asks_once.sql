-- An officer asks for a document once: a request of the same title (whatever its letter case) that still waits for
-- the applicant's file refuses a second one. Two officers asking for the same document at once made two requests,
-- and the applicant was asked, and e-mailed, twice. Found in a walk of two people acting at once. Once the file is
-- uploaded, or the request cancelled, the same title may be asked for again (a newer version, say).
--
-- Restated from its latest version (supabase/schema.sql before this migration); the application's lock and the
-- check are new.

CREATE OR REPLACE FUNCTION public.request_document(application_id uuid, title text, details text, due_date date DEFAULT NULL::date, id uuid DEFAULT gen_random_uuid())
 RETURNS document_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  given_title text := btrim(coalesce(title, ''), E' \t\r\n');
  given_details text := btrim(coalesce(details, ''), E' \t\r\n');
  request public.document_requests;
begin
  if not public.is_admin() then
    raise exception 'Only a loan officer can ask for a document' using errcode = '42501';
  end if;
  if given_title = '' then
    raise exception 'Give the request a title' using errcode = '22023';
  end if;
  if char_length(given_title) > 200 then
    raise exception 'The title can be at most 200 characters' using errcode = '22023';
  end if;
  if given_details = '' then
    raise exception 'Say what exactly is needed' using errcode = '22023';
  end if;
  if char_length(given_details) > 2000 then
    raise exception 'What is needed can be at most 2,000 characters' using errcode = '22023';
  end if;
  if due_date is not null and due_date < public.earliest_us_today() then
    raise exception 'The due date is in the past' using errcode = '22023';
  end if;
  -- Locked: two officers asking at once are taken one after the other.
  perform 1 from public.applications as a where a.id = request_document.application_id for update;
  if not found then
    raise exception 'No application has this id' using errcode = 'P0002';
  end if;
  -- A request sent again with its id (the desktop's outbox, its first answer lost) is the duplicate key below.
  if exists (
    select 1 from public.document_requests as r
     where r.application_id = request_document.application_id and r.id <> request_document.id
       and r.status = 'open' and lower(r.title) = lower(given_title)
       and not exists (select 1 from public.documents as d where d.request_id = r.id)
  ) then
    raise exception 'A request titled “%” already waits for the applicant’s file', given_title
      using errcode = '22023';
  end if;
  insert into public.document_requests (id, application_id, title, details, due_date)
  values (request_document.id, request_document.application_id, given_title, given_details, request_document.due_date)
  returning * into request;
  insert into public.application_events (application_id, kind, subject)
  values (request.application_id, 'document_requested', request.title);
  return request;
end;
$function$;
