import { describe, expect, it } from 'vitest';
import { brand, legal, marketingClaims, sba7a, telHref } from './brand.ts';

describe('brand constants', () => {
  it('keeps the brand’s required values', () => {
    expect(brand.businessHours).toBe('Mon-Fri 9:00 am - 5 PM EST');
    expect(marketingClaims).toMatchObject({
      maxFinancing: 5_000_000,
      facilitatedDollars: 250_000_000,
      successfulMatches: 500,
      lendingPartners: 50,
      fasterThanAverage: 3,
      servingSince: 2020,
    });
    expect(sba7a).toEqual({ maxAmount: 5_000_000, maxTermYears: 25 });
    expect(legal.lastUpdated).toBe('January 13, 2025');
    expect(legal.minimumAge).toBe(18);
    expect(legal.termsChangeNoticeDays).toBe(30);
  });

  it('marks contact values as placeholders an operator replaces', () => {
    expect(brand.contactEmail).toMatch(/@example\.com$/);
    expect(brand.loansEmail).toMatch(/@example\.com$/);
    expect(brand.contactPhone).toMatch(/^\(555\)/);
    expect(brand.schedulingUrl).toMatch(/^https:\/\/[^/]*example\.com\//);
  });

  it('builds tel: links', () => {
    expect(telHref('(555) 010-4200')).toBe('tel:+15550104200');
  });
});
