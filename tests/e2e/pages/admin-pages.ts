import { expect, type Locator, type Page } from '@playwright/test';
import { openWhenReady } from './app-ready.ts';
import { postgrestSearchFilters } from '../../../shared/admin/application-search.ts';

/** /admin/login and /admin: the loan officer's sign-in and dashboard. */
export class AdminPages {
  constructor(readonly page: Page) {}

  async signIn(email: string, password: string): Promise<void> {
    await openWhenReady(this.page, '/admin/login');
    await this.page.getByLabel(/^Email/).fill(email);
    await this.page.getByLabel(/^Password/).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  /**
   * Opens the dashboard of the officer signed in and waits until it has settled: its tabs shown (they wait for
   * the notice of overdue lender answers above them) and its first list read.
   */
  async openDashboard(): Promise<void> {
    await this.page.goto('/admin');
    await expect(this.list('Pending Applications')).toHaveAttribute('aria-busy', 'false');
  }

  list(title: string): Locator {
    return this.page.getByRole('table', { name: title });
  }

  row(businessName: string): Locator {
    return this.page.getByRole('row').filter({ hasText: businessName });
  }

  search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search by business, name or e-mail' });
  }

  /** Searches the open list and waits until every row shown matches (the search waits for typing to pause). */
  async searchFor(term: string): Promise<void> {
    // Switching lists keeps the search: the field may already hold the term, and the list's own request
    // for it may have been answered before any wait could start. Nothing more to type or wait for then.
    if ((await this.search().inputValue()) !== term) {
      // The list shown before the search may already match (a database with one application): wait for the
      // search's own answer, so that what follows sees the searched list and not a later refetch.
      const searched = this.page.waitForResponse((response) => {
        const url = new URL(response.url());
        const filters = url.searchParams.getAll('or');
        return (
          url.pathname.endsWith('/rest/v1/applications') &&
          postgrestSearchFilters(term).every((filter) => filters.includes(`(${filter})`))
        );
      });
      await this.search().fill(term);
      await searched;
    }
    const table = this.page.getByRole('table');
    // The body's rows: the header row is hidden on a phone, where rows are cards.
    await expect(table.locator('tbody tr').filter({ hasNotText: term })).toHaveCount(0);
    await expect(table).toHaveAttribute('aria-busy', 'false');
  }

  detail(): Locator {
    return this.page.getByRole('region', { name: 'Application detail' });
  }

  async decide(businessName: string, verb: 'Approve' | 'Reject', reason: string): Promise<void> {
    await this.row(businessName).getByRole('button', { name: verb }).click();
    const dialog = this.page.getByRole('dialog', { name: `${verb} ${businessName}` });
    await dialog.getByLabel(/Reason/).fill(reason);
    await dialog.getByRole('button', { name: verb }).click();
  }
}

/** The answers of the Generate Term Sheet dialog, one condition. */
export type TermSheetAnswers = {
  bankName: string;
  interestRate: string;
  term: string;
  monthlyPayment: string;
  collateral: string;
  condition: string;
};

/** Fills the Generate Term Sheet dialog's fields (the loan amount keeps its default). */
export async function fillTermSheet(dialog: Locator, answers: TermSheetAnswers): Promise<void> {
  await dialog.getByLabel(/^Bank Name/).fill(answers.bankName);
  await dialog.getByLabel(/^Interest Rate/).fill(answers.interestRate);
  await dialog.getByLabel(/^Term \(months\)/).fill(answers.term);
  await dialog.getByLabel(/^Monthly Payment/).fill(answers.monthlyPayment);
  await dialog.getByLabel(/^Collateral/).fill(answers.collateral);
  await dialog.getByLabel(/^Condition 1/).fill(answers.condition);
}

/**
 * Waits for a dialog whose action was pressed to finish, then expects it closed. While it stays open with no
 * alert in it, its work is under way (its button shows busy): the wait lasts as long as the screen says so, up to
 * the test's own time limit, instead of a guess at how long a busy machine takes to store, sync and render.
 */
export async function expectClosedWhenDone(dialog: Locator): Promise<void> {
  await expect
    .poll(async () => (await dialog.isVisible()) && (await dialog.getByRole('alert').count()) === 0, { timeout: 0 })
    .toBe(false);
  await expect(dialog).toBeHidden();
}
