import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { brand } from '../brand/brand.ts';
import type { BankPackageStatus } from '../status/transitions.ts';
import { metricList, type ExecutiveSummary } from '../summary/executive-summary.ts';
import { bankPackageNumber } from '../summary/file-names.ts';
import { companyHeader, headedTable, heading, labelValueTable, pageSetup, printable } from './layout.ts';

export type BankPackageInput = {
  packageId: string;
  status: BankPackageStatus;
  /** The bank it is or will be sent to; null before sending. */
  bankName: string | null;
  summary: ExecutiveSummary;
};

const STATUS_LABELS = { good: 'Good', warning: 'Warning', critical: 'Critical' } as const;

/** A bank package: the executive summary, the financial metrics table and the document checklist. */
export function bankPackageDefinition(input: BankPackageInput): TDocumentDefinitions {
  const { summary } = input;
  const sections: Content[] = summary.sections.flatMap((section) => [
    heading(section.title),
    labelValueTable(section.rows),
  ]);
  return printable({
    ...pageSetup,
    info: { title: `Loan Package ${bankPackageNumber(input.packageId)}`, author: brand.productName },
    content: [
      companyHeader(),
      { text: `Loan Package ${bankPackageNumber(input.packageId)}`, style: 'title' },
      { text: summary.title, bold: true },
      {
        text: [`Prepared ${summary.date}`, input.bankName ? ` for ${input.bankName}` : '', ` (${input.status})`].join(
          '',
        ),
        margin: [0, 0, 0, 6],
      },
      ...sections,
      heading('Financial Metrics'),
      headedTable(
        ['Metric', 'Value', 'Status'],
        metricList(summary.metrics).map((item) => [
          item.label,
          item.display,
          item.status ? STATUS_LABELS[item.status] : '',
        ]),
        ['*', 120, 90],
      ),
      heading('Document Checklist'),
      headedTable(
        ['Document', 'Status'],
        summary.checklist.map((item) => [item.label, item.provided ? 'Provided' : 'Missing']),
        ['*', 120],
      ),
    ],
  });
}
