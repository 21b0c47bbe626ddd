import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditScoreOptions,
  downPaymentOptions,
  yearsInBusinessOptions,
} from '../../shared/catalogue/pre-qualification.ts';
import { evaluatePreQualification } from '../../shared/evaluation/evaluate.ts';
import { parseMoney } from '../../shared/format/money.ts';
import { sampleForm } from '../../shared/testing/samples.ts';
import { startTestBackend, type TestBackend } from '../support/database-actors.ts';

/**
 * The evaluation exists twice on purpose: in shared/ (what the visitor is told) and in SQL (what the
 * database accepts: supabase/migrations/..._application_rules.sql). They must agree on every answer.
 */
let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.close();
});

// Annual revenue and monthly debt, as typed: comfortable, exactly 1.25, just under, no debt, no revenue.
const figures: [string, string][] = [
  ['$1,200,000', '$5,000'],
  ['250000', '2500'],
  ['249999', '2500'],
  ['$80,000', '0'],
  ['0', '$1,000'],
  ['$600,000.00', '$6,000.01'],
];

describe('the evaluation in shared/ and in the database', () => {
  it('agree for every credit score, years in business, down payment and debt coverage case', async () => {
    const cases = creditScoreOptions.flatMap((credit) =>
      yearsInBusinessOptions.flatMap((years) =>
        downPaymentOptions.flatMap((downPayment) =>
          figures.map(([annualRevenue, monthlyDebtPayments]) => ({
            ...sampleForm,
            creditScore: credit.value,
            yearsInBusiness: years.value,
            hasDownPayment: downPayment.value,
            annualRevenue,
            monthlyDebtPayments,
          })),
        ),
      ),
    );
    const { rows } = await backend.db.query<{ qualifies: boolean }>(
      `select public.application_qualifies(c ->> 'creditScore', c ->> 'yearsInBusiness',
                (c ->> 'revenue')::numeric, (c ->> 'debt')::numeric, c ->> 'hasDownPayment') as qualifies
         from jsonb_array_elements($1::jsonb) with ordinality as t(c, n)
        order by n`,
      [
        JSON.stringify(
          cases.map((form) => ({
            creditScore: form.creditScore,
            yearsInBusiness: form.yearsInBusiness,
            hasDownPayment: form.hasDownPayment,
            revenue: parseMoney(form.annualRevenue),
            debt: parseMoney(form.monthlyDebtPayments),
          })),
        ),
      ],
    );
    expect(rows).toHaveLength(cases.length);
    const disagreements = cases.filter(
      (form, index) => evaluatePreQualification(form).qualified !== rows[index]!.qualifies,
    );
    expect(disagreements).toEqual([]);
    // Both outcomes occur, so the comparison is not trivially true.
    expect(new Set(rows.map((row) => row.qualifies))).toEqual(new Set([true, false]));
  });

  it('agree on the reasons: the database accepts every reason shared/ gives (evaluation_reasons_are_ours)', async () => {
    const cases = creditScoreOptions.flatMap((credit) =>
      yearsInBusinessOptions.flatMap((years) =>
        [...downPaymentOptions.map((option) => option.value), '' as const].flatMap((downPayment) =>
          [...figures, ['', '$1,000'] as [string, string]].map(([annualRevenue, monthlyDebtPayments]) => ({
            ...sampleForm,
            creditScore: credit.value,
            yearsInBusiness: years.value,
            hasDownPayment: downPayment,
            annualRevenue,
            monthlyDebtPayments,
          })),
        ),
      ),
    );
    const missing = [{ ...sampleForm, creditScore: '' as const, yearsInBusiness: '' as const }];
    const evaluated = [...cases, ...missing].map((form) => ({
      creditScore: form.creditScore,
      evaluation: evaluatePreQualification(form),
    }));
    const { rows } = await backend.db.query<{ ours: boolean }>(
      `select public.evaluation_reasons_are_ours(c -> 'evaluation', c ->> 'creditScore') as ours
         from jsonb_array_elements($1::jsonb) with ordinality as t(c, n)
        order by n`,
      [JSON.stringify(evaluated)],
    );
    const refused = evaluated.filter((_, index) => !rows[index]!.ours).map((item) => item.evaluation.reasons);
    expect(refused).toEqual([]);
    // Every kind of reason occurs, so the check is not trivially true.
    const all = new Set(evaluated.flatMap((item) => item.evaluation.reasons.map((reason) => reason.slice(0, 30))));
    expect(all.size).toBeGreaterThanOrEqual(6);
  });
});
