import { describe, expect, it } from 'vitest';
import {
  additionalInfoFields,
  emptyAdditionalInfoForm,
  type AdditionalInfoForm,
} from '../catalogue/additional-info.ts';
import { additionalInfoSchema, MONEY_MESSAGE, PERCENT_MESSAGE, REQUIRED_FIELD_MESSAGE } from './additional-info.ts';
import { fieldErrors } from './field-errors.ts';

const complete: AdditionalInfoForm = {
  ...emptyAdditionalInfoForm,
  borrowerInjectionPercent: '10',
  bankFundingPercent: '90',
  projectDescription: 'A second location',
  companyHistory: 'Family bakery since 2019',
  businessOperations: 'Retail and wholesale bread',
  importExport: 'none',
  businessHours: '6am-6pm',
  physicalLocation: 'Downtown Reno',
  propertyOwnership: 'leased',
  propertyDetails: '2,000 sq ft storefront',
  targetCustomers: 'Local cafes',
  geographicReach: 'Northern Nevada',
  education: 'Culinary school',
  workHistory: '10 years as head baker',
  industryExperience: '15 years',
};

describe('additional-information rules (product.md §5, portal)', () => {
  it('says "This field is required" for exactly the required fields', () => {
    const required = additionalInfoFields.filter((field) => field.required).map((field) => field.name);
    const errors = fieldErrors(additionalInfoSchema, emptyAdditionalInfoForm);
    expect(Object.keys(errors)).toEqual(required);
    expect(new Set(Object.values(errors))).toEqual(new Set([REQUIRED_FIELD_MESSAGE]));
    expect(REQUIRED_FIELD_MESSAGE).toBe('This field is required');
  });

  it('accepts a complete form with the optional fields left empty', () => {
    expect(fieldErrors(additionalInfoSchema, complete)).toEqual({});
  });

  it('takes the percentages as the server’s check does (digits with an optional decimal part), from 0 to 100', () => {
    for (const bad of ['-5', '1e3', '.5', '5.', '12%', 'ten', '100.5', '150']) {
      expect(fieldErrors(additionalInfoSchema, { ...complete, bankFundingPercent: bad })).toEqual({
        bankFundingPercent: PERCENT_MESSAGE,
      });
    }
    expect(fieldErrors(additionalInfoSchema, { ...complete, borrowerInjectionPercent: '-0.5' })).toEqual({
      borrowerInjectionPercent: PERCENT_MESSAGE,
    });
    for (const good of ['0', '20', '12.5', ' 90 ', '100']) {
      expect(fieldErrors(additionalInfoSchema, { ...complete, bankFundingPercent: good })).toEqual({});
    }
  });

  it('takes a money answer only when it is an amount in dollars', () => {
    for (const bad of ['abc', '-5', '1,2,3', '$', '12 dollars', '5e3']) {
      expect(fieldErrors(additionalInfoSchema, { ...complete, equipmentPurchase: bad })).toEqual({
        equipmentPurchase: MONEY_MESSAGE,
      });
    }
    for (const good of ['', '$85,000', '85000', '85,000.75', '50k', '$1.2M']) {
      expect(fieldErrors(additionalInfoSchema, { ...complete, equipmentPurchase: good })).toEqual({});
    }
  });

  it('refuses a choice outside the options, even an optional one', () => {
    expect(fieldErrors(additionalInfoSchema, { ...complete, importExport: 'sometimes', fddStatus: 'lost' })).toEqual({
      importExport: REQUIRED_FIELD_MESSAGE,
      fddStatus: REQUIRED_FIELD_MESSAGE,
    });
    expect(fieldErrors(additionalInfoSchema, { ...complete, fddStatus: 'notApplicable' })).toEqual({});
  });
});
