import type { Locator, Page } from '@playwright/test';
import { openWhenReady } from './app-ready.ts';

/** Any public content page: its heading, sections, links and head metadata. */
export class ContentPage {
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }

  async open(path: string): Promise<void> {
    await openWhenReady(this.page, path);
    await this.pageHeading.waitFor();
  }

  get pageHeading(): Locator {
    return this.main.getByRole('heading', { level: 1 });
  }

  heading(name: string | RegExp, level?: number): Locator {
    return this.main.getByRole('heading', {
      name,
      ...(level ? { level } : {}),
      ...(typeof name === 'string' ? { exact: true } : {}),
    });
  }

  link(name: string | RegExp): Locator {
    return this.main.getByRole('link', { name, ...(typeof name === 'string' ? { exact: true } : {}) });
  }

  region(name: string): Locator {
    return this.main.getByRole('region', { name, exact: true });
  }

  metaDescription(): Promise<string | null> {
    return this.page.locator('head meta[name="description"]').first().getAttribute('content');
  }
}
