-- An officer's stage is recorded only while the loan is at the stage the officer saw (seen_stage). The desktop app
-- queues a stage while offline, and the lender's link or another officer may record one before it is sent: Did not
-- close, queued on an accepted loan, still follows In closing recorded meanwhile, and would have closed a loan the
-- officer never saw in closing. The desktop app checked the stage before sending, but another stage could land
-- between its read and its call; the check now runs here, under the application's lock that insert_loan_stage
-- takes too. seen_stage may be left out (null) by a caller that saw no stage to keep to.
--
-- The signature changes (seen_stage is new), so the function is dropped and made again with its grants.

drop function public.record_loan_stage(uuid, text, date, numeric, date, text);

create function public.record_loan_stage(
  application_id uuid,
  stage text,
  expected_closing_on date default null,
  funded_amount numeric default null,
  funded_on date default null,
  reason text default null,
  seen_stage text default null
)
returns public.loan_stages
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  current_stage text;
begin
  if not public.is_admin() then
    raise exception 'Only admins can record a loan''s stage' using errcode = '42501';
  end if;
  select a.loan_stage into current_stage
    from public.applications as a where a.id = record_loan_stage.application_id for update;
  -- A loan with no stage (no accepted offer, or no such application) is refused by insert_loan_stage in its words.
  if record_loan_stage.seen_stage is not null and current_stage <> record_loan_stage.seen_stage then
    raise exception 'The loan’s stage was recorded meanwhile: it is % now',
      case current_stage
        when 'in_closing' then 'In closing'
        when 'funded' then 'Funded'
        when 'did_not_close' then 'Did not close'
        else 'Offer accepted'
      end
      using errcode = '55000';
  end if;
  return public.insert_loan_stage(record_loan_stage.application_id, record_loan_stage.stage,
                                  record_loan_stage.expected_closing_on, record_loan_stage.funded_amount,
                                  record_loan_stage.funded_on, record_loan_stage.reason, 'officer', null);
end;
$$;

revoke execute on function public.record_loan_stage(uuid, text, date, numeric, date, text, text)
  from public, anon, authenticated, service_role;
grant execute on function public.record_loan_stage(uuid, text, date, numeric, date, text, text) to authenticated;
