import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { lenderTokenHash, newLenderToken } from '../../shared/matching/lender-answers.ts';

async function inserted(service: SupabaseClient, table: string, row: Record<string, unknown>): Promise<string> {
  const { data, error } = await service.from(table).insert(row).select('id').single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return String(data.id);
}

/**
 * A lender of the network the applicant approved, and the application's package sent to it with an active link
 * (set up with the service role, as the officer's Send to Bank leaves it). Gives the link's token.
 */
export async function sentLenderLink(service: SupabaseClient, applicationId: string, label = 'Lender') {
  // Lenders' names are unique in the network.
  const name = `${label} ${randomUUID().slice(0, 6)}`;
  const lenderId = await inserted(service, 'lenders', {
    name,
    contact_name: 'Lee Park',
    contact_email: `lee.${randomUUID().slice(0, 6)}@lender.example`,
    programs: ['sba_7a'],
    min_loan: 50_000,
    max_loan: 1_000_000,
  });
  await inserted(service, 'lender_consents', {
    application_id: applicationId,
    lender_id: lenderId,
    status: 'approved',
  });
  const packageId = await inserted(service, 'bank_packages', { application_id: applicationId, summary: 'Summary' });
  const token = newLenderToken();
  const sent = await service
    .from('bank_packages')
    .update({
      status: 'sent',
      sent_at: new Date().toISOString(),
      lender_id: lenderId,
      bank_name: name,
      link_token_hash: await lenderTokenHash(token),
      link_expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    })
    .eq('id', packageId);
  if (sent.error) throw new Error(sent.error.message);
  return { token, packageId, name };
}

/** A day (YYYY-MM-DD) `days` from today. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An offer's terms as a lender sends them to make_loan_offer (a fixed rate; changes replace any of them). */
export function offerTerms(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    amount: 250_000,
    rate_kind: 'fixed',
    fixed_rate: 9.5,
    rate_index: null,
    spread: null,
    term_months: 120,
    lender_fees: 2_500,
    sba_guaranty_fee: 5_000,
    collateral: 'Business assets',
    conditions: ['Personal guarantee', '  ', 'Life insurance on the owner'],
    expires_on: inDays(14),
    ...changes,
  };
}

/** The applicant accepts an offer, as the accept-offer function calls the database for them. */
export function acceptOffer(service: SupabaseClient, applicantId: string, offerId: string, fullName = 'Maria Lopez') {
  return service.rpc('accept_loan_offer', {
    applicant_id: applicantId,
    offer_id: offerId,
    full_name: fullName,
    statement: 'I accept this offer’s terms as shown.',
    offer_sha256: 'a'.repeat(64),
    client_address: '203.0.113.9',
    user_agent: 'Mozilla/5.0 (test)',
  });
}
