-- A number is texted news only once its owner has said yes from that phone (docs/product.md §12).
--
-- A number typed on the application form or in the portal is not proved to be the applicant's: anyone could type
-- somebody else's, who would then get texts they never asked for. So a consent to texts at a number that has not
-- said yes queues one text asking its owner to reply YES (kind 'confirm_number'), and nothing else is texted to it
-- until it does. A reply of YES, START or another opt-in word from that phone is recorded by the SMS webhook in
-- sms_opt_outs (opted_out false, changed_via 'reply_start'): that row is the proof. Numbers already texted before
-- this change, and not opted out, keep getting texts (changed_via 'texted_before'): their owners had every text
-- with the way to stop them.
--
-- Typing a stranger's number again and again must not make a way to pester them: one confirmation text per
-- number waits at a time, and no other goes within a day of the last one sent.

alter table public.sms_opt_outs drop constraint sms_opt_outs_via_is_known;
alter table public.sms_opt_outs add constraint sms_opt_outs_via_is_known
  check (changed_via in ('reply_stop', 'reply_start', 'portal', 'texted_before'));

insert into public.sms_opt_outs (phone_e164, opted_out, changed_via)
select distinct m.phone_e164, false, 'texted_before'
  from public.sms_messages as m
 where m.sent_at is not null
on conflict on constraint sms_opt_outs_pkey do update
  set changed_via = 'texted_before'
  where not public.sms_opt_outs.opted_out and public.sms_opt_outs.changed_via = 'portal';

-- Whether the number's owner said yes from that phone (or was texted before this rule), and has not opted out since.
create function public.sms_number_confirmed(number text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from public.sms_opt_outs as o
                  where o.phone_e164 = number and not o.opted_out
                    and o.changed_via in ('reply_start', 'texted_before'));
$$;

revoke execute on function public.sms_number_confirmed(text) from public, anon, authenticated, service_role;

-- A consent to texts at a number that has not said yes: one text asking it to (unless the number opted out, one
-- waits already, or one went in the last day).
create function public.queue_sms_number_confirmation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not new.consented or new.phone_e164 is null or public.sms_number_confirmed(new.phone_e164) then
    return null;
  end if;
  if exists (select 1 from public.sms_opt_outs as o where o.phone_e164 = new.phone_e164 and o.opted_out) then
    return null;
  end if;
  if exists (select 1 from public.sms_messages as m
              where m.phone_e164 = new.phone_e164 and m.kind = 'confirm_number'
                and (m.status in ('queued', 'sending') or m.sent_at > clock_timestamp() - interval '1 day')) then
    return null;
  end if;
  insert into public.sms_messages (application_id, kind, phone_e164)
  values (new.application_id, 'confirm_number', new.phone_e164);
  return null;
end;
$$;

revoke execute on function public.queue_sms_number_confirmation() from public, anon, authenticated, service_role;

create trigger sms_consents_queue_number_confirmation
  after insert on public.sms_consents for each row execute function public.queue_sms_number_confirmation();

-- As before, and only to a number that said yes.
create or replace function public.queue_sms_for_event()
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
  if not public.sms_number_confirmed(latest.phone_e164) then
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
