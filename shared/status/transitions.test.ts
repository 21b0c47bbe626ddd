import { describe, expect, it } from 'vitest';
import {
  applicationStatuses,
  bankPackageStatuses,
  canTransition,
  applicationTransitions,
  IllegalTransitionError,
  initialApplicationStatus,
  transitionApplication,
  transitionBankPackage,
} from './transitions.ts';

const pairs = <S extends string>(statuses: readonly S[]) =>
  statuses.flatMap((from) => statuses.map((to) => [from, to] as const));

describe('application status (product.md §4)', () => {
  it('is created pending when qualified, rejected otherwise', () => {
    expect(initialApplicationStatus({ qualified: true })).toBe('pending');
    expect(initialApplicationStatus({ qualified: false })).toBe('rejected');
  });

  const legal = [
    ['pending', 'approved'],
    ['pending', 'rejected'],
  ];
  const isLegal = (from: string, to: string) => legal.some(([a, b]) => a === from && b === to);

  it.each(pairs(applicationStatuses).filter(([from, to]) => isLegal(from, to)))('allows %s -> %s', (from, to) => {
    expect(transitionApplication(from, to)).toBe(to);
    expect(canTransition(applicationTransitions, from, to)).toBe(true);
  });

  it.each(pairs(applicationStatuses).filter(([from, to]) => !isLegal(from, to)))('refuses %s -> %s', (from, to) => {
    expect(() => transitionApplication(from, to)).toThrow(IllegalTransitionError);
    expect(() => transitionApplication(from, to)).toThrow(`Cannot change status from ${from} to ${to}`);
    expect(canTransition(applicationTransitions, from, to)).toBe(false);
  });

  it('refuses a status it does not know', () => {
    expect(canTransition(applicationTransitions, 'archived' as 'pending', 'approved')).toBe(false);
  });
});

describe('bank package status (product.md §4)', () => {
  it('goes from generated to sent', () => {
    expect(transitionBankPackage('generated', 'sent')).toBe('sent');
  });

  it.each([
    ['sent', 'interested'],
    ['sent', 'need_more_info'],
    ['sent', 'declined'],
    ['need_more_info', 'interested'],
    ['need_more_info', 'declined'],
  ] as const)('takes the lender’s answer %s -> %s', (from, to) => {
    expect(transitionBankPackage(from, to)).toBe(to);
  });

  it.each([
    ['generated', 'generated'],
    ['sent', 'sent'],
    ['sent', 'generated'],
    ['generated', 'interested'],
    ['interested', 'declined'],
    ['declined', 'interested'],
    ['need_more_info', 'need_more_info'],
    ['interested', 'sent'],
  ] as const)('refuses %s -> %s', (from, to) => {
    const error = (() => {
      try {
        transitionBankPackage(from, to);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(IllegalTransitionError);
    expect(error).toMatchObject({ from, to, name: 'IllegalTransitionError' });
  });

  it('has exactly these statuses', () => {
    expect(bankPackageStatuses).toEqual(['generated', 'sent', 'interested', 'need_more_info', 'declined']);
    expect(applicationStatuses).toEqual(['pending', 'approved', 'rejected']);
  });
});
