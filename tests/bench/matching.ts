import { matchLenders, type Lender, type MatchApplication } from '../../shared/matching/lender-match.ts';
import { sampleApplicationRow } from '../../shared/testing/samples.ts';
import { verdict } from './measure.ts';

const creditScores = ['750+', '700-749', '650-699', '600-649', 'Below 600'];
const years = ['0-1', '1-2', '2-5', '5-10', '10+'];
const loans = ['25000-50000', '50000-100000', '100000-250000', '250000-500000', '500000+'];
const states = ['NV', 'CA', 'TX', 'NY', 'FL', 'WA'];

/** A varied, deterministic network: every criterion takes several values across it. */
function lenders(count: number): Lender[] {
  return Array.from({ length: count }, (_value, index) => ({
    id: `lender-${index}`,
    name: `Lender ${index}`,
    contact_name: 'Contact',
    contact_email: 'contact@lender.example',
    programs: ['sba_7a'],
    min_loan: [25_000, 50_000, 150_000][index % 3]!,
    max_loan: [350_000, 1_000_000, 5_000_000][index % 3]!,
    states: index % 4 === 0 ? [] : [states[index % states.length]!, states[(index + 1) % states.length]!],
    industries_served: index % 5 === 0 ? ['food', 'retail'] : [],
    industries_excluded: index % 7 === 0 ? ['cannabis'] : [],
    min_credit_score: [600, 650, 680, 700][index % 4]!,
    min_years_in_business: index % 3,
    min_debt_coverage: [1.1, 1.2, 1.25, 1.35][index % 4]!,
    accepts_startups: index % 2 === 0,
    accepts_acquisitions: index % 3 === 0,
    equity_injection_percent: [0, 10, 20][index % 3]!,
    answer_days: 1 + (index % 14),
    active: index % 11 !== 0,
    is_sample: false,
  }));
}

function applications(count: number): MatchApplication[] {
  return Array.from({ length: count }, (_value, index) => ({
    ...sampleApplicationRow,
    credit_score: creditScores[index % creditScores.length]!,
    years_in_business: years[index % years.length]!,
    loan_amount: loans[index % loans.length]!,
    state: states[index % states.length]!,
    annual_revenue: 200_000 + (index % 50) * 20_000,
    monthly_debt_payments: 1_000 + (index % 30) * 250,
    has_down_payment: index % 2 === 0 ? 'yes' : 'no',
  }));
}

function time(task: () => unknown): number {
  const started = performance.now();
  task();
  return performance.now() - started;
}

/** How many lenders and applications each figure runs on: one application against `lenders`, `applications` against `lendersPerApplication`. */
export type MatchingSize = { lenders: number; applications: number; lendersPerApplication: number };

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Lender matching's figures: one application against 1,000 lenders (target 50 ms) and 10,000 applications against
 * 100 lenders (target 2 s), beside a baseline in the same run: the same pairs compared on credit score alone.
 */
export async function benchMatching(size: MatchingSize): Promise<string[]> {
  const network = lenders(size.lenders);
  const one = applications(1)[0]!;
  const many = applications(size.applications);
  const some = network.slice(0, size.lendersPerApplication);
  matchLenders(one, network); // warm-up
  const oneMs = Math.min(...Array.from({ length: 5 }, () => time(() => matchLenders(one, network))));
  const manyMs = time(() => {
    for (const application of many) matchLenders(application, some);
  });
  let kept = 0;
  const baselineMs = time(() => {
    for (const application of many) {
      for (const lender of some) if (application.credit_score.length > 0 && lender.min_credit_score > 0) kept += 1;
    }
  });
  return [
    `1 application x ${count(network.length)} lenders: ${oneMs.toFixed(1)} ms; target 50 ms: ${verdict(oneMs <= 50)}`,
    `${count(many.length)} applications x ${count(some.length)} lenders: ${manyMs.toFixed(0)} ms; target 2000 ms: ${verdict(manyMs <= 2000)}; baseline (the same ${count(kept)} pairs compared on credit score alone) ${baselineMs.toFixed(1)} ms (ratio ${(manyMs / baselineMs).toFixed(0)}x)`,
  ];
}
