import { describe, expect, it } from 'vitest';
import { emptyAdditionalInfoForm } from '../../../../shared/catalogue/additional-info.ts';
import { differsFrom } from './additional-info-draft.ts';

describe('differsFrom (which additional-information answers are a draft worth keeping)', () => {
  it('is false for the untouched empty form, so a first visit keeps no draft', () => {
    expect(differsFrom({ ...emptyAdditionalInfoForm }, emptyAdditionalInfoForm)).toBe(false);
    expect(differsFrom({}, emptyAdditionalInfoForm)).toBe(false);
  });

  it('is true once one answer is typed', () => {
    expect(differsFrom({ ...emptyAdditionalInfoForm, education: 'Culinary school' }, emptyAdditionalInfoForm)).toBe(
      true,
    );
  });

  it('compares with the stored answers when there are some', () => {
    const stored = { ...emptyAdditionalInfoForm, targetCustomers: 'Cafes' };
    expect(differsFrom({ ...stored }, stored)).toBe(false);
    expect(differsFrom({ ...stored, targetCustomers: 'Cafes and hotels' }, stored)).toBe(true);
    expect(differsFrom({ ...emptyAdditionalInfoForm }, stored)).toBe(true);
  });
});
