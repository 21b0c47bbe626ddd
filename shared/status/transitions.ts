import type { EvaluationResult } from '../evaluation/evaluate.ts';

/**
 * The state machines of docs/product.md §4: an application is created pending (qualified) or rejected, and an
 * admin moves a pending one to approved or rejected; a bank package goes from generated to sent, then (with the
 * lender network, beyond the original description: docs/architecture.md, Lender network) to the lender's answer,
 * and from 'need more information' to a final answer. Anything else is refused.
 */

export const applicationStatuses = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const bankPackageStatuses = ['generated', 'sent', 'interested', 'need_more_info', 'declined'] as const;
export type BankPackageStatus = (typeof bankPackageStatuses)[number];

type Transitions<S extends string> = Readonly<Record<S, readonly S[]>>;

export const applicationTransitions: Transitions<ApplicationStatus> = {
  pending: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

const bankPackageTransitions: Transitions<BankPackageStatus> = {
  generated: ['sent'],
  sent: ['interested', 'need_more_info', 'declined'],
  need_more_info: ['interested', 'declined'],
  interested: [],
  declined: [],
};

export class IllegalTransitionError extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`Cannot change status from ${from} to ${to}`);
    this.name = 'IllegalTransitionError';
  }
}

/** Whether a machine allows moving from one status to another (an unknown status allows nothing). */
export function canTransition<S extends string>(transitions: Transitions<S>, from: S, to: S): boolean {
  return transitions[from]?.includes(to) ?? false;
}

function transition<S extends string>(transitions: Transitions<S>, from: S, to: S): S {
  if (!canTransition(transitions, from, to)) throw new IllegalTransitionError(from, to);
  return to;
}

/** An admin decision on an application: returns the new status, or throws IllegalTransitionError. */
export function transitionApplication(from: ApplicationStatus, to: ApplicationStatus): ApplicationStatus {
  return transition(applicationTransitions, from, to);
}

/** Sending a bank package, or its lender's answer: returns the new status, or throws IllegalTransitionError. */
export function transitionBankPackage(from: BankPackageStatus, to: BankPackageStatus): BankPackageStatus {
  return transition(bankPackageTransitions, from, to);
}

/** The status an application is created with: pending when qualified, else rejected. */
export function initialApplicationStatus(evaluation: Pick<EvaluationResult, 'qualified'>): ApplicationStatus {
  return evaluation.qualified ? 'pending' : 'rejected';
}
