import type { Locator, Page } from '@playwright/test';
import { openWhenReady } from './app-ready.ts';

/** The account screens: /portal/login, /portal/forgot-password, /portal/reset-password. */
export class AuthPages {
  constructor(readonly page: Page) {}

  async openLogin(query = ''): Promise<void> {
    await openWhenReady(this.page, `/portal/login${query}`);
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  email(): Locator {
    return this.page.getByLabel(/^Email/);
  }

  password(): Locator {
    return this.page.getByLabel(/^Password/);
  }

  submit(name: 'Sign In' | 'Create Account' | 'Send Reset Link' | 'Update Password'): Locator {
    return this.page.getByRole('button', { name });
  }

  alert(): Locator {
    return this.page.getByRole('alert');
  }

  status(): Locator {
    return this.page.getByRole('status');
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.submit('Sign In').click();
  }

  /** Sends the sign-up form (the page in its 'Create Your Account' mode). */
  async signUp(email: string, password: string): Promise<void> {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.submit('Create Account').click();
  }
}
