import { describe, expect, it } from 'vitest';
import { emptyAdditionalInfoForm } from '../catalogue/additional-info.ts';
import { additionalInfoFormFromSections, additionalInfoSectionsFromForm } from './additional-info.ts';

describe('additional information row', () => {
  const form = {
    ...emptyAdditionalInfoForm,
    equipmentPurchase: ' $85,000 ',
    borrowerInjectionPercent: '10',
    bankFundingPercent: '90',
    projectDescription: 'Second oven line',
    companyHistory: 'Family bakery since 2015',
    importExport: 'none',
    propertyOwnership: 'leased',
    targetCustomers: 'Cafes',
    franchisorName: '',
    education: 'Culinary school',
  };

  it('puts each answer in its section column, trimmed, and leaves empty answers out', () => {
    const row = additionalInfoSectionsFromForm(form);
    expect(row.loan_purpose).toEqual({
      equipmentPurchase: '$85,000',
      borrowerInjectionPercent: '10',
      bankFundingPercent: '90',
      projectDescription: 'Second oven line',
    });
    expect(row.business_history).toEqual({
      companyHistory: 'Family bakery since 2015',
      importExport: 'none',
      propertyOwnership: 'leased',
    });
    expect(row.market_analysis).toEqual({ targetCustomers: 'Cafes' });
    expect(row.franchise_information).toEqual({});
    expect(row.experience_background).toEqual({ education: 'Culinary school' });
  });

  it('reads a stored row back into the same form values (numbers as text, missing sections empty)', () => {
    const stored = { ...additionalInfoSectionsFromForm(form), loan_purpose: { borrowerInjectionPercent: 10 } };
    const back = additionalInfoFormFromSections({ ...stored, market_analysis: null, experience_background: undefined });
    expect(back.borrowerInjectionPercent).toBe('10');
    expect(back.projectDescription).toBe('');
    expect(back.companyHistory).toBe('Family bakery since 2015');
    expect(back.targetCustomers).toBe('');
    expect(back.education).toBe('');
    expect(additionalInfoFormFromSections(additionalInfoSectionsFromForm(form))).toEqual({
      ...form,
      equipmentPurchase: '$85,000',
    });
  });

  it('ignores stored values that are neither text nor numbers', () => {
    expect(
      additionalInfoFormFromSections({ market_analysis: { targetCustomers: { html: '<b>' } } }).targetCustomers,
    ).toBe('');
  });
});
