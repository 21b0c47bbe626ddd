import { Box, Heading, Stack } from '@chakra-ui/react';
import {
  DOWN_PAYMENT_REVIEW_LABEL,
  preQualificationFields,
  type PreQualificationField,
  type PreQualificationForm,
} from '../../../../shared/catalogue/pre-qualification.ts';
import { wizardSteps } from '../../../../shared/catalogue/wizard.ts';
import { formAnswerText } from '../../../../shared/application/application-answers.ts';
import { moneyReadingNote } from '../../../../shared/messages/application.ts';
import { isBlank } from '../../../../shared/validation/field-errors.ts';
import { DetailList, type DetailRow } from '../../components/detail-list.tsx';

const NOT_PROVIDED = 'Not provided';

/** A field as the review shows it (formAnswerText), or 'Not provided'. */
function shown(form: PreQualificationForm, field: PreQualificationField): string {
  const value = form[field];
  return (typeof value === 'string' && formAnswerText(field, value)) || NOT_PROVIDED;
}

function row(
  form: PreQualificationForm,
  field: PreQualificationField,
  label: string = preQualificationFields[field].label,
) {
  const value = form[field];
  // A money answer not read as it seems ('1.2M' is $1.20) says so again here, where it is submitted.
  const note =
    preQualificationFields[field].kind === 'money' && typeof value === 'string' ? moneyReadingNote(value) : undefined;
  return { label, value: shown(form, field), note };
}

/**
 * The review's read-only sections (docs/product.md §2, Pre-qualification form): what will be submitted, step by step.
 */
function reviewSections(form: PreQualificationForm): { title: string; rows: DetailRow[] }[] {
  const [personal, business, financial, loan] = wizardSteps;
  return [
    {
      title: personal.title,
      rows: [
        { label: 'Name', value: `${form.firstName.trim()} ${form.lastName.trim()}`.trim() || NOT_PROVIDED },
        row(form, 'email'),
        ...(isBlank(form.phone) ? [] : [row(form, 'phone')]),
        row(form, 'creditScore'),
      ],
    },
    {
      title: business.title,
      rows: [
        row(form, 'businessName'),
        row(form, 'businessAddress'),
        row(form, 'city'),
        row(form, 'state'),
        row(form, 'industry'),
        row(form, 'yearsInBusiness'),
      ],
    },
    {
      title: financial.title,
      rows: [row(form, 'annualRevenue'), row(form, 'monthlyDebtPayments'), row(form, 'currentBusinessDebt')],
    },
    {
      title: loan.title,
      rows: [
        row(form, 'loanAmount'),
        row(form, 'timeframe'),
        row(form, 'useOfFunds'),
        row(form, 'hasDownPayment', DOWN_PAYMENT_REVIEW_LABEL),
      ],
    },
  ];
}

/** The Review step: every answer, read-only, grouped as the steps were. */
export function ReviewStep({ form }: { form: PreQualificationForm }) {
  return (
    <Stack gap="5">
      {reviewSections(form).map((section) => (
        <Box as="section" key={section.title} aria-label={section.title} borderWidth="1px" borderRadius="md" p="4">
          <Heading as="h3" size="md" mb="3">
            {section.title}
          </Heading>
          <DetailList rows={section.rows} />
        </Box>
      ))}
    </Stack>
  );
}
