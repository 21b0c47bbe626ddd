-- Send to Bank (docs/architecture.md, Departure 11): a package goes to a named bank's e-mail. The
-- send-bank-package function records the address with the bank's name when it sends.
alter table public.bank_packages add column bank_email text;
alter table public.bank_packages
  add constraint bank_packages_bank_email_is_valid check (
    bank_email is null or bank_email ~* '^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$'
  );
