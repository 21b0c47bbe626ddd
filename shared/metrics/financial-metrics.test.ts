import { describe, expect, it } from 'vitest';
import { sampleApplicationRow } from '../testing/samples.ts';
import { financialMetrics, metricsInput, SAMPLE_ASSUMPTIONS, type MetricsInput } from './financial-metrics.ts';

const withFigures = (figures: Partial<MetricsInput>): MetricsInput => ({
  loanAmount: '100000-250000',
  annualRevenue: 600_000,
  monthlyDebtPayments: 4_000,
  currentBusinessDebt: 50_000,
  borrowerInjectionPercent: 20,
  constructionCost: 0,
  softCosts: 0,
  inventory: 0,
  ...figures,
});

describe('financial metrics from the application figures (product.md §9)', () => {
  it('computes every metric of the sample application by hand', () => {
    // revenue 600,000; monthly debt 4,000; current debt 50,000; loan 100,000 (lower bound); injection assumed 20%.
    const metrics = financialMetrics(metricsInput(sampleApplicationRow));
    expect(metrics.debtServiceCoverageRatio).toEqual({
      label: 'Debt Service Coverage',
      value: 12.5, // 600,000 / (4,000 x 12)
      display: '12.50',
      status: 'good',
    });
    expect(metrics.workingCapitalRatio).toMatchObject({ value: 12.5, display: '12.50', status: 'good' }); // 50,000 / 4,000
    expect(metrics.currentRatio).toMatchObject({ value: 12.5, display: '12.50', status: 'good' });
    expect(metrics.quickRatio).toMatchObject({ value: 12.5, display: '12.50', status: 'good' }); // (50,000 - 0) / 4,000
    // (50,000 + 100,000) / (100,000 x 20%)
    expect(metrics.debtToEquityRatio).toMatchObject({ value: 7.5, display: '7.50', status: null });
    // 15% x 600,000 / 100,000 x 100
    expect(metrics.returnOnInvestment).toMatchObject({ value: 90, display: '90.0%', status: 'good' });
    // 4,000 / 40%
    expect(metrics.breakEvenAnalysis.monthlyBreakEven).toMatchObject({ value: 10_000, display: '$10,000' });
    // 100,000 / (50,000 x 40% - 4,000) = 6.25, rounded up
    expect(metrics.breakEvenAnalysis.monthsToBreakEven).toMatchObject({
      value: 7,
      display: '7 months',
      status: 'good',
    });
    expect(metrics.assumed).toEqual(['borrowerInjectionPercent', 'constructionCost', 'softCosts', 'inventory']);
  });

  it('uses the additional information when the applicant gave it', () => {
    const metrics = financialMetrics(
      metricsInput(sampleApplicationRow, {
        borrowerInjectionPercent: '10',
        constructionCost: '$50,000',
        softCosts: '',
        inventoryPurchase: '$10,000',
      }),
    );
    expect(metrics.assumed).toEqual(['softCosts']);
    expect(metrics.quickRatio.value).toBe(10); // (50,000 - 10,000) / 4,000
    expect(metrics.debtToEquityRatio.value).toBe(10); // 150,000 / ((100,000 + 50,000) x 10%)
  });

  it('fills every missing figure with the sample assumptions, and only those', () => {
    const metrics = financialMetrics({ loanAmount: '250000-500000' });
    expect(metrics.assumed).toEqual(Object.keys(SAMPLE_ASSUMPTIONS));
    expect(metrics.debtServiceCoverageRatio.value).toBe(20); // 1,200,000 / 60,000
    expect(metrics.returnOnInvestment.value).toBe(72); // 15 x 1,200,000 / 250,000
    expect(financialMetrics(withFigures({ annualRevenue: Number.NaN })).assumed).toEqual(['annualRevenue']);
    expect(financialMetrics(withFigures({ monthlyDebtPayments: 0 })).assumed).toEqual([]);
  });
});

describe('status bands', () => {
  it.each([
    [75_000, 1.25, 'good'],
    [74_400, 1.24, 'warning'],
    [60_000, 1, 'warning'],
    [59_400, 0.99, 'critical'],
  ])('debt service coverage: revenue %d gives %d, %s', (annualRevenue, value, status) => {
    expect(
      financialMetrics(withFigures({ annualRevenue, monthlyDebtPayments: 5_000 })).debtServiceCoverageRatio,
    ).toMatchObject({
      value,
      status,
    });
  });

  it.each([
    [120_000, 2, 'good'],
    [119_400, 1.99, 'warning'],
    [60_000, 1, 'warning'],
    [59_400, 0.99, 'critical'],
  ])('working capital and current ratios: revenue %d gives %d, %s', (annualRevenue, value, status) => {
    const metrics = financialMetrics(withFigures({ annualRevenue, monthlyDebtPayments: 5_000 }));
    expect(metrics.workingCapitalRatio).toMatchObject({ value, status });
    expect(metrics.currentRatio).toMatchObject({ value, status });
  });

  it.each([
    [5_000, 1, 'good'],
    [5_050, 0.99, 'warning'],
    [6_500, 0.7, 'warning'],
    [6_550, 0.69, 'critical'],
    // More inventory than a month's revenue: no assets left, never a negative ratio.
    [150_000, 0, 'critical'],
  ])('quick ratio: inventory %d gives %d, %s', (inventory, value, status) => {
    const metrics = financialMetrics(withFigures({ annualRevenue: 120_000, monthlyDebtPayments: 5_000, inventory }));
    expect(metrics.quickRatio).toMatchObject({ value, status });
  });

  it.each([
    [100_000, 15, '15.0%', 'good'],
    [99_400, 14.91, '14.9%', 'warning'],
  ])('ROI: revenue %d on a 100,000 loan gives %d (%s), %s', (annualRevenue, value, display, status) => {
    expect(financialMetrics(withFigures({ annualRevenue })).returnOnInvestment).toMatchObject({
      value,
      display,
      status,
    });
  });

  it.each([
    [156_000, 24, 'good'], // 100,000 / (13,000 x 40% - 1,000) = 23.8, rounded up
    [150_000, 25, 'warning'], // 100,000 / (12,500 x 40% - 1,000) = 25
  ])('break-even: revenue %d gives %d months, %s', (annualRevenue, months, status) => {
    const metrics = financialMetrics(withFigures({ annualRevenue, monthlyDebtPayments: 1_000 }));
    expect(metrics.breakEvenAnalysis.monthsToBreakEven).toMatchObject({ value: months, status });
  });
});

describe('figures that cannot be computed', () => {
  it('no debt payments: infinite coverage, shown N/A, still good', () => {
    const metrics = financialMetrics(withFigures({ monthlyDebtPayments: 0 }));
    expect(metrics.debtServiceCoverageRatio).toMatchObject({ value: Infinity, display: 'N/A', status: 'good' });
    expect(metrics.quickRatio).toMatchObject({ display: 'N/A', status: 'good' });
    expect(metrics.breakEvenAnalysis.monthlyBreakEven).toMatchObject({ value: 0, display: '$0' });
  });

  it('an unknown loan bracket: ROI and debt-to-equity N/A', () => {
    const metrics = financialMetrics(withFigures({ loanAmount: '' }));
    expect(metrics.returnOnInvestment).toMatchObject({ display: 'N/A', status: null });
    expect(metrics.debtToEquityRatio).toMatchObject({ value: Infinity, display: 'N/A', status: null });
    expect(metrics.breakEvenAnalysis.monthsToBreakEven).toMatchObject({ value: 0, display: '0 months' });
  });

  it('zero revenue: never breaks even, shown N/A with a warning', () => {
    const metrics = financialMetrics(withFigures({ annualRevenue: 0 }));
    expect(metrics.breakEvenAnalysis.monthsToBreakEven).toMatchObject({
      value: Infinity,
      display: 'N/A',
      status: 'warning',
    });
    expect(metrics.debtServiceCoverageRatio).toMatchObject({ value: 0, display: '0.00', status: 'critical' });
    expect(metrics.returnOnInvestment).toMatchObject({ value: 0, display: '0.0%', status: 'warning' });
  });
});
