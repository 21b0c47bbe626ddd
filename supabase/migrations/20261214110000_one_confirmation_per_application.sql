-- The pre-qualification e-mails (send-emails) go out for an application just submitted, once: anyone may call the
-- function, and without this its names and e-mail address were whatever the caller sent, with no application
-- behind them, so it sent a stranger's words from our address to any inbox (found in an attacker's walk). The
-- function now finds the application the request tells of and records its e-mails against it here; this index
-- makes a second send for the same application fail, also when two requests ask at once.
alter table public.email_send_log
  add column application_id uuid references public.applications (id) on delete set null;

create unique index email_send_log_application_once on public.email_send_log (application_id)
  where application_id is not null;
