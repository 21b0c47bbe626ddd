import { describe, expect, it } from 'vitest';
import { emptyRegistrationForm, type RegistrationForm } from '../catalogue/registration.ts';
import { fieldErrors } from './field-errors.ts';
import { registrationSchema, URL_PATTERN, ZIP_CODE_PATTERN } from './registration.ts';

const complete: RegistrationForm = {
  legalBusinessName: 'Reyes Bakery LLC',
  websiteUrl: 'https://reyesbakery.com',
  noWebsite: false,
  address: '12 Main St',
  suite: '',
  city: 'Reno',
  state: 'NV',
  zipCode: '89501',
  businessStartDate: '2019-04-01',
  agreeToTerms: true,
};

describe('registration rules (product.md §5)', () => {
  it('gives every required message on an empty form', () => {
    expect(fieldErrors(registrationSchema, emptyRegistrationForm)).toEqual({
      legalBusinessName: 'Business name is required',
      websiteUrl: 'Website URL is required',
      address: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      zipCode: 'ZIP code is required',
      businessStartDate: 'Business start date is required',
      agreeToTerms: 'You must agree to the terms',
    });
  });

  it('accepts a complete form with an empty suite', () => {
    expect(fieldErrors(registrationSchema, complete)).toEqual({});
  });

  it('makes the website optional, and unchecked, when "no website" is ticked', () => {
    expect(fieldErrors(registrationSchema, { ...complete, websiteUrl: '', noWebsite: true })).toEqual({});
    expect(fieldErrors(registrationSchema, { ...complete, websiteUrl: 'not a url', noWebsite: true })).toEqual({});
  });

  it.each(['reyesbakery.com', 'www.reyesbakery.com', 'http://reyes-bakery.co', 'https://shop.reyes.bakery/menu?x=1'])(
    'accepts the URL %s',
    (url) => {
      expect(URL_PATTERN.test(url)).toBe(true);
      expect(fieldErrors(registrationSchema, { ...complete, websiteUrl: url })).toEqual({});
    },
  );

  it.each(['reyes', 'ftp://reyes.com', 'reyes.c', 'reyes.toolongtld', 'https://', 'reyes bakery.com'])(
    'refuses the URL %s',
    (url) => {
      expect(fieldErrors(registrationSchema, { ...complete, websiteUrl: url })).toEqual({
        websiteUrl: 'Please enter a valid URL',
      });
    },
  );

  it.each([
    ['89501', true],
    ['89501-1234', true],
    ['8950', false],
    ['895011', false],
    ['89501-123', false],
    ['89501 1234', false],
    ['ABCDE', false],
  ])('ZIP code %s valid: %s', (zip, valid) => {
    expect(ZIP_CODE_PATTERN.test(zip)).toBe(valid);
    expect(fieldErrors(registrationSchema, { ...complete, zipCode: zip })).toEqual(
      valid ? {} : { zipCode: 'Please enter a valid ZIP code' },
    );
  });
});
