-- A visitor's application carries its evaluation (shared/evaluation/evaluate.ts), whose reasons the portal's
-- timeline, the officers' Not Qualified list and the e-mails show as our words. The insert policy already checks
-- that the evaluation's verdict follows the answers; this checks its reasons too: each must be one of the
-- evaluation's own sentences (the credit score one naming the range given), so that nobody can put their text,
-- such as a link to 'verify your bank login', in someone's portal under our name by submitting an application
-- with that person's e-mail. The thresholds are the evaluation's (660, 1.25, 10%, 1 year), as in
-- application_qualifies; tests/integration/evaluation-agreement.test.ts checks that every reason shared/ gives
-- passes.

create function public.evaluation_reasons_are_ours(evaluation jsonb, credit_score text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_typeof(evaluation -> 'reasons') = 'array', false)
     and jsonb_array_length(evaluation -> 'reasons') <= 4
     and not exists (
       select 1
         from jsonb_array_elements(evaluation -> 'reasons') as r(reason)
        where jsonb_typeof(r.reason) <> 'string'
           or not (
             r.reason #>> '{}' = 'Your credit score range (' || credit_score || ') is below our minimum of 660.'
             or r.reason #>> '{}' in (
               'Your credit score range was not provided; our minimum is 660.',
               'A 10% down payment is not available.',
               'Your business has operated for less than our minimum of 1 year.',
               'Your time in business was not provided; our minimum is 1 year.'
             )
             or r.reason #>> '{}' ~ '^Your debt coverage ratio of ([0-9]+\.[0-9]{2}|N/A) is below our minimum of 1\.25\.$'
           )
     )
$$;

-- The trigger below runs as the caller (its current_user is who inserts), so the callers may run this check.
revoke execute on function public.evaluation_reasons_are_ours(jsonb, text) from public;
grant execute on function public.evaluation_reasons_are_ours(jsonb, text) to anon, authenticated, service_role;

create function public.check_submitted_evaluation()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Visitors and applicants submit through the API; the service role (imports, tests) is trusted.
  if current_user in ('anon', 'authenticated')
     and not public.evaluation_reasons_are_ours(new.evaluation_result, new.credit_score) then
    raise exception 'The evaluation''s reasons are not the evaluation''s own' using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke execute on function public.check_submitted_evaluation() from public;

create trigger applications_check_submitted_evaluation
  before insert on public.applications
  for each row execute function public.check_submitted_evaluation();
