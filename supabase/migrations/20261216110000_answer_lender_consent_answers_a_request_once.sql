-- An applicant approves or declines a lender only while its request is unanswered. Before, any answer was taken
-- from any state: a second tab still showing the request could decline a lender already approved (the lender's
-- link stayed open, since only a withdrawal closes it), or approve one the first tab had declined, the last
-- answer silently replacing the first. A later change of mind is a withdrawal of the approval, or the officer
-- asking again. The row is locked while it is read, so two answers at once are taken one after the other, and the
-- second is told what the first one was, in words the portal shows as they are (55000).
--
-- Restated from its latest version (supabase/schema.sql before this migration); the state checks are new.

create or replace function public.answer_lender_consent(consent_id uuid, answer text)
returns setof public.lender_consents
language plpgsql
security definer
set search_path = ''
as $$
declare
  consent public.lender_consents;
begin
  select c.* into consent
    from public.lender_consents as c
   where c.id = answer_lender_consent.consent_id
     and public.application_is_confirmed_by_caller(c.application_id)
     for update of c;
  if not found then
    raise exception 'No consent request of yours has this id' using errcode = 'P0002';
  end if;
  if answer not in ('approved', 'declined', 'withdrawn') then
    raise exception 'An answer is approved, declined or withdrawn' using errcode = '22023';
  end if;
  if answer in ('approved', 'declined') and consent.status <> 'requested' then
    raise exception '%', case consent.status
        when 'approved' then 'You have already approved this lender. To stop your file going to it, withdraw your approval.'
        when 'declined' then 'You have already declined this lender.'
        else 'You have already withdrawn your approval of this lender.'
      end
      using errcode = '55000';
  end if;
  if answer = 'withdrawn' and consent.status = 'withdrawn' then
    raise exception 'You have already withdrawn your approval of this lender.' using errcode = '55000';
  end if;
  if answer = 'withdrawn' and consent.status <> 'approved' then
    raise exception 'Only an approval can be withdrawn' using errcode = '22023';
  end if;
  return query
    update public.lender_consents as c
       set status = answer, answered_at = now()
     where c.id = consent.id
    returning c.*;
end;
$$;
