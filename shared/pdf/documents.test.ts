import path from 'node:path';
import * as fontkit from 'fontkit';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { beforeAll, describe, expect, it } from 'vitest';
import { brand } from '../brand/brand.ts';
import { buildExecutiveSummary, packageSnapshot } from '../summary/executive-summary.ts';
import { hostileInputs } from '../testing/hostile-input.ts';
import { pdfFontDirectory, pdfmakeInNode } from '../../tests/support/pdf-in-node.ts';
import { emptyChecklistInput, sampleApplicationRow, sampleChecklistInput } from '../testing/samples.ts';
import { bankPackageDefinition } from './bank-package.ts';
import { pdfFontCharacters, pdfFontFiles } from './layout.ts';
import { preApplicationLetterDefinition } from './pre-application-letter.ts';
import { termSheetDefinition } from './term-sheet.ts';

const standardFontDataUrl = new URL('../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url).pathname;

type TextItem = { str: string; transform: number[] };
type RenderedPdf = { pages: { width: number; height: number; items: TextItem[] }[]; text: string };

/** Renders a definition with pdfmake in Node, then reads it back with pdfjs: a real PDF, real text. */
async function render(definition: TDocumentDefinitions): Promise<RenderedPdf> {
  const buffer = await pdfmake.createPdf(definition).getBuffer();
  const pdf = await getDocument({ data: new Uint8Array(buffer), standardFontDataUrl }).promise;
  const pages: RenderedPdf['pages'] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const [, , width, height] = page.view;
    const content = await page.getTextContent();
    const items = content.items.filter(
      (item): item is TextItem & typeof item => 'str' in item && item.str.trim() !== '',
    );
    pages.push({ width, height, items });
  }
  const text = pages
    .flatMap((page) => page.items.map((item) => item.str))
    .join(' ')
    .replace(/\s+/g, ' ');
  return { pages, text };
}

let pdfmake: typeof PdfMake;
beforeAll(() => {
  pdfmake = pdfmakeInNode();
});

describe('pre-application letter PDF (product.md §3)', () => {
  const definition = preApplicationLetterDefinition({
    firstName: 'Dana',
    lastName: 'Reyes',
    businessName: 'Reyes Bakery',
    address: '12 Main St',
    city: 'Reno',
    state: 'NV',
    zipCode: '89501',
    loanAmount: 250_000,
    loanPurpose: 'Second location build-out',
    rate: 'WSJ Prime + 275',
    term: 10,
    estimatedPayment: 2_868.5,
    date: '2026-03-02T15:00:00Z',
    timeZone: 'America/New_York',
  });

  it('is letter size, with 1-inch margins and 12 pt text', async () => {
    const pdf = await render(definition);
    expect(pdf.pages).toHaveLength(1);
    expect([pdf.pages[0].width, pdf.pages[0].height]).toEqual([612, 792]);
    const salutation = pdf.pages[0].items.find((item) => item.str === 'Dear Dana Reyes,')!;
    expect(salutation.transform[0]).toBe(12); // font size
    expect(salutation.transform[4]).toBe(72); // left margin
  });

  it('shows the US English date, the dollar amounts without cents, the names and the company contacts', async () => {
    const { text } = await render(definition);
    expect(text).toContain('March 2, 2026');
    expect(text).toContain('Reyes Bakery 12 Main St Reno, NV 89501');
    expect(text).toContain('Loan Amount $250,000');
    expect(text).toContain('Estimated Monthly Payment $2,869');
    expect(text).toContain('Interest Rate WSJ Prime + 275');
    expect(text).toContain('Term 10 years');
    expect(text).toContain('Loan Purpose Second location build-out');
    expect(text).toContain(brand.contactPhone);
    expect(text).toContain(brand.loansEmail);
    expect(text).toContain(brand.productName);
  });
});

describe('term sheet PDF', () => {
  it('shows every term and every condition', async () => {
    const { text } = await render(
      termSheetDefinition({
        businessName: 'Reyes Bakery',
        borrowerName: 'Dana Reyes',
        bankName: 'First Example Bank',
        loanAmount: 240_000,
        interestRate: 7.25,
        term: 120,
        monthlyPayment: 2_817.61,
        collateral: 'Equipment and receivables',
        conditions: ['Personal guarantee of the owner', 'Proof of 10% equity injection'],
        date: new Date('2026-11-30T18:00:00Z'),
        timeZone: 'UTC',
      }),
    );
    expect(text).toContain('Term Sheet');
    expect(text).toContain('November 30, 2026');
    expect(text).toContain('Borrower Reyes Bakery');
    expect(text).toContain('Principal Dana Reyes');
    expect(text).toContain('Lender First Example Bank');
    expect(text).toContain('Loan Amount $240,000');
    expect(text).toContain('Interest Rate 7.25%');
    expect(text).toContain('Term 120 months');
    expect(text).toContain('Monthly Payment $2,818');
    expect(text).toContain('Collateral Equipment and receivables');
    // pdfmake draws a list's numbers after its items, so the text reads item then number.
    expect(text).toContain('Conditions Personal guarantee of the owner 1. Proof of 10% equity injection 2.');
  });
});

describe('bank package PDF', () => {
  const summary = buildExecutiveSummary({
    application: sampleApplicationRow,
    additionalInfo: { projectDescription: 'Open a second store', borrowerInjectionPercent: '20' },
    checklist: sampleChecklistInput,
    generatedAt: '2026-03-02T15:04:05Z',
    timeZone: 'UTC',
  });

  it('has the executive summary, the financial metrics table and the document checklist', async () => {
    const { text } = await render(
      bankPackageDefinition({
        packageId: '3f2b8c1e-7d4a-4e6b-9a0c-5d1e2f3a4b5c',
        status: 'sent',
        bankName: 'First Example Bank',
        snapshot: packageSnapshot(summary),
      }),
    );
    expect(text).toContain('Loan Package 3f2b8c1e');
    expect(text).toContain('Executive Summary: Reyes Bakery');
    expect(text).toContain('Prepared March 2, 2026 for First Example Bank (sent)');
    expect(text).toContain('Principal Dana Reyes, Owner');
    expect(text).toContain('Amount requested $100,000 - $250,000');
    expect(text).toContain('Annual revenue $600,000');
    expect(text).toContain('Financial Metrics Metric Value Status Debt Service Coverage 12.50 Good');
    expect(text).toContain('Return on Investment 90.0% Good');
    expect(text).toContain('Monthly Break-Even Revenue $10,000');
    expect(text).toContain('Months to Break-Even 7 months Good');
    // As the text package says it, under the metrics.
    expect(text).toContain('Months to Break-Even 7 months Good Sample assumptions used for: construction cost,');
    // Every item with its state (the cancelled request is left out), then the readiness figure.
    expect(text).toContain(
      'Document Checklist Document State Tax Returns Accepted Financial Statements Needs replacement Bank Statements Uploaded, awaiting review Business License Missing Lease Agreement Not needed for this application ID Document Missing Debt schedule Missing 1 of 6 accepted, 1 awaiting review, 1 needs replacement, 3 missing',
    );
    expect(text).not.toContain('Old lease');
  });

  it('never leaves a heading alone at the foot of a page, however long the text before it', async () => {
    // Descriptions of 1 to 40 lines move every later heading down the first and second pages line by line.
    const lines = Array.from({ length: 40 }, (_, index) => index + 1);
    const orphans: string[] = [];
    for (const count of lines) {
      const longSummary = buildExecutiveSummary({
        application: sampleApplicationRow,
        additionalInfo: { projectDescription: Array.from({ length: count }, (_, n) => `Line ${n + 1}`).join('\n') },
        checklist: emptyChecklistInput,
        generatedAt: '2026-03-02T15:04:05Z',
        timeZone: 'UTC',
      });
      const headings = new Set([
        ...longSummary.sections.map((section) => section.title),
        'Financial Metrics',
        'Document Checklist',
      ]);
      const pdf = await render(
        bankPackageDefinition({
          packageId: 'abcdef12-0000',
          status: 'generated',
          bankName: null,
          snapshot: packageSnapshot(longSummary),
        }),
      );
      expect(pdf.pages.length).toBeGreaterThan(1);
      pdf.pages.forEach((page, index) => {
        // PDF y grows upwards: the lowest text on the page has the smallest y.
        const lowest = page.items.reduce((low, item) => (item.transform[5] < low.transform[5] ? item : low));
        if (headings.has(lowest.str)) orphans.push(`${count} lines: '${lowest.str}' ends page ${index + 1}`);
      });
    }
    expect(orphans).toEqual([]);
  }, 60_000);

  it('leaves out the bank before the package is sent', async () => {
    const { text } = await render(
      bankPackageDefinition({
        packageId: 'abcdef12-0000',
        status: 'generated',
        bankName: null,
        snapshot: packageSnapshot(summary),
      }),
    );
    expect(text).toContain('Prepared March 2, 2026 (generated)');
  });
});

describe('hostile input in PDFs', () => {
  /** The PDF's text without the spaces and line breaks wrapping adds. */
  const squeezed = (text: string) => text.replace(/\s+/g, '');

  it.each(hostileInputs)(
    'prints $name as plain text in the letter, the term sheet and the package',
    async ({ value }) => {
      const letter = await render(
        preApplicationLetterDefinition({
          firstName: value,
          lastName: 'Reyes',
          businessName: value,
          address: value,
          city: 'Reno',
          state: 'NV',
          zipCode: '89501',
          loanAmount: 250_000,
          loanPurpose: value,
          rate: 'WSJ Prime + 275',
          term: 10,
          estimatedPayment: 2_868.5,
          date: '2026-03-02T15:00:00Z',
        }),
      );
      const sheet = await render(
        termSheetDefinition({
          businessName: value,
          borrowerName: 'Dana Reyes',
          bankName: value,
          loanAmount: 240_000,
          interestRate: 7.25,
          term: 120,
          monthlyPayment: 2_817.61,
          collateral: value,
          conditions: [value],
          date: new Date('2026-11-30T18:00:00Z'),
        }),
      );
      const bankPackage = await render(
        bankPackageDefinition({
          packageId: '3f2b8c1e-7d4a-4e6b-9a0c-5d1e2f3a4b5c',
          status: 'sent',
          bankName: value,
          snapshot: packageSnapshot(
            buildExecutiveSummary({
              application: { ...sampleApplicationRow, business_name: value },
              additionalInfo: { projectDescription: value },
              checklist: emptyChecklistInput,
              generatedAt: '2026-03-02T15:04:05Z',
            }),
          ),
        }),
      );
      // Whole and in the order typed; the PDF font has no glyph for the right-to-left override, which prints
      // as '?' and is never obeyed (the text is not reversed).
      const expected = squeezed(value).replace('\u202E', '?');
      for (const pdf of [letter, sheet, bankPackage]) {
        expect(squeezed(pdf.text).replace(/\u200B/g, '')).toContain(expected);
      }
    },
    // Three PDFs of a 10,000-character value take seconds on a slow machine.
    30_000,
  );
});

describe('the PDF font (hostile input)', () => {
  const typed = (value: string) =>
    termSheetDefinition({
      businessName: value,
      borrowerName: 'Dana Reyes',
      bankName: 'First Bank',
      loanAmount: 240_000,
      interestRate: 7.25,
      term: 120,
      monthlyPayment: 2_817.61,
      collateral: 'Equipment',
      conditions: [value],
      date: new Date('2026-11-30T18:00:00Z'),
    });

  it("prints names in Europe's and Vietnam's letters, Greek and Cyrillic as typed", async () => {
    const names = 'Łukasz Dvořák, Nguyễn Thị Hương, Şahin Öztürk, Ærø Bakery, Ελένη, Ольга — “Café” €5';
    const { text } = await render(typed(names));
    expect(text).toContain(names);
  });

  it('prints each character the font lacks as ?', async () => {
    const { text } = await render(typed('Café 中文 😀 ok'));
    // Two CJK characters and one emoji (one code point, two UTF-16 units): three question marks.
    expect(text).toContain('Café ?? ? ok');
    expect(text).not.toMatch(/[\u4e00-\u9fff]|\p{Extended_Pictographic}/u);
  });

  it('lists exactly the characters the font files have (a pdfmake upgrade with other fonts would fail here)', () => {
    const listed = pdfFontCharacters.flatMap(([from, to]) =>
      Array.from({ length: to - from + 1 }, (_, offset) => from + offset),
    );
    for (const file of Object.values(pdfFontFiles)) {
      const font = fontkit.openSync(path.join(pdfFontDirectory, file)) as fontkit.Font;
      // Controls, private-use and special code points are in the map too, and never printed.
      const printable = font.characterSet.filter(
        (code) => code >= 0x20 && !(code >= 0xe000 && code <= 0xf8ff) && code !== 0xfeff && code < 0xfff0,
      );
      expect(printable.sort((a, b) => a - b)).toEqual(listed);
    }
  });
});
