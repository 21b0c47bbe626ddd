import { describe, expect, it } from 'vitest';
import { documentFileName } from './documents.ts';

describe('the name a document is saved or opened under (desktop viewer, lender and officer downloads)', () => {
  it('keeps a name that already ends in the stored type', () => {
    expect(documentFileName('Bank Statement March.PDF', 'u/bankStatements/9.pdf')).toBe('Bank Statement March.pdf');
    expect(documentFileName('scan.jpeg', 'u/idDocument/9.jpeg')).toBe('scan.jpeg');
  });

  it('ends in the stored type, never in an extension the applicant typed', () => {
    expect(documentFileName('invoice.exe', 'u/taxReturns/9.pdf')).toBe('invoice.exe.pdf');
    expect(documentFileName('setup.bat', 'u/idDocument/9.png')).toBe('setup.bat.png');
    expect(documentFileName('no-extension', 'u/leaseAgreement/9.docx')).toBe('no-extension.docx');
  });

  it('leaves out direction overrides, control characters and what Windows forbids', () => {
    // U+202E shows 'invoice\u202Efdp.hta' as 'invoiceath.pdf' in a file manager.
    expect(documentFileName('invoice\u202Efdp.hta', 'u/taxReturns/9.pdf')).toBe('invoicefdp.hta.pdf');
    expect(documentFileName('a\u0000b\r\nc\u200Bd.pdf', 'u/taxReturns/9.pdf')).toBe('abcd.pdf');
    expect(documentFileName('CON: <2025> "tax"|?*.pdf', 'u/taxReturns/9.pdf')).toBe('CON_ _2025_ _tax____.pdf');
    expect(documentFileName('  trailing dots... .pdf', 'u/taxReturns/9.pdf')).toBe('trailing dots.pdf');
  });

  it('shortens a long name to 150 bytes, whole characters, and names an empty one "document"', () => {
    expect(documentFileName(`${'名'.repeat(300)}.pdf`, 'u/taxReturns/9.pdf')).toBe(`${'名'.repeat(50)}.pdf`);
    expect(documentFileName(`x${'😀'.repeat(100)}.pdf`, 'u/taxReturns/9.pdf')).toBe(`x${'😀'.repeat(37)}.pdf`);
    expect(documentFileName('\u202E', 'u/taxReturns/9.pdf')).toBe('document.pdf');
    // Never a hidden file.
    expect(documentFileName('.pdf', 'u/taxReturns/9.pdf')).toBe('pdf.pdf');
    expect(documentFileName('. . .', 'u/taxReturns/9.pdf')).toBe('document.pdf');
  });

  it('refuses a document stored as a type the portal does not accept', () => {
    expect(() => documentFileName('page.html', 'u/taxReturns/9.html')).toThrow(
      'This document was not stored as a type this app opens',
    );
  });
});
