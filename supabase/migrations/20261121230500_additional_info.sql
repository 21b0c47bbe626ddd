-- Additional information (docs/product.md §3, Additional-information form): one row per applicant, one
-- jsonb object per form section, keyed by the described camelCase field names. Submitting the form again
-- replaces the sections (upsert on user_id).

-- True when section is an object in which each named field holds a non-blank value.
create function public.jsonb_fields_are_filled(section jsonb, field_names text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(section) = 'object'
     and coalesce(
       (select bool_and(coalesce(section ->> f.name, '') ~ '\S') from unnest(field_names) as f (name)),
       true
     )
$$;

-- Check constraints evaluate it as the inserting role.
revoke execute on function public.jsonb_fields_are_filled(jsonb, text[]) from public, anon, authenticated, service_role;
grant execute on function public.jsonb_fields_are_filled(jsonb, text[]) to authenticated, service_role;

create table public.additional_info (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  -- constructionCost, constructionContingency, softCosts, realEstatePurchase, debtRefinance,
  -- equipmentPurchase, furnitureFixtures, inventoryPurchase, businessAcquisition, acquisitionAllocation,
  -- borrowerInjectionPercent (required), bankFundingPercent (required), projectDescription (required)
  loan_purpose jsonb not null,
  -- companyHistory, businessOperations, importExport, businessHours, physicalLocation,
  -- propertyOwnership, propertyDetails (all required)
  business_history jsonb not null,
  -- targetCustomers, geographicReach (both required)
  market_analysis jsonb not null,
  -- franchisorName, franchiseStartDate, fddStatus (all optional)
  franchise_information jsonb not null default '{}'::jsonb,
  -- education, workHistory, industryExperience (all required)
  experience_background jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint additional_info_loan_purpose_is_complete check (
    public.jsonb_fields_are_filled(
      loan_purpose, array['borrowerInjectionPercent', 'bankFundingPercent', 'projectDescription']
    )
    and (loan_purpose ->> 'borrowerInjectionPercent') ~ '^[0-9]+(\.[0-9]+)?$'
    and (loan_purpose ->> 'bankFundingPercent') ~ '^[0-9]+(\.[0-9]+)?$'
  ),
  constraint additional_info_business_history_is_complete check (
    public.jsonb_fields_are_filled(
      business_history,
      array[
        'companyHistory', 'businessOperations', 'importExport', 'businessHours', 'physicalLocation',
        'propertyOwnership', 'propertyDetails'
      ]
    )
    and business_history ->> 'importExport' in ('none', 'import', 'export', 'both')
    and business_history ->> 'propertyOwnership' in ('owned', 'leased')
  ),
  constraint additional_info_market_analysis_is_complete check (
    public.jsonb_fields_are_filled(market_analysis, array['targetCustomers', 'geographicReach'])
  ),
  constraint additional_info_franchise_information_is_valid check (
    jsonb_typeof(franchise_information) = 'object'
    and coalesce(franchise_information ->> 'fddStatus', '') in ('', 'provided', 'pending', 'notApplicable')
  ),
  constraint additional_info_experience_background_is_complete check (
    public.jsonb_fields_are_filled(experience_background, array['education', 'workHistory', 'industryExperience'])
  )
);

create index additional_info_updated_at_idx on public.additional_info (updated_at desc);

alter table public.additional_info enable row level security;

revoke all on table public.additional_info from public, anon, authenticated, service_role;
grant select on table public.additional_info to authenticated;
grant insert (
  user_id, loan_purpose, business_history, market_analysis, franchise_information, experience_background
) on table public.additional_info to authenticated;
grant update (loan_purpose, business_history, market_analysis, franchise_information, experience_background)
  on table public.additional_info to authenticated;
grant select, insert, update, delete on table public.additional_info to service_role;

create policy "Applicants can read their own additional information"
  on public.additional_info
  for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins can read all additional information"
  on public.additional_info
  for select
  to authenticated
  using ((select public.is_admin()));

create policy "Applicants can add their own additional information"
  on public.additional_info
  for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Applicants can update their own additional information"
  on public.additional_info
  for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create trigger additional_info_set_updated_at
  before update on public.additional_info
  for each row execute function public.set_updated_at();
