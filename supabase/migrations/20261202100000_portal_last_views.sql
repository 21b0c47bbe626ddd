-- Client Management's 'Portal last viewed' column: each client's latest portal view by an officer, one row per
-- client. admin-clients reads this view instead of every impersonation.start entry ever written, which grows
-- with each portal load during impersonation.

create index audit_log_portal_view_idx on public.audit_log (record_id, id desc)
  where action = 'impersonation.start';

-- security_invoker: the reader's own rights and the audit log's policies apply (admins read, nobody else).
create view public.portal_last_views
  with (security_invoker = on)
as
  select distinct on (record_id) record_id as client_id, actor_id, created_at
    from public.audit_log
   where action = 'impersonation.start'
   order by record_id, id desc;

comment on view public.portal_last_views is
  'Each client''s latest portal view by an officer (the newest impersonation.start entry of the audit log).';

revoke all on table public.portal_last_views from public, anon, authenticated, service_role;
grant select on table public.portal_last_views to authenticated, service_role;
