-- audit_log is append-only for everyone, so that its record of who changed what cannot be rewritten
-- (docs/architecture.md, Audit log). No API role holds UPDATE or DELETE on it
-- (20261121230100_audit_log.sql grants select to authenticated, select and insert to service_role), so
-- visitors, applicants, admins and the service role are already refused. This trigger also refuses the
-- table's owner, and with it every SECURITY DEFINER function, present or future: nothing in the product
-- changes or deletes an entry. An operator who must purge old entries (a retention rule) does it
-- deliberately, as the owner, inside a transaction that disables this trigger.

create function public.refuse_audit_log_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'audit_log is append-only: its entries cannot be changed or deleted'
    using errcode = '42501';
end;
$$;

revoke execute on function public.refuse_audit_log_change() from public, anon, authenticated, service_role;

create trigger audit_log_is_append_only
  before update or delete on public.audit_log
  for each row
  execute function public.refuse_audit_log_change();
