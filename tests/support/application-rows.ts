import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * A complete, valid applications row whose data qualifies under the thresholds of docs/product.md §9 (credit 725,
 * 3.5 years, debt coverage 1,200,000 / 12 * 0.15 / 5,000 = 3, down payment available), so its status is
 * pending. Override fields to shape a case.
 */
export function qualifiedApplicationRow(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const tag = randomUUID().slice(0, 8);
  return {
    first_name: 'Maria',
    last_name: 'Lopez',
    email: `maria.${tag}@lopezbakery.com`,
    phone: '(775) 555-0142',
    title: 'Owner',
    credit_score: '700-749',
    receive_sms: false,
    receive_marketing: false,
    business_name: `Lopez Family Bakery ${tag}`,
    business_address: '410 Sierra St',
    city: 'Reno',
    state: 'NV',
    industry: 'Food and beverage',
    years_in_business: '2-5',
    profitable: 'Yes',
    annual_revenue: 1_200_000,
    monthly_debt_payments: 5_000,
    current_business_debt: 100_000,
    loan_amount: '250000-500000',
    timeframe: '1-3months',
    use_of_funds: 'Buy a second oven line and renovate the storefront.',
    has_down_payment: 'yes',
    status: 'pending',
    evaluation_result: {
      qualified: true,
      reasons: [],
      suggestedNextSteps: ['Schedule a consultation with our loan expert'],
    },
    ...overrides,
  };
}

/**
 * The four sections of a complete additional_info row (every required answer given, so the table's checks
 * accept it), for the application named; `projectDescription` tells rows apart.
 */
export function completeAdditionalInfoRow(
  applicationId: string,
  projectDescription = 'A second oven line.',
): Record<string, unknown> {
  return {
    application_id: applicationId,
    loan_purpose: { borrowerInjectionPercent: '10', bankFundingPercent: '90', projectDescription },
    business_history: {
      companyHistory: 'Since 2015',
      businessOperations: 'Bakery',
      importExport: 'none',
      businessHours: '6-18',
      physicalLocation: 'Reno',
      propertyOwnership: 'leased',
      propertyDetails: 'Storefront',
    },
    market_analysis: { targetCustomers: 'Cafes', geographicReach: 'Reno' },
    experience_background: { education: 'Culinary', workHistory: 'Baker', industryExperience: '15 years' },
  };
}

/** A complete, valid business_registrations row as the registration form stores it. */
export function businessRegistrationRow(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    contact_name: 'Chidi Okafor',
    contact_email: 'chidi@okaforhvac.com',
    contact_mobile: '(775) 555-0188',
    legal_business_name: `Okafor HVAC ${randomUUID().slice(0, 8)} LLC`,
    website_url: '',
    no_website: true,
    address: '12 Plumas St',
    suite: '',
    city: 'Reno',
    state: 'NV',
    zip_code: '89509-1234',
    business_start_date: '2019-06-01',
    agree_to_terms: true,
    ...overrides,
  };
}

/** Stores a qualifiedApplicationRow with the given changes through `client` (the service role's) and returns its id. */
export async function insertedApplication(client: SupabaseClient, overrides: Record<string, unknown> = {}) {
  const { data, error } = await client
    .from('applications')
    .insert(qualifiedApplicationRow(overrides))
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return String(data.id);
}
