import type { SupabaseClient } from '@supabase/supabase-js';
import { LENDER_VIEW_MESSAGES } from '../../shared/matching/lender-answers.ts';
import { LOAN_OFFER_MESSAGES, LOAN_STAGE_MESSAGES } from '../../shared/validation/loan-offer-form.ts';
import { acceptOffer, offerTerms, sentLenderLink } from '../support/lender-links.ts';
import { expect, test } from './fixtures.ts';
import { seriousAccessibilityViolations } from './pages/accessibility.ts';
import { lenderPage } from './pages/lender-page.ts';
import { applicationFor, createAccount } from './pages/portal-session.ts';

/**
 * The lender's side of offers (docs/product.md §11, Offers and funding): through its link, a lender answers
 * 'Interested' with an offer (told field by field what is wrong), revises it, and once the applicant accepted it
 * records the loan's closing stages; another lender's page then says the applicant chose another lender.
 */

/** A lender the applicant approved and the application's package sent to it, with its link (service role). */
async function sentLink(database: SupabaseClient, baseURL: string, applicationId: string) {
  const sent = await sentLenderLink(database, applicationId, 'Offer Lender');
  return { ...sent, link: `${baseURL}/lender#${sent.token}` };
}

/** YYYY-MM-DD in the browser's zone, days from today. */
const day = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

test('a lender offers, is told what to fix, revises, and records the closing of the loan it won', async ({
  browser,
  baseURL,
  database,
}) => {
  test.setTimeout(90_000);
  const applicant = await createAccount(database, baseURL!);
  const application = await applicationFor(database, applicant, { user_id: applicant.id });
  await database.from('applications').update({ status: 'approved' }).eq('id', application.id);
  const chosen = await sentLink(database, baseURL!, application.id);
  const other = await sentLink(database, baseURL!, application.id);

  const lender = await lenderPage(browser, chosen.link);
  // A note typed before choosing Interested is not lost: it becomes the offer's first condition, said so.
  await lender.getByLabel('Note to the loan officer and the applicant').fill('Renewed business license before closing');
  await lender.getByRole('radio', { name: 'Interested' }).check();
  const form = lender.getByRole('form', { name: 'Your offer' });
  await expect(form).toBeVisible();
  await expect(lender.getByText(LENDER_VIEW_MESSAGES.noteBecomesCondition)).toBeVisible();
  await expect(form.getByLabel(/^Conditions/)).toHaveValue('Renewed business license before closing');
  // No note and no Send Answer: the answer is the offer.
  await expect(lender.getByRole('button', { name: 'Send Answer' })).toHaveCount(0);

  // A first try with mistakes: each field says what is wrong, under it.
  await form.getByLabel(/^Amount/).fill('0');
  await form.getByLabel(/^Fixed rate/).fill('45');
  await form.getByLabel(/^Term/).fill('120');
  await form.getByLabel(/^Your fees/).fill('2500');
  await form.getByLabel(/^Collateral/).fill('Business assets');
  await form.getByLabel(/^Conditions/).fill('Personal guarantee\n\nLife insurance on the owner');
  await form.getByLabel(/^Offer expires on/).fill(day(400));
  await form.getByRole('button', { name: 'Send Offer' }).click();
  const amount = form.getByLabel(/^Amount/);
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(LOAN_OFFER_MESSAGES.amountAboveZero)).toBeVisible();
  await expect(form.getByText(LOAN_OFFER_MESSAGES.fixedRateRange)).toBeVisible();
  await expect(form.getByText(LOAN_OFFER_MESSAGES.expiryTooFar)).toBeVisible();
  expect(await seriousAccessibilityViolations(lender, ['main'])).toEqual([]);
  // Fixed: what was typed is still there.
  await amount.fill('250000');
  await form.getByLabel(/^Fixed rate/).fill('9.5');
  await form.getByLabel(/^Offer expires on/).fill(day(14));
  await expect(form.getByLabel(/^Conditions/)).toHaveValue('Personal guarantee\n\nLife insurance on the owner');
  await form.getByRole('button', { name: 'Send Offer' }).click();

  const offer = lender.getByRole('region', { name: 'Your offer' });
  await expect(offer).toContainText('Revision 1, made on');
  await expect(offer).toContainText('$250,000');
  await expect(offer).toContainText('9.5% fixed');
  await expect(offer.getByRole('list', { name: 'Conditions' }).getByRole('listitem')).toHaveText([
    'Personal guarantee',
    'Life insurance on the owner',
  ]);
  await expect(lender.getByRole('status')).toContainText('Interested');
  // The form and its button are gone: the keyboard is on the answer recorded, not on the page.
  await expect(lender.getByRole('status')).toBeFocused();

  // Revised to a variable rate: the form opens with the offer's terms.
  await offer.getByRole('button', { name: 'Revise offer' }).click();
  const revise = lender.getByRole('form', { name: 'Your offer' });
  // The form's heading takes the focus from the button it replaced, and gives it back at Cancel.
  await expect(revise.getByRole('heading', { name: 'Revise Your Offer (revision 2)' })).toBeFocused();
  await revise.getByRole('button', { name: 'Cancel' }).click();
  await expect(offer.getByRole('button', { name: 'Revise offer' })).toBeFocused();
  await offer.getByRole('button', { name: 'Revise offer' }).click();
  await expect(revise.getByLabel(/^Amount/)).toHaveValue('250000');
  await revise.getByRole('radio', { name: /^Variable/ }).check();
  await revise.getByLabel(/^Index/).selectOption({ label: 'Prime' });
  await revise.getByLabel(/^Spread/).fill('2.75');
  await revise.getByRole('button', { name: 'Send Revised Offer' }).click();
  await expect(offer).toContainText('Revision 2, made on');
  await expect(offer).toContainText('Prime + 2.75%');
  await expect(offer.getByRole('button', { name: 'Revise offer' })).toBeFocused();

  // Withdrawn, then made again from the withdrawn terms.
  await offer.getByRole('button', { name: 'Withdraw offer' }).click();
  await expect(offer).toContainText('You withdrew your offer (revision 2).');
  await offer.getByRole('button', { name: 'Make a new offer' }).click();
  const again = lender.getByRole('form', { name: 'Your offer' });
  await again.getByLabel(/^Amount/).fill('240000');
  await again.getByRole('button', { name: 'Send Offer' }).click();
  await expect(offer).toContainText('Revision 3, made on');
  await expect(offer).toContainText('$240,000');

  // The applicant accepts it (through the service role, as the accept-offer function does).
  const { data: latest } = await database
    .from('loan_offers')
    .select('id')
    .eq('package_id', chosen.packageId)
    .order('revision', { ascending: false })
    .limit(1)
    .single();
  const accepted = await acceptOffer(database, applicant.id, String(latest!.id));
  expect(accepted.error).toBeNull();
  await lender.reload();
  const won = lender.getByRole('region', { name: 'Accepted offer' });
  await expect(won).toContainText('Revision 3, as accepted');
  await expect(won).toContainText('$240,000');
  // An accepted offer no longer expires: its day is not shown.
  await expect(won).not.toContainText('Expires on');
  await expect(lender.getByRole('button', { name: 'Revise offer' })).toHaveCount(0);

  // In closing, then Funded; each needs its details.
  const stages = lender.getByRole('region', { name: 'Loan stages' });
  await expect(stages.getByRole('radio', { name: 'Funded' })).toHaveCount(0);
  await stages.getByRole('radio', { name: 'In closing' }).check();
  await stages.getByRole('button', { name: 'Record Stage' }).click();
  await expect(stages.getByText(LOAN_STAGE_MESSAGES.expectedClosingRequired)).toBeVisible();
  await stages.getByLabel(/^Expected closing date/).fill(day(20));
  // Meanwhile it is recorded elsewhere (another of the lender's people, on another screen): refused in words, and
  // the page shows the loan as it now is, Funded to record next.
  const elsewhere = await database.rpc('record_loan_stage_by_link', {
    token: chosen.token,
    stage: 'in_closing',
    expected_closing_on: day(21),
  });
  expect(elsewhere.error).toBeNull();
  await stages.getByRole('button', { name: 'Record Stage' }).click();
  await expect(stages).toContainText('The loan’s stage was recorded meanwhile: it is In closing now');
  await expect(stages.getByRole('list', { name: 'Recorded stages' })).toContainText('In closing: expected to close on');
  await expect(stages.getByRole('radio', { name: 'Funded' })).toBeVisible();
  await stages.getByRole('radio', { name: 'Funded' }).check();
  // The amount starts at the accepted offer's; this loan funded another.
  await expect(stages.getByLabel(/^Funded amount/)).toHaveValue('240000');
  await expect(stages).toContainText('Filled in from the accepted offer ($240,000)');
  await stages.getByLabel(/^Funded amount/).fill('250000');
  await stages.getByLabel(/^Funding date/).fill(day(1));
  await stages.getByRole('button', { name: 'Record Stage' }).click();
  await expect(stages.getByText(LOAN_STAGE_MESSAGES.fundedOnFuture)).toBeVisible();
  await stages.getByLabel(/^Funding date/).fill(day(0));
  await stages.getByRole('button', { name: 'Record Stage' }).click();
  await expect(stages.getByRole('list', { name: 'Recorded stages' }).getByRole('listitem')).toHaveText([
    /^In closing: expected to close on /,
    /^Funded: \$250,000 on /,
  ]);
  await expect(stages.getByRole('button', { name: 'Record Stage' })).toHaveCount(0);
  expect(await seriousAccessibilityViolations(lender, ['main'])).toEqual([]);

  // The other lender's page: the applicant chose another lender, unnamed, no answer is taken, and the applicant's
  // documents are no longer shared with it.
  const second = await lenderPage(browser, other.link);
  await expect(second.getByText(LENDER_VIEW_MESSAGES.choseAnotherLender)).toBeVisible();
  await expect(second.getByRole('region', { name: 'Documents' })).toContainText(
    'The applicant chose another lender, so their documents are no longer shared with you.',
  );
  await expect(second.getByRole('radio')).toHaveCount(0);
  await expect(second.getByRole('button', { name: /Send/ })).toHaveCount(0);
  await expect(second.getByRole('main')).not.toContainText(chosen.name);
});

test('two people at a lender with the same link: a page that did not see the other’s change is told, and keeps what was typed', async ({
  browser,
  baseURL,
  database,
}) => {
  const applicant = await createAccount(database, baseURL!);
  const application = await applicationFor(database, applicant, { user_id: applicant.id });
  await database.from('applications').update({ status: 'approved' }).eq('id', application.id);
  const chosen = await sentLink(database, baseURL!, application.id);
  expect((await database.rpc('make_loan_offer', { token: chosen.token, ...offerTerms() })).error).toBeNull();

  const lender = await lenderPage(browser, chosen.link);
  const offer = lender.getByRole('region', { name: 'Your offer' });
  await expect(offer).toContainText('Revision 1, made on');
  await offer.getByRole('button', { name: 'Revise offer' }).click();
  const revise = lender.getByRole('form', { name: 'Your offer' });
  await revise.getByLabel(/^Amount/).fill('230000');
  // Meanwhile a colleague revises it from another screen.
  const colleague = await database.rpc('make_loan_offer', { token: chosen.token, ...offerTerms({ amount: 260_000 }) });
  expect(colleague.error).toBeNull();
  await revise.getByRole('button', { name: 'Send Revised Offer' }).click();
  await expect(revise).toContainText(
    'This offer changed meanwhile (revision 2 was made with this link since you opened the page): reload the page to read it before you change it',
  );
  await expect(revise.getByLabel(/^Amount/)).toHaveValue('230000');

  // Read again, the page shows the colleague's revision; withdrawn meanwhile, a withdrawal from here is told so.
  await lender.reload();
  await expect(offer).toContainText('Revision 2, made on');
  await expect(offer).toContainText('$260,000');
  const withdrawn = await database.rpc('withdraw_loan_offer', { token: chosen.token });
  expect(withdrawn.error).toBeNull();
  await offer.getByRole('button', { name: 'Withdraw offer' }).click();
  await expect(offer).toContainText(
    'This offer was withdrawn meanwhile with this link: reload the page to read it before you change it',
  );
  await expect(offer).toContainText('You withdrew your offer (revision 2).');
  const { data: revisions } = await database
    .from('loan_offers')
    .select('revision, amount')
    .eq('package_id', chosen.packageId)
    .order('revision');
  expect(revisions).toEqual([
    { revision: 1, amount: 250000 },
    { revision: 2, amount: 260000 },
  ]);
});
