import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { documentViewer, viewerFileName } from './show-document.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('opening a kept document in the system viewer', () => {
  it('writes the bytes under the file name, owner-only, and hands the path to the shell', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'loan-match-viewer-'));
    folders.push(folder);
    const opened: string[] = [];
    // Stands in for Electron's shell.openPath (the Electron binary cannot run here): '' means success.
    const show = documentViewer({ folder, openPath: async (filePath) => (opened.push(filePath), '') });
    const filePath = await show(new Uint8Array([37, 80, 68, 70]), 'tax-return-2025.pdf', 'user/taxReturns/1b2c.pdf');
    expect(opened).toEqual([filePath]);
    expect(path.basename(filePath)).toBe('tax-return-2025.pdf');
    expect(filePath.startsWith(folder)).toBe(true);
    expect(readFileSync(filePath)).toEqual(Buffer.from([37, 80, 68, 70]));
    expect(statSync(filePath).mode & 0o777).toBe(0o600);
  });

  it('reports what the shell says when it cannot open the file', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'loan-match-viewer-'));
    folders.push(folder);
    const show = documentViewer({ folder, openPath: async () => 'No application is associated with this file' });
    await expect(show(new Uint8Array(1), 'a.png', 'user/idDocument/1b2c.png')).rejects.toThrow(
      'Could not open a.png: No application is associated with this file',
    );
  });

  it('opens a file under the type the server stored it as, whatever the applicant named it', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'loan-match-viewer-'));
    folders.push(folder);
    const show = documentViewer({ folder, openPath: async () => '' });
    const filePath = await show(new Uint8Array([37, 80, 68, 70]), 'run-me.hta', 'user/taxReturns/1b2c.pdf');
    expect(path.basename(filePath)).toBe('run-me.hta.pdf');
  });
});

describe('the name a kept document is opened under', () => {
  it('keeps a name that already ends in the stored type', () => {
    expect(viewerFileName('Bank Statement March.PDF', 'u/bankStatements/9.pdf')).toBe('Bank Statement March.pdf');
    expect(viewerFileName('scan.jpeg', 'u/idDocument/9.jpeg')).toBe('scan.jpeg');
  });

  it('ends in the stored type, never in an extension the applicant typed', () => {
    expect(viewerFileName('invoice.exe', 'u/taxReturns/9.pdf')).toBe('invoice.exe.pdf');
    expect(viewerFileName('setup.bat', 'u/idDocument/9.png')).toBe('setup.bat.png');
    expect(viewerFileName('no-extension', 'u/leaseAgreement/9.docx')).toBe('no-extension.docx');
  });

  it('leaves out direction overrides, control characters and what Windows forbids', () => {
    // U+202E shows 'invoice\u202Efdp.hta' as 'invoiceath.pdf' in a file manager.
    expect(viewerFileName('invoice\u202Efdp.hta', 'u/taxReturns/9.pdf')).toBe('invoicefdp.hta.pdf');
    expect(viewerFileName('a\u0000b\r\nc\u200Bd.pdf', 'u/taxReturns/9.pdf')).toBe('abcd.pdf');
    expect(viewerFileName('CON: <2025> "tax"|?*.pdf', 'u/taxReturns/9.pdf')).toBe('CON_ _2025_ _tax____.pdf');
    expect(viewerFileName('  trailing dots... .pdf', 'u/taxReturns/9.pdf')).toBe('trailing dots.pdf');
  });

  it('shortens a long name to 150 bytes, whole characters, and names an empty one "document"', () => {
    expect(viewerFileName(`${'名'.repeat(300)}.pdf`, 'u/taxReturns/9.pdf')).toBe(`${'名'.repeat(50)}.pdf`);
    expect(viewerFileName(`x${'😀'.repeat(100)}.pdf`, 'u/taxReturns/9.pdf')).toBe(`x${'😀'.repeat(37)}.pdf`);
    expect(viewerFileName('\u202E', 'u/taxReturns/9.pdf')).toBe('document.pdf');
    // Never a hidden file.
    expect(viewerFileName('.pdf', 'u/taxReturns/9.pdf')).toBe('pdf.pdf');
    expect(viewerFileName('. . .', 'u/taxReturns/9.pdf')).toBe('document.pdf');
  });

  it('refuses a document stored as a type the portal does not accept', () => {
    expect(() => viewerFileName('page.html', 'u/taxReturns/9.html')).toThrow(
      'This document was not stored as a type this app opens',
    );
  });
});
