import { uploadContentTypes } from '../../shared/catalogue/documents.ts';
import { fileTypeFromFile } from 'file-type';

/** Content type by extension: the product's accepted upload types (shared/catalogue/documents.ts). */
export const mimeByExtension: Readonly<Record<string, string>> = uploadContentTypes;

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
  const expected = signatureByExtension[extension];
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
