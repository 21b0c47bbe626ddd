import type { Locator, Page } from '@playwright/test';

/** The application form at /apply. */
export class ApplyPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/apply');
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  async fill(values: { firstName: string; lastName: string; email: string; businessName: string }) {
    await this.field('First Name').fill(values.firstName);
    await this.field('Last Name').fill(values.lastName);
    await this.field('Email').fill(values.email);
    await this.field('Business Name').fill(values.businessName);
  }

  submit() {
    return this.page.getByRole('button', { name: 'Submit Application' }).click();
  }
}
