import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { formatUsdInput } from '../../shared/format/money.ts';
import { lenderTokenHash, newLenderToken } from '../../shared/matching/lender-answers.ts';
import { offerCost, type IndexValue } from '../../shared/offers/offer-cost.ts';
import { offerTermsOf, type OfferRevision } from '../../shared/offers/offer-text.ts';
import { expect, test } from './fixtures.ts';
import { seriousAccessibilityViolations } from './pages/accessibility.ts';
import { unreadableText, widenTextSpacing } from './pages/layout.ts';
import { applicationFor, createAccount, plantImpersonation, signedInPortal } from './pages/portal-session.ts';

/**
 * The applicant's offers in the portal (docs/product.md, Offers and funding): two lenders the applicant approved
 * answer with offers through their links; the portal compares them at the same footing (shared/offers/offer-cost.ts)
 * and marks the lowest; the applicant accepts one with their typed name, and the portal then shows it accepted,
 * with nothing more to accept.
 */

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A lender the applicant approved, the package sent to it with a live link, and the offer made through the link. */
async function offerFrom(
  database: SupabaseClient,
  applicationId: string,
  label: string,
  terms: Record<string, unknown>,
) {
  const name = `${label} ${randomUUID().slice(0, 6)}`;
  const lender = await database
    .from('lenders')
    .insert({
      name,
      contact_name: 'Lee Park',
      contact_email: `offers-${randomUUID().slice(0, 8)}@lender.example`,
      programs: ['sba_7a'],
      min_loan: 0,
      max_loan: 5_000_000,
    })
    .select('id, contact_email')
    .single();
  if (lender.error) throw new Error(lender.error.message);
  const consent = await database
    .from('lender_consents')
    .insert({ application_id: applicationId, lender_id: lender.data.id, status: 'approved' });
  if (consent.error) throw new Error(consent.error.message);
  const token = newLenderToken();
  const sent = await database.from('bank_packages').insert({
    application_id: applicationId,
    summary: 'Executive summary',
    status: 'sent',
    sent_at: new Date().toISOString(),
    lender_id: lender.data.id,
    bank_name: name,
    bank_email: lender.data.contact_email,
    link_token_hash: await lenderTokenHash(token),
    link_expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  if (sent.error) throw new Error(sent.error.message);
  const made = await database.rpc('make_loan_offer', {
    token,
    amount: 180_000,
    rate_kind: 'fixed',
    fixed_rate: null,
    rate_index: null,
    spread: null,
    lender_fees: 1_200,
    sba_guaranty_fee: 3_600,
    collateral: 'Equipment and receivables',
    conditions: ['Personal guarantee of the owner'],
    expires_on: inDays(21),
    ...terms,
  });
  if (made.error) throw new Error(made.error.message);
  return { ...(made.data as Omit<OfferRevision, 'lender_name'> & { id: string }), lender_name: name, token };
}

test('an applicant compares two lenders’ offers, sees the lowest marked, and accepts one with their name', async ({
  page,
  baseURL,
  database,
}) => {
  const account = await createAccount(database, baseURL!);
  const application = await applicationFor(database, account, { user_id: account.id });
  expect(
    (await database.from('applications').update({ status: 'approved' }).eq('id', application.id)).error,
  ).toBeNull();
  const prime = await database
    .from('rate_index_values')
    .insert({ rate_index: 'prime', percent: 7.5, as_of: inDays(0) });
  expect(prime.error).toBeNull();
  const fixed = await offerFrom(database, application.id, 'Harbor Bank', {
    rate_kind: 'fixed',
    fixed_rate: 10.25,
    term_months: 84,
  });
  const variable = await offerFrom(database, application.id, 'Summit Credit Union', {
    rate_kind: 'variable',
    rate_index: 'prime',
    spread: 2.75,
    term_months: 120,
  });
  // Today's Prime as the portal reads it: the latest entered (another test may have entered one since).
  const latest = await database
    .from('rate_index_values')
    .select('percent, as_of')
    .eq('rate_index', 'prime')
    .order('created_at', { ascending: false })
    .limit(1)
    .single();
  const primeToday: IndexValue = { percent: Number(latest.data!.percent), asOf: String(latest.data!.as_of) };
  const costOf = (offer: OfferRevision) => offerCost(offerTermsOf(offer), { prime: primeToday })!;
  const fixedCost = costOf(fixed);
  const variableCost = costOf(variable);

  await signedInPortal(page, baseURL!, account);
  const offers = page.getByRole('region', { name: 'Offers' });
  const fixedCard = offers.getByRole('article', { name: `Offer from ${fixed.lender_name}` });
  const variableCard = offers.getByRole('article', { name: `Offer from ${variable.lender_name}` });
  await expect(fixedCard).toBeVisible();
  await expect(variableCard).toBeVisible();

  // The figures are offerCost's, and the variable rate says which Prime it was computed at.
  await expect(fixedCard).toContainText('10.25% fixed');
  await expect(fixedCard).toContainText(formatUsdInput(fixedCost.monthlyPayment));
  await expect(fixedCard).toContainText(formatUsdInput(fixedCost.totalOfPayments));
  await expect(fixedCard).toContainText(formatUsdInput(fixedCost.totalCost));
  await expect(variableCard).toContainText('Prime + 2.75%');
  await expect(variableCard).toContainText(`computed at Prime ${primeToday.percent.toFixed(2)}%`);
  await expect(variableCard).toContainText(formatUsdInput(variableCost.monthlyPayment));
  await expect(variableCard).toContainText(formatUsdInput(variableCost.totalCost));

  // The longer term pays less a month, the shorter one less in all: each is marked where it is lowest.
  expect(variableCost.monthlyPayment).toBeLessThan(fixedCost.monthlyPayment);
  expect(fixedCost.totalCost).toBeLessThan(variableCost.totalCost);
  await expect(variableCard.getByText('Lowest')).toHaveCount(1);
  await expect(fixedCard.getByText('Lowest')).toHaveCount(1);
  expect(await seriousAccessibilityViolations(page, ['section[aria-labelledby="offers-heading"]'])).toEqual([]);

  // Accepting asks for the name and the statement; a refusal keeps what was typed.
  await fixedCard.getByRole('button', { name: `Accept this offer from ${fixed.lender_name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Accept the offer from ${fixed.lender_name}?` });
  await expect(dialog).toContainText('Rate: 10.25% fixed');
  // What it costs, as the comparison showed it.
  await expect(dialog.getByTestId('accept-figures')).toHaveText(
    `Monthly payment ${formatUsdInput(fixedCost.monthlyPayment)}; total cost with fees ${formatUsdInput(fixedCost.totalCost)}.`,
  );
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(dialog).toContainText('Type your full name to accept the offer');
  await expect(dialog).toContainText('Tick the statement to accept the offer');
  // The keyboard is put where the first message is, then on the next one still unanswered.
  const fullName = dialog.getByRole('textbox', { name: 'Full name' });
  const statement = dialog.getByRole('checkbox', { name: 'I accept this offer’s terms as shown above.' });
  await expect(fullName).toBeFocused();
  // The name signs: someone else's is refused under the field, which keeps the keyboard.
  await page.keyboard.type('Jordan Reyes');
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(dialog).toContainText('Type your full name as it is on your application: Maria Lopez');
  await expect(fullName).toBeFocused();
  await fullName.fill('maria lopez');
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(dialog).not.toContainText('Type your full name as it is on your application');
  await expect(statement).toBeFocused();
  await page.keyboard.press('Space');
  await expect(statement).toBeChecked();
  await expect(fullName).toHaveValue('maria lopez');
  expect(await seriousAccessibilityViolations(page, ['[role="dialog"]'])).toEqual([]);

  // The lender revises its offer while the applicant reads it: refused in words, the name and the tick kept.
  const revised = await database.rpc('make_loan_offer', {
    token: fixed.token,
    amount: 180_000,
    rate_kind: 'fixed',
    fixed_rate: 10,
    rate_index: null,
    spread: null,
    term_months: 84,
    lender_fees: 1_200,
    sba_guaranty_fee: 3_600,
    collateral: 'Equipment and receivables',
    conditions: ['Personal guarantee of the owner'],
    expires_on: inDays(21),
  });
  expect(revised.error).toBeNull();
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/^This offer can no longer be accepted/);
  await expect(dialog.getByRole('textbox', { name: 'Full name' })).toHaveValue('maria lopez');
  await expect(dialog.getByRole('checkbox', { name: 'I accept this offer’s terms as shown above.' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The revision replaces it; the applicant accepts that one.
  await expect(fixedCard).toContainText('10.00% fixed');
  await fixedCard.getByRole('button', { name: `Accept this offer from ${fixed.lender_name}` }).click();
  await expect(dialog).toContainText('Rate: 10.00% fixed');
  await dialog.getByRole('textbox', { name: 'Full name' }).fill('Maria Lopez');
  await dialog.getByRole('checkbox', { name: 'I accept this offer’s terms as shown above.' }).check();
  // Enter in the name accepts, as the button does.
  await dialog.getByRole('textbox', { name: 'Full name' }).press('Enter');
  await expect(dialog).toBeHidden();
  // The Accept buttons are gone with the choice: the keyboard is on the loan's status, not on the page.
  await expect(page.getByTestId('loan-status')).toBeFocused();

  // Accepted: that offer alone, marked so, and nothing more to accept.
  await expect(fixedCard).toContainText('Accepted on');
  await expect(fixedCard).toContainText('Accepted by Maria Lopez.');
  await expect(variableCard).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Accept this offer/ })).toHaveCount(0);
  const stored = await database
    .from('offer_acceptances')
    .select('offer_id, full_name')
    .eq('application_id', application.id);
  expect(stored.data).toEqual([{ offer_id: (revised.data as { id: string }).id, full_name: 'Maria Lopez' }]);

  // Still so after a reload.
  await page.reload();
  await expect(fixedCard).toContainText('Accepted by Maria Lopez.');
  await expect(page.getByRole('button', { name: /^Accept this offer/ })).toHaveCount(0);

  // Read whole at 320 CSS px (400% zoom), with a reader's wider text spacing: the accepted mark wraps in its card.
  await page.setViewportSize({ width: 320, height: 640 });
  await widenTextSpacing(page);
  await expect(fixedCard).toContainText('Accepted on');
  expect(await unreadableText(page)).toEqual([]);
});

test('an officer viewing the client’s portal reads the client’s offers as the client does, with nothing to accept', async ({
  page,
  baseURL,
  database,
}) => {
  const client = await createAccount(database, baseURL!);
  const officer = await createAccount(database, baseURL!, { admin: true });
  const application = await applicationFor(database, client, { user_id: client.id });
  expect(
    (await database.from('applications').update({ status: 'approved' }).eq('id', application.id)).error,
  ).toBeNull();
  const harbor = await offerFrom(database, application.id, 'Harbor Bank', { fixed_rate: 9.75, term_months: 120 });
  const summit = await offerFrom(database, application.id, 'Summit Credit Union', {
    fixed_rate: 8.5,
    term_months: 84,
  });

  await plantImpersonation(page, client.id, new Date().toISOString());
  await signedInPortal(page, baseURL!, officer);
  await expect(page.getByRole('region', { name: 'Impersonation' })).toBeVisible();
  const offers = page.getByRole('region', { name: 'Offers' });
  await expect(offers.getByRole('article', { name: `Offer from ${harbor.lender_name}` })).toContainText('9.75% fixed');
  await expect(offers.getByRole('article', { name: `Offer from ${summit.lender_name}` })).toContainText('8.50% fixed');
  await expect(offers).toContainText('Only the applicant can accept one, from their own portal.');
  await expect(offers.getByRole('button')).toHaveCount(0);
  expect(await seriousAccessibilityViolations(page, ['section[aria-labelledby="offers-heading"]'])).toEqual([]);
});
