import { describe, expect, it } from 'vitest';
import {
  additionalInfoAnswerText,
  additionalInfoFields,
  additionalInfoSections,
  emptyAdditionalInfoForm,
  fddStatusOptions,
  importExportOptions,
  propertyOwnershipOptions,
} from './additional-info.ts';
import {
  acceptedUploadExtension,
  browserShowsInline,
  documentStoragePath,
  UPLOAD_RULES_TEXT,
  documentTypes,
  fileExtension,
  UPLOAD_ACCEPT,
  uploadContentTypes,
  uploadExtensions,
} from './documents.ts';
import { findOption, optionLabel, optionValues } from './fields.ts';
import {
  creditScoreNumber,
  creditScoreOptions,
  DOWN_PAYMENT_REVIEW_LABEL,
  downPaymentOptions,
  emptyPreQualificationForm,
  loanAmountLowerBound,
  loanAmountOptions,
  preQualificationFields,
  profitableOptions,
  timeframeOptions,
  yearsInBusinessNumber,
  yearsInBusinessOptions,
} from './pre-qualification.ts';
import { emptyRegistrationForm, registrationFields } from './registration.ts';
import { stateCodeOf, usStates } from './us-states.ts';
import { wizardStepFields, wizardStepIndex, wizardSteps } from './wizard.ts';

const values = (options: readonly { value: string }[]) => options.map((option) => option.value);

describe('pre-qualification enumerations (product.md §3)', () => {
  it.each([
    ['creditScore', creditScoreOptions, ['750+', '700-749', '650-699', '600-649', 'Below 600']],
    ['yearsInBusiness', yearsInBusinessOptions, ['0-1', '1-2', '2-5', '5-10', '10+']],
    ['profitable', profitableOptions, ['Yes', 'No']],
    ['loanAmount', loanAmountOptions, ['25000-50000', '50000-100000', '100000-250000', '250000-500000', '500000+']],
    ['timeframe', timeframeOptions, ['immediate', '1-3months', '3-6months', '6-12months']],
    ['hasDownPayment', downPaymentOptions, ['yes', 'no']],
  ])('%s has exactly the required values, in order', (_field, options, expected) => {
    expect(values(options)).toEqual(expected);
  });

  it.each([
    ['750+', 750],
    ['700-749', 725],
    ['650-699', 675],
    ['600-649', 625],
    ['Below 600', 550],
  ])('credit score %s maps to %d', (value, score) => {
    expect(creditScoreNumber(value)).toBe(score);
  });

  it.each([
    ['0-1', 0.5],
    ['1-2', 1.5],
    ['2-5', 3.5],
    ['5-10', 7.5],
    ['10+', 10],
  ])('years in business %s maps to %d', (value, years) => {
    expect(yearsInBusinessNumber(value)).toBe(years);
  });

  it.each([
    ['25000-50000', 25_000, '$25,000 - $50,000'],
    ['50000-100000', 50_000, '$50,000 - $100,000'],
    ['100000-250000', 100_000, '$100,000 - $250,000'],
    ['250000-500000', 250_000, '$250,000 - $500,000'],
    ['500000+', 500_000, '$500,000+'],
  ])('loan bracket %s has lower bound %d and label %s', (value, lowerBound, label) => {
    expect(loanAmountLowerBound(value)).toBe(lowerBound);
    expect(optionLabel(loanAmountOptions, value)).toBe(label);
  });

  it.each(['', 'unknown', '750'])('unknown value %j maps to nothing', (value) => {
    expect(creditScoreNumber(value)).toBeUndefined();
    expect(yearsInBusinessNumber(value)).toBeUndefined();
    expect(loanAmountLowerBound(value)).toBeUndefined();
  });

  it('labels the first years-in-business range as docs/product.md does', () => {
    expect(optionLabel(yearsInBusinessOptions, '0-1')).toBe('Less than 1 year');
  });

  it('describes every form field, with the required texts for checkboxes, placeholders and the down payment', () => {
    expect(Object.keys(preQualificationFields).sort()).toEqual(Object.keys(emptyPreQualificationForm).sort());
    expect(preQualificationFields.receiveSms.label).toBe('I agree to receive SMS notifications about my application');
    expect(preQualificationFields.receiveMarketing.label).toBe('I would like to receive marketing communications');
    expect(preQualificationFields.phone.placeholder).toBe('(XXX) XXX-XXXX');
    expect(preQualificationFields.annualRevenue.placeholder).toBe('$');
    expect(preQualificationFields.useOfFunds.rows).toBe(4);
    expect(preQualificationFields.hasDownPayment.label).toBe('Do you have 10% down payment available?');
    expect(DOWN_PAYMENT_REVIEW_LABEL).toBe('10% Down Payment Available');
  });

  it('marks only phone and the two checkboxes optional', () => {
    const optional = Object.entries(preQualificationFields)
      .filter(([, field]) => !field.required)
      .map(([name]) => name);
    expect(optional).toEqual(['phone', 'receiveSms', 'receiveMarketing']);
  });
});

describe('wizard steps (product.md §2, §4 and §5)', () => {
  it.each([
    ['PERSONAL', 0, 'Personal Information'],
    ['BUSINESS', 1, 'Business Information'],
    ['FINANCIAL', 2, 'Financial Information'],
    ['LOAN', 3, 'Loan Request'],
    ['REVIEW', 4, 'Review Your Application'],
  ] as const)('%s is step %d, titled %s', (id, index, title) => {
    expect(wizardStepIndex(id)).toBe(index);
    expect(wizardSteps[index].title).toBe(title);
  });

  it.each([
    ['PERSONAL', ['firstName', 'lastName', 'email', 'phone', 'title', 'creditScore', 'receiveSms', 'receiveMarketing']],
    ['BUSINESS', ['businessName', 'businessAddress', 'city', 'state', 'industry', 'yearsInBusiness', 'profitable']],
    ['FINANCIAL', ['annualRevenue', 'monthlyDebtPayments', 'currentBusinessDebt']],
    ['LOAN', ['loanAmount', 'timeframe', 'useOfFunds', 'hasDownPayment']],
    ['REVIEW', []],
  ] as const)('%s validates its group of fields', (id, fields) => {
    expect(wizardStepFields(id)).toEqual(fields);
  });

  it('covers every form field exactly once', () => {
    const all = wizardSteps.flatMap((step) => step.fields);
    expect([...all].sort()).toEqual(Object.keys(emptyPreQualificationForm).sort());
  });
});

describe('US states', () => {
  it('lists the 50 state codes, without DC or territories', () => {
    expect(usStates).toHaveLength(50);
    expect(new Set(values(usStates)).size).toBe(50);
    for (const code of ['DC', 'PR', 'GU', 'VI', 'AS', 'MP']) expect(values(usStates)).not.toContain(code);
    for (const state of usStates) expect(state.value).toMatch(/^[A-Z]{2}$/);
  });

  it('reads a state typed as free text as its code: the code or the name, any case, spaces and a final dot aside', () => {
    expect(['TX', 'tx', 'Texas', ' TEXAS. ', 'texas'].map(stateCodeOf)).toEqual(['TX', 'TX', 'TX', 'TX', 'TX']);
    expect(['new   york', 'New York', 'NY'].map(stateCodeOf)).toEqual(['NY', 'NY', 'NY']);
    for (const typed of ['', 'DC', 'Puerto Rico', 'Texsa', 'T X']) expect(stateCodeOf(typed)).toBeNull();
  });
});

describe('documents and uploads', () => {
  it.each([
    ['taxReturns', 'Last 3 years of business and personal tax returns'],
    ['financialStatements', 'Year-to-date profit and loss statement and balance sheet'],
    ['bankStatements', 'Last 6 months of business bank statements'],
    ['businessLicense', 'Current business license'],
    ['leaseAgreement', 'Business lease agreement (if applicable)'],
    ['idDocument', 'Government-issued photo ID'],
  ])('%s is required, described as %s', (type, description) => {
    expect(documentTypes.find((document) => document.value === type)?.description).toBe(description);
  });

  it('has the six types and the eight accepted extensions', () => {
    expect(documentTypes).toHaveLength(6);
    expect(uploadExtensions).toEqual(['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png']);
  });

  it('offers in the file picker exactly the files an upload accepts', () => {
    const offered = UPLOAD_ACCEPT.split(',');
    expect(offered.map((suffix) => acceptedUploadExtension(`statement${suffix}`))).toEqual([...uploadExtensions]);
    expect(offered).toHaveLength(new Set(offered).size);
  });

  it.each([
    ['returns.pdf', 'pdf', 'application/pdf'],
    ['Scan.PDF', 'pdf', 'application/pdf'],
    ['letter.doc', 'doc', 'application/msword'],
    ['letter.docx', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['sheet.xls', 'xls', 'application/vnd.ms-excel'],
    ['sheet.v2.xlsx', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['id.jpg', 'jpg', 'image/jpeg'],
    ['id.JPEG', 'jpeg', 'image/jpeg'],
    ['id.png', 'png', 'image/png'],
  ])('accepts %s as %s (%s)', (fileName, extension, contentType) => {
    expect(acceptedUploadExtension(fileName)).toBe(extension);
    expect(uploadContentTypes[extension as keyof typeof uploadContentTypes]).toBe(contentType);
  });

  it.each([
    'virus.exe',
    'notes.txt',
    'archive.pdf.zip',
    'noextension',
    '.pdf',
    'trailing.',
    'constructor',
    'a.toString',
  ])('refuses %s', (fileName) => {
    expect(acceptedUploadExtension(fileName)).toBeUndefined();
  });

  it('reads extensions and builds storage paths', () => {
    expect(fileExtension('a.b.Docx')).toBe('docx');
    expect(fileExtension('none')).toBe('');
    expect(documentStoragePath('user-1', 'taxReturns', 'abc', 'pdf')).toBe('user-1/taxReturns/abc.pdf');
    expect(documentStoragePath('user-1', 'requested', 'abc', 'xlsx')).toBe('user-1/requested/abc.xlsx');
  });

  it('opens PDFs and images in a tab, and downloads Word and Excel files', () => {
    for (const extension of ['pdf', 'jpg', 'jpeg', 'png']) expect(browserShowsInline(`u/t/id.${extension}`)).toBe(true);
    for (const extension of ['doc', 'docx', 'xls', 'xlsx'])
      expect(browserShowsInline(`u/t/id.${extension}`)).toBe(false);
  });

  it('shows the bucket limit (25 MB) and the accepted types before an upload', () => {
    expect(UPLOAD_RULES_TEXT).toBe('PDF, Word (DOC, DOCX), Excel (XLS, XLSX), JPG or PNG, up to 25 MB per file');
  });
});

describe('additional-information answers as an officer reads them', () => {
  const field = (name: string) => additionalInfoFields.find((spec) => spec.name === name)!;

  it('names a choice by its label and a date in US English, on its own day in every time zone', () => {
    expect(additionalInfoAnswerText(field('importExport'), 'none')).toBe('None');
    expect(additionalInfoAnswerText(field('propertyOwnership'), 'leased')).toBe('Leased');
    expect(additionalInfoAnswerText(field('fddStatus'), 'notApplicable')).toBe('Not Applicable');
    expect(additionalInfoAnswerText(field('franchiseStartDate'), '2020-01-15')).toBe('January 15, 2020');
  });

  it('keeps what it cannot read, and every other answer, as typed', () => {
    expect(additionalInfoAnswerText(field('importExport'), 'sometimes')).toBe('sometimes');
    expect(additionalInfoAnswerText(field('franchiseStartDate'), 'spring 2020')).toBe('spring 2020');
    expect(additionalInfoAnswerText(field('companyHistory'), 'none')).toBe('none');
  });
});

describe('additional-information form (product.md §3)', () => {
  const required = (sectionId: string) =>
    additionalInfoSections
      .find((section) => section.id === sectionId)!
      .fields.map((field) => [field.name, field.required, field.kind]);

  it('has the five sections in order', () => {
    expect(additionalInfoSections.map((section) => [section.id, section.title])).toEqual([
      ['loanPurpose', 'Loan Purpose'],
      ['businessHistory', 'Business History'],
      ['marketAnalysis', 'Market Analysis'],
      ['franchiseInformation', 'Franchise Information'],
      ['experienceBackground', 'Experience & Background'],
    ]);
  });

  it('loan purpose: nine optional amounts, an allocation, two required percentages, a required description', () => {
    expect(required('loanPurpose')).toEqual([
      ['constructionCost', false, 'money'],
      ['constructionContingency', false, 'money'],
      ['softCosts', false, 'money'],
      ['realEstatePurchase', false, 'money'],
      ['debtRefinance', false, 'money'],
      ['equipmentPurchase', false, 'money'],
      ['furnitureFixtures', false, 'money'],
      ['inventoryPurchase', false, 'money'],
      ['businessAcquisition', false, 'money'],
      ['acquisitionAllocation', false, 'textarea'],
      ['borrowerInjectionPercent', true, 'number'],
      ['bankFundingPercent', true, 'number'],
      ['projectDescription', true, 'textarea'],
    ]);
    expect(additionalInfoFields.find((field) => field.name === 'constructionContingency')?.label).toContain('10%');
  });

  it('business history: all required, with its two choices', () => {
    expect(required('businessHistory')).toEqual([
      ['companyHistory', true, 'textarea'],
      ['businessOperations', true, 'textarea'],
      ['importExport', true, 'select'],
      ['businessHours', true, 'text'],
      ['physicalLocation', true, 'text'],
      ['propertyOwnership', true, 'select'],
      ['propertyDetails', true, 'textarea'],
    ]);
    expect(values(importExportOptions)).toEqual(['none', 'import', 'export', 'both']);
    expect(values(propertyOwnershipOptions)).toEqual(['owned', 'leased']);
  });

  it('market analysis both required, franchise all optional, experience all required', () => {
    expect(required('marketAnalysis')).toEqual([
      ['targetCustomers', true, 'textarea'],
      ['geographicReach', true, 'textarea'],
    ]);
    expect(required('franchiseInformation')).toEqual([
      ['franchisorName', false, 'text'],
      ['franchiseStartDate', false, 'date'],
      ['fddStatus', false, 'select'],
    ]);
    expect(values(fddStatusOptions)).toEqual(['provided', 'pending', 'notApplicable']);
    expect(required('experienceBackground')).toEqual([
      ['education', true, 'textarea'],
      ['workHistory', true, 'textarea'],
      ['industryExperience', true, 'textarea'],
    ]);
  });

  it('starts every field empty', () => {
    expect(Object.keys(emptyAdditionalInfoForm)).toHaveLength(additionalInfoFields.length);
    expect(Object.values(emptyAdditionalInfoForm).every((value) => value === '')).toBe(true);
  });
});

describe('registration fields (product.md §2 and §3)', () => {
  it('has the product’s fields; suite and the no-website box are optional; state offers the 50 states', () => {
    expect(Object.keys(registrationFields)).toEqual(Object.keys(emptyRegistrationForm));
    expect(Object.keys(registrationFields)).toEqual([
      'legalBusinessName',
      'websiteUrl',
      'noWebsite',
      'address',
      'suite',
      'city',
      'state',
      'zipCode',
      'businessStartDate',
      'agreeToTerms',
    ]);
    expect(registrationFields.suite.required).toBe(false);
    expect(registrationFields.noWebsite.required).toBe(false);
    expect(registrationFields.state.options).toBe(usStates);
    expect(registrationFields.legalBusinessName.helperText).toMatch(/most recent business tax return/);
  });
});

describe('option helpers', () => {
  it('finds options, labels unknown values as they are, and lists values', () => {
    expect(findOption(timeframeOptions, '3-6months')?.label).toBe('3-6 months');
    expect(optionLabel(timeframeOptions, 'someday')).toBe('someday');
    expect(optionValues(downPaymentOptions)).toEqual(['yes', 'no']);
  });
});
