import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Box, Button, HStack, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { LoanOfferRow } from '../../../../shared/db/admin-rows.ts';
import { formatDateTime, formatLongDate, isoDay } from '../../../../shared/format/dates.ts';
import { formatUsdInput } from '../../../../shared/format/money.ts';
import { offerCost } from '../../../../shared/offers/offer-cost.ts';
import { offerRateText, offerTermsOf } from '../../../../shared/offers/offer-text.ts';
import {
  loanStageLabels,
  nextLoanStages,
  seenLoanStage,
  type LoanStage,
  type SeenLoanStage,
} from '../../../../shared/offers/loan-stages.ts';
import {
  fundedAmountHint,
  loanStageFormSchema,
  type LoanStageForm,
} from '../../../../shared/validation/loan-offer-form.ts';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { useFocusOnAppearing } from '../../lib/use-focus-on-appearing.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { FormField } from '../../components/form-controls.tsx';
import type { ApplicationDetail } from './admin-repository.ts';
import { useRateIndexValuesQuery, useRecordLoanStageMutation } from './loan-api.ts';

/** The latest revision of each lender's offer, newest lender first. */
function currentOffers(offers: readonly LoanOfferRow[]): LoanOfferRow[] {
  const latest = new Map<string, LoanOfferRow>();
  for (const offer of offers) {
    const seen = latest.get(offer.package_id);
    if (!seen || offer.revision > seen.revision) latest.set(offer.package_id, offer);
  }
  return [...latest.values()].reverse();
}

/**
 * The application's offers and its loan's road to funding (docs/product.md §11): each lender's current offer
 * (revision, terms, what a fixed rate costs a month), the applicant's acceptance with what proves it, the stages
 * recorded, and the officer's buttons for the stages that may come next.
 */
export function LoanSection({ detail }: { detail: ApplicationDetail }) {
  const lenderOf = (packageId: string | null) =>
    detail.bankPackages.find((row) => row.id === packageId)?.bank_name || 'The lender';
  const offers = currentOffers(detail.offers);
  const { acceptance } = detail;
  const { queuedStage } = detail;
  // A stage queued offline (desktop) is the loan's latest until it is sent: no other stage is recorded over it.
  const next = queuedStage ? [] : nextLoanStages(acceptance !== null, detail.stages);
  // A stage someone else recorded meanwhile refuses the officer's: the section reads the loan again, which may take
  // the dialog away (that stage is no longer next), so the refusal is said here, where it stays.
  const [refusal, setRefusal] = useState<string | null>(null);
  const indexValues = useRateIndexValuesQuery(undefined, {
    skip: detail.offers.every((offer) => offer.rate_kind === 'fixed'),
  });
  const seenStage = detail.application.loan_stage === 'in_closing' ? 'in_closing' : seenLoanStage(detail.stages);
  const accepted = acceptance ? detail.offers.find((offer) => offer.id === acceptance.offer_id) : undefined;
  // A stage recorded (or queued offline) takes its Record button away: the focus goes to the stage in the list.
  const focusTarget = useFocusOnAppearing([
    ...detail.stages.map((stage) => stage.id),
    ...(queuedStage ? [`queued ${queuedStage.stage}`] : []),
  ]);
  return (
    <Box as="section" aria-label="Offers and funding">
      <Heading as="h3" size="md" mb="2">
        Offers and Funding
      </Heading>
      {offers.length === 0 ? <Text color="fg.muted">No lender has made an offer yet.</Text> : null}
      <Stack as="ul" gap="2" listStyleType="none">
        {offers.map((offer) => {
          const cost = offerCost(offerTermsOf(offer), indexValues.data ?? {});
          // A variable rate is computed at the index value an officer entered, and says which.
          const monthly = cost
            ? ` · ${formatUsdInput(cost.monthlyPayment)} a month${
                cost.indexValue
                  ? ` (at ${cost.annualRatePercent.toFixed(2)}%: the index at ${cost.indexValue.percent.toFixed(2)}% on ${formatLongDate(`${cost.indexValue.asOf}T12:00:00`)})`
                  : ''
              }`
            : ' · monthly payment once the index value is entered';
          return (
            <Box
              as="li"
              key={offer.id}
              borderWidth="1px"
              borderRadius="md"
              p="3"
              aria-label={lenderOf(offer.package_id)}
            >
              <HStack wrap="wrap" gap="2">
                <Text fontWeight="semibold">{lenderOf(offer.package_id)}</Text>
                <Badge>Revision {offer.revision}</Badge>
                {acceptance?.offer_id === offer.id ? <Badge colorPalette="green">Accepted</Badge> : null}
                {offer.withdrawn_at ? <Badge colorPalette="gray">Withdrawn</Badge> : null}
              </HStack>
              <Text>
                {/* In dollars and cents as the lender made it and the applicant reads it. */}
                {formatUsdInput(Number(offer.amount))} at {offerRateText(offer)} for {offer.term_months} months
                {monthly} · fees {formatUsdInput(Number(offer.lender_fees))}
                {offer.sba_guaranty_fee === null
                  ? ''
                  : ` · SBA guaranty fee ${formatUsdInput(Number(offer.sba_guaranty_fee))}`}{' '}
                · expires {formatLongDate(`${offer.expires_on}T12:00:00`)}
              </Text>
              {offer.collateral ? <Text fontSize="sm">Collateral: {offer.collateral}</Text> : null}
              {offer.conditions.length > 0 ? (
                <Text fontSize="sm">Conditions: {offer.conditions.join('; ')}</Text>
              ) : null}
            </Box>
          );
        })}
      </Stack>
      {acceptance ? (
        <Text mt="2" data-testid="offer-acceptance">
          Accepted by {acceptance.full_name} on {formatDateTime(acceptance.accepted_at)} from{' '}
          {acceptance.client_address} (offer as shown: SHA-256 {acceptance.offer_sha256.slice(0, 12)}…)
        </Text>
      ) : null}
      {detail.stages.length > 0 || queuedStage ? (
        <Stack as="ol" mt="2" gap="1" aria-label="Loan stages">
          {detail.stages.map((stage) => (
            <Text as="li" key={stage.id} {...focusTarget(stage.id)}>
              <Text as="span" fontWeight="semibold">
                {loanStageLabels[stage.stage]}
              </Text>
              {stage.expected_closing_on
                ? ` · expected to close ${formatLongDate(`${stage.expected_closing_on}T12:00:00`)}`
                : ''}
              {stage.funded_amount !== null
                ? ` · ${formatUsdInput(Number(stage.funded_amount))} on ${formatLongDate(`${stage.funded_on}T12:00:00`)}`
                : ''}
              {stage.reason ? ` · ${stage.reason}` : ''}
              {` · recorded ${formatDateTime(stage.created_at)} by ${stage.recorded_via === 'lender' ? 'the lender' : 'an officer'}`}
            </Text>
          ))}
          {queuedStage ? (
            <Text as="li" {...focusTarget(`queued ${queuedStage.stage}`)}>
              <Text as="span" fontWeight="semibold">
                {loanStageLabels[queuedStage.stage]}
              </Text>
              <Badge colorPalette="orange" ms="2" data-testid="queued-stage">
                Queued, sent when the connection returns
              </Badge>
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {refusal ? (
        <Box mt="2">
          <ErrorAlert message={refusal} />
        </Box>
      ) : null}
      {next.length > 0 ? (
        <HStack mt="2" gap="2" wrap="wrap">
          {next.map((stage) => (
            <StageDialog
              key={stage}
              applicationId={detail.application.id}
              businessName={detail.application.business_name}
              seenStage={seenStage}
              stage={stage}
              acceptedAmount={accepted ? Number(accepted.amount) : null}
              onOutcome={setRefusal}
            />
          ))}
        </HStack>
      ) : null}
    </Box>
  );
}

/**
 * Recording one stage: its details, checked beside each field as the database checks them, with the stage the
 * officer saw (a stage queued offline is sent only if the loan is still there).
 */
function StageDialog({
  applicationId,
  businessName,
  seenStage,
  stage,
  acceptedAmount,
  onOutcome,
}: {
  applicationId: string;
  businessName: string;
  seenStage: SeenLoanStage;
  stage: LoanStage;
  /** The accepted offer's amount, where Funded's amount starts. */
  acceptedAmount: number | null;
  /** The refusal of a stage recorded meanwhile, for the section to keep; null once a stage is recorded. */
  onOutcome: (refusal: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [recordStage, recording] = useRecordLoanStageMutation();
  const empty: LoanStageForm = {
    stage,
    expectedClosingOn: '',
    fundedAmount: acceptedAmount ?? undefined,
    fundedOn: '',
    reason: '',
  };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<LoanStageForm>({ resolver: zodResolver(loanStageFormSchema(isoDay(new Date()))), defaultValues: empty });
  const onSubmit = handleSubmit(async (form) => {
    const result = await recordStage({
      applicationId,
      stage,
      ...(stage === 'in_closing' ? { expectedClosingOn: form.expectedClosingOn } : {}),
      ...(stage === 'funded' ? { fundedAmount: Number(form.fundedAmount), fundedOn: form.fundedOn } : {}),
      ...(stage === 'did_not_close' ? { reason: form.reason.trim() } : {}),
      expectedCurrentStage: seenStage,
      label: businessName,
    });
    if (!result.error) {
      setOpen(false);
      reset(empty);
      onOutcome(null);
    } else if (result.error.code) {
      onOutcome(result.error.message ?? null);
    }
  });
  const label = loanStageLabels[stage];
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        recording.reset();
      }}
      title={`Record: ${label}`}
      trigger={
        <Button size="xs" colorPalette={stage === 'did_not_close' ? 'red' : 'blue'} variant="outline">
          Record {label}
        </Button>
      }
      confirmLabel={`Record ${label}`}
      confirmPalette={stage === 'did_not_close' ? 'red' : 'blue'}
      busy={recording.isLoading}
      onConfirm={() => void onSubmit()}
      form={`Loan stage ${label}`}
    >
      <Stack gap="3">
        {stage === 'in_closing' ? (
          <FormField label="Expected closing date" required error={errors.expectedClosingOn?.message}>
            <Input type="date" {...register('expectedClosingOn')} />
          </FormField>
        ) : null}
        {stage === 'funded' ? (
          <>
            <FormField
              label="Funded amount ($)"
              required
              error={errors.fundedAmount?.message}
              helperText={acceptedAmount === null ? undefined : fundedAmountHint(formatUsdInput(acceptedAmount))}
            >
              <Input type="number" min={0} step="0.01" {...register('fundedAmount', { valueAsNumber: true })} />
            </FormField>
            <FormField label="Funding date" required error={errors.fundedOn?.message}>
              <Input type="date" {...register('fundedOn')} />
            </FormField>
          </>
        ) : null}
        {stage === 'did_not_close' ? (
          <FormField label="Why the loan did not close" required error={errors.reason?.message}>
            <Textarea rows={3} {...register('reason')} />
          </FormField>
        ) : null}
        {recording.isError ? <ErrorAlert message={recording.error.message} /> : null}
      </Stack>
    </ActionDialog>
  );
}
