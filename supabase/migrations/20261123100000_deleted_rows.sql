-- Tombstones for the desktop app's incremental sync (docs/architecture.md, Sync): a row per deleted
-- row of a table the desktop app copies, so a sync that asks "what changed since my cursor" also learns
-- what went away. Written only by the trigger below; admins read them; nobody edits them.
create table public.deleted_rows (
  id bigint generated always as identity primary key,
  table_name text not null,
  row_id text not null,
  deleted_at timestamptz not null default clock_timestamp()
);

create index deleted_rows_deleted_at_idx on public.deleted_rows (deleted_at, id);

alter table public.deleted_rows enable row level security;

revoke all on table public.deleted_rows from public, anon, authenticated, service_role;
revoke all on sequence public.deleted_rows_id_seq from public, anon, authenticated, service_role;
grant select on table public.deleted_rows to authenticated;
grant select on table public.deleted_rows to service_role;

create policy "Admins can read the tombstones of deleted rows"
  on public.deleted_rows
  for select
  to authenticated
  using ((select public.is_admin()));

create function public.record_deleted_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.deleted_rows (table_name, row_id) values (tg_table_name, old.id::text);
  return old;
end;
$$;

revoke execute on function public.record_deleted_row() from public, anon, authenticated, service_role;

create trigger applications_record_deleted_row
  after delete on public.applications
  for each row execute function public.record_deleted_row();
create trigger documents_record_deleted_row
  after delete on public.documents
  for each row execute function public.record_deleted_row();
create trigger additional_info_record_deleted_row
  after delete on public.additional_info
  for each row execute function public.record_deleted_row();
create trigger pre_application_letters_record_deleted_row
  after delete on public.pre_application_letters
  for each row execute function public.record_deleted_row();
create trigger term_sheets_record_deleted_row
  after delete on public.term_sheets
  for each row execute function public.record_deleted_row();
create trigger bank_packages_record_deleted_row
  after delete on public.bank_packages
  for each row execute function public.record_deleted_row();
