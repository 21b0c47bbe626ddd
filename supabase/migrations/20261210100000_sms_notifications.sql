-- Text messages for applicants who asked for them (docs/product.md §12). E-mail stays the channel of record; a text
-- only says that something happened and links to the portal.
--
-- - sms_consents: every choice an applicant made, the latest per application counts: the application form's
--   checkbox (recorded when the application is inserted with receive_sms) and the portal's notification settings
--   (set_sms_preference), each with its number in E.164, the words the applicant agreed to, the client's address
--   and the time.
-- - sms_opt_outs: per number, whether its owner replied STOP (START, or turning texts on in the portal, opts in
--   again). An opted-out number is never texted.
-- - sms_messages: each text, queued by a trigger on application_events for the kinds an applicant is texted about,
--   sent by the server's timer or the send-sms function (claim_due_sms), with the provider's delivery status.
--   Officers read every text of an application; an applicant only those of their own applications.

-- A number as the API keeps it: a US number typed any usual way, in E.164 (+1 and ten digits); null for anything
-- else. The screens check the number with a phone library first; this only gives it one spelling.
create function public.us_phone_e164(typed text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
           when d ~ '^1[2-9][0-9]{9}$' then '+' || d
           when d ~ '^[2-9][0-9]{9}$' then '+1' || d
         end
    from (select regexp_replace(coalesce(typed, ''), '[^0-9]', '', 'g') as d) as digits;
$$;

revoke execute on function public.us_phone_e164(text) from public, anon, authenticated, service_role;

-- The client's address of the API request under way: the first address of X-Forwarded-For, as the hosted API
-- gateway and server/ set it; null outside a request.
create function public.request_client_address()
returns text
language sql
stable
set search_path = ''
as $$
  select nullif(trim(split_part(
           coalesce(nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for', ''),
           ',', 1)), '');
$$;

revoke execute on function public.request_client_address() from public, anon, authenticated, service_role;

-- Consents --------------------------------------------------------------------------------------------------

create table public.sms_consents (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  phone_e164 text,
  consented boolean not null,
  -- The words the applicant agreed to (or turned off), exactly as the screen showed them.
  consent_text text not null,
  source text not null,
  client_address text,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  constraint sms_consents_source_is_known check (source in ('application_form', 'portal')),
  constraint sms_consents_phone_is_e164 check (phone_e164 is null or phone_e164 ~ '^\+1[2-9][0-9]{9}$'),
  constraint sms_consents_text_is_short check (char_length(consent_text) <= 500)
);

create index sms_consents_application_idx on public.sms_consents (application_id, created_at desc);

create table public.sms_opt_outs (
  phone_e164 text primary key,
  opted_out boolean not null,
  changed_via text not null,
  changed_at timestamptz not null default clock_timestamp(),
  constraint sms_opt_outs_phone_is_e164 check (phone_e164 ~ '^\+1[2-9][0-9]{9}$'),
  constraint sms_opt_outs_via_is_known check (changed_via in ('reply_stop', 'reply_start', 'portal'))
);

-- The words of the application form's checkbox and of the portal's setting (shared/sms/sms-consent.ts holds the
-- same; a test keeps them equal).
create function public.sms_consent_text(source text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case source
           when 'application_form' then 'I agree to receive SMS notifications about my application'
           when 'portal' then 'Text me at this number when there is news about my application. Message and data rates may apply. Reply STOP to opt out.'
         end;
$$;

revoke execute on function public.sms_consent_text(text) from public, anon, authenticated, service_role;

-- The application form's checkbox, recorded with the application.
create function public.record_application_sms_consent()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.receive_sms then
    insert into public.sms_consents (application_id, phone_e164, consented, consent_text, source, client_address)
    values (new.id, public.us_phone_e164(new.phone), true, public.sms_consent_text('application_form'),
            'application_form', public.request_client_address());
  end if;
  return null;
end;
$$;

revoke execute on function public.record_application_sms_consent() from public, anon, authenticated, service_role;

create trigger applications_record_sms_consent
  after insert on public.applications for each row execute function public.record_application_sms_consent();

-- The portal's notification settings: the signed-in applicant turns texts on (with a number, a new consent that
-- also opts the number in again after a STOP) or off, for every application of theirs.
create function public.set_sms_preference(phone text, enabled boolean)
returns table (phone_e164 text, consented boolean, created_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  number text := public.us_phone_e164(phone);
  applications integer;
begin
  if caller is null then
    raise exception 'Please sign in again' using errcode = '42501';
  end if;
  if enabled is null or (enabled and number is null) then
    raise exception 'Please enter a valid US mobile number, for example (208) 555-0134' using errcode = '22023';
  end if;
  insert into public.sms_consents (application_id, phone_e164, consented, consent_text, source, client_address)
  select a.id, number, enabled, public.sms_consent_text('portal'), 'portal', public.request_client_address()
    from public.applications as a
   where a.user_id = caller;
  get diagnostics applications = row_count;
  if applications = 0 then
    raise exception 'There is no application of yours to text you about yet' using errcode = '22023';
  end if;
  if enabled then
    insert into public.sms_opt_outs (phone_e164, opted_out, changed_via)
    values (number, false, 'portal')
    on conflict on constraint sms_opt_outs_pkey do update
      set opted_out = false, changed_via = 'portal', changed_at = clock_timestamp()
      where public.sms_opt_outs.opted_out;
  end if;
  return query select number, enabled, clock_timestamp();
end;
$$;

revoke execute on function public.set_sms_preference(text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.set_sms_preference(text, boolean) to authenticated;

-- The texts ------------------------------------------------------------------------------------------------

create table public.sms_messages (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  -- The timeline event it tells of (its kind is the text's kind).
  event_id bigint references public.application_events (id) on delete set null,
  kind text not null,
  phone_e164 text not null,
  -- Written when it is sent (the first text to a number says how to stop them).
  body text,
  status text not null default 'queued',
  -- Not before then: quiet hours in the business's state, the limits per number.
  send_after timestamptz not null default clock_timestamp(),
  claimed_at timestamptz,
  sent_at timestamptz,
  provider_sid text unique,
  -- Why it was not sent, or what the provider said of its delivery.
  status_detail text,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  constraint sms_messages_status_is_known check (
    status in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'skipped')
  ),
  constraint sms_messages_phone_is_e164 check (phone_e164 ~ '^\+1[2-9][0-9]{9}$')
);

create index sms_messages_due_idx on public.sms_messages (send_after) where status = 'queued';
create index sms_messages_application_idx on public.sms_messages (application_id, created_at);
create index sms_messages_phone_sent_idx on public.sms_messages (phone_e164, sent_at) where sent_at is not null;
create unique index sms_messages_event_once on public.sms_messages (event_id) where event_id is not null;

create trigger sms_messages_set_updated_at
  before update on public.sms_messages for each row execute function public.set_updated_at();

-- The timeline events an applicant is texted about (shared/sms/sms-texts.ts words each), queued for the number of
-- the application's latest consent when it is a yes and the number has not opted out. While a text of the same
-- kind waits for that application, no second one is queued: a burst of reviews is one text.
create function public.queue_sms_for_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  latest public.sms_consents;
begin
  if new.kind not in ('approved', 'rejected', 'document_requested', 'document_needs_replacement',
                      'lender_interested', 'lender_need_more_info', 'lender_declined', 'offer_made',
                      'document_reminder_sent') then
    return null;
  end if;
  select * into latest
    from public.sms_consents as c
   where c.application_id = new.application_id
   order by c.created_at desc, c.id desc
   limit 1;
  if latest.id is null or not latest.consented or latest.phone_e164 is null then
    return null;
  end if;
  if exists (select 1 from public.sms_opt_outs as o where o.phone_e164 = latest.phone_e164 and o.opted_out) then
    return null;
  end if;
  if exists (select 1 from public.sms_messages as m
              where m.application_id = new.application_id and m.kind = new.kind and m.status = 'queued') then
    return null;
  end if;
  insert into public.sms_messages (application_id, event_id, kind, phone_e164)
  values (new.application_id, new.id, new.kind, latest.phone_e164);
  return null;
end;
$$;

revoke execute on function public.queue_sms_for_event() from public, anon, authenticated, service_role;

create trigger application_events_queue_sms
  after insert on public.application_events for each row execute function public.queue_sms_for_event();

-- Rights ---------------------------------------------------------------------------------------------------

alter table public.sms_consents enable row level security;
alter table public.sms_opt_outs enable row level security;
alter table public.sms_messages enable row level security;

revoke all on table public.sms_consents from public, anon, authenticated, service_role;
revoke all on table public.sms_opt_outs from public, anon, authenticated, service_role;
revoke all on table public.sms_messages from public, anon, authenticated, service_role;
grant select on table public.sms_consents to authenticated;
grant select on table public.sms_opt_outs to authenticated;
grant select on table public.sms_messages to authenticated;
grant select, insert, update, delete on table public.sms_consents to service_role;
grant select, insert, update, delete on table public.sms_opt_outs to service_role;
grant select, insert, update, delete on table public.sms_messages to service_role;

create policy "Admins can read every SMS consent" on public.sms_consents for select to authenticated
  using ((select public.is_admin()));
create policy "Applicants can read the SMS consents of their applications" on public.sms_consents
  for select to authenticated
  using (exists (select 1 from public.applications as a
                  where a.id = sms_consents.application_id and a.user_id = (select auth.uid())));
create policy "Admins can read every opt-out" on public.sms_opt_outs for select to authenticated
  using ((select public.is_admin()));
create policy "Applicants can read the opt-out of their own numbers" on public.sms_opt_outs
  for select to authenticated
  using (exists (select 1 from public.sms_consents as c
                   join public.applications as a on a.id = c.application_id
                  where c.phone_e164 = sms_opt_outs.phone_e164 and a.user_id = (select auth.uid())));
create policy "Admins can read every text" on public.sms_messages for select to authenticated
  using ((select public.is_admin()));
create policy "Applicants can read the texts about their applications" on public.sms_messages
  for select to authenticated
  using (exists (select 1 from public.applications as a
                  where a.id = sms_messages.application_id and a.user_id = (select auth.uid())));

-- The desktop cache learns of deletions from tombstones (it keeps the texts for the officer's timeline).
create trigger sms_messages_record_deleted_row
  after delete on public.sms_messages for each row execute function public.record_deleted_row();

-- Sending ------------------------------------------------------------------------------------------------

-- The texts due now, at most `at_most`, claimed for one sender ('sending'), with what their words and their
-- quiet hours need: the applicant's first name, the business's state, and whether the number was ever texted.
-- Two senders at once never claim the same text. Only the service role may call it.
create function public.claim_due_sms(at_most integer)
returns table (
  id uuid, application_id uuid, kind text, phone_e164 text, first_name text, state text, number_texted_before boolean
)
language plpgsql
security definer
set search_path = ''
as $$
begin
  return query
  with due as (
    select m.id from public.sms_messages as m
     where m.status = 'queued' and m.send_after <= clock_timestamp()
     order by m.send_after, m.id
     limit greatest(at_most, 0)
     for update skip locked
  ), claimed as (
    update public.sms_messages as m
       set status = 'sending', claimed_at = clock_timestamp()
      from due
     where m.id = due.id
    returning m.id, m.application_id, m.kind, m.phone_e164
  )
  select c.id, c.application_id, c.kind, c.phone_e164, a.first_name, a.state,
         exists (select 1 from public.sms_messages as s where s.phone_e164 = c.phone_e164 and s.sent_at is not null)
    from claimed as c
    join public.applications as a on a.id = c.application_id;
end;
$$;

revoke execute on function public.claim_due_sms(integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_due_sms(integer) to service_role;
