import type { PreQualificationForm } from '../catalogue/pre-qualification.ts';
import type { ApplicationInsert } from '../db/applications.ts';
import type { EvaluationResult } from '../evaluation/evaluate.ts';
import { parseMoney } from '../format/money.ts';
import { initialApplicationStatus } from '../status/transitions.ts';
import { normalizeEmail } from '../validation/email.ts';

/**
 * The applications row a submitted pre-qualification form creates (docs/product.md §3, Application record): texts
 * trimmed, e-mail lower-cased, '' for a missing phone, money parsed to numbers, website and down-payment details empty,
 * no consultation date or assigned admin yet, and the status the evaluation decides.
 */
export function buildApplicationRecord(
  form: PreQualificationForm,
  evaluation: EvaluationResult,
  userId: string | null = null,
): ApplicationInsert {
  return {
    user_id: userId,
    first_name: form.firstName.trim(),
    last_name: form.lastName.trim(),
    email: normalizeEmail(form.email),
    phone: form.phone?.trim() ?? '',
    title: form.title.trim(),
    credit_score: form.creditScore,
    receive_sms: form.receiveSms,
    receive_marketing: form.receiveMarketing,
    business_name: form.businessName.trim(),
    business_website: '',
    business_address: form.businessAddress.trim(),
    city: form.city.trim(),
    state: form.state.trim(),
    industry: form.industry.trim(),
    years_in_business: form.yearsInBusiness,
    profitable: form.profitable,
    annual_revenue: parseMoney(form.annualRevenue),
    monthly_debt_payments: parseMoney(form.monthlyDebtPayments),
    current_business_debt: parseMoney(form.currentBusinessDebt),
    loan_amount: form.loanAmount,
    timeframe: form.timeframe,
    use_of_funds: form.useOfFunds.trim(),
    has_down_payment: form.hasDownPayment,
    down_payment_amount: '',
    down_payment_source: '',
    consultation_date: null,
    evaluation_result: evaluation,
    status: initialApplicationStatus(evaluation),
    assigned_admin_id: null,
  };
}
