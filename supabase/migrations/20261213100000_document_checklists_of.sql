-- The portal reads the checklist of every application of the account it shows (reviews, requests, documents not
-- needed) with one call, asked for beside the applications themselves. One document_checklist_of call per
-- application could only be sent once the applications had arrived: a second round trip before the portal shows,
-- about 150 ms on a phone's network.
--
-- Returns {application id: reading} for the applications `owner_id` owns (user_id), each reading as
-- document_checklist_of gives it (without the officers who wrote them). The owner asks about their own account,
-- an officer about any (viewing a client's portal); anyone else is refused as document_checklist_of refuses them.

create function public.document_checklists_of(owner_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() and owner_id is distinct from (select auth.uid()) then
    raise exception 'No account of yours has this id' using errcode = 'P0002';
  end if;
  return coalesce((
    select jsonb_object_agg(a.id, public.document_checklist_of(a.id))
      from public.applications as a
     where a.user_id = owner_id
  ), '{}'::jsonb);
end;
$$;

revoke execute on function public.document_checklists_of(uuid) from public, anon, authenticated, service_role;
grant execute on function public.document_checklists_of(uuid) to authenticated;
