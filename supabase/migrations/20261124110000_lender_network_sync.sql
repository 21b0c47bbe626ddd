-- The desktop app keeps the lender network and the consents in its offline cache (the desktop app
-- shows the matches from its cache): their deletions become tombstones like those of the other synced tables.
create trigger lenders_record_deleted_row
  after delete on public.lenders
  for each row execute function public.record_deleted_row();
create trigger lender_consents_record_deleted_row
  after delete on public.lender_consents
  for each row execute function public.record_deleted_row();
