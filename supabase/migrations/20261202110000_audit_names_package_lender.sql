-- An audit entry about a bank package names the lender the package was for when the entry was written
-- (lender_name), as the consent entries do (20261201110000). The detail named every package entry by the
-- package's lender of today, so 'Bank package created' read as if the package had been made for the lender it
-- was sent to later.

comment on column public.audit_log.lender_name is
  'For an entry about a lender_consents or bank_packages row: the lender''s name when the entry was written.';

-- The lender of a package at the time of an entry: the row as written (created, deleted), the lender it was
-- sent to (the sent and sent_to_lender entries, from their details), else the package's lender now. A package
-- is made without one (bank_name '').
create function public.package_lender_name(details jsonb, package_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select nullif(
           case
             when details ? 'row' then details -> 'row' ->> 'bank_name'
             when details -> 'changes' ? 'bank_name' then details -> 'changes' -> 'bank_name' ->> 'to'
             when details ? 'lender_name' then details ->> 'lender_name'
             else (select p.bank_name from public.bank_packages as p where p.id = package_id)
           end,
           ''
         );
$$;

revoke execute on function public.package_lender_name(jsonb, uuid) from public, anon, authenticated, service_role;

-- One trigger names the lender of both kinds of entry.
drop trigger audit_log_names_consent_lender on public.audit_log;
drop function public.name_consent_lender_in_audit();

create function public.name_lender_in_audit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.lender_name := case new.table_name
                       when 'lender_consents' then public.consent_lender_name(new.details, new.record_id)
                       else public.package_lender_name(new.details, new.record_id)
                     end;
  return new;
end;
$$;

revoke execute on function public.name_lender_in_audit() from public, anon, authenticated, service_role;

create trigger audit_log_names_lender
  before insert on public.audit_log
  for each row
  when (new.table_name in ('lender_consents', 'bank_packages'))
  execute function public.name_lender_in_audit();

-- The package entries written before this migration, as 20261201110000 filled the consent entries.
alter table public.audit_log disable trigger audit_log_is_append_only;

update public.audit_log as e
   set lender_name = public.package_lender_name(e.details, e.record_id)
 where e.table_name = 'bank_packages';

alter table public.audit_log enable trigger audit_log_is_append_only;
