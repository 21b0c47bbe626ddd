import type { Browser, Page } from '@playwright/test';

/** The lender's page (/lender#token) in a browser of its own, as the lender opens the link of its e-mail. */
export async function lenderPage(browser: Browser, link: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  return page;
}

/** A fixed-rate offer as a lender types it into its page's form. */
export type TypedOffer = {
  amount: string;
  fixedRate: string;
  termMonths: string;
  fees: string;
  collateral: string;
  conditions: string;
  expiresOn: string;
};

/** Answers 'Interested' with an offer through the lender's page and waits until the page shows it made. */
export async function sendOffer(page: Page, offer: TypedOffer): Promise<void> {
  await page.getByRole('radio', { name: 'Interested' }).check();
  const form = page.getByRole('form', { name: 'Your offer' });
  await form.getByLabel(/^Amount/).fill(offer.amount);
  await form.getByLabel(/^Fixed rate/).fill(offer.fixedRate);
  await form.getByLabel(/^Term/).fill(offer.termMonths);
  await form.getByLabel(/^Your fees/).fill(offer.fees);
  await form.getByLabel(/^Collateral/).fill(offer.collateral);
  await form.getByLabel(/^Conditions/).fill(offer.conditions);
  await form.getByLabel(/^Offer expires on/).fill(offer.expiresOn);
  await form.getByRole('button', { name: 'Send Offer' }).click();
  await page.getByRole('region', { name: 'Your offer' }).getByText('Revision 1, made on').waitFor();
}
