import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { documentViewer, forgetShownDocuments, INTERNET_ZONE_MARK } from './show-document.ts';

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

  it('marks the file as from the internet on Windows, so that Office opens it in Protected View', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'loan-match-viewer-'));
    folders.push(folder);
    // On NTFS the mark is the file's Zone.Identifier stream; elsewhere the same name is a file beside it, which
    // is how this test reads what was written.
    const windows = documentViewer({ folder, openPath: async () => '', platform: 'win32' });
    const marked = await windows(new Uint8Array([208, 207]), 'forecast.xls', 'user/financials/1b2c.xls');
    expect(readFileSync(`${marked}:Zone.Identifier`, 'utf8')).toBe('[ZoneTransfer]\r\nZoneId=3\r\n');
    expect(INTERNET_ZONE_MARK).toContain('ZoneId=3');
    const linux = documentViewer({ folder, openPath: async () => '', platform: 'linux' });
    const plain = await linux(new Uint8Array([208, 207]), 'forecast.xls', 'user/financials/1b2c.xls');
    expect(existsSync(`${plain}:Zone.Identifier`)).toBe(false);
  });

  it('removes every copy handed to the viewer, and a folder never made is no problem', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'loan-match-viewer-'));
    folders.push(folder);
    const show = documentViewer({ folder, openPath: async () => '' });
    const first = await show(new Uint8Array([37, 80, 68, 70]), 'tax-return-2025.pdf', 'user/taxReturns/1b2c.pdf');
    const second = await show(new Uint8Array([37, 80, 68, 70]), 'bank-statement.pdf', 'user/bankStatements/9f.pdf');
    forgetShownDocuments(folder);
    expect(existsSync(first)).toBe(false);
    expect(existsSync(second)).toBe(false);
    expect(readdirSync(folder)).toEqual([]);
    expect(() => forgetShownDocuments(path.join(folder, 'never-made'))).not.toThrow();
  });
});
