import { describe, expect, it } from 'vitest';
import { saveFilterForType, saveFiltersForName } from './file-filters.ts';

describe('save dialog filters', () => {
  it('names PDF documents and text files by type', () => {
    expect(saveFilterForType('application/pdf')).toEqual({ name: 'PDF documents', extensions: ['pdf'] });
    expect(saveFilterForType('text/plain')).toEqual({ name: 'Text files', extensions: ['txt'] });
  });

  it('defaults from the extension of the suggested name, in any case', () => {
    expect(saveFiltersForName('pre-application-letter-lopez-family-bakery.pdf')).toEqual([
      { name: 'PDF documents', extensions: ['pdf'] },
    ]);
    expect(saveFiltersForName('term-sheet.TXT')).toEqual([{ name: 'Text files', extensions: ['txt'] }]);
  });

  it('shows every file for another extension or none', () => {
    expect(saveFiltersForName('package.zip')).toEqual([]);
    expect(saveFiltersForName('README')).toEqual([]);
    expect(saveFiltersForName('archive.pdf.')).toEqual([]);
  });

  it('hands out copies, so a caller cannot change the next dialog', () => {
    saveFilterForType('application/pdf').extensions.push('exe');
    saveFiltersForName('a.txt')[0]!.extensions.push('exe');
    expect(saveFilterForType('application/pdf').extensions).toEqual(['pdf']);
    expect(saveFiltersForName('a.txt')[0]!.extensions).toEqual(['txt']);
  });
});
