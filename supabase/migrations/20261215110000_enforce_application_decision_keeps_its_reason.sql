-- A decision's reason is written with the decision, and stays as it was. Officers may update applications
-- (assignment, consultation date), and the reason's column was among what they could set: a second officer could
-- replace the reason of a decision the first one made, under the first one's name (decided_by stays), and the row
-- then disagreed with the timeline's 'rejected' event, which keeps the reason given. Found in an attacker's walk.
--
-- Restated from its latest version (supabase/schema.sql before this migration); the reason's check is new.

CREATE OR REPLACE FUNCTION public.enforce_application_decision()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.status is distinct from old.status then
    if old.status <> 'pending' or new.status not in ('approved', 'rejected') then
      raise exception 'An application''s status can only change from pending to approved or rejected, not from % to %',
        old.status, new.status
        using errcode = 'check_violation';
    end if;
    new.decided_by := auth.uid();
    new.decided_at := now();
  else
    if new.decision_reason is distinct from old.decision_reason then
      raise exception 'A decision''s reason is given with the decision and cannot change after it'
        using errcode = 'check_violation';
    end if;
    new.decided_by := old.decided_by;
    new.decided_at := old.decided_at;
  end if;
  return new;
end;
$function$;
