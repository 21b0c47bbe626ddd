-- A STOP is undone only from the phone that sent it (a reply of START), never from the portal.
--
-- The portal's number is typed, not proved: until now turning texts on there also cleared a STOP on that number, so
-- anyone with an application could type somebody else's number, undo that person's STOP and have texts sent to them
-- again (about the victim's own application, and about the caller's). set_sms_preference now refuses to turn texts
-- on for a number that has opted out, says how the owner gets them again, and no longer writes sms_opt_outs at all:
-- only the SMS webhook does (STOP, START and their synonyms, shared/sms/sms-keywords.ts). Rows written by the portal
-- before this stay valid ('portal' in changed_via); none is written from now on.
create or replace function public.set_sms_preference(phone text, enabled boolean)
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
  if enabled and exists (select 1 from public.sms_opt_outs as o where o.phone_e164 = number and o.opted_out) then
    raise exception 'This number replied STOP to our texts. To get them again, reply START to one of them from that phone.'
      using errcode = '22023';
  end if;
  insert into public.sms_consents (application_id, phone_e164, consented, consent_text, source, client_address)
  select a.id, number, enabled, public.sms_consent_text('portal'), 'portal', public.request_client_address()
    from public.applications as a
   where a.user_id = caller;
  get diagnostics applications = row_count;
  if applications = 0 then
    raise exception 'There is no application of yours to text you about yet' using errcode = '22023';
  end if;
  return query select number, enabled, clock_timestamp();
end;
$$;

revoke execute on function public.set_sms_preference(text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.set_sms_preference(text, boolean) to authenticated;
