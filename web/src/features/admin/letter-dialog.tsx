import { zodResolver } from '@hookform/resolvers/zod';
import { Input, SimpleGrid, Text, Textarea } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import type { LetterRow } from '../../../../shared/db/admin-rows.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { preApplicationLetterDefinition } from '../../../../shared/pdf/pre-application-letter.ts';
import { preApplicationLetterFileName } from '../../../../shared/summary/file-names.ts';
import { emptyLetterForm, letterFormSchema, type LetterForm } from '../../../../shared/validation/admin-forms.ts';
import { FormField } from '../../components/form-controls.tsx';
import { renderPdf } from '../../lib/pdf.ts';
import { DocumentDialog, useDocumentDialog } from './document-dialog.tsx';
import { useStoreLetterMutation } from './documents-api.ts';

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
  const dialog = useDocumentDialog('Letter generation', ADMIN_MESSAGES.letterFailed);
  const [storeLetter] = useStoreLetterMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LetterForm>({ resolver: zodResolver(letterFormSchema), defaultValues: emptyLetterForm });

  const onSubmit = handleSubmit(async (form) => {
    const generated = await dialog.generate(storeLetter({ application, form }), async (letter) => ({
      suggestedName: preApplicationLetterFileName(application.business_name),
      mimeType: 'application/pdf',
      data: await letterPdf(application, letter),
    }));
    if (generated) reset(emptyLetterForm);
  });

  return (
    <DocumentDialog
      dialog={dialog}
      title="Generate Pre-Application Letter"
      triggerLabel="Send Pre-Application Letter"
      confirmLabel="Generate Letter"
      form="Pre-application letter"
      businessName={application.business_name}
      busy={isSubmitting}
      onConfirm={() => void onSubmit()}
    >
      {/* The described button says Send; what it does is make the letter, which the officer sends. */}
      <Text color="gray.700">The letter is stored here and downloaded as a PDF, for you to send to the applicant.</Text>
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
    </DocumentDialog>
  );
}
