import type { Content, Node, Size, TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';
import { brand } from '../brand/brand.ts';

/**
 * What every generated PDF shares: the Roboto font that pdfmake ships (embedded in each PDF, only the letters
 * used), letter-size pages with 1-inch margins, 12 pt text, and the company's name, phone and e-mail.
 *
 * Roboto has Latin with every European and Vietnamese letter, Greek and Cyrillic, so names such as 'Łukasz
 * Dvořák' or 'Nguyễn Thị Hương' print as typed (the 14 standard PDF fonts, used before, know Windows-1252
 * only). Regular, and Medium for bold; nothing is set in italics, and italics would fall back to upright.
 *
 * Renderers register the files under these names: in Node `pdfmake.setFonts(pdfFontsIn(directory))` with
 * pdfmake's fonts/Roboto directory (see pdf/documents.test.ts); in the browser, the files in pdfmake's virtual
 * file system under their names and `pdfFonts` (web/src/lib/pdf.ts).
 */
export const PDF_FONT = 'Roboto';

export const pdfFontFiles = { normal: 'Roboto-Regular.ttf', bold: 'Roboto-Medium.ttf' } as const;

/** The font dictionary, with the files named relative to `directory` ('' for pdfmake's virtual file system). */
export function pdfFontsIn(directory: string) {
  const file = (name: string) => (directory ? `${directory}/${name}` : name);
  const normal = file(pdfFontFiles.normal);
  const bold = file(pdfFontFiles.bold);
  return { [PDF_FONT]: { normal, bold, italics: normal, bolditalics: bold } } satisfies TFontDictionary;
}

export const pdfFonts = pdfFontsIn('');

/** Room a heading needs below its top: itself (with its margins), a table's header row and its first row. */
const HEADING_ROOM_PT = 80;

/**
 * A heading is never left alone at the foot of a page: with less room than it and the start of what it heads
 * need, it moves to the next page (pdfmake asks before placing each node; `heading()` marks headings). The
 * room is measured, not read from where the following nodes landed: a table's header row is first placed on
 * the heading's page and then moved by `keepWithHeaderRows`, so the nodes would say the heading has company.
 */
function headingStaysWithItsContent(node: Node): boolean {
  if (node.headlineLevel !== 1) return false;
  const { pageInnerHeight, verticalRatio } = node.startPosition;
  return pageInnerHeight * (1 - verticalRatio) < HEADING_ROOM_PT;
}

/** Letter size, 1-inch margins, 12 pt Roboto; headings kept with what follows them. */
export const pageSetup = {
  pageSize: 'LETTER',
  pageMargins: [72, 72, 72, 72],
  defaultStyle: { font: PDF_FONT, fontSize: 12, lineHeight: 1.2 },
  styles: {
    company: { fontSize: 16, bold: true },
    title: { fontSize: 18, bold: true, margin: [0, 12, 0, 4] },
    heading: { fontSize: 13, bold: true, margin: [0, 14, 0, 6] },
    small: { fontSize: 10, color: '#444444' },
  },
  pageBreakBefore: headingStaysWithItsContent,
} satisfies Omit<TDocumentDefinitions, 'content'>;

/** A section heading, kept on the page of what it heads. */
export function heading(text: string): Content {
  return { text, style: 'heading', headlineLevel: 1 };
}

/** The company block at the top of every document. */
export function companyHeader(): Content {
  return {
    stack: [
      { text: brand.productName, style: 'company' },
      { text: `${brand.contactPhone} | ${brand.loansEmail}`, style: 'small' },
    ],
    margin: [0, 0, 0, 18],
  };
}

/**
 * The characters Roboto has (regular and medium have the same), as ranges of code points, without the
 * controls, private-use and special code points its map also lists. pdf/documents.test.ts checks this list
 * against the font files, so a pdfmake upgrade with other fonts cannot go unnoticed.
 */
// prettier-ignore
export const pdfFontCharacters: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], [0xa0, 0x17f], [0x18f, 0x18f], [0x192, 0x192], [0x1a0, 0x1a1], [0x1af, 0x1b0], [0x1f0, 0x1f0],
  [0x1fa, 0x1ff], [0x218, 0x21b], [0x237, 0x237], [0x259, 0x259], [0x2bc, 0x2bc], [0x2c6, 0x2c7], [0x2c9, 0x2c9],
  [0x2d8, 0x2dd], [0x2f3, 0x2f3], [0x300, 0x301], [0x303, 0x303], [0x309, 0x309], [0x30f, 0x30f], [0x323, 0x323],
  [0x384, 0x38a], [0x38c, 0x38c], [0x38e, 0x3a1], [0x3a3, 0x3ce], [0x3d1, 0x3d2], [0x3d6, 0x3d6], [0x400, 0x486],
  [0x488, 0x513], [0x1e00, 0x1e01], [0x1e3e, 0x1e3f], [0x1e80, 0x1e85], [0x1e9e, 0x1e9e], [0x1ea0, 0x1ef9], [0x1f4d, 0x1f4d],
  [0x2000, 0x200b], [0x2010, 0x2011], [0x2013, 0x2015], [0x2017, 0x201e], [0x2020, 0x2022], [0x2025, 0x2027], [0x2030, 0x2030],
  [0x2032, 0x2033], [0x2039, 0x203a], [0x203c, 0x203c], [0x2044, 0x2044], [0x2070, 0x2070], [0x2074, 0x208e], [0x20a3, 0x20a4],
  [0x20a6, 0x20ac], [0x20b1, 0x20b1], [0x20b9, 0x20ba], [0x20bc, 0x20bd], [0x20c1, 0x20c1], [0x2105, 0x2105], [0x2113, 0x2113],
  [0x2116, 0x2116], [0x2122, 0x2122], [0x2126, 0x2126], [0x212e, 0x212e], [0x215b, 0x215e], [0x2202, 0x2202], [0x2206, 0x2206],
  [0x220f, 0x220f], [0x2211, 0x2212], [0x221a, 0x221a], [0x221e, 0x221e], [0x222b, 0x222b], [0x2248, 0x2248], [0x2260, 0x2260],
  [0x2264, 0x2265], [0x25a0, 0x25a0], [0x25ca, 0x25cb], [0x25cf, 0x25cf], [0xfb01, 0xfb04],
];

/**
 * Any character the PDF font cannot show. Line breaks and tabs stay, and so does the zero-width space
 * `breakable` adds (pdfmake reads it as a break opportunity and prints nothing). Direction controls such as
 * U+202E are not in the font, so they are never obeyed.
 */
const outsidePdfFont = new RegExp(
  `[^\\t\\n\\r${pdfFontCharacters.map(([from, to]) => `\\u{${from.toString(16)}}-\\u{${to.toString(16)}}`).join('')}]`,
  'gu',
);

/** Every text of `content` (strings however deep) in the PDF font; long runs also breakable when `breakRuns`. */
function textsInPdfFont<T>(content: T, breakRuns: boolean): T {
  if (typeof content === 'string') {
    const shown = content.replace(outsidePdfFont, '?');
    return (breakRuns ? breakable(shown) : shown) as T;
  }
  if (Array.isArray(content)) return content.map((item: unknown) => textsInPdfFont(item, breakRuns)) as T;
  if (typeof content === 'object' && content !== null) {
    return Object.fromEntries(
      Object.entries(content).map(([key, item]) => [key, textsInPdfFont(item, breakRuns)]),
    ) as T;
  }
  return content;
}

/**
 * A document definition as it can be printed:
 * - every text (strings however deep) has each character the PDF font cannot show replaced with '?': the PDF
 *   would otherwise print nothing or a box for Chinese, an emoji or a direction control such as U+202E;
 * - every text on the page can wrap (`breakable`); the metadata (`info`) keeps its texts whole.
 * Everything else reaches the page as typed.
 */
export function printable(definition: TDocumentDefinitions): TDocumentDefinitions {
  const { info, ...page } = definition;
  return { ...textsInPdfFont(page, true), ...(info ? { info: textsInPdfFont(info, false) } : {}) };
}

/**
 * Text that can wrap: pdfmake keeps a word wider than its line or cell on one clipped line (a 10,000-character
 * value would show 32 characters in a cell), and it splits one wider than the page slowly, by measuring ever
 * longer parts of it (seconds for 10,000 characters in an embedded font). So long runs without a space get a
 * zero-width break opportunity every 30 characters. Nothing visible changes; nothing is lost.
 */
function breakable(text: string): string {
  return text.replace(/\S{30,}/g, (run) => run.replace(/(\S{30})(?=\S)/g, '$1\u200B'));
}

/** A two-column table of labels (bold) and values. */
export function labelValueTable(rows: readonly { label: string; value: string }[]): Content {
  return {
    table: {
      widths: [170, '*'],
      body: rows.map((row) => [{ text: row.label, bold: true }, row.value]),
    },
    layout: 'lightHorizontalLines',
  };
}

/** A table with a bold header row. */
export function headedTable(header: readonly string[], rows: readonly string[][], widths: Size[]): Content {
  return {
    table: {
      // The header row repeats on each page and never stands alone at a page's foot.
      headerRows: 1,
      keepWithHeaderRows: 1,
      widths,
      body: [header.map((text) => ({ text, bold: true })), ...rows],
    },
    layout: 'lightHorizontalLines',
  };
}
