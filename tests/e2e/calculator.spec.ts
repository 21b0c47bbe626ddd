import { brand } from '../../shared/brand/brand.ts';
import { expect, test } from './fixtures.ts';
import { CalculatorPage, type CalculatorFigures } from './pages/calculator-page.ts';

/**
 * Hand-computed with the formulas of docs/product.md §9 (Calculator):
 * SDE = net income + owner compensation + depreciation + interest + non-recurring;
 * DSCR = (net income + depreciation + interest) / debt payments;
 * value = SDE x (3.5, 4.5) from DSCR 2, (3, 4) from 1.5, (2, 3) below 1, else (2.5, 4).
 */
const cases: {
  band: string;
  figures: CalculatorFigures;
  sde: string;
  dscr: string;
  range: string;
  phrase: string;
  earnings: 'strong' | 'moderate';
  positive: boolean;
}[] = [
  {
    // SDE 150,000 + 100,000 + 0 + 0 + 0 = 250,000; DSCR 150,000 / 75,000 = 2.00; x 3.5 and 4.5.
    band: 'Excellent',
    figures: { netIncome: '150000', ownerCompensation: '100000', debtPayments: '75000' },
    sde: '$250,000',
    dscr: '2.00',
    range: '$875,000 - $1,125,000',
    phrase: 'Strong loan qualification',
    earnings: 'strong',
    positive: true,
  },
  {
    // SDE 150,000 + 80,000 + 20,000 + 10,000 + 5,000 = 265,000; DSCR 180,000 / 100,000 = 1.80; x 3 and 4.
    band: 'Excellent',
    figures: {
      netIncome: '150000',
      ownerCompensation: '80000',
      depreciation: '20000',
      interest: '10000',
      nonRecurring: '5000',
      debtPayments: '100000',
    },
    sde: '$265,000',
    dscr: '1.80',
    range: '$795,000 - $1,060,000',
    phrase: 'Strong loan qualification',
    earnings: 'strong',
    positive: true,
  },
  {
    // SDE 100,000 + 50,000 + 15,000 + 10,000 = 175,000; DSCR 125,000 / 100,000 = 1.25; x 2.5 and 4.
    band: 'Good',
    figures: {
      netIncome: '100000',
      ownerCompensation: '50000',
      depreciation: '15000',
      interest: '10000',
      debtPayments: '100000',
    },
    sde: '$175,000',
    dscr: '1.25',
    range: '$437,500 - $700,000',
    phrase: 'Loan-ready',
    earnings: 'moderate',
    positive: true,
  },
  {
    // SDE 80,000 + 40,000 + 10,000 + 20,000 + 5,000 = 155,000; DSCR 110,000 / 100,000 = 1.10; x 2.5 and 4.
    band: 'Caution',
    figures: {
      netIncome: '80000',
      ownerCompensation: '40000',
      depreciation: '10000',
      interest: '20000',
      nonRecurring: '5000',
      debtPayments: '100000',
    },
    sde: '$155,000',
    dscr: '1.10',
    range: '$387,500 - $620,000',
    phrase: 'Marginal debt capacity',
    earnings: 'moderate',
    positive: false,
  },
  {
    // SDE 50,000 + 30,000 + 5,000 + 5,000 = 90,000; DSCR 60,000 / 100,000 = 0.60; x 2 and 3.
    band: 'Risk',
    figures: {
      netIncome: '50000',
      ownerCompensation: '30000',
      depreciation: '5000',
      interest: '5000',
      debtPayments: '100000',
    },
    sde: '$90,000',
    dscr: '0.60',
    range: '$180,000 - $270,000',
    phrase: 'Debt restructuring needed',
    earnings: 'moderate',
    positive: false,
  },
];

for (const example of cases) {
  test(`the calculator shows SDE ${example.sde}, DSCR ${example.dscr} (${example.band}) and ${example.range}`, async ({
    page,
  }) => {
    const calculator = new CalculatorPage(page);
    await calculator.open();
    await expect(page).toHaveTitle(/Business Health Calculator/);
    await calculator.fill(example.figures);
    await expect(calculator.snapshot).toHaveCount(0);
    await calculator.calculate();
    await expect(calculator.figure("Seller's Discretionary Earnings (SDE)")).toHaveText(example.sde);
    await expect(calculator.figure('Debt Service Coverage Ratio (DSCR)')).toHaveText(example.dscr);
    await expect(calculator.snapshot).toContainText(`${example.band}: ${example.phrase}`);
    await expect(calculator.figure('Estimated Value Range')).toHaveText(example.range);
    const analysis = calculator.snapshot.getByRole('heading', { name: 'Analysis' }).locator('+ p');
    await expect(analysis).toContainText(`${example.earnings} earnings with an SDE of ${example.sde}`);
    await expect(analysis).toContainText(
      example.positive ? 'comfortably covers debt payments' : 'tight against debt payments',
    );
  });
}

test('no result until calculated; Reset Form clears the inputs and the result', async ({ page }) => {
  const calculator = new CalculatorPage(page);
  await calculator.open();
  await expect(calculator.snapshot).toHaveCount(0);
  await calculator.fill(cases[2]!.figures);
  await calculator.calculate();
  await expect(calculator.figure('Debt Service Coverage Ratio (DSCR)')).toHaveText('1.25');
  expect(await calculator.accessibilityViolations()).toEqual([]);

  await calculator.reset();
  await expect(calculator.snapshot).toHaveCount(0);
  for (const name of [
    'netIncome',
    'ownerCompensation',
    'depreciation',
    'interest',
    'nonRecurring',
    'debtPayments',
  ] as const) {
    await expect(calculator.input(name)).toHaveValue('');
  }

  // Empty figures count as 0, and empty debt payments as 1 (docs/product.md §5, Calculator): 10,000 / 1 = 10,000.00.
  await calculator.fill({ netIncome: '10000' });
  await calculator.calculate();
  await expect(calculator.figure('Debt Service Coverage Ratio (DSCR)')).toHaveText('10000.00');
  await expect(calculator.figure('Estimated Value Range')).toHaveText('$35,000 - $45,000');
});

test('Schedule Free Consultation opens the scheduling page in a new tab', async ({ page, context }) => {
  // The scheduling service is external (and unreachable from the test machine): answer for it here.
  await context.route(`${brand.schedulingUrl}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Scheduling</title>' }),
  );
  const calculator = new CalculatorPage(page);
  await calculator.open();
  expect(await calculator.accessibilityViolations()).toEqual([]);
  const link = calculator.main.getByRole('link', { name: 'Schedule Free Consultation' });
  await expect(link).toHaveAttribute('target', '_blank');
  const popup = page.waitForEvent('popup');
  await link.click();
  const tab = await popup;
  await tab.waitForLoadState();
  expect(tab.url()).toBe(brand.schedulingUrl);
  await expect(page).toHaveURL(/\/calculator$/);
});
