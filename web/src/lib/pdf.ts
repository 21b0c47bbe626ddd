import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * Renders a pdfmake document definition (shared/pdf) to PDF bytes in the browser. pdfmake and its Helvetica
 * metrics load on first use, in a chunk of their own.
 */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Uint8Array> {
  const [loaded, helvetica] = await Promise.all([
    import('pdfmake/build/pdfmake'),
    import('pdfmake/build/standard-fonts/Helvetica.js'),
  ]);
  // A CommonJS bundle: the bundler hands it over as the module's default export.
  const pdfMake = ('default' in loaded ? loaded.default : loaded) as typeof loaded;
  pdfMake.addFontContainer(helvetica.default);
  const buffer: unknown = await pdfMake.createPdf(definition).getBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
