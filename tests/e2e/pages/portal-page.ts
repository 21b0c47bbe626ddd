import type { Locator, Page } from '@playwright/test';
import { type documentTypes } from '../../../shared/catalogue/documents.ts';
import { openWhenReady } from './app-ready.ts';

type DocumentLabel = (typeof documentTypes)[number]['label'];

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
    return this.page.getByRole('article', { name: label, exact: true });
  }

  fileInput(label: DocumentLabel): Locator {
    return this.page.getByLabel(`Upload ${label}`);
  }

  async upload(label: DocumentLabel, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    await this.fileInput(label).setInputFiles(files);
  }

  storedFile(label: DocumentLabel, fileName: string): Locator {
    return this.documentCard(label).locator('li[data-status="uploaded"]').filter({ hasText: fileName });
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

  submitInfoButton(): Locator {
    return this.page.getByRole('button', { name: /Submit Additional Information|Submitting\.\.\./ });
  }
}
