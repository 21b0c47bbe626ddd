-- A lender's link makes or revises its package's offer at most ten times in 24 hours. Every offer and revision
-- e-mails the applicant, and a link is a credential anyone it was forwarded to holds: without a limit, a script
-- with the link could send the applicant an e-mail a second. Ten is well past what a lender negotiating terms
-- needs in a day. A withdrawal needs a live offer, so withdrawals follow the same count. Refused as a program
-- limit (54000), which the lender's page answers with 429.

create function public.limit_offer_changes()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (select count(*) from public.loan_offers as o
       where o.package_id = new.package_id and o.created_at > clock_timestamp() - interval '24 hours') >= 10 then
    raise exception 'This offer was made or revised 10 times in the last 24 hours, the most a day allows: change it again tomorrow, or write to the loan officer'
      using errcode = '54000';
  end if;
  return new;
end;
$$;

revoke execute on function public.limit_offer_changes() from public, anon, authenticated, service_role;

create trigger loan_offers_limit_changes
  before insert on public.loan_offers for each row execute function public.limit_offer_changes();
