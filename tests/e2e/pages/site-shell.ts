import type { Locator, Page } from '@playwright/test';

/** The top bar and footer every public page shares. */
export class SiteShell {
  readonly topBar: Locator;
  readonly footer: Locator;

  constructor(readonly page: Page) {
    this.topBar = page.getByRole('navigation', { name: 'Main' });
    this.footer = page.getByRole('contentinfo');
  }

  topBarLink(name: string): Locator {
    return this.topBar.getByRole('link', { name, exact: true });
  }

  footerLink(name: string): Locator {
    return this.footer.getByRole('link', { name, exact: true });
  }
}
