-- Documents as a conversation (docs/product.md, Document checklist): an officer reviews each uploaded document
-- ('Accepted', or 'Needs replacement' with a reason the applicant reads), asks an application for documents
-- beyond the six (a request: a title, what is needed, an optional due day; cancelled with a reason), and marks a
-- required document not needed for an application. An applicant uploads a replacement linked to the document it
-- replaces (which officers keep as history), cannot delete a document an officer reviewed, and reads the reviews
-- and requests of their applications through document_checklist_of(), which leaves out which officer wrote them.
-- Every change goes through a function that checks its caller and its input, is audited (naming the officer), and
-- is on the application's timeline, which the applicant reads too: its events name no officer. Each application keeps its checklist's counts and state (for the admin lists' column
-- and filter), computed as shared/checklist/document-checklist.ts computes them.

-- Requests ------------------------------------------------------------------------------------------------

create table public.document_requests (
  -- Given by the client or generated here.
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  -- Stored trimmed (request_document).
  title text not null,
  details text not null,
  due_date date,
  requested_by uuid default auth.uid() references auth.users (id) on delete set null,
  status text not null default 'open',
  cancelled_at timestamptz,
  cancelled_by uuid references auth.users (id) on delete set null,
  cancel_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint document_requests_title_is_given check (title ~ '\S' and char_length(title) <= 200),
  constraint document_requests_details_is_given check (details ~ '\S' and char_length(details) <= 2000),
  constraint document_requests_status_is_known check (status in ('open', 'cancelled')),
  constraint document_requests_cancellation_is_whole check (
    (status = 'open' and cancelled_at is null and cancel_reason is null)
    or (status = 'cancelled' and cancelled_at is not null and cancel_reason ~ '\S' and char_length(cancel_reason) <= 2000)
  )
);

create index document_requests_application_idx on public.document_requests (application_id, created_at);

-- Documents: a requested document, and a replacement -----------------------------------------------------

alter table public.documents
  add column request_id uuid references public.document_requests (id) on delete cascade,
  add column replaces_id uuid references public.documents (id) on delete set null;

alter table public.documents drop constraint documents_type_is_known;
alter table public.documents add constraint documents_type_is_known check (
  type in ('taxReturns', 'financialStatements', 'bankStatements', 'businessLicense', 'leaseAgreement', 'idDocument',
           'requested')
);
-- A requested document is filed under its request; one of the six never is.
alter table public.documents add constraint documents_request_matches_type check (
  (type = 'requested') = (request_id is not null)
);

-- A document is replaced at most once: the replacement is the current one, and it may be replaced in its turn.
create unique index documents_replaces_id_key on public.documents (replaces_id) where replaces_id is not null;
create index documents_request_id_idx on public.documents (request_id) where request_id is not null;

grant insert (request_id, replaces_id) on table public.documents to authenticated;

-- Reviews -------------------------------------------------------------------------------------------------

create table public.document_reviews (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references public.documents (id) on delete cascade,
  application_id uuid not null references public.applications (id) on delete cascade,
  outcome text not null,
  -- What the applicant reads when it needs replacement (stored trimmed); none when accepted.
  reason text,
  -- When the reviewed document was uploaded (documents.created_at), as the officer saw it.
  document_uploaded_at timestamptz not null,
  reviewed_by uuid default auth.uid() references auth.users (id) on delete set null,
  -- The latest review of a document stands: clock time, so two in one transaction still come in order.
  created_at timestamptz not null default clock_timestamp(),
  constraint document_reviews_outcome_is_known check (outcome in ('accepted', 'needs_replacement')),
  constraint document_reviews_reason_fits_outcome check (
    (outcome = 'accepted' and reason is null)
    or (outcome = 'needs_replacement' and reason ~ '\S' and char_length(reason) <= 2000)
  )
);

create index document_reviews_document_idx on public.document_reviews (document_id, created_at);
create index document_reviews_application_idx on public.document_reviews (application_id, created_at);

-- Required documents not needed for an application --------------------------------------------------------

create table public.documents_not_needed (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  type text not null,
  marked_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint documents_not_needed_type_is_required check (
    type in ('taxReturns', 'financialStatements', 'bankStatements', 'businessLicense', 'leaseAgreement', 'idDocument')
  ),
  constraint documents_not_needed_once unique (application_id, type)
);

-- Officers read all three; nobody writes them through the API but by the functions below (and the service role).
alter table public.document_requests enable row level security;
alter table public.document_reviews enable row level security;
alter table public.documents_not_needed enable row level security;

revoke all on table public.document_requests from public, anon, authenticated, service_role;
revoke all on table public.document_reviews from public, anon, authenticated, service_role;
revoke all on table public.documents_not_needed from public, anon, authenticated, service_role;
grant select on table public.document_requests to authenticated;
grant select on table public.document_reviews to authenticated;
grant select on table public.documents_not_needed to authenticated;
grant select, insert, update, delete on table public.document_requests to service_role;
grant select, insert, update, delete on table public.document_reviews to service_role;
grant select, insert, update, delete on table public.documents_not_needed to service_role;

create policy "Admins can read every document request"
  on public.document_requests for select to authenticated using ((select public.is_admin()));
create policy "Admins can read every document review"
  on public.document_reviews for select to authenticated using ((select public.is_admin()));
create policy "Admins can read which documents are not needed"
  on public.documents_not_needed for select to authenticated using ((select public.is_admin()));

create trigger document_requests_set_updated_at
  before update on public.document_requests
  for each row execute function public.set_updated_at();

create trigger document_requests_audit
  after insert or update or delete on public.document_requests
  for each row execute function public.audit_row_change('document_request');
create trigger document_reviews_audit
  after insert or update or delete on public.document_reviews
  for each row execute function public.audit_row_change('document_review');
create trigger documents_not_needed_audit
  after insert or update or delete on public.documents_not_needed
  for each row execute function public.audit_row_change('document_not_needed');

-- The desktop cache learns of deletions from tombstones.
create trigger document_requests_record_deleted_row
  after delete on public.document_requests for each row execute function public.record_deleted_row();
create trigger document_reviews_record_deleted_row
  after delete on public.document_reviews for each row execute function public.record_deleted_row();
create trigger documents_not_needed_record_deleted_row
  after delete on public.documents_not_needed for each row execute function public.record_deleted_row();

-- The timeline's new events --------------------------------------------------------------------------------

alter table public.application_events drop constraint application_events_kind_is_known;
alter table public.application_events add constraint application_events_kind_is_known check (
  kind in ('submitted', 'not_qualified', 'in_review', 'approved', 'rejected', 'consent_requested', 'consent_approved',
           'consent_declined', 'consent_withdrawn', 'package_sent', 'lender_interested', 'lender_need_more_info',
           'lender_declined', 'document_accepted', 'document_needs_replacement', 'document_requested',
           'document_request_cancelled', 'document_not_needed', 'document_needed_again')
);

-- The checklist's counts on each application -----------------------------------------------------------------

-- What shared/checklist/document-checklist.ts calls ChecklistCounts and ChecklistState. The defaults are an
-- application with nothing uploaded: the six missing.
alter table public.applications
  add column checklist_counts jsonb not null
    default '{"accepted": 0, "awaiting_review": 0, "needs_replacement": 0, "missing": 6, "total": 6}'::jsonb,
  add column checklist_state text not null default 'waiting_on_applicant',
  add constraint applications_checklist_state_is_known check (
    checklist_state in ('waiting_on_applicant', 'ready_for_review', 'complete')
  );

create index applications_checklist_state_idx on public.applications (checklist_state, created_at desc);

create function public.refresh_document_checklist(application_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  counts jsonb;
begin
  -- An application deleted by the statement that got here has nothing to keep.
  if not exists (select 1 from public.applications as a where a.id = refresh_document_checklist.application_id) then
    return;
  end if;
  with current_documents as (
    -- Documents not replaced by another, with their latest review's outcome (null: not reviewed).
    select d.type, d.request_id, (
             select r.outcome from public.document_reviews as r
              where r.document_id = d.id order by r.created_at desc limit 1
           ) as outcome
      from public.documents as d
     where d.application_id = refresh_document_checklist.application_id
       and not exists (select 1 from public.documents as n where n.replaces_id = d.id)
  ),
  items as (
    select t.type, null::uuid as request_id,
           exists (
             select 1 from public.documents_not_needed as x
              where x.application_id = refresh_document_checklist.application_id and x.type = t.type
           ) as not_needed,
           false as cancelled
      from unnest(array['taxReturns', 'financialStatements', 'bankStatements', 'businessLicense', 'leaseAgreement',
                        'idDocument']) as t (type)
    union all
    select 'requested', q.id, false, q.status = 'cancelled'
      from public.document_requests as q
     where q.application_id = refresh_document_checklist.application_id
  ),
  states as (
    select case
             when i.not_needed then 'not_needed'
             when i.cancelled then 'cancelled'
             when c.documents = 0 then 'missing'
             when c.flagged then 'needs_replacement'
             when c.unreviewed then 'awaiting_review'
             else 'accepted'
           end as state
      from items as i
     cross join lateral (
       select count(*) as documents,
              coalesce(bool_or(cd.outcome = 'needs_replacement'), false) as flagged,
              coalesce(bool_or(cd.outcome is null), false) as unreviewed
         from current_documents as cd
        where (i.request_id is null and cd.request_id is null and cd.type = i.type) or cd.request_id = i.request_id
     ) as c
  )
  select jsonb_build_object(
           'accepted', count(*) filter (where state = 'accepted'),
           'awaiting_review', count(*) filter (where state = 'awaiting_review'),
           'needs_replacement', count(*) filter (where state = 'needs_replacement'),
           'missing', count(*) filter (where state = 'missing'),
           'total', count(*) filter (where state in ('accepted', 'awaiting_review', 'needs_replacement', 'missing'))
         )
    into counts
    from states;
  update public.applications as a
     set checklist_counts = counts,
         checklist_state = case
           when (counts ->> 'missing')::int > 0 or (counts ->> 'needs_replacement')::int > 0 then 'waiting_on_applicant'
           when (counts ->> 'awaiting_review')::int > 0 then 'ready_for_review'
           else 'complete'
         end
   where a.id = refresh_document_checklist.application_id
     and a.checklist_counts is distinct from counts;
end;
$$;

revoke execute on function public.refresh_document_checklist(uuid) from public, anon, authenticated, service_role;

create function public.refresh_document_checklist_of_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('INSERT', 'UPDATE') and new.application_id is not null then
    perform public.refresh_document_checklist(new.application_id);
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.application_id is not null
     and (tg_op = 'DELETE' or old.application_id is distinct from new.application_id) then
    perform public.refresh_document_checklist(old.application_id);
  end if;
  return null;
end;
$$;

revoke execute on function public.refresh_document_checklist_of_row() from public, anon, authenticated, service_role;

create trigger documents_refresh_checklist
  after insert or delete or update of application_id, type, request_id, replaces_id on public.documents
  for each row execute function public.refresh_document_checklist_of_row();
create trigger document_reviews_refresh_checklist
  after insert or delete or update on public.document_reviews
  for each row execute function public.refresh_document_checklist_of_row();
create trigger document_requests_refresh_checklist
  after insert or delete or update of status, application_id on public.document_requests
  for each row execute function public.refresh_document_checklist_of_row();
create trigger documents_not_needed_refresh_checklist
  after insert or delete or update on public.documents_not_needed
  for each row execute function public.refresh_document_checklist_of_row();

-- Filing rules of documents ------------------------------------------------------------------------------------

-- Whether an officer reviewed this document of the caller's (any review): the applicant may no longer delete its
-- file. It answers false for a document that is not the caller's, so it tells nobody about others' documents.
create function public.document_is_reviewed(document_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.document_reviews as r
      join public.documents as d on d.id = r.document_id
     where r.document_id = document_is_reviewed.document_id
       and (d.user_id = (select auth.uid()) or (select public.is_admin()))
  )
$$;

revoke execute on function public.document_is_reviewed(uuid) from public, anon, authenticated, service_role;
grant execute on function public.document_is_reviewed(uuid) to authenticated;

-- A requested document goes to its open request's application; a replacement replaces a document of the same item
-- that an officer said needs replacement, once. The messages are the applicant's to read.
create function public.check_document_filing()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  request public.document_requests;
  replaced public.documents;
  latest text;
begin
  if new.request_id is not null then
    select * into request from public.document_requests as q where q.id = new.request_id;
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
$$;

revoke execute on function public.check_document_filing() from public, anon, authenticated, service_role;

create trigger documents_check_filing
  before insert on public.documents
  for each row execute function public.check_document_filing();

-- An applicant cannot delete a document an officer reviewed, nor move it to another application: an accepted
-- package never loses a file silently, and a flagged one stays as history once replaced. Officers and the service
-- role (an account's removal) are not held back.
create function public.keep_reviewed_documents()
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
  if tg_op = 'UPDATE' and old.application_id is not distinct from new.application_id then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.application_id is null and old.request_id is null then
    return new;
  end if;
  select r.outcome into latest
    from public.document_reviews as r where r.document_id = old.id order by r.created_at desc limit 1;
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

revoke execute on function public.keep_reviewed_documents() from public, anon, authenticated, service_role;

create trigger documents_keep_reviewed
  before delete or update of application_id on public.documents
  for each row execute function public.keep_reviewed_documents();

-- The file of a reviewed document stays in storage too.
drop policy "Applicants can delete documents in their own folder" on storage.objects;
create policy "Applicants can delete documents in their own folder"
  on storage.objects
  for delete
  to authenticated
  using (
    bucket_id = 'documents'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
    and not exists (
      select 1 from public.documents as d where d.storage_path = objects.name and public.document_is_reviewed(d.id)
    )
  );

-- A requested document is stored under requested/ in the applicant's folder.
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
  );

-- The officers' functions ------------------------------------------------------------------------------------

-- Reviews a document as the officer saw it: uploaded at `expected_uploaded_at`, with `seen_review_id` its latest
-- review then (null: none). A document deleted, replaced or reviewed by someone else meanwhile is refused (P0002,
-- PT409), never reviewed silently: the desktop's queued reviews are replayed through this function too.
create function public.review_document(
  document_id uuid,
  outcome text,
  reason text default null,
  expected_uploaded_at timestamptz default null,
  seen_review_id uuid default null
)
returns public.document_reviews
language plpgsql
security definer
set search_path = ''
as $$
declare
  filed public.documents;
  latest public.document_reviews;
  given_reason text := nullif(btrim(coalesce(reason, ''), E' \t\r\n'), '');
  review public.document_reviews;
begin
  if not public.is_admin() then
    raise exception 'Only a loan officer can review a document' using errcode = '42501';
  end if;
  if outcome is null or outcome not in ('accepted', 'needs_replacement') then
    raise exception 'A review is accepted or needs_replacement' using errcode = '22023';
  end if;
  if outcome = 'needs_replacement' and given_reason is null then
    raise exception 'Say what needs to change: the applicant reads the reason' using errcode = '22023';
  end if;
  if outcome = 'needs_replacement' and char_length(given_reason) > 2000 then
    raise exception 'The reason can be at most 2,000 characters' using errcode = '22023';
  end if;
  select * into filed from public.documents as d where d.id = review_document.document_id for update;
  if not found then
    raise exception 'The applicant deleted this document meanwhile' using errcode = 'P0002';
  end if;
  if filed.application_id is null then
    raise exception 'This document is not filed with an application yet' using errcode = '22023';
  end if;
  if expected_uploaded_at is not null and filed.created_at <> expected_uploaded_at then
    raise exception 'This document changed meanwhile' using errcode = 'PT409';
  end if;
  if exists (select 1 from public.documents as d where d.replaces_id = filed.id) then
    raise exception 'The applicant replaced this document meanwhile: review the new one' using errcode = 'PT409';
  end if;
  select * into latest
    from public.document_reviews as r where r.document_id = filed.id order by r.created_at desc limit 1;
  if latest.id is distinct from seen_review_id then
    raise exception 'Another officer reviewed this document meanwhile (%)',
      case latest.outcome when 'accepted' then 'accepted' else 'needs replacement' end
      using errcode = 'PT409';
  end if;
  insert into public.document_reviews (document_id, application_id, outcome, reason, document_uploaded_at)
  values (filed.id, filed.application_id, review_document.outcome,
          case when review_document.outcome = 'needs_replacement' then given_reason end, filed.created_at)
  returning * into review;
  insert into public.application_events (application_id, kind, subject, reason)
  values (filed.application_id, 'document_' || review_document.outcome, filed.file_name, review.reason);
  return review;
end;
$$;

-- Asks an application for another document. `id` may come from the client (sending it again stores it once).
create function public.request_document(
  application_id uuid,
  title text,
  details text,
  due_date date default null,
  id uuid default gen_random_uuid()
)
returns public.document_requests
language plpgsql
security definer
set search_path = ''
as $$
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
  if due_date is not null and due_date < current_date then
    raise exception 'The due date is in the past' using errcode = '22023';
  end if;
  if not exists (select 1 from public.applications as a where a.id = request_document.application_id) then
    raise exception 'No application has this id' using errcode = 'P0002';
  end if;
  insert into public.document_requests (id, application_id, title, details, due_date)
  values (request_document.id, request_document.application_id, given_title, given_details, request_document.due_date)
  returning * into request;
  insert into public.application_events (application_id, kind, subject)
  values (request.application_id, 'document_requested', request.title);
  return request;
end;
$$;

-- Cancels an open request, with the reason the applicant reads.
create function public.cancel_document_request(request_id uuid, reason text)
returns public.document_requests
language plpgsql
security definer
set search_path = ''
as $$
declare
  given_reason text := btrim(coalesce(reason, ''), E' \t\r\n');
  request public.document_requests;
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
  update public.document_requests as q
     set status = 'cancelled', cancelled_at = now(), cancelled_by = auth.uid(), cancel_reason = given_reason
   where q.id = cancel_document_request.request_id and q.status = 'open'
  returning * into request;
  if not found then
    if exists (select 1 from public.document_requests as q where q.id = cancel_document_request.request_id) then
      raise exception 'This request was cancelled already' using errcode = 'PT409';
    end if;
    raise exception 'No request has this id' using errcode = 'P0002';
  end if;
  insert into public.application_events (application_id, kind, subject, reason)
  values (request.application_id, 'document_request_cancelled', request.title, request.cancel_reason);
  return request;
end;
$$;

-- Marks one of the six not needed for an application, or needed again. Doing what is already so changes nothing.
create function public.set_document_not_needed(application_id uuid, type text, not_needed boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only a loan officer can say a document is not needed' using errcode = '42501';
  end if;
  if type is null or type not in ('taxReturns', 'financialStatements', 'bankStatements', 'businessLicense',
                                  'leaseAgreement', 'idDocument') then
    raise exception 'Only one of the six required documents can be marked not needed' using errcode = '22023';
  end if;
  if not_needed is null then
    raise exception 'Say whether it is needed' using errcode = '22023';
  end if;
  if not exists (select 1 from public.applications as a where a.id = set_document_not_needed.application_id) then
    raise exception 'No application has this id' using errcode = 'P0002';
  end if;
  if not_needed then
    insert into public.documents_not_needed (application_id, type)
    values (set_document_not_needed.application_id, set_document_not_needed.type)
    on conflict on constraint documents_not_needed_once do nothing;
  else
    delete from public.documents_not_needed as x
     where x.application_id = set_document_not_needed.application_id and x.type = set_document_not_needed.type;
  end if;
  if found then
    -- The subject is the document's name as the checklist shows it (shared/catalogue/documents.ts).
    insert into public.application_events (application_id, kind, subject)
    values (set_document_not_needed.application_id,
            case when not_needed then 'document_not_needed' else 'document_needed_again' end,
            case set_document_not_needed.type
              when 'taxReturns' then 'Tax Returns'
              when 'financialStatements' then 'Financial Statements'
              when 'bankStatements' then 'Bank Statements'
              when 'businessLicense' then 'Business License'
              when 'leaseAgreement' then 'Lease Agreement'
              else 'ID Document'
            end);
  end if;
end;
$$;

-- The applicant's reading: the reviews of the application's documents, its requests and the documents not needed,
-- without the officers who wrote them ('your loan officer'). Officers may read it too.
create function public.document_checklist_of(application_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() and not exists (
    select 1 from public.applications as a
     where a.id = document_checklist_of.application_id and a.user_id = (select auth.uid())
  ) then
    raise exception 'No application of yours has this id' using errcode = 'P0002';
  end if;
  return jsonb_build_object(
    'reviews', coalesce((
      select jsonb_agg(jsonb_build_object('document_id', r.document_id, 'outcome', r.outcome, 'reason', r.reason,
                                          'created_at', r.created_at) order by r.created_at)
        from public.document_reviews as r
       where r.application_id = document_checklist_of.application_id
    ), '[]'::jsonb),
    'requests', coalesce((
      select jsonb_agg(jsonb_build_object('id', q.id, 'title', q.title, 'details', q.details, 'due_date', q.due_date,
                                          'created_at', q.created_at, 'cancelled_at', q.cancelled_at,
                                          'cancel_reason', q.cancel_reason) order by q.created_at)
        from public.document_requests as q
       where q.application_id = document_checklist_of.application_id
    ), '[]'::jsonb),
    'not_needed', coalesce((
      select jsonb_agg(x.type order by x.type)
        from public.documents_not_needed as x
       where x.application_id = document_checklist_of.application_id
    ), '[]'::jsonb)
  );
end;
$$;

revoke execute on function public.review_document(uuid, text, text, timestamptz, uuid)
  from public, anon, authenticated, service_role;
revoke execute on function public.request_document(uuid, text, text, date, uuid)
  from public, anon, authenticated, service_role;
revoke execute on function public.cancel_document_request(uuid, text) from public, anon, authenticated, service_role;
revoke execute on function public.set_document_not_needed(uuid, text, boolean)
  from public, anon, authenticated, service_role;
revoke execute on function public.document_checklist_of(uuid) from public, anon, authenticated, service_role;
grant execute on function public.review_document(uuid, text, text, timestamptz, uuid) to authenticated;
grant execute on function public.request_document(uuid, text, text, date, uuid) to authenticated;
grant execute on function public.cancel_document_request(uuid, text) to authenticated;
grant execute on function public.set_document_not_needed(uuid, text, boolean) to authenticated;
grant execute on function public.document_checklist_of(uuid) to authenticated;

-- Applications that already have documents get their counts now.
select public.refresh_document_checklist(a.id)
  from public.applications as a
 where exists (select 1 from public.documents as d where d.application_id = a.id);
