import { findOption, type FieldSpec, type Option } from './fields.ts';

/**
 * The pre-qualification form (docs/product.md §3): its enumerations, with the numbers docs/product.md §9 maps them to,
 * and the description of each field. Values are stored as given here; labels are what people see.
 */

export const creditScoreOptions = [
  { value: '750+', label: '750+', score: 750 },
  { value: '700-749', label: '700-749', score: 725 },
  { value: '650-699', label: '650-699', score: 675 },
  { value: '600-649', label: '600-649', score: 625 },
  { value: 'Below 600', label: 'Below 600', score: 550 },
] as const satisfies readonly (Option & { score: number })[];

export const yearsInBusinessOptions = [
  { value: '0-1', label: 'Less than 1 year', years: 0.5 },
  { value: '1-2', label: '1-2 years', years: 1.5 },
  { value: '2-5', label: '2-5 years', years: 3.5 },
  { value: '5-10', label: '5-10 years', years: 7.5 },
  { value: '10+', label: '10+ years', years: 10 },
] as const satisfies readonly (Option & { years: number })[];

export const profitableOptions = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
] as const satisfies readonly Option[];

/** Loan brackets; `lowerBound` is the amount the admin's letter and metrics use (docs/product.md §3 and §9). */
export const loanAmountOptions = [
  { value: '25000-50000', label: '$25,000 - $50,000', lowerBound: 25_000 },
  { value: '50000-100000', label: '$50,000 - $100,000', lowerBound: 50_000 },
  { value: '100000-250000', label: '$100,000 - $250,000', lowerBound: 100_000 },
  { value: '250000-500000', label: '$250,000 - $500,000', lowerBound: 250_000 },
  { value: '500000+', label: '$500,000+', lowerBound: 500_000 },
] as const satisfies readonly (Option & { lowerBound: number })[];

export const timeframeOptions = [
  { value: 'immediate', label: 'Immediate' },
  { value: '1-3months', label: '1-3 months' },
  { value: '3-6months', label: '3-6 months' },
  { value: '6-12months', label: '6-12 months' },
] as const satisfies readonly Option[];

export const downPaymentOptions = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const satisfies readonly Option[];

type CreditScore = (typeof creditScoreOptions)[number]['value'];
type YearsInBusiness = (typeof yearsInBusinessOptions)[number]['value'];
export type Profitable = (typeof profitableOptions)[number]['value'];
type LoanAmount = (typeof loanAmountOptions)[number]['value'];
export type Timeframe = (typeof timeframeOptions)[number]['value'];
type DownPaymentAnswer = (typeof downPaymentOptions)[number]['value'];

/** The form's values as the wizard holds them ('' until a choice is made). Money fields stay free text. */
export type PreQualificationForm = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  title: string;
  creditScore: CreditScore | '';
  receiveSms: boolean;
  receiveMarketing: boolean;
  businessName: string;
  businessAddress: string;
  city: string;
  state: string;
  industry: string;
  yearsInBusiness: YearsInBusiness | '';
  profitable: Profitable | '';
  annualRevenue: string;
  monthlyDebtPayments: string;
  currentBusinessDebt: string;
  loanAmount: LoanAmount | '';
  timeframe: Timeframe | '';
  useOfFunds: string;
  hasDownPayment: DownPaymentAnswer | '';
};

export type PreQualificationField = keyof PreQualificationForm;

export const emptyPreQualificationForm: PreQualificationForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  title: '',
  creditScore: '',
  receiveSms: false,
  receiveMarketing: false,
  businessName: '',
  businessAddress: '',
  city: '',
  state: '',
  industry: '',
  yearsInBusiness: '',
  profitable: '',
  annualRevenue: '',
  monthlyDebtPayments: '',
  currentBusinessDebt: '',
  loanAmount: '',
  timeframe: '',
  useOfFunds: '',
  hasDownPayment: '',
};

/** Browser local-storage key the wizard saves the form under (docs/product.md §4, Wizard). */
export const PRE_QUALIFICATION_STORAGE_KEY = 'preQualificationForm';

/** Every field of the form; `required` follows docs/product.md §5 (phone and both checkboxes are optional). */
export const preQualificationFields = {
  firstName: { label: 'First Name', kind: 'text', required: true },
  lastName: { label: 'Last Name', kind: 'text', required: true },
  email: { label: 'Email', kind: 'email', required: true },
  phone: { label: 'Phone', kind: 'tel', required: false, placeholder: '(XXX) XXX-XXXX' },
  title: { label: 'Title', kind: 'text', required: true, placeholder: 'e.g. Owner, CEO' },
  creditScore: { label: 'Credit Score Range', kind: 'select', required: true, options: creditScoreOptions },
  receiveSms: {
    label: 'I agree to receive SMS notifications about my application',
    kind: 'checkbox',
    required: false,
  },
  receiveMarketing: { label: 'I would like to receive marketing communications', kind: 'checkbox', required: false },
  businessName: { label: 'Business Name', kind: 'text', required: true },
  businessAddress: { label: 'Business Address', kind: 'text', required: true },
  city: { label: 'City', kind: 'text', required: true },
  state: { label: 'State', kind: 'text', required: true },
  industry: { label: 'Industry', kind: 'text', required: true },
  yearsInBusiness: { label: 'Years in Business', kind: 'select', required: true, options: yearsInBusinessOptions },
  profitable: { label: 'Is your business profitable?', kind: 'radio', required: true, options: profitableOptions },
  annualRevenue: { label: 'Annual Revenue', kind: 'money', required: true, placeholder: '$' },
  monthlyDebtPayments: { label: 'Monthly Debt Payments', kind: 'money', required: true, placeholder: '$' },
  currentBusinessDebt: { label: 'Current Business Debt', kind: 'money', required: true, placeholder: '$' },
  loanAmount: { label: 'Loan Amount', kind: 'select', required: true, options: loanAmountOptions },
  timeframe: { label: 'Timeframe', kind: 'select', required: true, options: timeframeOptions },
  useOfFunds: { label: 'Use of Funds', kind: 'textarea', required: true, rows: 4 },
  hasDownPayment: {
    label: 'Do you have 10% down payment available?',
    kind: 'radio',
    required: true,
    options: downPaymentOptions,
  },
} as const satisfies Record<PreQualificationField, FieldSpec>;

/** The review step's label for the down-payment answer, shown as Yes/No. */
export const DOWN_PAYMENT_REVIEW_LABEL = '10% Down Payment Available';

/** The score a credit-score range stands for (750+ gives 750 ... Below 600 gives 550); undefined if unknown. */
export function creditScoreNumber(value: string): number | undefined {
  return findOption(creditScoreOptions, value)?.score;
}

/** The years a years-in-business range stands for (0-1 gives 0.5 ... 10+ gives 10); undefined if unknown. */
export function yearsInBusinessNumber(value: string): number | undefined {
  return findOption(yearsInBusinessOptions, value)?.years;
}

/** The lower end of a loan bracket ('250000-500000' gives 250000); undefined if unknown. */
export function loanAmountLowerBound(value: string): number | undefined {
  return findOption(loanAmountOptions, value)?.lowerBound;
}
