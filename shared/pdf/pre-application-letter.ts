import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { brand } from '../brand/brand.ts';
import { formatLongDate } from '../format/dates.ts';
import { formatUsd } from '../format/money.ts';
import type { LetterForm } from '../validation/admin-forms.ts';
import { companyHeader, labelValueTable, pageSetup, printable } from './layout.ts';

/**
 * Everything the pre-application letter shows (docs/product.md §3, Pre-application letter input): the officer's form
 * plus the application's data.
 */
type PreApplicationLetterInput = LetterForm & {
  firstName: string;
  lastName: string;
  businessName: string;
  city: string;
  state: string;
  /** Whole dollars: the lower end of the application's loan bracket. */
  loanAmount: number;
  date: Date | string;
  /** IANA zone for the date; the runtime's own zone when absent. */
  timeZone?: string;
};

/** The pre-application letter as a pdfmake document definition (letter size, 12 pt, dollars without cents). */
export function preApplicationLetterDefinition(input: PreApplicationLetterInput): TDocumentDefinitions {
  const name = `${input.firstName} ${input.lastName}`;
  return printable({
    ...pageSetup,
    info: { title: `Pre-Application Letter - ${input.businessName}`, author: brand.productName },
    content: [
      companyHeader(),
      { text: formatLongDate(input.date, input.timeZone), margin: [0, 0, 0, 18] },
      {
        stack: [name, input.businessName, input.address, `${input.city}, ${input.state} ${input.zipCode}`],
        margin: [0, 0, 0, 18],
      },
      { text: `Re: Pre-Application Letter for ${input.businessName}`, bold: true, margin: [0, 0, 0, 12] },
      { text: `Dear ${name},`, margin: [0, 0, 0, 12] },
      {
        text: `Thank you for choosing ${brand.productName}. Based on our preliminary review of the information you provided, we are pleased to confirm that ${input.businessName} may be eligible for SBA financing on the following estimated terms:`,
        margin: [0, 0, 0, 12],
      },
      labelValueTable([
        { label: 'Loan Amount', value: formatUsd(input.loanAmount) },
        { label: 'Loan Purpose', value: input.loanPurpose },
        { label: 'Interest Rate', value: input.rate },
        { label: 'Term', value: `${input.term} years` },
        { label: 'Estimated Monthly Payment', value: formatUsd(input.estimatedPayment) },
      ]),
      {
        text: `This letter is not a commitment to lend. ${brand.productName} is not a lender; final terms depend on a lender's review of your complete application and documents.`,
        margin: [0, 12, 0, 12],
      },
      {
        text: `If you have any questions, please call us at ${brand.contactPhone} or e-mail ${brand.loansEmail}.`,
        margin: [0, 0, 0, 18],
      },
      'Sincerely,',
      { text: `The ${brand.productName} Team`, margin: [0, 24, 0, 0] },
    ],
  });
}
