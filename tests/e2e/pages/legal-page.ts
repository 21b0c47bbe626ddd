import type { Locator, Page } from '@playwright/test';
import { ContentPage } from './content-page.ts';

/** /terms and /privacy: numbered sections inside the document article. */
export class LegalPage extends ContentPage {
  readonly document: Locator;

  constructor(page: Page) {
    super(page);
    this.document = this.main.getByRole('article');
  }

  get sectionHeadings(): Locator {
    return this.document.getByRole('heading', { level: 2 });
  }

  section(title: string): Locator {
    return this.document.getByRole('region', { name: title });
  }
}
