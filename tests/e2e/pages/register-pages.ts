import type { Locator, Page } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility.ts';
import { openWhenReady } from './app-ready.ts';

/** What a visitor types on /register. */
export type Registration = {
  contactName: string;
  contactEmail: string;
  contactMobile: string;
  legalBusinessName: string;
  websiteUrl?: string;
  noWebsite?: boolean;
  address: string;
  suite?: string;
  city: string;
  state: string;
  zipCode: string;
  businessStartDate: string;
};

/** The three registration pages: /register (and /register/business), /register/review, /register/success. */
export class RegisterPages {
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }

  heading(name: string | RegExp): Locator {
    return this.main.getByRole('heading', { level: 1, name });
  }

  async openForm(path = '/register'): Promise<void> {
    await openWhenReady(this.page, path);
    await this.heading('Register Your Business').waitFor();
  }

  textbox(name: string): Locator {
    return this.main.getByRole('textbox', { name, exact: true });
  }

  get state(): Locator {
    return this.main.getByRole('combobox', { name: 'State', exact: true });
  }

  get startDate(): Locator {
    return this.main.locator('input[type="date"]');
  }

  checkbox(name: string): Locator {
    return this.main.getByRole('checkbox', { name, exact: true });
  }

  get noWebsite(): Locator {
    return this.checkbox('My business does not have a website');
  }

  get agreeToTerms(): Locator {
    return this.checkbox('I agree to the Terms of Use and Privacy Policy');
  }

  button(name: string): Locator {
    return this.main.getByRole('button', { name, exact: true });
  }

  message(text: string): Locator {
    return this.main.getByText(text, { exact: true });
  }

  async fill(registration: Registration): Promise<void> {
    await this.textbox('Full Legal Name').fill(registration.contactName);
    await this.textbox('Email').fill(registration.contactEmail);
    await this.textbox('Mobile Phone').fill(registration.contactMobile);
    await this.textbox('Legal Business Name').fill(registration.legalBusinessName);
    await this.noWebsite.setChecked(registration.noWebsite ?? false);
    if (!registration.noWebsite) await this.textbox('Website URL').fill(registration.websiteUrl ?? '');
    await this.textbox('Address').fill(registration.address);
    await this.textbox('Suite / Box / Number').fill(registration.suite ?? '');
    await this.textbox('City').fill(registration.city);
    await this.state.selectOption(registration.state);
    await this.textbox('ZIP Code').fill(registration.zipCode);
    await this.startDate.fill(registration.businessStartDate);
    await this.agreeToTerms.check();
  }

  next(): Promise<void> {
    return this.button('Next: Review Registration').click();
  }

  /** A section of the review ('Primary Contact', 'Business Overview'). */
  section(title: string): Locator {
    return this.main.getByRole('region', { name: title, exact: true });
  }

  /** The value the review shows beside a label. */
  reviewValue(section: string, label: string): Locator {
    return this.section(section)
      .locator('dt')
      .getByText(label, { exact: true })
      .locator('xpath=following-sibling::dd[1]');
  }

  accessibilityViolations(): Promise<string[]> {
    return seriousAccessibilityViolations(this.page);
  }
}
