import type { Locator, Page } from '@playwright/test';

/** The top bar, mobile drawer and footer every public page shares. */
export class SiteShell {
  readonly topBar: Locator;
  readonly footer: Locator;
  readonly menuButton: Locator;
  readonly drawer: Locator;

  constructor(readonly page: Page) {
    this.topBar = page.getByRole('navigation', { name: 'Main' });
    this.footer = page.getByRole('contentinfo');
    this.menuButton = page.getByRole('button', { name: 'Open menu' });
    this.drawer = page.getByRole('dialog');
  }

  topBarLink(name: string): Locator {
    return this.topBar.getByRole('link', { name, exact: true });
  }

  topBarButton(name: string): Locator {
    return this.topBar.getByRole('button', { name, exact: true });
  }

  footerLink(name: string): Locator {
    return this.footer.getByRole('link', { name, exact: true });
  }

  drawerLink(name: string): Locator {
    return this.drawer.getByRole('link', { name, exact: true });
  }

  drawerButton(name: string): Locator {
    return this.drawer.getByRole('button', { name, exact: true });
  }

  async openDrawer(): Promise<void> {
    await this.menuButton.click();
    await this.drawer.waitFor({ state: 'visible' });
  }
}
