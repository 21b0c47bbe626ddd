import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { loanAmountLowerBound } from '../../../../shared/catalogue/pre-qualification.ts';
import type { TermSheetRow } from '../../../../shared/db/admin-rows.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { termSheetDefinition } from '../../../../shared/pdf/term-sheet.ts';
import { termSheetFileName } from '../../../../shared/summary/file-names.ts';
import {
  TERM_SHEET_DEFAULTS,
  termSheetFormSchema,
  type TermSheetForm,
} from '../../../../shared/validation/admin-forms.ts';
import { FormField } from '../../components/form-controls.tsx';
import { renderPdf } from '../../lib/pdf.ts';
import { DocumentDialog, useDocumentDialog } from './document-dialog.tsx';
import { useStoreTermSheetMutation } from './documents-api.ts';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';

/** The term sheet's PDF from a stored row and its application. */
export function termSheetPdf(application: ApplicationRow, sheet: TermSheetRow): Promise<Uint8Array> {
  return renderPdf(
    termSheetDefinition({
      bankName: sheet.bank_name,
      loanAmount: Number(sheet.loan_amount),
      interestRate: Number(sheet.interest_rate),
      term: sheet.term_months,
      monthlyPayment: Number(sheet.monthly_payment),
      collateral: sheet.collateral,
      conditions: sheet.conditions,
      businessName: application.business_name,
      borrowerName: `${application.first_name} ${application.last_name}`,
      date: sheet.created_at,
    }),
  );
}

/**
 * Accept & Generate Term Sheet (docs/product.md §3, Term sheet input, and §5, Admin forms): every field required,
 * including each condition; conditions added and removed. Stored in term_sheets (approved applications only, audited)
 * and saved as a PDF.
 */
export function TermSheetDialog({ application }: { application: ApplicationRow }) {
  const dialog = useDocumentDialog('Term sheet generation', ADMIN_MESSAGES.termSheetFailed);
  const [storeTermSheet] = useStoreTermSheetMutation();
  // Numbers without a default are left out (an empty field), not NaN: the browser refuses "NaN" as a number
  // input's value and warns in the console each time the form is set up or reset.
  const defaults = {
    bankName: '',
    loanAmount: loanAmountLowerBound(application.loan_amount) ?? undefined,
    collateral: '',
    ...TERM_SHEET_DEFAULTS,
  } satisfies DefaultValues<TermSheetForm>;
  const {
    register,
    handleSubmit,
    control,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TermSheetForm>({ resolver: zodResolver(termSheetFormSchema), defaultValues: defaults });
  const conditions = useWatch({ control, name: 'conditions' });

  const onSubmit = handleSubmit(async (form) => {
    const generated = await dialog.generate(storeTermSheet({ applicationId: application.id, form }), async (sheet) => ({
      suggestedName: termSheetFileName(application.business_name),
      mimeType: 'application/pdf',
      data: await termSheetPdf(application, sheet),
    }));
    // No values: the form element itself is reset too, so the numbers typed are cleared (the defaults leave them out).
    if (generated) reset();
  });

  const number = (name: 'loanAmount' | 'interestRate' | 'term' | 'monthlyPayment') =>
    register(name, { valueAsNumber: true });
  return (
    <DocumentDialog
      dialog={dialog}
      title="Generate Term Sheet"
      triggerLabel="Accept & Generate Term Sheet"
      confirmLabel="Generate Term Sheet"
      form="Term sheet"
      businessName={application.business_name}
      busy={isSubmitting}
      onConfirm={() => void onSubmit()}
    >
      <FormField label="Bank Name" required error={errors.bankName?.message}>
        <Input {...register('bankName')} />
      </FormField>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <FormField label="Loan Amount ($)" required error={errors.loanAmount?.message}>
          <Input type="number" min={1} step="any" {...number('loanAmount')} />
        </FormField>
        <FormField label="Interest Rate (%)" required error={errors.interestRate?.message}>
          <Input type="number" min={0} max={100} step="any" {...number('interestRate')} />
        </FormField>
        <FormField label="Term (months)" required error={errors.term?.message}>
          <Input type="number" min={1} {...number('term')} />
        </FormField>
        <FormField label="Monthly Payment ($)" required error={errors.monthlyPayment?.message}>
          <Input type="number" min={1} step="any" {...number('monthlyPayment')} />
        </FormField>
      </SimpleGrid>
      <FormField label="Collateral" required error={errors.collateral?.message}>
        <Input {...register('collateral')} />
      </FormField>
      <Box as="fieldset">
        <Text as="legend" fontWeight="medium" mb="1">
          Conditions
        </Text>
        <Stack gap="2">
          {conditions.map((_, index) => (
            <HStack key={index} align="flex-start">
              <FormField label={`Condition ${index + 1}`} required error={errors.conditions?.[index]?.message} flex="1">
                <Input {...register(`conditions.${index}`)} />
              </FormField>
              <Button
                size="xs"
                variant="ghost"
                mt="7"
                disabled={conditions.length === 1}
                onClick={() =>
                  setValue(
                    'conditions',
                    conditions.filter((__, kept) => kept !== index),
                  )
                }
              >
                Remove
                <ScreenReaderText> condition {index + 1}</ScreenReaderText>
              </Button>
            </HStack>
          ))}
          <Button
            size="xs"
            variant="outline"
            alignSelf="flex-start"
            onClick={() => setValue('conditions', [...conditions, ''])}
          >
            Add Condition
          </Button>
        </Stack>
      </Box>
    </DocumentDialog>
  );
}
