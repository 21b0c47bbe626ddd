import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { brand } from '../brand/brand.ts';
import { formatLongDate } from '../format/dates.ts';
import { formatUsd } from '../format/money.ts';
import type { TermSheetForm } from '../validation/admin-forms.ts';
import { companyHeader, heading, labelValueTable, pageSetup, printable } from './layout.ts';

/**
 * A term sheet: the officer's form plus the borrower it is for. The original description does not show its layout;
 * this is ours.
 */
type TermSheetInput = TermSheetForm & {
  businessName: string;
  borrowerName: string;
  date: Date | string;
  /** IANA zone for the date; the runtime's own zone when absent. */
  timeZone?: string;
};

export function termSheetDefinition(input: TermSheetInput): TDocumentDefinitions {
  return printable({
    ...pageSetup,
    info: { title: `Term Sheet - ${input.businessName}`, author: brand.productName },
    content: [
      companyHeader(),
      { text: 'Term Sheet', style: 'title' },
      { text: formatLongDate(input.date, input.timeZone), margin: [0, 0, 0, 12] },
      labelValueTable([
        { label: 'Borrower', value: input.businessName },
        { label: 'Principal', value: input.borrowerName },
        { label: 'Lender', value: input.bankName },
        { label: 'Loan Amount', value: formatUsd(input.loanAmount) },
        { label: 'Interest Rate', value: `${input.interestRate}%` },
        { label: 'Term', value: `${input.term} months` },
        { label: 'Monthly Payment', value: formatUsd(input.monthlyPayment) },
        { label: 'Collateral', value: input.collateral },
      ]),
      heading('Conditions'),
      { ol: [...input.conditions] },
      {
        text: `This term sheet summarizes proposed terms for discussion only and is not a commitment to lend. ${brand.productName} is not a lender. Questions: ${brand.contactPhone} or ${brand.loansEmail}.`,
        style: 'small',
        margin: [0, 18, 0, 0],
      },
    ],
  });
}
