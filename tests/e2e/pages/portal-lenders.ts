import type { Locator, Page } from '@playwright/test';

/** The portal's lender network: 'Lender Matches' (counts and widening options) and 'Lender Consent' (requests). */
export class PortalLenders {
  /** The two sections, for checks scoped to them (axe). */
  static readonly sections = [
    'section[aria-labelledby="lender-matches-heading"]',
    'section[aria-labelledby="lender-consent-heading"]',
  ] as const;

  constructor(readonly page: Page) {}

  matches(): Locator {
    return this.page.getByRole('region', { name: 'Lender Matches' });
  }

  /** 'Fit your application now: 3 of 11 lenders', then the review line. */
  fitCounts(): Locator {
    return this.matches().getByRole('list', { name: 'How many lenders fit' }).getByRole('listitem');
  }

  wideningOptions(): Locator {
    return this.matches().getByRole('list', { name: 'What would widen your options' }).getByRole('listitem');
  }

  consents(): Locator {
    return this.page.getByRole('region', { name: 'Lender Consent' });
  }

  request(lenderName: string): Locator {
    return this.consents().getByRole('article', { name: `Consent request from ${lenderName}` });
  }

  /** Every answer button of the section (Approve, Decline, Withdraw). */
  answerButtons(): Locator {
    return this.consents().getByRole('button', { name: /^(Approve|Decline|Withdraw)/ });
  }

  async approve(lenderName: string): Promise<void> {
    await this.request(lenderName)
      .getByRole('button', { name: /^Approve/ })
      .click();
  }

  /** Opens the confirmation of declining a lender. */
  async startDecline(lenderName: string): Promise<Locator> {
    await this.request(lenderName)
      .getByRole('button', { name: /^Decline/ })
      .click();
    return this.page.getByRole('alertdialog', { name: 'Decline this lender?' });
  }

  /** Declines a lender, confirming in the dialog. */
  async decline(lenderName: string): Promise<void> {
    const dialog = await this.startDecline(lenderName);
    await dialog.getByRole('button', { name: 'Decline lender' }).click();
  }

  /** Opens the confirmation of withdrawing an approval. */
  async startWithdrawal(lenderName: string): Promise<Locator> {
    await this.request(lenderName)
      .getByRole('button', { name: /^Withdraw/ })
      .click();
    return this.withdrawDialog();
  }

  withdrawDialog(): Locator {
    return this.page.getByRole('alertdialog', { name: 'Withdraw your approval?' });
  }
}
