import type { FieldSpec, Option } from './fields.ts';
import { formatLongDate } from '../format/dates.ts';

/**
 * The portal's additional-information form (docs/product.md §3): five sections, their fields and which are required.
 */

export const importExportOptions = [
  { value: 'none', label: 'None' },
  { value: 'import', label: 'Import' },
  { value: 'export', label: 'Export' },
  { value: 'both', label: 'Both' },
] as const satisfies readonly Option[];

export const propertyOwnershipOptions = [
  { value: 'owned', label: 'Owned' },
  { value: 'leased', label: 'Leased' },
] as const satisfies readonly Option[];

export const fddStatusOptions = [
  { value: 'provided', label: 'Provided' },
  { value: 'pending', label: 'Pending' },
  { value: 'notApplicable', label: 'Not Applicable' },
] as const satisfies readonly Option[];

type NamedField = FieldSpec & { name: string };

/** An optional dollar amount of the loan purpose. */
const money = <N extends string>(name: N, label: string) => ({ name, label, kind: 'money', required: false }) as const;
/** A required free-text answer. */
const text = <N extends string>(name: N, label: string) =>
  ({ name, label, kind: 'textarea', required: true, rows: 4 }) as const;

export const additionalInfoSections = [
  {
    id: 'loanPurpose',
    title: 'Loan Purpose',
    fields: [
      money('constructionCost', 'Construction Cost'),
      money('constructionContingency', 'Construction Contingency (10%)'),
      money('softCosts', 'Soft Costs'),
      money('realEstatePurchase', 'Real Estate Purchase'),
      money('debtRefinance', 'Debt Refinance'),
      money('equipmentPurchase', 'Equipment Purchase'),
      money('furnitureFixtures', 'Furniture & Fixtures'),
      money('inventoryPurchase', 'Inventory Purchase'),
      money('businessAcquisition', 'Business Acquisition'),
      { name: 'acquisitionAllocation', label: 'Acquisition Allocation', kind: 'textarea', required: false, rows: 4 },
      { name: 'borrowerInjectionPercent', label: 'Borrower Injection (%)', kind: 'number', required: true },
      { name: 'bankFundingPercent', label: 'Bank Funding (%)', kind: 'number', required: true },
      text('projectDescription', 'Project Description'),
    ],
  },
  {
    id: 'businessHistory',
    title: 'Business History',
    fields: [
      text('companyHistory', 'Company History'),
      text('businessOperations', 'Business Operations'),
      { name: 'importExport', label: 'Import / Export', kind: 'select', required: true, options: importExportOptions },
      { name: 'businessHours', label: 'Business Hours', kind: 'text', required: true },
      { name: 'physicalLocation', label: 'Physical Location', kind: 'text', required: true },
      {
        name: 'propertyOwnership',
        label: 'Property Ownership',
        kind: 'select',
        required: true,
        options: propertyOwnershipOptions,
      },
      text('propertyDetails', 'Property Details'),
    ],
  },
  {
    id: 'marketAnalysis',
    title: 'Market Analysis',
    fields: [text('targetCustomers', 'Target Customers'), text('geographicReach', 'Geographic Reach')],
  },
  {
    id: 'franchiseInformation',
    title: 'Franchise Information',
    fields: [
      { name: 'franchisorName', label: 'Franchisor Name', kind: 'text', required: false },
      { name: 'franchiseStartDate', label: 'Franchise Start Date', kind: 'date', required: false },
      { name: 'fddStatus', label: 'FDD Status', kind: 'select', required: false, options: fddStatusOptions },
    ],
  },
  {
    id: 'experienceBackground',
    title: 'Experience & Background',
    fields: [
      text('education', 'Education'),
      text('workHistory', 'Work History'),
      text('industryExperience', 'Industry Experience'),
    ],
  },
] as const satisfies readonly { id: string; title: string; fields: readonly NamedField[] }[];

export type AdditionalInfoSectionId = (typeof additionalInfoSections)[number]['id'];

export type AdditionalInfoFieldSpec = (typeof additionalInfoSections)[number]['fields'][number];

export type AdditionalInfoField = AdditionalInfoFieldSpec['name'];

/** The form's values: every field is text in the form (money and percentages are parsed where used). */
export type AdditionalInfoForm = Record<AdditionalInfoField, string>;

/** Every field of every section, in form order. */
export const additionalInfoFields: readonly AdditionalInfoFieldSpec[] = additionalInfoSections.flatMap(
  (section): readonly AdditionalInfoFieldSpec[] => section.fields,
);

// Object.fromEntries cannot know its keys; they are exactly the field names above.
export const emptyAdditionalInfoForm = Object.fromEntries(
  additionalInfoFields.map((field) => [field.name, '']),
) as AdditionalInfoForm;

/**
 * An answer as an officer reads it: a choice by its label ('Leased', not 'leased'), a date in US English
 * ('January 15, 2020'); anything else as the applicant typed it.
 */
export function additionalInfoAnswerText(field: AdditionalInfoFieldSpec, value: string): string {
  if ('options' in field) return field.options.find((option) => option.value === value)?.label ?? value;
  // A form date is a calendar day: read in UTC, it is that day in every time zone.
  if (field.kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatLongDate(value, 'UTC');
  return value;
}
