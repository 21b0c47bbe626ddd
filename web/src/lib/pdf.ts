import type * as PdfMakeModule from 'pdfmake/build/pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import mediumUrl from 'pdfmake/fonts/Roboto/Roboto-Medium.ttf?url';
import regularUrl from 'pdfmake/fonts/Roboto/Roboto-Regular.ttf?url';
import { pdfFontFiles, pdfFonts } from '../../../shared/pdf/layout.ts';

/** A file's bytes in base64, as pdfmake's virtual file system takes them. */
function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(reader.error ?? new Error('The PDF font could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** The font files (shared/pdf/layout.ts), assets of the build: in base64 by their names, for pdfmake's virtual file system. */
async function readFontFiles(): Promise<Record<string, string>> {
  const read = async (url: string) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`The PDF font could not be loaded (${response.status})`);
    return base64Of(await response.blob());
  };
  const [regularBytes, mediumBytes] = await Promise.all([read(regularUrl), read(mediumUrl)]);
  return { [pdfFontFiles.normal]: regularBytes, [pdfFontFiles.bold]: mediumBytes };
}

type PdfMake = typeof PdfMakeModule;

/** pdfmake with the PDF font registered, made once on the first PDF; a failed start is tried again by the next PDF. */
let ready: Promise<PdfMake> | null = null;
function pdfMakeWithFonts(): Promise<PdfMake> {
  ready ??= (async () => {
    const [loaded, files] = await Promise.all([import('pdfmake/build/pdfmake'), readFontFiles()]);
    // A CommonJS bundle: the bundler hands it over as the module's default export.
    const pdfMake = ('default' in loaded ? loaded.default : loaded) as PdfMake;
    pdfMake.addVirtualFileSystem(files);
    pdfMake.addFonts(pdfFonts);
    return pdfMake;
  })().catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

/**
 * Renders a pdfmake document definition (shared/pdf) to PDF bytes in the browser. pdfmake loads on first use,
 * in a chunk of its own, and its Roboto files with it.
 */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Uint8Array> {
  const pdfMake = await pdfMakeWithFonts();
  const buffer: unknown = await pdfMake.createPdf(definition).getBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
