import { Badge, Button, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatUsd } from '../../../../shared/format/money.ts';
import { formatDays } from '../../../../shared/format/numbers.ts';
import { lenderProgramsLabel } from '../../../../shared/matching/applicant-matches.ts';
import type { Lender } from '../../../../shared/matching/lender-match.ts';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { useFocusBackAfterBusy } from '../../lib/use-busy.ts';
import { IndexValues } from './index-values.tsx';
import { LenderFormDialog } from './lender-form-dialog.tsx';
import { useDeleteLenderMutation, useLendersQuery, useSetLenderActiveMutation } from './lender-network-api.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { rowsAsCardsOnPhones } from '../../components/rows-as-cards.ts';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';

/**
 * The Lenders tab (docs/architecture.md, Lender network): the partner network, each lender's criteria at a glance,
 * added, edited, paused, removed.
 */
export function LendersTab() {
  const lenders = useLendersQuery();
  const [setActive, toggling] = useSetLenderActiveMutation();
  return (
    <Stack gap="4" pt="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text color="gray.600">
          Applications are matched against every active lender. Sample lenders ship with the product as examples.
        </Text>
        <LenderFormDialog />
      </HStack>
      <IndexValues />
      {toggling.isError ? <ErrorAlert message={toggling.error.message} /> : null}
      {lenders.isError ? (
        <ErrorAlert message={lenders.error.message} />
      ) : !lenders.data ? (
        <Spinner aria-label="Loading lenders" />
      ) : (
        // Cells wrap between words (the scroll area alone would keep each on one line and scroll at 1024 px).
        // On phones the rows are cards (rowsAsCardsOnPhones), ruled apart as the other lists are, with no frame.
        <Table.ScrollArea borderWidth={{ base: '0', md: '1px' }} borderRadius="md" whiteSpace="normal">
          <Table.Root size="sm" aria-label="Lenders" css={rowsAsCardsOnPhones}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Lender</Table.ColumnHeader>
                <Table.ColumnHeader>Programs</Table.ColumnHeader>
                <Table.ColumnHeader>Loan Size</Table.ColumnHeader>
                <Table.ColumnHeader>States</Table.ColumnHeader>
                <Table.ColumnHeader>Min. Credit</Table.ColumnHeader>
                <Table.ColumnHeader>Answers In</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {lenders.data.map((lender) => (
                <Table.Row key={lender.id} aria-label={lender.name}>
                  <Table.Cell data-label="Lender" overflowWrap="normal">
                    {lender.name} {lender.is_sample ? <Badge colorPalette="gray">Sample</Badge> : null}
                    <Text fontSize="xs" color="gray.600">
                      {lender.contact_name}
                    </Text>
                    {/* Kept whole: a longer address makes the table scroll in its own area, never split. */}
                    <Text fontSize="xs" color="gray.600" overflowWrap="normal">
                      {lender.contact_email}
                    </Text>
                  </Table.Cell>
                  <Table.Cell data-label="Programs" overflowWrap="normal">
                    {lenderProgramsLabel(lender.programs)}
                  </Table.Cell>
                  <Table.Cell data-label="Loan Size" overflowWrap="normal">
                    {formatUsd(lender.min_loan)} to {formatUsd(lender.max_loan)}
                  </Table.Cell>
                  <Table.Cell data-label="States" overflowWrap="normal">
                    {lender.states.length === 0 ? 'All states' : lender.states.join(', ')}
                  </Table.Cell>
                  <Table.Cell data-label="Min. Credit">{lender.min_credit_score}</Table.Cell>
                  <Table.Cell data-label="Answers In">{formatDays(lender.answer_days)}</Table.Cell>
                  <Table.Cell data-label="Status">
                    <Badge colorPalette={lender.active ? 'green' : 'orange'}>
                      {lender.active ? 'Active' : 'Paused'}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell data-label="Actions">
                    <HStack gap="1" wrap="wrap">
                      <LenderFormDialog lender={lender} />
                      <PauseOrActivate
                        lender={lender}
                        busy={toggling.isLoading && toggling.originalArgs?.id === lender.id}
                        onPress={() => void setActive({ id: lender.id, active: !lender.active })}
                      />
                      <DeleteLender lender={lender} />
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

/** Pause or Activate: the focus stays on it through the change, for an officer working from the keyboard. */
function PauseOrActivate({ lender, busy, onPress }: { lender: Lender; busy: boolean; onPress: () => void }) {
  const { ref, pressed } = useFocusBackAfterBusy<HTMLButtonElement>(busy);
  return (
    <Button
      size="xs"
      variant="outline"
      ref={ref}
      loading={busy}
      onClick={() => {
        pressed();
        onPress();
      }}
    >
      {lender.active ? 'Pause' : 'Activate'}
      <ScreenReaderText> {lender.name}</ScreenReaderText>
    </Button>
  );
}

function DeleteLender({ lender }: { lender: Lender }) {
  const [open, setOpen] = useState(false);
  const [remove, removing] = useDeleteLenderMutation();
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        removing.reset();
      }}
      role="alertdialog"
      title={`Delete ${lender.name}?`}
      trigger={
        <Button size="xs" variant="outline" colorPalette="red">
          Delete
          <ScreenReaderText> {lender.name}</ScreenReaderText>
        </Button>
      }
      confirmLabel="Delete"
      confirmPalette="red"
      busy={removing.isLoading}
      onConfirm={() => {
        void remove(lender.id).then((result) => {
          if (!result.error) setOpen(false);
        });
      }}
    >
      <Text>
        The lender leaves the network, with the consents applicants gave it. Packages already sent keep its name, and
        their links stop working for it. To stop matching it for a while, pause it instead.
      </Text>
      {removing.isError ? <ErrorAlert message={removing.error.message} mt="3" /> : null}
    </ActionDialog>
  );
}
