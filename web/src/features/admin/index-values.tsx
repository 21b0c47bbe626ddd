import { zodResolver } from '@hookform/resolvers/zod';
import { rateIndexes } from '../../../../shared/offers/offer-cost.ts';
import { Box, Button, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatLongDate, isoDay } from '../../../../shared/format/dates.ts';
import { indexValueFormSchema, type IndexValueForm } from '../../../../shared/validation/loan-offer-form.ts';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { FormField, SelectInput } from '../../components/form-controls.tsx';
import { useRateIndexValuesQuery, useSetRateIndexValueMutation } from './loan-api.ts';

/**
 * The rate indexes' values officers enter (docs/product.md §11): the portal's comparison and the officer's screens
 * compute variable-rate offers at the latest value of each, and say which.
 */
export function IndexValues() {
  const values = useRateIndexValuesQuery();
  return (
    <Box as="section" aria-label="Index values">
      <HStack justify="space-between" wrap="wrap" gap="3" mb="2">
        <Text fontWeight="semibold">Index values for variable-rate offers</Text>
        <IndexValueDialog />
      </HStack>
      {values.isError ? <ErrorAlert message={values.error.message} /> : null}
      <Table.Root size="sm" aria-label="Index values" aria-busy={values.isFetching}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Index</Table.ColumnHeader>
            <Table.ColumnHeader>Value</Table.ColumnHeader>
            <Table.ColumnHeader>As of</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rateIndexes.map((index) => {
            const value = values.data?.[index.value];
            return (
              <Table.Row key={index.value}>
                <Table.Cell>{index.label}</Table.Cell>
                <Table.Cell>{value ? `${value.percent.toFixed(2)}%` : 'Not entered'}</Table.Cell>
                <Table.Cell>{value ? formatLongDate(`${value.asOf}T12:00:00`) : ''}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function IndexValueDialog() {
  const [open, setOpen] = useState(false);
  const [setValue, setting] = useSetRateIndexValueMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<IndexValueForm>({
    resolver: zodResolver(indexValueFormSchema(isoDay(new Date()))),
    defaultValues: { asOf: isoDay(new Date()) },
  });
  const onSubmit = handleSubmit(async (form) => {
    const result = await setValue({ rateIndex: form.rateIndex, percent: form.percent, asOf: form.asOf });
    if (!result.error) {
      setOpen(false);
      reset({ asOf: isoDay(new Date()) });
    }
  });
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setting.reset();
      }}
      title="Enter an index value"
      trigger={
        <Button size="xs" colorPalette="blue" variant="outline">
          Enter an Index Value
        </Button>
      }
      confirmLabel="Save Value"
      confirmPalette="blue"
      busy={setting.isLoading}
      onConfirm={() => void onSubmit()}
      form="Index value"
    >
      <Stack gap="3">
        <FormField label="Index" required error={errors.rateIndex?.message}>
          <SelectInput {...register('rateIndex')} placeholder="Choose the index" options={rateIndexes} />
        </FormField>
        <FormField label="Value (%)" required error={errors.percent?.message}>
          <Input type="number" step="0.001" {...register('percent', { valueAsNumber: true })} />
        </FormField>
        <FormField label="As of" required error={errors.asOf?.message}>
          <Input type="date" {...register('asOf')} />
        </FormField>
        {setting.isError ? <ErrorAlert message={setting.error.message} /> : null}
      </Stack>
    </ActionDialog>
  );
}
