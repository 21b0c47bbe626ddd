import { describe, expect, it } from 'vitest';
import { refuseBeforeUpload, rowRefused } from './document-upload.ts';

describe('refuseBeforeUpload', () => {
  it('lets a name of up to 255 characters through, counting characters (an emoji is one), not UTF-16 units', () => {
    expect(refuseBeforeUpload({ name: `${'W'.repeat(251)}.pdf`, size: 10 })).toBeNull();
    expect(refuseBeforeUpload({ name: `${'📄'.repeat(251)}.pdf`, size: 10 })).toBeNull();
  });

  it('refuses a longer name in words, before any byte is sent (a documents row would refuse it, never cut it)', () => {
    expect(refuseBeforeUpload({ name: `${'W'.repeat(252)}.pdf`, size: 10 })).toBe(
      `"${'W'.repeat(40)}…" has a name longer than 255 characters. Please rename the file and upload it again.`,
    );
  });
});

describe('the 25 MB limit, before any byte is sent', () => {
  const mb = 1024 * 1024;

  it('lets a file of exactly 25 MB through and refuses one byte more, in words', () => {
    expect(refuseBeforeUpload({ name: 'returns.pdf', size: 25 * mb })).toBeNull();
    expect(refuseBeforeUpload({ name: 'returns.pdf', size: 25 * mb + 1 })).toMatch(/returns\.pdf.*25 MB/);
  });

  it('refuses a type the portal does not take whatever its size', () => {
    expect(refuseBeforeUpload({ name: 'setup.exe', size: 10 })).toMatch(/setup\.exe/);
  });
});

describe('rowRefused', () => {
  it('tells a refusal of the documents row (a server error kept as the cause) from the portal’s own refusals', () => {
    const refusal = {
      code: 'PT409',
      message: 'Your loan officer cancelled this request, so it needs no upload any more',
    };
    expect(rowRefused(new Error(refusal.message, { cause: refusal }))).toBe(true);
    expect(rowRefused(new Error('"notes.txt" is not an accepted file type.'))).toBe(false);
    expect(rowRefused(new Error('Upload failed', { cause: new Error('network') }))).toBe(false);
    expect(rowRefused('Upload failed')).toBe(false);
  });
});
