import type { Locator, Page } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility.ts';
import { openWhenReady } from './app-ready.ts';

/** The six inputs of the calculator, by label. */
export const calculatorLabels = {
  netIncome: 'Net Income',
  ownerCompensation: "Owner's Compensation",
  depreciation: 'Depreciation / Amortization',
  interest: 'Interest Expense',
  nonRecurring: 'Non-Recurring Expenses',
  debtPayments: 'Total Annual Debt Payments',
} as const;

export type CalculatorFigures = Partial<Record<keyof typeof calculatorLabels, string>>;

/** The business health calculator at /calculator. */
export class CalculatorPage {
  readonly main: Locator;
  readonly snapshot: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.snapshot = this.main.getByRole('heading', { name: 'Your Financial Snapshot' }).locator('..');
  }

  async open(): Promise<void> {
    await openWhenReady(this.page, '/calculator');
    await this.main.getByRole('heading', { level: 1, name: 'Business Health Calculator' }).waitFor();
  }

  input(name: keyof typeof calculatorLabels): Locator {
    return this.main.getByRole('spinbutton', { name: calculatorLabels[name], exact: true });
  }

  async fill(figures: CalculatorFigures): Promise<void> {
    for (const [name, value] of Object.entries(figures) as [keyof typeof calculatorLabels, string][]) {
      await this.input(name).fill(value);
    }
  }

  calculate(): Promise<void> {
    return this.main.getByRole('button', { name: 'Calculate Financial Snapshot' }).click();
  }

  reset(): Promise<void> {
    return this.main.getByRole('button', { name: 'Reset Form' }).click();
  }

  /** The figure shown under a result label (SDE, DSCR, value range). */
  figure(label: string | RegExp): Locator {
    return this.snapshot.getByText(label, { exact: true }).locator('+ p');
  }

  accessibilityViolations(): Promise<string[]> {
    return seriousAccessibilityViolations(this.page);
  }
}
