import { describe, expect, it } from 'vitest';
import { checkedTypeOf, deliveryOf } from './content-types.ts';

describe('deliveryOf: how a stored file goes out', () => {
  it('shows PDFs and images inline with their checked type, and downloads them when asked', () => {
    expect(deliveryOf('u/taxReturns/a.pdf', 'application/pdf', false)).toEqual({
      contentType: 'application/pdf',
      disposition: 'inline',
    });
    expect(deliveryOf('u/idDocument/a.JPG', 'image/jpeg', false)).toEqual({
      contentType: 'image/jpeg',
      disposition: 'inline',
    });
    expect(deliveryOf('u/idDocument/a.png', 'image/png', true)).toEqual({
      contentType: 'image/png',
      disposition: 'attachment',
    });
  });

  it('always downloads Office files', () => {
    expect(deliveryOf('u/financialStatements/a.xlsx', checkedTypeOf('xlsx'), false)).toEqual({
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      disposition: 'attachment',
    });
  });

  it('never serves a type other than the checked one: HTML, SVG or a mismatch go out as octet-stream attachments', () => {
    const refused = { contentType: 'application/octet-stream', disposition: 'attachment' };
    expect(deliveryOf('u/x/page.html', 'text/html', false)).toEqual(refused);
    expect(deliveryOf('u/x/logo.svg', 'image/svg+xml', false)).toEqual(refused);
    expect(deliveryOf('u/x/a.pdf', 'text/html', false)).toEqual(refused);
    expect(deliveryOf('u/x/a.pdf', undefined, false)).toEqual(refused);
    expect(deliveryOf('u/x/noextension', 'application/pdf', false)).toEqual(refused);
    expect(deliveryOf('u/x/a.constructor', 'application/pdf', false)).toEqual(refused);
  });
});

describe('checkedTypeOf', () => {
  it('knows only the accepted upload extensions, not names inherited by every object', () => {
    expect(checkedTypeOf('pdf')).toBe('application/pdf');
    expect(checkedTypeOf('html')).toBeUndefined();
    expect(checkedTypeOf('constructor')).toBeUndefined();
    expect(checkedTypeOf('__proto__')).toBeUndefined();
  });
});
