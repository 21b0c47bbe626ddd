-- Packages to lenders and their answers (docs/architecture.md, Lender network). A package sent to a
-- consented lender carries a link that is its only credential: the lender reads the package and answers
-- interested / need more information / declined with a note, until the link expires or an officer revokes it.
-- Every consent, package and answer is an event of the application's timeline.

-- The timeline learns consents, packages and lender answers ----------------------------------------------
-- subject: whom the event is about (the lender's name), shown beside its label.
alter table public.application_events add column subject text;
alter table public.application_events drop constraint application_events_kind_is_known;
alter table public.application_events add constraint application_events_kind_is_known check (
  kind in (
    'submitted', 'not_qualified', 'in_review', 'approved', 'rejected',
    'consent_requested', 'consent_approved', 'consent_declined', 'consent_withdrawn',
    'package_sent', 'lender_interested', 'lender_need_more_info', 'lender_declined'
  )
);

-- Packages: sent to a lender, answered by it ----------------------------------------------------------------
alter table public.bank_packages
  add column sent_by uuid references auth.users (id) on delete set null,
  -- The lender's typical answer time after sending: a package still unanswered then is overdue.
  add column answer_due_at timestamptz,
  -- sha256 (hex) of the link's token; the token itself is only in the lender's e-mail.
  add column link_token_hash text,
  add column link_expires_at timestamptz,
  add column link_revoked_at timestamptz,
  add column answer_note text,
  add column answered_at timestamptz;

alter table public.bank_packages add constraint bank_packages_link_token_is_unique unique (link_token_hash);
alter table public.bank_packages drop constraint bank_packages_status_is_known;
alter table public.bank_packages add constraint bank_packages_status_is_known check (
  status in ('generated', 'sent', 'interested', 'need_more_info', 'declined')
);
alter table public.bank_packages drop constraint bank_packages_sent_has_date;
alter table public.bank_packages add constraint bank_packages_sent_has_date check ((status = 'generated') = (sent_at is null));
alter table public.bank_packages add constraint bank_packages_answer_note_is_short check (
  answer_note is null or char_length(answer_note) <= 4000
);

create index bank_packages_overdue_idx on public.bank_packages (answer_due_at) where status = 'sent';

-- generated -> sent (by the send-bank-package function); sent -> an answer, and need_more_info -> another
-- answer, only through answer_lender_package: no API role writes a lender's answer itself.
create or replace function public.enforce_bank_package_status()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  answers constant text[] := array['interested', 'need_more_info', 'declined'];
begin
  if new.status is not distinct from old.status then
    return new;
  end if;
  if not (
    (old.status = 'generated' and new.status = 'sent')
    or (old.status in ('sent', 'need_more_info') and new.status = any (answers))
  ) then
    raise exception 'A bank package''s status can only change from generated to sent, not from % to %',
      old.status, new.status
      using errcode = 'check_violation';
  end if;
  if new.status = any (answers) and current_user in ('anon', 'authenticated') then
    raise exception 'Only the lender answers a package, through its link' using errcode = '42501';
  end if;
  return new;
end;
$$;

-- Timeline events of consents ---------------------------------------------------------------------------------
create function public.record_consent_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  lender_name text := (select l.name from public.lenders as l where l.id = new.lender_id);
begin
  if tg_op = 'INSERT' then
    insert into public.application_events (application_id, kind, subject, actor_id)
    values (new.application_id, 'consent_requested', lender_name, coalesce(auth.uid(), new.requested_by));
  elsif new.status is distinct from old.status then
    insert into public.application_events (application_id, kind, subject, actor_id)
    values (new.application_id, 'consent_' || new.status, lender_name, auth.uid());
    -- A withdrawn approval also closes the links already sent to that lender for this application.
    if new.status = 'withdrawn' then
      update public.bank_packages as p
         set link_revoked_at = now()
       where p.application_id = new.application_id and p.lender_id = new.lender_id and p.link_revoked_at is null
         and p.link_token_hash is not null;
    end if;
  end if;
  return null;
end;
$$;

revoke execute on function public.record_consent_event() from public, anon, authenticated, service_role;

create trigger lender_consents_record_event
  after insert or update of status on public.lender_consents
  for each row execute function public.record_consent_event();

-- Timeline events of packages: sent, and each answer of the lender (its note as the reason) ------------------
create function public.record_package_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status is not distinct from old.status then
    return null;
  end if;
  if new.status = 'sent' then
    insert into public.application_events (application_id, kind, subject, actor_id)
    values (new.application_id, 'package_sent', nullif(new.bank_name, ''), coalesce(auth.uid(), new.sent_by));
  else
    insert into public.application_events (application_id, kind, subject, reason)
    values (new.application_id, 'lender_' || new.status, nullif(new.bank_name, ''), new.answer_note);
  end if;
  return null;
end;
$$;

revoke execute on function public.record_package_event() from public, anon, authenticated, service_role;

create trigger bank_packages_record_event
  after update of status on public.bank_packages
  for each row execute function public.record_package_event();

-- The consent is checked when a package goes to a lender, not again when the lender answers it.
create or replace function public.require_lender_consent()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.lender_id is not distinct from old.lender_id
     and not (new.status = 'sent' and old.status is distinct from 'sent') then
    return new;
  end if;
  if new.lender_id is not null and not exists (
    select 1 from public.lender_consents as c
     where c.application_id = new.application_id and c.lender_id = new.lender_id and c.status = 'approved'
  ) then
    raise exception 'The applicant has not approved this lender' using errcode = '42501';
  end if;
  return new;
end;
$$;

-- The lender link --------------------------------------------------------------------------------------------
-- What a lender's link opens: its own package, while the link is neither expired nor revoked. Called only by
-- the lender-package function (service role), which adds signed links to the application's documents.
create function public.lender_package(token text)
returns table (
  package_id uuid,
  application_id uuid,
  status text,
  lender_name text,
  business_name text,
  summary text,
  sent_at timestamptz,
  answer_due_at timestamptz,
  link_expires_at timestamptz,
  answer_note text,
  answered_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.application_id, p.status, p.bank_name, a.business_name, p.summary, p.sent_at, p.answer_due_at,
         p.link_expires_at, p.answer_note, p.answered_at
    from public.bank_packages as p
    join public.applications as a on a.id = p.application_id
   where p.link_token_hash = encode(sha256(convert_to(lender_package.token, 'UTF8')), 'hex')
     and p.link_revoked_at is null
     and p.link_expires_at > now();
$$;

revoke execute on function public.lender_package(text) from public, anon, authenticated, service_role;
grant execute on function public.lender_package(text) to service_role;

-- The lender's answer through its link: interested, need_more_info or declined, with an optional note. A package
-- already answered interested or declined keeps that answer.
create function public.answer_lender_package(token text, answer text, note text default null)
returns setof public.bank_packages
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.bank_packages;
begin
  select p.* into target
    from public.bank_packages as p
   where p.link_token_hash = encode(sha256(convert_to(answer_lender_package.token, 'UTF8')), 'hex')
     and p.link_revoked_at is null
     and p.link_expires_at > now()
     for update;
  if not found then
    raise exception 'This link has expired or was revoked' using errcode = 'P0002';
  end if;
  if answer not in ('interested', 'need_more_info', 'declined') then
    raise exception 'An answer is interested, need_more_info or declined' using errcode = '22023';
  end if;
  if target.status not in ('sent', 'need_more_info') then
    raise exception 'This package has already been answered' using errcode = '55000';
  end if;
  if char_length(coalesce(note, '')) > 4000 then
    raise exception 'The note can be at most 4000 characters' using errcode = '22001';
  end if;
  return query
    update public.bank_packages as p
       set status = answer, answer_note = nullif(btrim(note), ''), answered_at = now()
     where p.id = target.id
    returning p.*;
end;
$$;

revoke execute on function public.answer_lender_package(text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.answer_lender_package(text, text, text) to service_role;

-- An officer revokes a package's link: the lender can no longer open it (audited by the bank_packages trigger).
create function public.revoke_lender_link(package_id uuid)
returns setof public.bank_packages
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can revoke a lender link' using errcode = '42501';
  end if;
  return query
    update public.bank_packages as p
       set link_revoked_at = now()
     where p.id = revoke_lender_link.package_id and p.link_token_hash is not null and p.link_revoked_at is null
    returning p.*;
  if not found then
    raise exception 'This package has no active lender link' using errcode = 'P0002';
  end if;
end;
$$;

revoke execute on function public.revoke_lender_link(uuid) from public, anon, authenticated, service_role;
grant execute on function public.revoke_lender_link(uuid) to authenticated;
