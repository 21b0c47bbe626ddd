import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { brand } from '../brand/brand.ts';
import type { BankPackageStatus } from '../status/transitions.ts';
import { assumptionsSentence, type PackageSnapshot } from '../summary/executive-summary.ts';
import { bankPackageNumber } from '../summary/file-names.ts';
import { companyHeader, headedTable, heading, labelValueTable, pageSetup, printable } from './layout.ts';

type BankPackageInput = {
  packageId: string;
  status: BankPackageStatus;
  /** The bank it is or will be sent to; null before sending. */
  bankName: string | null;
  /** What the package shows, fixed when it was generated (the text package is made from the same). */
  snapshot: PackageSnapshot;
};

const STATUS_LABELS = { good: 'Good', warning: 'Warning', critical: 'Critical' } as const;

/** A bank package: the executive summary, the financial metrics table and the document checklist, as generated. */
export function bankPackageDefinition(input: BankPackageInput): TDocumentDefinitions {
  const { snapshot } = input;
  const sections: Content[] = snapshot.sections.flatMap((section) => [
    heading(section.title),
    labelValueTable(section.rows),
  ]);
  return printable({
    ...pageSetup,
    info: { title: `Loan Package ${bankPackageNumber(input.packageId)}`, author: brand.productName },
    content: [
      companyHeader(),
      { text: `Loan Package ${bankPackageNumber(input.packageId)}`, style: 'title' },
      { text: snapshot.title, bold: true },
      {
        text: [`Prepared ${snapshot.date}`, input.bankName ? ` for ${input.bankName}` : '', ` (${input.status})`].join(
          '',
        ),
        margin: [0, 0, 0, 6],
      },
      ...sections,
      heading('Financial Metrics'),
      headedTable(
        ['Metric', 'Value', 'Status'],
        snapshot.metrics.map((item) => [item.label, item.display, item.status ? STATUS_LABELS[item.status] : '']),
        ['*', 120, 90],
      ),
      ...(snapshot.assumptions.length > 0
        ? [{ text: assumptionsSentence(snapshot.assumptions), fontSize: 9, margin: [0, 4, 0, 0] } satisfies Content]
        : []),
      heading('Document Checklist'),
      headedTable(
        ['Document', 'State'],
        snapshot.checklist.map((item) => [item.label, item.state]),
        ['*', 170],
      ),
      // Under the table, as the assumptions are under the metrics: a line between a heading and its table could
      // leave the heading without its table's first row.
      ...(snapshot.readiness ? [{ text: snapshot.readiness, margin: [0, 4, 0, 0] } satisfies Content] : []),
    ],
  });
}
