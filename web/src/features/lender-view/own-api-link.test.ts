import { describe, expect, it } from 'vitest';
import { atOwnApi } from './own-api-link.ts';

describe('atOwnApi', () => {
  const signed =
    'http://127.0.0.1:8080/storage/v1/object/sign/documents/u/taxReturns/a.pdf?token=t.k.n&download=return%202025.pdf';

  it('moves a link signed at an address only the server knows to the page’s own API address', () => {
    expect(atOwnApi(signed, 'https://loans.example.com')).toBe(
      'https://loans.example.com/storage/v1/object/sign/documents/u/taxReturns/a.pdf?token=t.k.n&download=return%202025.pdf',
    );
    expect(atOwnApi(signed, 'https://example.com/api/')).toBe(
      'https://example.com/api/storage/v1/object/sign/documents/u/taxReturns/a.pdf?token=t.k.n&download=return%202025.pdf',
    );
  });

  it('keeps a link already at that address as it is', () => {
    expect(atOwnApi(signed, 'http://127.0.0.1:8080')).toBe(signed);
  });
});
