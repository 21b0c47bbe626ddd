import { uploadContentTypes } from '../../shared/catalogue/documents.ts';
import { fileTypeFromFile } from 'file-type';
import { extensionOf } from './object-names.ts';

/** Content type by extension: the product's accepted upload types (shared/catalogue/documents.ts). */
export const mimeByExtension: Readonly<Record<string, string>> = uploadContentTypes;

/** The content type an upload with this (lower-cased) extension is checked against, if it is one we accept. */
export function checkedTypeOf(extension: string): string | undefined {
  return Object.hasOwn(mimeByExtension, extension) ? mimeByExtension[extension] : undefined;
}

/**
 * What file-type detects from the bytes of each extension. Legacy Office files (.doc, .xls) are OLE
 * compound files, detected as 'cfb'.
 */
const signatureByExtension: Record<string, string[]> = {
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
};

/**
 * True when the stored bytes are what the extension claims (a PDF really starts like a PDF, a PNG
 * like a PNG...). An extension without a known signature passes only if no binary signature is found.
 */
export async function contentMatchesExtension(file: string, extension: string): Promise<boolean> {
  const detected = await fileTypeFromFile(file);
  const expected = Object.hasOwn(signatureByExtension, extension) ? signatureByExtension[extension] : undefined;
  if (!expected) return detected === undefined;
  return detected !== undefined && expected.includes(detected.ext);
}

/** True when the bucket allows this content type (null or empty list: anything). */
export function isAllowedMime(allowed: string[] | null, mime: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((pattern) =>
    pattern.endsWith('/*') ? mime.startsWith(pattern.slice(0, -1)) : pattern.toLowerCase() === mime.toLowerCase(),
  );
}

/** Types a browser may show in its own tab (its PDF viewer, an image); anything else is a download. */
const shownInline = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/**
 * How a stored file goes out: with the type the upload check gives its extension (the bytes were checked
 * against it), never a type taken from elsewhere. A file whose stored type is not that one (HTML, SVG, a
 * type set by hand or by an older version) goes out as application/octet-stream and as an attachment, so a
 * browser never renders it on this origin.
 */
export function deliveryOf(
  name: string,
  storedType: unknown,
  asDownload: boolean,
): { contentType: string; disposition: 'inline' | 'attachment' } {
  const checked = checkedTypeOf(extensionOf(name));
  if (!checked || storedType !== checked) return { contentType: 'application/octet-stream', disposition: 'attachment' };
  return { contentType: checked, disposition: asDownload || !shownInline.has(checked) ? 'attachment' : 'inline' };
}
