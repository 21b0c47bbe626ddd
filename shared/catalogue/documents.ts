/**
 * The portal's required documents and what may be uploaded (docs/product.md §3, §5 and §7; docs/architecture.md,
 * Documents bucket).
 */

export const documentTypes = [
  {
    value: 'taxReturns',
    label: 'Tax Returns',
    description: 'Last 3 years of business and personal tax returns',
  },
  {
    value: 'financialStatements',
    label: 'Financial Statements',
    description: 'Year-to-date profit and loss statement and balance sheet',
  },
  { value: 'bankStatements', label: 'Bank Statements', description: 'Last 6 months of business bank statements' },
  { value: 'businessLicense', label: 'Business License', description: 'Current business license' },
  { value: 'leaseAgreement', label: 'Lease Agreement', description: 'Business lease agreement (if applicable)' },
  { value: 'idDocument', label: 'ID Document', description: 'Government-issued photo ID' },
] as const satisfies readonly { value: string; label: string; description: string }[];

export type DocumentType = (typeof documentTypes)[number]['value'];

/**
 * A stored document's type: one of the six, or 'requested' for one an officer asked for beyond them (docs/product.md,
 * Document checklist), filed under its request and stored in the applicant's requested/ folder.
 */
export type StoredDocumentType = DocumentType | 'requested';

/** Accepted upload extensions and the content type each one is stored with. */
export const uploadContentTypes = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
} as const;

export type UploadExtension = keyof typeof uploadContentTypes;

/** Whether a lower-cased extension is one the portal accepts. */
function isUploadExtension(extension: string): extension is UploadExtension {
  return Object.hasOwn(uploadContentTypes, extension);
}

export const uploadExtensions: readonly UploadExtension[] = Object.keys(uploadContentTypes).filter(isUploadExtension);

/** The value of a file input's accept attribute: '.pdf,.doc,...'. */
export const UPLOAD_ACCEPT = uploadExtensions.map((extension) => `.${extension}`).join(',');

/** Private storage bucket the documents live in. */
export const DOCUMENTS_BUCKET = 'documents';

/** The lower-cased extension of a file name ('Scan.PDF' gives 'pdf'), or '' when it has none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The accepted extension of a file name, or undefined when the portal does not accept it. */
export function acceptedUploadExtension(fileName: string): UploadExtension | undefined {
  const extension = fileExtension(fileName);
  return isUploadExtension(extension) ? extension : undefined;
}

/** The most bytes (UTF-8) of the applicant's file name kept in the name a document is saved or opened under. */
const SAVED_STEM_BYTES = 150;

/** The longest start of `text` that fits in `bytes` bytes of UTF-8, cut between characters. */
function startWithin(text: string, bytes: number): string {
  const encoder = new TextEncoder();
  let kept = '';
  let used = 0;
  for (const character of text) {
    used += encoder.encode(character).length;
    if (used > bytes) break;
    kept += character;
  }
  return kept;
}

/**
 * The name a document is saved or opened under, wherever it leaves us (the desktop's viewer, a lender's download,
 * an officer's download in the browser). The system picks the program by the extension, and the applicant chose the
 * file name (the API takes any): the extension is the one the server checked and stored the file with (from its
 * storage path), never the file name's, so 'invoice.hta' or a name turned around by a right-to-left override
 * saves and opens as the PDF, image or office file it was stored as. Control and direction characters and what
 * Windows forbids in a name are left out of the rest. Throws for a storage path of a type the portal never stores.
 */
export function documentFileName(fileName: string, storagePath: string): string {
  const extension = acceptedUploadExtension(storagePath);
  if (!extension) throw new Error('This document was not stored as a type this app opens');
  let stem = fileName
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[<>:"/\\|?*]/g, '_')
    .trim();
  if (fileExtension(stem) === extension) stem = stem.slice(0, -(extension.length + 1));
  stem = startWithin(stem, SAVED_STEM_BYTES)
    .replace(/^[. ]+/, '')
    .replace(/[. ]+$/, '');
  return `${stem || 'document'}.${extension}`;
}

/**
 * Whether a browser shows the stored file in a tab of its own (its PDF viewer, an image); the others (Word,
 * Excel) are downloaded, and storage sends them as attachments whatever is asked.
 */
export function browserShowsInline(storagePath: string): boolean {
  return ['pdf', 'jpg', 'jpeg', 'png'].includes(fileExtension(storagePath));
}

/**
 * Where a document is stored in the bucket: {userId}/{type}/{uuid}.{ext}, a requested one under requested/ (the
 * only folders the bucket's upload policy lets an applicant write).
 */
export function documentStoragePath(
  userId: string,
  type: StoredDocumentType,
  id: string,
  extension: UploadExtension,
): string {
  return `${userId}/${type}/${id}.${extension}`;
}

/** The documents bucket's size limit per file (supabase/migrations/..._documents_bucket.sql): 25 MB. */
export const MAX_UPLOAD_BYTES = 26_214_400;

/** The longest file name a documents row keeps, in characters (documents_file_name_is_given). */
export const MAX_FILE_NAME_LENGTH = 255;

/** The limit as the portal shows it before an upload. */
export const MAX_UPLOAD_LABEL = '25 MB';

/** What the portal tells an applicant about accepted files, next to every upload control. */
export const UPLOAD_RULES_TEXT = `PDF, Word (DOC, DOCX), Excel (XLS, XLSX), JPG or PNG, up to ${MAX_UPLOAD_LABEL} per file`;
