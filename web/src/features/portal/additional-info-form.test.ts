import { describe, expect, it } from 'vitest';
import { formatMoneyInput, latestVersion } from './additional-info-form.tsx';

describe('latestVersion', () => {
  it('is the later of two updated_at values as the server writes them, fractions of any length included', () => {
    expect(latestVersion('2026-11-24T10:00:00.5+00:00', '2026-11-24T10:00:00.45+00:00')).toBe(
      '2026-11-24T10:00:00.5+00:00',
    );
    expect(latestVersion('2026-11-24T10:00:00+00:00', '2026-11-24T10:00:00.000001+00:00')).toBe(
      '2026-11-24T10:00:00.000001+00:00',
    );
    expect(latestVersion('2026-11-24T10:00:01+00:00', '2026-11-24T10:00:00.999999+00:00')).toBe(
      '2026-11-24T10:00:01+00:00',
    );
  });

  it('is whichever is known when the other is not, and null when neither is', () => {
    expect(latestVersion(null, '2026-11-24T10:00:00+00:00')).toBe('2026-11-24T10:00:00+00:00');
    expect(latestVersion('2026-11-24T10:00:00+00:00', null)).toBe('2026-11-24T10:00:00+00:00');
    expect(latestVersion(null, null)).toBeNull();
  });
});

describe('formatMoneyInput', () => {
  it('writes an amount in dollars and leaves text that is not one as typed', () => {
    expect(formatMoneyInput('85000')).toBe('$85,000');
    expect(formatMoneyInput('85k')).toBe('$85,000');
    expect(formatMoneyInput('eighty')).toBe('eighty');
    expect(formatMoneyInput('  ')).toBe('');
  });
});
