import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { loanAmountLowerBound } from '../../../../shared/catalogue/pre-qualification.ts';
import type { LetterRow } from '../../../../shared/db/admin-rows.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { preApplicationLetterDefinition } from '../../../../shared/pdf/pre-application-letter.ts';
import { preApplicationLetterFileName } from '../../../../shared/summary/file-names.ts';
import { emptyLetterForm, letterFormSchema, type LetterForm } from '../../../../shared/validation/admin-forms.ts';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { check } from './admin-repository.ts';
import { useDocumentDialog } from './use-document-dialog.ts';
import { FormField } from '../../components/form-controls.tsx';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { renderPdf } from '../../lib/pdf.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';

/** The letter's PDF from a stored row and its application (the same document every time it is downloaded). */
export function letterPdf(application: ApplicationRow, letter: LetterRow): Promise<Uint8Array> {
  return renderPdf(
    preApplicationLetterDefinition({
      address: letter.address,
      zipCode: letter.zip_code,
      loanPurpose: letter.loan_purpose,
      rate: letter.rate,
      term: letter.term_years,
      estimatedPayment: Number(letter.estimated_payment),
      firstName: application.first_name,
      lastName: application.last_name,
      businessName: application.business_name,
      city: application.city,
      state: application.state,
      loanAmount: Number(letter.loan_amount),
      date: letter.created_at,
    }),
  );
}

/**
 * Send Pre-Application Letter (docs/product.md §3, Pre-application letter input): the officer's fields with the
 * described defaults (§5, Admin forms); the letter is stored (pre_application_letters, audited) and its PDF saved
 * as pre-application-letter-{slug}.pdf.
 */
export function LetterDialog({ application }: { application: ApplicationRow }) {
  const { open, problem, onOpenChange, generate } = useDocumentDialog('Letter generation', {
    failed: ADMIN_MESSAGES.letterFailed,
    offline: ADMIN_MESSAGES.letterOffline,
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LetterForm>({ resolver: zodResolver(letterFormSchema), defaultValues: emptyLetterForm });

  const onSubmit = handleSubmit(async (form) => {
    const generated = await generate(async () => {
      const supabase = await loadSupabase();
      const stored = await supabase
        .from('pre_application_letters')
        .insert({
          application_id: application.id,
          first_name: application.first_name,
          last_name: application.last_name,
          business_name: application.business_name,
          address: form.address,
          city: application.city,
          state: application.state,
          zip_code: form.zipCode,
          loan_amount: loanAmountLowerBound(application.loan_amount) ?? 0,
          loan_purpose: form.loanPurpose,
          rate: form.rate,
          term_years: form.term,
          estimated_payment: form.estimatedPayment,
        })
        .select('*')
        .single();
      return {
        suggestedName: preApplicationLetterFileName(application.business_name),
        mimeType: 'application/pdf',
        data: await letterPdf(application, check('Storing the letter failed', stored) as LetterRow),
      };
    });
    if (generated) reset(emptyLetterForm);
  });

  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Generate Pre-Application Letter"
      trigger={
        <Button size="xs" variant="outline" colorPalette="blue">
          Send Pre-Application Letter
        </Button>
      }
      confirmLabel="Generate Letter"
      confirmPalette="blue"
      busy={isSubmitting}
      onConfirm={() => void onSubmit()}
      form="Pre-application letter"
    >
      <Stack gap="3">
        <Text color="gray.700">For {application.business_name}</Text>
        <FormField label="Street Address" required error={errors.address?.message}>
          <Input {...register('address')} />
        </FormField>
        <FormField label="ZIP Code" required error={errors.zipCode?.message}>
          <Input {...register('zipCode')} />
        </FormField>
        <FormField label="Loan Purpose" required error={errors.loanPurpose?.message}>
          <Textarea rows={3} {...register('loanPurpose')} />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <FormField label="Rate" required error={errors.rate?.message}>
            <Input {...register('rate')} />
          </FormField>
          <FormField label="Term (years)" required error={errors.term?.message}>
            <Input type="number" min={1} {...register('term', { valueAsNumber: true })} />
          </FormField>
          <FormField label="Estimated Monthly Payment" required error={errors.estimatedPayment?.message}>
            <Input type="number" min={1} step="any" {...register('estimatedPayment', { valueAsNumber: true })} />
          </FormField>
        </SimpleGrid>
        {problem ? <ErrorAlert message={problem} /> : null}
      </Stack>
    </ActionDialog>
  );
}
