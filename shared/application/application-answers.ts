import { optionLabel } from '../catalogue/fields.ts';
import { preQualificationFields, type PreQualificationField } from '../catalogue/pre-qualification.ts';
import type { ApplicationRow } from '../db/applications.ts';
import { formatUsd, formatUsdInput, parseMoney } from '../format/money.ts';
import { formatTypedUsPhone } from '../sms/phone-format.ts';

/** The applications column of each wizard answer (the reverse of buildApplicationRecord's mapping). */
const columnOf = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  title: 'title',
  creditScore: 'credit_score',
  receiveSms: 'receive_sms',
  receiveMarketing: 'receive_marketing',
  businessName: 'business_name',
  businessAddress: 'business_address',
  city: 'city',
  state: 'state',
  industry: 'industry',
  yearsInBusiness: 'years_in_business',
  profitable: 'profitable',
  annualRevenue: 'annual_revenue',
  monthlyDebtPayments: 'monthly_debt_payments',
  currentBusinessDebt: 'current_business_debt',
  loanAmount: 'loan_amount',
  timeframe: 'timeframe',
  useOfFunds: 'use_of_funds',
  hasDownPayment: 'has_down_payment',
} as const satisfies Record<PreQualificationField, keyof ApplicationRow>;

/**
 * Every answer of the wizard as an officer reads it on the application: the field's label and the stored
 * value in words (option labels, dollars, Yes/No for the checkboxes, 'Not given' when empty).
 */
export function applicationAnswers(
  row: ApplicationRow,
): { field: PreQualificationField; label: string; value: string }[] {
  return (Object.keys(columnOf) as PreQualificationField[]).map((field) => {
    const spec = preQualificationFields[field];
    const raw: unknown = row[columnOf[field]];
    let value: string;
    if (typeof raw === 'boolean') value = raw ? 'Yes' : 'No';
    else if (spec.kind === 'money') value = formatUsd(Number(raw));
    else if (spec.kind === 'tel') value = formatTypedUsPhone(String(raw ?? ''));
    else if ('options' in spec && spec.options) value = optionLabel(spec.options, String(raw ?? ''));
    else value = String(raw ?? '');
    return { field, label: spec.label, value: value.trim() === '' ? 'Not given' : value };
  });
}

/**
 * A wizard answer as the applicant typed it, in words: the option's label for a choice, dollars for money with the
 * cents typed (the amount stored: '1,500.50 ' gives $1,500.50), a US number as (208) 555-0134, Yes/No for a checkbox, text trimmed; '' when
 * blank. The review step and the loan team's e-mail show answers so.
 */
export function formAnswerText(field: PreQualificationField, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = String(value ?? '').trim();
  if (text === '') return '';
  const spec = preQualificationFields[field];
  if ('options' in spec) return optionLabel(spec.options, text);
  if (spec.kind === 'money') return formatUsdInput(parseMoney(text));
  if (spec.kind === 'tel') return formatTypedUsPhone(text);
  return text;
}
