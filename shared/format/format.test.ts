import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { earliestUsToday, formatDateTime, formatLongDate, formatTime, knownTimeZone } from './dates.ts';
import { formatUsd, formatUsdInput, parseMoney, parseMoneyInput } from './money.ts';
import { formatCount, formatDays, formatMonths, formatPercent, formatRatio, NOT_AVAILABLE } from './numbers.ts';
import { compareNames, compareText } from './order.ts';

describe('parseMoney (product.md §5)', () => {
  it.each([
    ['$1,250,000', 1_250_000],
    ['1250.50', 1250.5],
    ['$ 4,000.75 per month', 4000.75],
    ['', 0],
    ['   ', 0],
    ['none', 0],
    ['-500', 500],
    ['.5', 0.5],
    ['1.2.3', 1.2],
    [null, 0],
    [undefined, 0],
    [42, 42],
    [Number.NaN, 0],
  ])('%j gives %d', (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });
});

describe('a dollar amount typed into a form', () => {
  it('reads dollars, thousands commas, cents, and k or M for thousands or millions', () => {
    expect(
      ['85000', '$85,000', ' $ 85,000 ', '85,000.75', '50k', '50 K', '$1.2M', '1.5m', '.5', '0'].map(parseMoneyInput),
    ).toEqual([85_000, 85_000, 85_000, 85_000.75, 50_000, 50_000, 1_200_000, 1_500_000, 0.5, 0]);
  });

  it('is not an amount when it is not one, rather than another amount', () => {
    for (const text of ['', 'abc', '-5', '1,2,3', '12,34', '$', 'k', '5e3', '1.2.3', '12 dollars', '50kk']) {
      expect(parseMoneyInput(text)).toBeNull();
    }
  });

  it('is not an amount when too large to keep to the cent, rather than a rounded one', () => {
    expect(parseMoneyInput('90,000,000,000,000')).toBe(90_000_000_000_000);
    for (const text of ['99999999999999999999', '100,000,000,000,000', '90000000000000000k', '1'.repeat(400)]) {
      expect(parseMoneyInput(text)).toBeNull();
    }
  });

  it('is shown in dollars, with cents only when it has some', () => {
    expect([85_000, 85_000.75, 0.5, 1_200_000].map(formatUsdInput)).toEqual([
      '$85,000',
      '$85,000.75',
      '$0.50',
      '$1,200,000',
    ]);
  });
});

describe('formatting (product.md §9)', () => {
  it.each([
    [250_000, '$250,000'],
    [1_234_567.89, '$1,234,568'],
    [0, '$0'],
    [99.5, '$100'],
    [Infinity, NOT_AVAILABLE],
    [Number.NaN, NOT_AVAILABLE],
  ])('formatUsd(%d) is %s', (amount, text) => {
    expect(formatUsd(amount)).toBe(text);
  });

  it.each([
    [1.25, '1.25'],
    [2, '2.00'],
    [0.666, '0.67'],
    [Infinity, 'N/A'],
    [-Infinity, 'N/A'],
    [Number.NaN, 'N/A'],
  ])('formatRatio(%d) is %s', (value, text) => {
    expect(formatRatio(value)).toBe(text);
  });

  it.each([
    [15, '15.0%'],
    [7.25, '7.3%'],
    [0, '0.0%'],
    [Infinity, 'N/A'],
    [Number.NaN, 'N/A'],
  ])('formatPercent(%d) is %s', (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });

  it.each([
    [1, '1 day'],
    [0, '0 days'],
    [14, '14 days'],
  ])('formatDays(%d) is %s', (value, text) => {
    expect(formatDays(value)).toBe(text);
  });

  it.each([
    [24, '24 months'],
    [23.6, '24 months'],
    [1, '1 month'],
    [0, '0 months'],
    [Infinity, 'N/A'],
  ])('formatMonths(%d) is %s', (value, text) => {
    expect(formatMonths(value)).toBe(text);
  });

  it.each([
    ['2025-01-13T12:00:00Z', 'UTC', 'January 13, 2025'],
    ['2025-01-14T03:00:00Z', 'America/New_York', 'January 13, 2025'],
    ['2026-12-31T23:30:00-05:00', 'America/New_York', 'December 31, 2026'],
  ])('formatLongDate(%s, %s) is %s', (iso, zone, text) => {
    expect(formatLongDate(iso, zone)).toBe(text);
    expect(formatLongDate(new Date(iso), zone)).toBe(text);
  });

  it('uses the runtime zone by default and says N/A for an invalid date', () => {
    expect(formatLongDate(new Date(2025, 0, 13, 12))).toBe('January 13, 2025');
    expect(formatLongDate('not a date')).toBe('N/A');
  });

  it.each([
    ['2026-11-23T20:05:00Z', 'UTC', 'Nov 23, 2026, 8:05 PM'],
    ['2026-11-23T20:05:00Z', 'America/Los_Angeles', 'Nov 23, 2026, 12:05 PM'],
    ['2026-01-01T04:30:00Z', 'America/New_York', 'Dec 31, 2025, 11:30 PM'],
  ])('formatDateTime(%s, %s) is %s', (iso, zone, text) => {
    // Intl may put a narrow no-break space before AM/PM: compared as the reader sees it.
    expect(formatDateTime(iso, zone).replace(/\s/gu, ' ')).toBe(text);
    expect(formatDateTime(new Date(iso), zone).replace(/\s/gu, ' ')).toBe(text);
  });

  it('formats a time of day alone, in the zone asked for, and says N/A for an invalid date', () => {
    expect(formatTime('2026-11-23T20:05:00Z', 'America/Los_Angeles').replace(/\s/gu, ' ')).toBe('12:05 PM');
    expect(formatTime(new Date(2025, 0, 13, 15, 5)).replace(/\s/gu, ' ')).toBe('3:05 PM');
    expect(formatTime('not a date')).toBe(NOT_AVAILABLE);
  });

  it('formats each time zone in its own zone, whatever zone was asked for before', () => {
    const instant = '2025-01-14T03:00:00Z';
    expect(formatLongDate(instant, 'UTC')).toBe('January 14, 2025');
    expect(formatLongDate(instant, 'America/New_York')).toBe('January 13, 2025');
    expect(formatLongDate(instant, 'UTC')).toBe('January 14, 2025');
    expect(formatDateTime(instant, 'UTC').replace(/\s/gu, ' ')).toBe('Jan 14, 2025, 3:00 AM');
    expect(formatDateTime(instant, 'America/New_York').replace(/\s/gu, ' ')).toBe('Jan 13, 2025, 10:00 PM');
  });

  it('uses the runtime zone by default for a date and time and says N/A for an invalid one', () => {
    expect(formatDateTime(new Date(2025, 0, 13, 15, 5)).replace(/\s/gu, ' ')).toBe('Jan 13, 2025, 3:05 PM');
    expect(formatDateTime('not a date')).toBe('N/A');
  });
});

describe('a time zone sent by a browser', () => {
  it('is kept when the runtime knows it', () => {
    expect(knownTimeZone('America/Denver')).toBe('America/Denver');
    expect(knownTimeZone('UTC')).toBe('UTC');
  });

  it.each([[undefined], [42], [''], ['Mars/Olympus_Mons'], ['x'.repeat(65)]])('is dropped when it is %j', (value) => {
    expect(knownTimeZone(value)).toBeUndefined();
  });
});

describe('earliestUsToday', () => {
  it('is the day of American Samoa: in a US evening, when UTC is already tomorrow, still the US today', () => {
    // 7 pm in New York on November 27 is 00:00 UTC on the 28th and 1 pm in Pago Pago on the 27th.
    expect(earliestUsToday(new Date('2026-11-28T00:00:00Z'))).toBe('2026-11-27');
    // Just before midnight in Pago Pago (UTC-11): still the 27th; a minute later the 28th.
    expect(earliestUsToday(new Date('2026-11-28T10:59:00Z'))).toBe('2026-11-27');
    expect(earliestUsToday(new Date('2026-11-28T11:00:00Z'))).toBe('2026-11-28');
  });
});

/**
 * The dollar amounts and long dates a page shows are written without Intl (the first Intl object costs a page its
 * ICU data): they must read exactly as Intl's en-US formats would.
 */
describe('amounts and dates written without Intl', () => {
  const intlUsd = (amount: number, decimals: number) =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(amount);
  const longDateOptions = { year: 'numeric', month: 'long', day: 'numeric' } as const;
  const zoneBefore = process.env.TZ;
  afterEach(() => {
    if (zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = zoneBefore;
  });

  it.each([
    [-1250, '-$1,250'],
    [-0, '-$0'],
    [-0.4, '-$0'],
    [0.5, '$1'],
    [2.5, '$3'],
    [999_999.5, '$1,000,000'],
    [1e21, intlUsd(1e21, 0)],
  ])('formatUsd(%d) is what Intl writes: %s', (amount, text) => {
    expect(formatUsd(amount)).toBe(text);
    expect(formatUsd(amount)).toBe(intlUsd(amount, 0));
  });

  it('writes any amount as Intl does, without and with cents', () => {
    const amounts = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e22, max: 1e22 }),
      fc.integer({ min: -10_000_000, max: 10_000_000 }).map((cents) => cents / 100),
      fc.integer({ min: -2_000_000, max: 2_000_000 }).map((halves) => halves / 2),
      fc.integer({ min: -2_000, max: 2_000 }).map((thousandths) => thousandths / 1000 + 0.005),
    );
    fc.assert(
      fc.property(amounts, (amount) => {
        expect(formatUsd(amount)).toBe(intlUsd(amount, 0));
        expect(formatUsdInput(amount)).toBe(intlUsd(amount, Number.isInteger(amount) ? 0 : 2));
      }),
      { numRuns: 5_000 },
    );
  });

  it.each(['UTC', 'America/Denver', 'Pacific/Chatham', 'Asia/Kolkata'])(
    'writes any date as Intl does, in UTC and in the runtime’s zone (%s)',
    (zone) => {
      process.env.TZ = zone;
      // Made once the runtime's zone is set, as a browser's Intl reads it.
      const local = new Intl.DateTimeFormat('en-US', longDateOptions);
      const utc = new Intl.DateTimeFormat('en-US', { ...longDateOptions, timeZone: 'UTC' });
      const dates = fc.date({
        min: new Date('1583-01-01T00:00:00Z'),
        max: new Date('9999-12-31T23:59:59Z'),
        noInvalidDate: true,
      });
      fc.assert(
        fc.property(dates, (date) => {
          expect(formatLongDate(date)).toBe(local.format(date));
          expect(formatLongDate(date, 'UTC')).toBe(utc.format(date));
          expect(formatLongDate(date.toISOString())).toBe(local.format(date));
        }),
        { numRuns: 2_000 },
      );
    },
  );
});

describe('counts and orders written without Intl', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [10_000, '10,000'],
    [-1_234_567, '-1,234,567'],
    [1.5, '1.5'],
  ])('formatCount(%d) is %s', (value, text) => {
    expect(formatCount(value)).toBe(text);
    expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
  });

  it('writes any safe integer as toLocaleString does', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (value) => {
        expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
      }),
      { numRuns: 2_000 },
    );
  });

  it('orders the database’s timestamps by time, a shorter fraction of a second first', () => {
    const thisCentury = fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    const stamps = [
      '2026-11-30T23:51:32.125+00:00',
      '2026-11-30T23:51:32+00:00',
      '2026-11-30T23:51:32.12+00:00',
      '2025-12-01T00:00:00+00:00',
    ];
    expect([...stamps].sort(compareText)).toEqual([
      '2025-12-01T00:00:00+00:00',
      '2026-11-30T23:51:32+00:00',
      '2026-11-30T23:51:32.12+00:00',
      '2026-11-30T23:51:32.125+00:00',
    ]);
    fc.assert(
      fc.property(thisCentury, thisCentury, (a, b) => {
        const asDatabase = (date: Date) => date.toISOString().replace('.000Z', '+00:00').replace('Z', '+00:00');
        expect(Math.sign(compareText(asDatabase(a), asDatabase(b)))).toBe(Math.sign(a.getTime() - b.getTime()));
      }),
    );
  });

  it('orders names alphabetically, capitals and small letters alike', () => {
    expect(['bank of Ames', 'Zenith Capital', 'Acme Lending', 'acme lending'].sort(compareNames)).toEqual([
      'Acme Lending',
      'acme lending',
      'bank of Ames',
      'Zenith Capital',
    ]);
  });
});
