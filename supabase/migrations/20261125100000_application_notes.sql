-- Loan officers' notes on an application (desktop issue, "Offline": notes are queued in the outbox like
-- decisions). Admins read and add notes; nobody changes or removes one through the API, not even the service
-- role. The id may come from the client: the desktop app makes it when the note is queued, so a replay of a
-- note that already landed is refused as a duplicate key (23505) instead of storing it twice. Every note is
-- audited, naming its officer.

create table public.application_notes (
  -- Given by the client (the desktop outbox) or generated here.
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  author_id uuid default auth.uid() references auth.users (id) on delete set null,
  body text not null,
  -- Set by the server when the note lands (a queued note gets the time it was replayed): the desktop sync's
  -- cursor follows it, as for the other insert-only records.
  created_at timestamptz not null default now(),
  -- 1 to 5000 characters once the surrounding spaces and line breaks are left out.
  constraint application_notes_body_is_given check (body ~ '\S'),
  constraint application_notes_body_is_short check (char_length(btrim(body, E' \t\r\n')) <= 5000)
);

create index application_notes_application_idx on public.application_notes (application_id, created_at desc);

alter table public.application_notes enable row level security;

revoke all on table public.application_notes from public, anon, authenticated, service_role;
grant select on table public.application_notes to authenticated;
grant insert (id, application_id, author_id, body) on table public.application_notes to authenticated;
grant select, insert on table public.application_notes to service_role;

create policy "Admins can read every note"
  on public.application_notes
  for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins can add notes in their own name"
  on public.application_notes
  for insert
  to authenticated
  with check ((select public.is_admin()) and author_id = (select auth.uid()));

create trigger application_notes_audit
  after insert or update or delete on public.application_notes
  for each row execute function public.audit_row_change('application_note');

-- Notes go only when their application does (cascade): the desktop cache learns it from the tombstone.
create trigger application_notes_record_deleted_row
  after delete on public.application_notes
  for each row execute function public.record_deleted_row();
