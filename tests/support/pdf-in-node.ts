import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfMake from 'pdfmake';
import { pdfFontFiles, pdfFontsIn } from '../../shared/pdf/layout.ts';

const require = createRequire(import.meta.url);

/** pdfmake's Roboto directory, where the PDF font's files are (shared/pdf/layout.ts). */
export const pdfFontDirectory = path.dirname(require.resolve(`pdfmake/fonts/Roboto/${pdfFontFiles.normal}`));

/**
 * pdfmake in Node (tests and benchmarks) set up as the app renders: the PDF font read from its files, and
 * nothing else readable, from disk or from the network.
 */
export function pdfmakeInNode(): typeof PdfMake {
  // pdfmake's Node build is CommonJS (module.exports is the pdfmake instance).
  const pdfmake = require('pdfmake') as typeof PdfMake;
  const fonts = pdfFontsIn(pdfFontDirectory);
  pdfmake.setFonts(fonts);
  const fontFiles: string[] = Object.values(Object.values(fonts)[0]!);
  pdfmake.setLocalAccessPolicy((file) => fontFiles.includes(file));
  pdfmake.setUrlAccessPolicy(() => false);
  return pdfmake;
}
