-- The e-mail function's rate limit (docs/architecture.md, Departure 9): one row per notification sent, counted per
-- calling address and per recipient over a window. Only the service role (the function) touches it.

create table public.email_send_log (
  id bigint generated always as identity primary key,
  sender text not null,
  recipient text not null,
  created_at timestamptz not null default now()
);

create index email_send_log_sender_idx on public.email_send_log (sender, created_at desc);
create index email_send_log_recipient_idx on public.email_send_log (recipient, created_at desc);

alter table public.email_send_log enable row level security;

revoke all on table public.email_send_log from public, anon, authenticated, service_role;
grant select, insert, delete on table public.email_send_log to service_role;
