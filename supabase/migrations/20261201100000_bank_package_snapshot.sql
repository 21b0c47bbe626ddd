-- What a bank package shows (its sections, metrics and document checklist), fixed when it is generated: the
-- text package (summary) and the PDF are both made from it, so the PDF no longer reads the application, its
-- information and its documents again and can no longer disagree with the text the lender was sent.
-- Packages generated before this column have none; their PDF is still built from the current data.
alter table public.bank_packages add column summary_snapshot jsonb;

grant insert (summary_snapshot) on table public.bank_packages to authenticated;

-- Neither is changed once the package exists (nothing of ours ever did change the text).
revoke update (summary) on table public.bank_packages from authenticated;
