import { describe, expect, it } from 'vitest';
import { emptyChecklistInput, sampleApplicationRow, sampleChecklistInput } from '../testing/samples.ts';
import {
  buildExecutiveSummary,
  packageSnapshot,
  packageText,
  storedPackageSnapshot,
  type ExecutiveSummaryInput,
} from './executive-summary.ts';
import {
  bankPackageNumber,
  loanPackageFileName,
  preApplicationLetterFileName,
  slugify,
  termSheetFileName,
} from './file-names.ts';

const input: ExecutiveSummaryInput = {
  application: sampleApplicationRow,
  additionalInfo: {
    projectDescription: 'Open a second store',
    industryExperience: '15 years in commercial baking',
    constructionCost: '$40,000',
    softCosts: '',
    equipmentPurchase: '$25,000',
    inventoryPurchase: '0',
    realEstatePurchase: '',
    borrowerInjectionPercent: '10',
    bankFundingPercent: '90',
    targetCustomers: 'Cafes and restaurants',
    geographicReach: 'Northern Nevada',
  },
  checklist: sampleChecklistInput,
  generatedAt: '2026-03-02T15:04:05Z',
  timeZone: 'America/New_York',
};

describe('file names and package numbers (product.md §2 and §7)', () => {
  it.each([
    ['Reyes Bakery', 'pre-application-letter-reyes-bakery.pdf'],
    ['  Acme Coffee & Co. ', 'pre-application-letter-acme-coffee-co.pdf'],
    ['Café Olé, LLC', 'pre-application-letter-cafe-ole-llc.pdf'],
    ['!!!', 'pre-application-letter-business.pdf'],
  ])('the letter for %j is %s', (name, fileName) => {
    expect(preApplicationLetterFileName(name)).toBe(fileName);
  });

  it('keeps the business part of a file name to 80 characters, cut between words when it can be', () => {
    expect(preApplicationLetterFileName('W'.repeat(10_000))).toBe(`pre-application-letter-${'w'.repeat(80)}.pdf`);
    const words = termSheetFileName(`${'Golden Gate '.repeat(20)}Bakery`);
    expect(words).toMatch(/^term-sheet-(golden-gate-)+golden(-gate)?\.pdf$/);
    expect(words.length).toBeLessThanOrEqual('term-sheet-.pdf'.length + 80);
  });

  it('names a term sheet after the business, as the letter', () => {
    expect(termSheetFileName('Café Olé, LLC')).toBe('term-sheet-cafe-ole-llc.pdf');
    expect(termSheetFileName('!!!')).toBe('term-sheet-business.pdf');
  });

  it('names packages by id and numbers them by its first 8 characters', () => {
    expect(loanPackageFileName('3f2b8c1e-7d4a-4e6b-9a0c-5d1e2f3a4b5c')).toBe(
      'loan-package-3f2b8c1e-7d4a-4e6b-9a0c-5d1e2f3a4b5c.txt',
    );
    expect(bankPackageNumber('3f2b8c1e-7d4a-4e6b-9a0c-5d1e2f3a4b5c')).toBe('3f2b8c1e');
    expect(slugify('Über--Fast  Loans')).toBe('uber-fast-loans');
    // Letters NFKD leaves whole are spelled out, not dropped ('Søn' was 's-n').
    expect(slugify("O'Brien & Søn Café LLC")).toBe('o-brien-son-cafe-llc');
    expect(slugify('Æbleø Straße Łódź Œuvre')).toBe('aebleo-strasse-lodz-oeuvre');
  });
});

describe('executive summary', () => {
  it('builds the sections from the application and additional information', () => {
    const summary = buildExecutiveSummary(input);
    expect(summary.title).toBe('Executive Summary: Reyes Bakery');
    expect(summary.date).toBe('March 2, 2026');
    expect(summary.sections.map((section) => section.title)).toEqual([
      'Borrower',
      'Loan Request',
      'Uses of Funds',
      'Financial Summary',
      'Market',
      'Management',
    ]);
    expect(summary.sections[0].rows).toEqual([
      { label: 'Business', value: 'Reyes Bakery' },
      { label: 'Address', value: '12 Main St, Reno, NV' },
      { label: 'Industry', value: 'Food service' },
      { label: 'Years in business', value: '2-5 years' },
      { label: 'Principal', value: 'Dana Reyes, Owner' },
    ]);
    expect(summary.sections[2].rows).toEqual([
      { label: 'Construction', value: '$40,000' },
      { label: 'Equipment purchase', value: '$25,000' },
    ]);
    // Every item of the checklist with its state; the cancelled request is not part of it any more.
    expect(summary.checklist).toEqual([
      { label: 'Tax Returns', state: 'Accepted' },
      { label: 'Financial Statements', state: 'Needs replacement' },
      { label: 'Bank Statements', state: 'Uploaded, awaiting review' },
      { label: 'Business License', state: 'Missing' },
      { label: 'Lease Agreement', state: 'Not needed for this application' },
      { label: 'ID Document', state: 'Missing' },
      { label: 'Debt schedule', state: 'Missing' },
    ]);
    expect(summary.readiness).toBe('1 of 6 accepted, 1 awaiting review, 1 needs replacement, 3 missing');
    // Injection 10% of (100,000 + 40,000) = 14,000 equity; (50,000 + 100,000) / 14,000
    expect(summary.metrics.debtToEquityRatio.display).toBe('10.71');
  });

  it('writes the plain-text package', () => {
    expect(packageText(packageSnapshot(buildExecutiveSummary(input)))).toBe(
      [
        'EXECUTIVE SUMMARY: REYES BAKERY',
        'Prepared March 2, 2026',
        '',
        'BORROWER',
        'Business: Reyes Bakery',
        'Address: 12 Main St, Reno, NV',
        'Industry: Food service',
        'Years in business: 2-5 years',
        'Principal: Dana Reyes, Owner',
        '',
        'LOAN REQUEST',
        'Amount requested: $100,000 - $250,000',
        'Use of funds: A second oven',
        'Project description: Open a second store',
        'Bank funding: 90%',
        'Borrower injection: 10%',
        '',
        'USES OF FUNDS',
        'Construction: $40,000',
        'Equipment purchase: $25,000',
        '',
        'FINANCIAL SUMMARY',
        'Annual revenue: $600,000',
        'Monthly debt payments: $4,000',
        'Current business debt: $50,000',
        '',
        'MARKET',
        'Target customers: Cafes and restaurants',
        'Geographic reach: Northern Nevada',
        '',
        'MANAGEMENT',
        'Industry experience: 15 years in commercial baking',
        '',
        'FINANCIAL METRICS',
        'Debt Service Coverage: 12.50 (good)',
        'Working Capital Ratio: 12.50 (good)',
        'Quick Ratio: 12.50 (good)',
        'Current Ratio: 12.50 (good)',
        'Debt-to-Equity Ratio: 10.71',
        'Return on Investment: 90.0% (good)',
        'Monthly Break-Even Revenue: $10,000',
        'Months to Break-Even: 7 months (good)',
        'Sample assumptions used for: soft costs',
        '',
        'DOCUMENT CHECKLIST',
        '1 of 6 accepted, 1 awaiting review, 1 needs replacement, 3 missing',
        'Tax Returns: Accepted',
        'Financial Statements: Needs replacement',
        'Bank Statements: Uploaded, awaiting review',
        'Business License: Missing',
        'Lease Agreement: Not needed for this application',
        'ID Document: Missing',
        'Debt schedule: Missing',
        '',
      ].join('\n'),
    );
  });

  it('says "Not provided" where the applicant has not given additional information', () => {
    const summary = buildExecutiveSummary({
      ...input,
      application: { ...sampleApplicationRow, title: '' },
      additionalInfo: null,
      checklist: emptyChecklistInput,
    });
    const text = packageText(packageSnapshot(summary));
    expect(text).toContain('Principal: Dana Reyes\n');
    // What the applicant stated when pre-qualifying is there all the same.
    expect(text).toContain('Use of funds: A second oven\n');
    expect(text).toContain('Project description: Not provided');
    expect(text).toContain('Bank funding: Not provided');
    expect(text).toContain('Uses: Not provided');
    expect(text).toContain('Target customers: Not provided');
    expect(text).toContain('Sample assumptions used for: borrower injection, construction cost, soft costs, inventory');
    expect(summary.checklist.every((item) => item.state === 'Missing')).toBe(true);
    expect(summary.readiness).toBe('0 of 6 accepted, 6 missing');
  });
});

describe('a package as generated (its snapshot, stored with it)', () => {
  it('comes back from its stored JSON whole, and its text is the text of the summary it was made from', () => {
    // No debt at all: the debt ratios cannot be computed and show 'N/A' (their values are not finite).
    const summary = buildExecutiveSummary({
      ...input,
      application: { ...sampleApplicationRow, monthly_debt_payments: 0, current_business_debt: 0 },
    });
    const snapshot = packageSnapshot(summary);
    const stored = storedPackageSnapshot(JSON.parse(JSON.stringify(snapshot)));
    expect(stored).toEqual(snapshot);
    expect(packageText(stored!)).toBe(packageText(snapshot));
    expect(packageText(stored!)).toContain('Debt Service Coverage: N/A');
    expect(snapshot.metrics.map((metric) => metric.label)).toEqual([
      'Debt Service Coverage',
      'Working Capital Ratio',
      'Quick Ratio',
      'Current Ratio',
      'Debt-to-Equity Ratio',
      'Return on Investment',
      'Monthly Break-Even Revenue',
      'Months to Break-Even',
    ]);
  });

  it('is none for a package stored without one, or with something else in its place', () => {
    expect(storedPackageSnapshot(null)).toBeNull();
    expect(storedPackageSnapshot({ title: 'Executive Summary: Reyes Bakery' })).toBeNull();
    const snapshot = packageSnapshot(buildExecutiveSummary(input));
    expect(storedPackageSnapshot({ ...snapshot, metrics: [{ label: 'x', display: '1', status: 'great' }] })).toBeNull();
    expect(storedPackageSnapshot({ ...snapshot, checklist: [{ label: 'Tax Returns', state: true }] })).toBeNull();
  });

  it('reads a package generated before documents were reviewed: provided or missing, and no readiness figure', () => {
    const { readiness: _, ...snapshot } = packageSnapshot(buildExecutiveSummary(input));
    const stored = storedPackageSnapshot({
      ...snapshot,
      checklist: [
        { label: 'Tax Returns', provided: true },
        { label: 'Financial Statements', provided: false },
      ],
    });
    expect(stored).toEqual({
      ...snapshot,
      checklist: [
        { label: 'Tax Returns', state: 'Provided' },
        { label: 'Financial Statements', state: 'Missing' },
      ],
      readiness: null,
    });
    expect(packageText(stored!)).toMatch(/DOCUMENT CHECKLIST\nTax Returns: Provided\nFinancial Statements: Missing\n$/);
  });
});
