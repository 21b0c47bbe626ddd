import type { Locator, Page } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility.ts';
import { openWhenReady } from './app-ready.ts';

/** The developer test page at /test-edge-function. */
export class TestEdgeFunctionPage {
  readonly main: Locator;
  readonly response: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.response = this.main.getByRole('region', { name: 'Response' });
  }

  async open(): Promise<void> {
    await openWhenReady(this.page, '/test-edge-function');
    await this.main.getByRole('heading', { level: 1, name: 'Test Edge Function' }).waitFor();
  }

  field(label: 'Applicant Email' | 'Business Name' | 'First Name' | 'Last Name'): Locator {
    return this.main.getByRole('textbox', { name: label, exact: true });
  }

  async fill(values: { applicantEmail: string; businessName: string; firstName: string; lastName: string }) {
    await this.field('Applicant Email').fill(values.applicantEmail);
    await this.field('Business Name').fill(values.businessName);
    await this.field('First Name').fill(values.firstName);
    await this.field('Last Name').fill(values.lastName);
  }

  send(): Promise<void> {
    return this.main.getByRole('button', { name: 'Send Test Emails' }).click();
  }

  /** Whether the browser's own validation accepts the field (required, e-mail format). */
  isValid(label: Parameters<TestEdgeFunctionPage['field']>[0]): Promise<boolean> {
    return this.field(label).evaluate((input: HTMLInputElement) => input.validity.valid);
  }

  accessibilityViolations(): Promise<string[]> {
    return seriousAccessibilityViolations(this.page);
  }
}
