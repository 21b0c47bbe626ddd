import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { lenderTokenHash, newLenderToken } from '../../shared/matching/lender-answers.ts';

/**
 * Offers set up with the service role, as the tests of offers and funding need them: a lender's package sent with
 * an active link, and the applicant's acceptance of an offer (the accept-offer function's call).
 */

async function inserted(service: SupabaseClient, table: string, row: Record<string, unknown>): Promise<string> {
  const { data, error } = await service.from(table).insert(row).select('id').single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return String(data.id);
}

/** A lender the applicant approved (named `label` and a unique tag), and the package sent to it with a link. */
export async function sentLenderLink(
  service: SupabaseClient,
  applicationId: string,
  label = 'Lender',
): Promise<{ token: string; packageId: string; name: string }> {
  // Lenders' names are unique in the network.
  const name = `${label} ${randomUUID().slice(0, 6)}`;
  const lenderId = await inserted(service, 'lenders', {
    name,
    contact_name: 'Lee Park',
    contact_email: 'lee@lender.example',
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
