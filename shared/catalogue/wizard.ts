import type { PreQualificationField } from './pre-qualification.ts';

/** The five steps of the pre-qualification wizard (docs/product.md §2 and §4) and the fields each validates on Next. */
export const wizardSteps = [
  {
    id: 'PERSONAL',
    title: 'Personal Information',
    fields: ['firstName', 'lastName', 'email', 'phone', 'title', 'creditScore', 'receiveSms', 'receiveMarketing'],
  },
  {
    id: 'BUSINESS',
    title: 'Business Information',
    fields: ['businessName', 'businessAddress', 'city', 'state', 'industry', 'yearsInBusiness', 'profitable'],
  },
  {
    id: 'FINANCIAL',
    title: 'Financial Information',
    fields: ['annualRevenue', 'monthlyDebtPayments', 'currentBusinessDebt'],
  },
  { id: 'LOAN', title: 'Loan Request', fields: ['loanAmount', 'timeframe', 'useOfFunds', 'hasDownPayment'] },
  { id: 'REVIEW', title: 'Review Your Application', fields: [] },
] as const satisfies readonly { id: string; title: string; fields: readonly PreQualificationField[] }[];

export type WizardStepId = (typeof wizardSteps)[number]['id'];

/** Position of a step, 0 for PERSONAL to 4 for REVIEW. */
export function wizardStepIndex(id: WizardStepId): number {
  return wizardSteps.findIndex((step) => step.id === id);
}

/** The fields a step validates before the wizard moves forward. */
export function wizardStepFields(id: WizardStepId): readonly PreQualificationField[] {
  return wizardSteps[wizardStepIndex(id)].fields;
}
