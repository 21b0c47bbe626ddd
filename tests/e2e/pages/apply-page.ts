import type { Locator, Page } from '@playwright/test';
import { optionLabel } from '../../../shared/catalogue/fields.ts';
import { seriousAccessibilityViolations } from './accessibility.ts';
import {
  preQualificationFields,
  type PreQualificationField,
  type PreQualificationForm,
} from '../../../shared/catalogue/pre-qualification.ts';
import { wizardSteps } from '../../../shared/catalogue/wizard.ts';
import { openWhenReady } from './app-ready.ts';

/** The step titles of the wizard (docs/product.md §2, Pre-qualification form). */
export type StepTitle = (typeof wizardSteps)[number]['title'];

/** The pre-qualification wizard at /apply and its result screen. */
export class ApplyPage {
  readonly main: Locator;
  readonly steps: Locator;
  readonly generalError: Locator;
  readonly primaryButton: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.steps = page.getByRole('navigation', { name: 'Application steps' });
    this.generalError = this.main.getByRole('alert');
    this.primaryButton = this.main.locator('form button[type="submit"]');
  }

  async open(path = '/apply'): Promise<void> {
    await openWhenReady(this.page, path);
    await this.main.getByRole('heading', { level: 1, name: 'Pre-Qualification Form' }).waitFor();
  }

  /** The current step's heading (level 2, inside the form). */
  get stepHeading(): Locator {
    return this.main.locator('form').getByRole('heading', { level: 2 });
  }

  stepButton(title: StepTitle): Locator {
    return this.steps.getByRole('button', { name: title, exact: true });
  }

  button(name: string): Locator {
    return this.main.getByRole('button', { name, exact: true });
  }

  /** A text, select or checkbox control by its role and accessible name (the catalogue's label for the field). */
  control(field: PreQualificationField): Locator {
    const spec = preQualificationFields[field];
    const role = spec.kind === 'select' ? 'combobox' : spec.kind === 'checkbox' ? 'checkbox' : 'textbox';
    return this.main.getByRole(role, { name: spec.label, exact: true });
  }

  /** A yes/no question: the fieldset named by its legend. */
  radioGroup(field: PreQualificationField): Locator {
    return this.main.getByRole('group', { name: preQualificationFields[field].label, exact: true });
  }

  /** One answer of a yes/no question, by the value it stores. */
  radioOption(field: PreQualificationField, value: string): Locator {
    const spec = preQualificationFields[field];
    const label = 'options' in spec ? optionLabel(spec.options, value) : value;
    return this.radioGroup(field).getByLabel(label, { exact: true });
  }

  message(text: string): Locator {
    return this.main.getByText(text, { exact: true });
  }

  async next(): Promise<void> {
    await this.button('Next').click();
  }

  async fillFields(form: Partial<PreQualificationForm>): Promise<void> {
    for (const [field, value] of Object.entries(form) as [PreQualificationField, string | boolean][]) {
      const spec = preQualificationFields[field];
      if (spec.kind === 'checkbox') await this.control(field).setChecked(value === true);
      else if (spec.kind === 'radio') await this.radioOption(field, String(value)).check();
      else if (spec.kind === 'select') await this.control(field).selectOption(String(value));
      else await this.control(field).fill(String(value));
    }
  }

  /** The form's values for one step, in the order the step shows them. */
  static stepValues(form: PreQualificationForm, stepIndex: number): Partial<PreQualificationForm> {
    return Object.fromEntries(wizardSteps[stepIndex].fields.map((field) => [field, form[field]]));
  }

  /** Fills steps 1 to 4 with Next after each, ending on the review step. */
  async completeSteps(form: PreQualificationForm): Promise<void> {
    for (let index = 0; index < 4; index += 1) {
      await this.fillFields(ApplyPage.stepValues(form, index));
      await this.next();
      await this.stepHeading.filter({ hasText: wizardSteps[index + 1].title }).waitFor();
    }
  }

  /** One read-only section of the review step, by its title. */
  reviewSection(title: StepTitle): Locator {
    return this.main.getByRole('region', { name: title, exact: true });
  }

  /** The value the review shows beside a label in a section. */
  reviewValue(title: StepTitle, label: string): Locator {
    return this.reviewSection(title)
      .locator('dt', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .locator('+ dd');
  }

  /** Clicks Save for Later and answers the alert it shows; returns the alert's kind and text. */
  async saveForLater(): Promise<{ type: string; message: string }> {
    const shown = new Promise<{ type: string; message: string }>((resolve) => {
      this.page.once('dialog', (dialog) => {
        resolve({ type: dialog.type(), message: dialog.message() });
        void dialog.accept();
      });
    });
    await this.button('Save for Later').click();
    return shown;
  }

  accessibilityViolations(): Promise<string[]> {
    return seriousAccessibilityViolations(this.page);
  }

  savedForm(): Promise<string | null> {
    return this.page.evaluate(() => localStorage.getItem('preQualificationForm'));
  }

  resultHeading(name: string): Locator {
    return this.main.getByRole('heading', { level: 1, name, exact: true });
  }

  resultSection(title: string): Locator {
    return this.main.getByRole('region', { name: title, exact: true });
  }
}

/** An e-mail as the dev mailbox serves it (GET /_dev/mailbox/messages, local mode). */
export type MailboxMessage = { id: string; to: string; subject: string; text: string; html: string };

/** The dev mailbox's messages to one address, newest first. */
export async function mailboxMessages(page: Page, to: string): Promise<MailboxMessage[]> {
  const response = await page.request.get(`/_dev/mailbox/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok()) throw new Error(`GET /_dev/mailbox/messages answered ${response.status()}`);
  return (await response.json()) as MailboxMessage[];
}

/**
 * Makes the send-emails call fail as an unreachable function would. The product logs that failure and still shows
 * the result (docs/product.md §8, Application submission); tests that do not look at e-mails use it, which also keeps
 * them out of the function's per-caller rate limit (10 an hour, and every e2e test calls from 127.0.0.1).
 */
export async function blockNotificationEmails(page: Page): Promise<void> {
  await page.route('**/functions/v1/send-emails', (route) => route.abort('connectionrefused'));
}
