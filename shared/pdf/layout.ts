import type { Content, Node, Size, TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';
import { brand } from '../brand/brand.ts';

/**
 * What every generated PDF shares: the standard Helvetica font (built into every PDF reader, so no font file
 * ships), letter-size pages with 1-inch margins, 12 pt text, and the company's name, phone and e-mail.
 *
 * Renderers register the font: in Node `pdfmake.setFonts(pdfFonts)` and allow these four names in
 * `setLocalAccessPolicy` (see pdf/documents.test.ts); in the browser `pdfMake.addFontContainer(helvetica)` with
 * `helvetica` from 'pdfmake/build/standard-fonts/Helvetica.js' (its metrics and this same font dictionary).
 */
export const PDF_FONT = 'Helvetica';

export const pdfFonts = {
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
} satisfies TFontDictionary;

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

/** Letter size, 1-inch margins, 12 pt Helvetica; headings kept with what follows them. */
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
 * Any character the standard Helvetica font cannot show: it has those of Windows-1252 only (printable ASCII,
 * Latin-1 and, at 0x80-0x9F, the punctuation and letters listed). Line breaks and tabs stay, and so does the
 * zero-width space `breakable` adds (pdfmake reads it as a break opportunity and prints nothing).
 */
const outsideStandardFont = /[^\t\n\r\x20-\x7e\xa0-\xff\u200b€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu;

/**
 * Every text in a document definition (strings however deep), each character the standard font cannot show
 * replaced with '?': the PDF would otherwise print an unrelated letter or a dot for Chinese, an emoji or a
 * direction control such as U+202E. Everything else reaches the page as typed.
 */
export function inStandardFont<T>(content: T): T {
  if (typeof content === 'string') return content.replace(outsideStandardFont, '?') as T;
  if (Array.isArray(content)) return content.map((item: unknown) => inStandardFont(item)) as T;
  if (typeof content === 'object' && content !== null) {
    return Object.fromEntries(Object.entries(content).map(([key, item]) => [key, inStandardFont(item)])) as T;
  }
  return content;
}

/**
 * Text a table cell can wrap: pdfmake keeps a word wider than its cell on one clipped line (a 10,000-character
 * value would show 32 characters), so long runs without a space get a zero-width break opportunity every 30
 * characters. Nothing visible changes; nothing is lost.
 */
export function breakable(text: string): string {
  return text.replace(/\S{30,}/g, (run) => run.replace(/(\S{30})(?=\S)/g, '$1\u200B'));
}

/** A two-column table of labels (bold) and values. */
export function labelValueTable(rows: readonly { label: string; value: string }[]): Content {
  return {
    table: {
      widths: [170, '*'],
      body: rows.map((row) => [{ text: row.label, bold: true }, breakable(row.value)]),
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
      body: [header.map((text) => ({ text, bold: true })), ...rows.map((row) => row.map(breakable))],
    },
    layout: 'lightHorizontalLines',
  };
}
