import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, chakra, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { usStates } from '../../../../shared/catalogue/us-states.ts';
import type { StoredLender } from '../../../../shared/matching/applicant-matches.ts';
import { lenderPrograms } from '../../../../shared/matching/lender-match.ts';
import {
  lenderFormFromLender,
  lenderFormSchema,
  lenderRowFromForm,
  type LenderFormInput,
  type LenderFormValues,
} from '../../../../shared/validation/lender-form.ts';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { CheckboxField, FormField } from '../../components/form-controls.tsx';
import { useSaveLenderMutation } from './lender-network-api.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';

/**
 * Add Lender, or Edit on a lender's row: every criterion matching reads, checked as the database checks it. A
 * refused save says so and keeps what was typed.
 */
export function LenderFormDialog({ lender }: { lender?: StoredLender }) {
  const [open, setOpen] = useState(false);
  // The stored row the edit started from (the list may read a newer one while the form is open).
  const [editedVersion, setEditedVersion] = useState(lender?.updated_at);
  const [save, saving] = useSaveLenderMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LenderFormInput, unknown, LenderFormValues>({
    resolver: zodResolver(lenderFormSchema),
    defaultValues: lenderFormFromLender(lender),
  });
  const onSubmit = handleSubmit(async (form) => {
    const edit = lender ? { edit: { id: lender.id, updatedAt: editedVersion ?? lender.updated_at } } : {};
    const result = await save({ ...edit, row: lenderRowFromForm(form) });
    if (result.error) {
      // A name already taken is said under the name; any other refusal below the form.
      if (result.error.message === ADMIN_MESSAGES.lenderNameTaken) {
        setError('name', { message: ADMIN_MESSAGES.lenderNameTaken }, { shouldFocus: true });
      }
      return;
    }
    setOpen(false);
  });
  const title = lender ? `Edit ${lender.name}` : 'Add Lender';
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        saving.reset();
        // Each opening starts from the stored lender, or from an empty form: what was typed and cancelled goes.
        if (next) {
          reset(lenderFormFromLender(lender));
          setEditedVersion(lender?.updated_at);
        }
      }}
      title={title}
      trigger={
        lender ? (
          <Button size="xs" variant="outline">
            Edit
            <ScreenReaderText> {lender.name}</ScreenReaderText>
          </Button>
        ) : (
          <Button size="sm" colorPalette="blue" alignSelf="flex-start">
            Add Lender
          </Button>
        )
      }
      confirmLabel="Save Lender"
      confirmPalette="blue"
      busy={isSubmitting}
      onConfirm={() => void onSubmit()}
      form={title}
    >
      <Stack gap="3">
        <FormField label="Name" required error={errors.name?.message}>
          <Input {...register('name')} />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label="Contact Name" required error={errors.contactName?.message}>
            <Input {...register('contactName')} />
          </FormField>
          <FormField label="Contact E-mail" required error={errors.contactEmail?.message}>
            <Input type="email" {...register('contactEmail')} />
          </FormField>
        </SimpleGrid>
        <chakra.fieldset>
          <chakra.legend textStyle="sm" fontWeight="medium" mb="1">
            Programs
          </chakra.legend>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="2">
            {lenderPrograms.map((program) => (
              <CheckboxField
                key={program.value}
                label={program.label}
                value={program.value}
                {...register('programs')}
              />
            ))}
          </SimpleGrid>
          {errors.programs ? (
            <Text color="fg.error" textStyle="xs" mt="1" role="alert">
              {errors.programs.message}
            </Text>
          ) : null}
        </chakra.fieldset>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label="Minimum Loan ($)" required error={errors.minLoan?.message}>
            <Input inputMode="numeric" {...register('minLoan')} />
          </FormField>
          <FormField label="Maximum Loan ($)" required error={errors.maxLoan?.message}>
            <Input inputMode="numeric" {...register('maxLoan')} />
          </FormField>
          <FormField label="Minimum Credit Score" required error={errors.minCreditScore?.message}>
            <Input inputMode="numeric" {...register('minCreditScore')} />
          </FormField>
          <FormField label="Minimum Years in Business" required error={errors.minYearsInBusiness?.message}>
            <Input inputMode="decimal" {...register('minYearsInBusiness')} />
          </FormField>
          <FormField label="Minimum Debt Coverage" required error={errors.minDebtCoverage?.message}>
            <Input inputMode="decimal" {...register('minDebtCoverage')} />
          </FormField>
          <FormField label="Equity Injection (%)" required error={errors.equityInjectionPercent?.message}>
            <Input inputMode="numeric" {...register('equityInjectionPercent')} />
          </FormField>
          <FormField label="Typical Answer Time (days)" required error={errors.answerDays?.message}>
            <Input inputMode="numeric" {...register('answerDays')} />
          </FormField>
        </SimpleGrid>
        <FormField
          label="Industries Served"
          error={errors.industriesServed?.message}
          helperText="Comma-separated words, e.g. restaurant, bakery. An application matches when its industry contains one. Empty: every industry."
        >
          <Input {...register('industriesServed')} />
        </FormField>
        <FormField
          label="Industries Excluded"
          error={errors.industriesExcluded?.message}
          helperText="Comma-separated words; an application whose industry contains one does not fit."
        >
          <Input {...register('industriesExcluded')} />
        </FormField>
        <Stack gap="2">
          <CheckboxField label="Accepts start-ups" {...register('acceptsStartups')} />
          <CheckboxField label="Accepts business acquisitions" {...register('acceptsAcquisitions')} />
          <CheckboxField label="Active (paused lenders are not matched)" {...register('active')} />
        </Stack>
        <Box as="fieldset">
          <chakra.legend textStyle="sm" fontWeight="medium" mb="1">
            States Served (none checked: every state)
          </chakra.legend>
          <SimpleGrid columns={{ base: 3, md: 6 }} gap="1">
            {usStates.map((state) => (
              <CheckboxField
                key={state.value}
                label={state.value}
                value={state.value}
                title={state.label}
                {...register('states')}
              />
            ))}
          </SimpleGrid>
        </Box>
        {saving.isError && saving.error.message !== ADMIN_MESSAGES.lenderNameTaken ? (
          <ErrorAlert message={saving.error.message} />
        ) : null}
      </Stack>
    </ActionDialog>
  );
}
