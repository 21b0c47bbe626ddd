import type { Locator, Page } from '@playwright/test';
import { type documentTypes } from '../../../shared/catalogue/documents.ts';
import { openWhenReady } from './app-ready.ts';

type DocumentLabel = (typeof documentTypes)[number]['label'];

/** An answer to every required text field of the additional-information form. */
export const requiredInfoAnswers: Record<string, string> = {
  'Borrower Injection (%)': '10',
  'Bank Funding (%)': '90',
  'Project Description': 'A second oven line for wholesale orders.',
  'Company History': 'Family bakery since 2015.',
  'Business Operations': 'Retail and wholesale bread.',
  'Business Hours': 'Mon-Sat 6am-6pm',
  'Physical Location': '410 Sierra St, Reno, NV',
  'Property Details': '2,400 sq ft storefront.',
  'Target Customers': 'Cafes and households.',
  'Geographic Reach': 'Washoe County.',
  Education: 'Culinary school.',
  'Work History': 'Head baker, 8 years.',
  'Industry Experience': '15 years in baking.',
};

/** The client portal (/portal): applications with their timeline, required documents, additional information. */
export class PortalPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await openWhenReady(this.page, '/portal');
    await this.page.getByRole('heading', { name: 'Required Documents' }).or(this.errorAlert()).first().waitFor();
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Secure Client Portal' });
  }

  errorAlert(): Locator {
    return this.page.getByRole('alert');
  }

  application(businessName: string): Locator {
    return this.page.getByRole('article', { name: `Application for ${businessName}` });
  }

  documentCard(label: DocumentLabel): Locator {
    return this.checklistItem(label);
  }

  /** An item of the document checklist by its title: one of the six, or a document the loan officer asked for. */
  checklistItem(title: string): Locator {
    return this.page.getByRole('article', { name: title, exact: true });
  }

  /** A current file of a checklist item. */
  itemFile(title: string, fileName: string): Locator {
    return this.checklistItem(title).locator('li[data-status="uploaded"]').filter({ hasText: fileName });
  }

  /** Where the documents stand as a whole: the applicant's status, then the readiness figure. */
  readiness(): Locator {
    return this.page.getByRole('region', { name: 'Required Documents' }).getByRole('status').locator('p');
  }

  fileInput(label: DocumentLabel): Locator {
    return this.page.getByLabel(`Upload ${label}`);
  }

  async upload(label: DocumentLabel, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    await this.fileInput(label).setInputFiles(files);
  }

  storedFile(label: DocumentLabel, fileName: string): Locator {
    return this.itemFile(label, fileName);
  }

  uploadErrors(label: DocumentLabel): Locator {
    return this.documentCard(label).locator('li[data-status="error"]');
  }

  /** A field of the additional-information form by its label (a required one's label ends with '*'). */
  infoField(label: string): Locator {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.page
      .getByRole('form', { name: 'Additional information' })
      .getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
  }

  /** Answers every required question of the additional-information form (text and choices). */
  async fillRequiredInfo(): Promise<void> {
    for (const [label, value] of Object.entries(requiredInfoAnswers)) await this.infoField(label).fill(value);
    await this.infoField('Import / Export').selectOption('none');
    await this.infoField('Property Ownership').selectOption('leased');
  }

  submitInfoButton(): Locator {
    return this.page.getByRole('button', { name: /Submit Additional Information|Submitting\.\.\./ });
  }
}
