-- The loan officer who asked an applicant's consent is e-mailed the answer (approved, declined, an approval
-- withdrawn), once per answer, by the notify-officer function the portal calls after the applicant answers.
-- officer_notified_at stamps the consent events already told (as notified_at does for the applicant's e-mails).

alter table public.application_events add column officer_notified_at timestamptz;
grant update (officer_notified_at) on table public.application_events to service_role;

-- Answers given before officers were e-mailed them are not news any more: nobody is e-mailed about them now.
update public.application_events
   set officer_notified_at = created_at
 where kind in ('consent_approved', 'consent_declined', 'consent_withdrawn');
