import { zodResolver } from '@hookform/resolvers/zod';
import { rateIndexes } from '../../../../shared/offers/offer-cost.ts';
import { Box, Button, chakra, Heading, HStack, Input, List, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formatLongDate, isoDay } from '../../../../shared/format/dates.ts';
import {
  loanStageLabels,
  nextLoanStages,
  seenLoanStage,
  type SeenLoanStage,
} from '../../../../shared/offers/loan-stages.ts';
import { formatUsdInput } from '../../../../shared/format/money.ts';
import {
  LENDER_VIEW_MESSAGES,
  type LenderLoanStage,
  type LenderOfferRevision,
} from '../../../../shared/matching/lender-answers.ts';
import {
  aYearAfter,
  fundedAmountHint,
  loanOfferFormSchema,
  loanStageFormSchema,
  type LoanOfferForm,
  type LoanStageForm,
} from '../../../../shared/validation/loan-offer-form.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { FormField, RadioGroupField, SelectInput } from '../../components/form-controls.tsx';
import {
  recordStage,
  seenOffer,
  sendOffer,
  sendThen,
  withdrawOffer,
  type SeenOffer,
  type StageDetails,
} from './lender-package-api.ts';

/**
 * The lender's offer on its page (docs/product.md §11, Offers and funding): the form that makes or revises it, the
 * current offer with its revision, and once the applicant accepted it, the loan's closing stages.
 */

/** A day kept as YYYY-MM-DD, shown as a long date (read in UTC: the day itself, whatever the browser's zone). */
const longDay = (day: string) => formatLongDate(day, 'UTC');

const rateKinds = [
  { value: 'fixed', label: 'Fixed' },
  { value: 'variable', label: 'Variable (an index plus a spread)' },
] as const;

/** The rate as a lender reads it: '9.5% fixed', or 'Prime + 2.75%'. */
function rateText(offer: LenderOfferRevision): string {
  if (offer.rateKind === 'fixed') return `${offer.fixedRate}% fixed`;
  const index = rateIndexes.find((item) => item.value === offer.rateIndex)?.label ?? offer.rateIndex;
  const spread = offer.spread ?? 0;
  return `${index} ${spread < 0 ? '−' : '+'} ${Math.abs(spread)}%`;
}

/** An offer's terms, as the lender made them; once `accepted`, without the day it would have expired. */
export function OfferTerms({ offer, accepted = false }: { offer: LenderOfferRevision; accepted?: boolean }) {
  const rows: [string, string][] = [
    ['Amount', formatUsdInput(offer.amount)],
    ['Rate', rateText(offer)],
    ['Term', `${offer.termMonths} months`],
    ['Your fees', formatUsdInput(offer.lenderFees)],
    ['SBA guaranty fee', offer.sbaGuarantyFee === null ? 'Not stated' : formatUsdInput(offer.sbaGuarantyFee)],
    ['Collateral', offer.collateral || 'None stated'],
    ...(accepted ? [] : [['Expires on', longDay(offer.expiresOn)] as [string, string]]),
  ];
  return (
    <Box>
      <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1">
        {rows.map(([term, value]) => (
          <Box key={term} display="contents">
            <chakra.dt fontWeight="medium">{term}</chakra.dt>
            <chakra.dd overflowWrap="anywhere">{value}</chakra.dd>
          </Box>
        ))}
      </chakra.dl>
      <Text fontWeight="medium" mt="2">
        Conditions
      </Text>
      {offer.conditions.length === 0 ? (
        <Text>None</Text>
      ) : (
        <List.Root ps="5" aria-label="Conditions">
          {offer.conditions.map((condition, index) => (
            <List.Item key={index} overflowWrap="anywhere">
              {condition}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  );
}

/** The form's values of an offer being revised; empty ones for a first offer. */
function formValues(offer: LenderOfferRevision | undefined): Partial<LoanOfferForm> {
  if (!offer) return { rateKind: 'fixed', rateIndex: '', collateral: '', conditions: '', expiresOn: '' };
  return {
    amount: offer.amount,
    rateKind: offer.rateKind,
    fixedRate: offer.fixedRate ?? undefined,
    rateIndex: offer.rateIndex ?? '',
    spread: offer.spread ?? undefined,
    termMonths: offer.termMonths,
    lenderFees: offer.lenderFees,
    sbaGuarantyFee: offer.sbaGuarantyFee ?? undefined,
    collateral: offer.collateral,
    conditions: offer.conditions.join('\n'),
    expiresOn: offer.expiresOn,
  };
}

/**
 * Makes the offer, or revises `current`, starting from the terms of `from`. A refusal is shown above the button and everything typed stays, to be
 * corrected and sent again.
 */
export function OfferForm({
  token,
  current,
  from = current,
  startingConditions = '',
  seen,
  onSent,
  onCancel,
  focusOnOpen = false,
}: {
  token: string;
  /**
   * The form opened at the lender's press of a button that it replaces: its heading takes the focus, so that a
   * screen reader says where the lender is and a phone's screen shows the form's top (not its keyboard).
   */
  focusOnOpen?: boolean;
  /** The offer as the page showed it: a change made meanwhile with the link is refused. */
  seen: SeenOffer;
  /** The live offer this form revises. */
  current?: LenderOfferRevision | undefined;
  /** The terms the form starts from: the live offer's, or the withdrawn one's when making a new offer. */
  from?: LenderOfferRevision | undefined;
  /** A first offer's conditions to start with (the note the lender typed before choosing Interested). */
  startingConditions?: string;
  onSent: () => Promise<void>;
  onCancel?: (() => void) | undefined;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const today = isoDay(new Date());
  const schema = useMemo(() => loanOfferFormSchema(today), [today]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<LoanOfferForm>({
    resolver: zodResolver(schema),
    defaultValues: from ? formValues(from) : { ...formValues(undefined), conditions: startingConditions },
  });
  const rateKind = useWatch({ control, name: 'rateKind' });
  const submit = handleSubmit((offer) =>
    sendThen(() => sendOffer(token, offer, seen), onSent, setFailure, LENDER_VIEW_MESSAGES.offerFailed),
  );
  const number = { valueAsNumber: true } as const;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);
  return (
    <chakra.form aria-label="Your offer" onSubmit={(event) => void submit(event)} noValidate>
      <Heading as="h2" size="lg" mb="1" ref={heading} tabIndex={focusOnOpen ? -1 : undefined}>
        {current ? `Revise Your Offer (revision ${current.revision + 1})` : 'Your Offer'}
      </Heading>
      <Text color="gray.600" mb="3">
        The applicant compares the offers they receive and may accept yours until it expires. You can revise or withdraw
        it until then.
      </Text>
      <Stack gap="4">
        <FormField label="Amount ($)" error={errors.amount?.message} required>
          <Input type="number" min={0} step="0.01" {...register('amount', number)} />
        </FormField>
        <RadioGroupField
          legend="Rate"
          options={rateKinds}
          error={errors.rateKind?.message}
          required
          inputProps={register('rateKind')}
        />
        {rateKind === 'variable' ? (
          <>
            <FormField label="Index" error={errors.rateIndex?.message} required>
              <SelectInput options={rateIndexes} placeholder="Choose an index" {...register('rateIndex')} />
            </FormField>
            <FormField
              label="Spread over the index (% a year)"
              error={errors.spread?.message}
              helperText="Between -5 and 20."
              required
            >
              <Input type="number" step="0.001" {...register('spread', number)} />
            </FormField>
          </>
        ) : (
          <FormField
            label="Fixed rate (% a year)"
            error={errors.fixedRate?.message}
            helperText="Between 0 and 40."
            required
          >
            <Input type="number" min={0} max={40} step="0.001" {...register('fixedRate', number)} />
          </FormField>
        )}
        <FormField label="Term (months)" error={errors.termMonths?.message} helperText="1 to 600." required>
          <Input type="number" min={1} max={600} step="1" {...register('termMonths', number)} />
        </FormField>
        <FormField label="Your fees ($)" error={errors.lenderFees?.message} required>
          <Input type="number" min={0} step="0.01" {...register('lenderFees', number)} />
        </FormField>
        <FormField
          label="SBA guaranty fee ($)"
          error={errors.sbaGuarantyFee?.message}
          helperText="Optional: your estimate, if you state one."
        >
          <Input type="number" min={0} step="0.01" {...register('sbaGuarantyFee', number)} />
        </FormField>
        <FormField label="Collateral" error={errors.collateral?.message}>
          <Textarea rows={2} {...register('collateral')} />
        </FormField>
        <FormField
          label="Conditions"
          error={errors.conditions?.message}
          helperText="One a line (up to 20); blank lines are left out."
        >
          <Textarea rows={4} {...register('conditions')} />
        </FormField>
        <FormField label="Offer expires on" error={errors.expiresOn?.message} required>
          <Input type="date" min={today} max={aYearAfter(today)} {...register('expiresOn')} />
        </FormField>
        {failure ? <ErrorAlert message={failure} /> : null}
        <HStack gap="3">
          <Button type="submit" colorPalette="blue" loading={isSubmitting}>
            {current ? 'Send Revised Offer' : 'Send Offer'}
          </Button>
          {onCancel ? (
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </HStack>
      </Stack>
    </chakra.form>
  );
}

/**
 * The lender's current offer (its latest revision) with 'Revise offer' and 'Withdraw offer'; after a withdrawal,
 * 'Make a new offer'.
 */
export function CurrentOffer({
  token,
  latest,
  onChanged,
}: {
  token: string;
  latest: LenderOfferRevision | undefined;
  onChanged: () => Promise<void>;
}) {
  const [revising, setRevising] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  // Back from the form (sent or cancelled), the focus returns to the button that opened it, which is back too.
  const reviseButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (revising || !returnFocus.current) return;
    returnFocus.current = false;
    reviseButton.current?.focus();
  }, [revising]);
  const closeForm = () => {
    returnFocus.current = true;
    setRevising(false);
  };
  const live = latest && !latest.withdrawn ? latest : undefined;
  if (revising || !latest) {
    return (
      <OfferForm
        token={token}
        current={live}
        from={latest}
        seen={seenOffer(latest)}
        focusOnOpen={revising}
        onSent={async () => {
          closeForm();
          await onChanged();
        }}
        onCancel={latest ? closeForm : undefined}
      />
    );
  }
  const withdraw = async () => {
    setWithdrawing(true);
    // A refusal (the offer changed meanwhile) reads the page again too, so that it shows the offer as it is now,
    // under the refusal's words.
    const withdrawOrReread = async () => {
      const refusal = await withdrawOffer(token, seenOffer(latest));
      if (refusal) await onChanged();
      return refusal;
    };
    await sendThen(withdrawOrReread, onChanged, setFailure, LENDER_VIEW_MESSAGES.offerFailed);
    setWithdrawing(false);
  };
  return (
    <Box as="section" aria-label="Your offer">
      <Heading as="h2" size="lg" mb="2">
        Your Offer
      </Heading>
      {live ? (
        <>
          <Text mb="2">
            Revision {live.revision}, made on {formatLongDate(live.madeAt)}.
          </Text>
          <OfferTerms offer={live} />
        </>
      ) : (
        <Text mb="2">You withdrew your offer (revision {latest.revision}). The applicant can no longer accept it.</Text>
      )}
      {failure ? <ErrorAlert message={failure} mt="2" /> : null}
      <HStack gap="3" mt="3">
        <Button colorPalette="blue" ref={reviseButton} onClick={() => setRevising(true)}>
          {live ? 'Revise offer' : 'Make a new offer'}
        </Button>
        {live ? (
          <Button variant="outline" colorPalette="red" loading={withdrawing} onClick={() => void withdraw()}>
            Withdraw offer
          </Button>
        ) : null}
      </HStack>
    </Box>
  );
}

/** A recorded stage in words. */
function stageText(stage: LenderLoanStage): string {
  if (stage.stage === 'in_closing') return `In closing: expected to close on ${longDay(stage.expectedClosingOn ?? '')}`;
  if (stage.stage === 'funded') {
    return `Funded: ${formatUsdInput(stage.fundedAmount ?? 0)} on ${longDay(stage.fundedOn ?? '')}`;
  }
  return `Did not close: ${stage.reason ?? ''}`;
}

/**
 * The accepted offer and the loan's closing stages: In closing (with the expected closing day), then Funded (amount
 * and day) or Did not close (the reason). Each once; nothing after Funded or Did not close.
 */
export function AcceptedOffer({
  token,
  offer,
  stages,
  onChanged,
  refusal,
  onRefusal,
}: {
  token: string;
  offer: LenderOfferRevision;
  stages: LenderLoanStage[];
  onChanged: () => Promise<void>;
  /** Why the last stage was not recorded: kept by the page, as this is drawn anew when the stages change. */
  refusal: string | null;
  onRefusal: (refusal: string | null) => void;
}) {
  const choices = nextLoanStages(true, stages).map((value) => ({ value, label: loanStageLabels[value] }));
  const closed = choices.length === 0;
  return (
    <Stack gap="4">
      <Box as="section" aria-label="Accepted offer">
        <Heading as="h2" size="lg" mb="2">
          The Applicant Accepted Your Offer
        </Heading>
        <Text mb="2">Revision {offer.revision}, as accepted:</Text>
        <OfferTerms offer={offer} accepted />
      </Box>
      <Box as="section" aria-label="Loan stages">
        <Heading as="h2" size="lg" mb="2">
          Closing
        </Heading>
        {stages.length === 0 ? (
          <Text color="gray.600">No stage recorded yet.</Text>
        ) : (
          <List.Root ps="5" aria-label="Recorded stages">
            {stages.map((stage) => (
              <List.Item key={stage.stage} overflowWrap="anywhere">
                {stageText(stage)}
              </List.Item>
            ))}
          </List.Root>
        )}
        {closed ? null : (
          <StageFormView
            token={token}
            seenStage={seenLoanStage(stages)}
            offeredAmount={offer.amount}
            choices={choices}
            onRecorded={onChanged}
            failure={refusal}
            setFailure={onRefusal}
          />
        )}
      </Box>
    </Stack>
  );
}

function StageFormView({
  token,
  seenStage,
  offeredAmount,
  choices,
  onRecorded,
  failure,
  setFailure,
}: {
  token: string;
  /** The loan's stage as the page showed it: a stage an officer recorded meanwhile makes this one refused. */
  seenStage: SeenLoanStage;
  /** The accepted offer's amount, where Funded's amount starts. */
  offeredAmount: number;
  choices: readonly { value: StageDetails['stage']; label: string }[];
  onRecorded: () => Promise<void>;
  failure: string | null;
  setFailure: (failure: string | null) => void;
}) {
  const today = isoDay(new Date());
  const schema = useMemo(() => loanStageFormSchema(today), [today]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<LoanStageForm>({
    resolver: zodResolver(schema),
    defaultValues: { expectedClosingOn: '', fundedAmount: offeredAmount, fundedOn: '', reason: '' },
  });
  const stage = useWatch({ control, name: 'stage' });
  const submit = handleSubmit(async (form) => {
    const details: StageDetails =
      form.stage === 'in_closing'
        ? { stage: form.stage, expectedClosingOn: form.expectedClosingOn }
        : form.stage === 'funded'
          ? { stage: form.stage, fundedAmount: Number(form.fundedAmount), fundedOn: form.fundedOn }
          : { stage: form.stage, reason: form.reason };
    // A refusal (the officer recorded a stage meanwhile) reads the page again too, so that it shows the loan's
    // stages as they are, under the refusal's words.
    const recordOrReread = async () => {
      const refusal = await recordStage(token, details, seenStage);
      if (refusal) await onRecorded();
      return refusal;
    };
    await sendThen(recordOrReread, onRecorded, setFailure, LENDER_VIEW_MESSAGES.stageFailed);
  });
  return (
    <chakra.form aria-label="Record a stage" onSubmit={(event) => void submit(event)} noValidate mt="3">
      <Stack gap="4">
        <RadioGroupField
          legend="Where is the loan now?"
          options={choices}
          error={errors.stage?.message}
          required
          inputProps={register('stage')}
        />
        {stage === 'in_closing' ? (
          <FormField label="Expected closing date" error={errors.expectedClosingOn?.message} required>
            <Input type="date" {...register('expectedClosingOn')} />
          </FormField>
        ) : null}
        {stage === 'funded' ? (
          <>
            <FormField
              label="Funded amount ($)"
              error={errors.fundedAmount?.message}
              helperText={fundedAmountHint(formatUsdInput(offeredAmount))}
              required
            >
              <Input type="number" min={0} step="0.01" {...register('fundedAmount', { valueAsNumber: true })} />
            </FormField>
            <FormField label="Funding date" error={errors.fundedOn?.message} required>
              <Input type="date" max={today} {...register('fundedOn')} />
            </FormField>
          </>
        ) : null}
        {stage === 'did_not_close' ? (
          <FormField label="Why the loan did not close" error={errors.reason?.message} required>
            <Textarea rows={3} maxLength={2000} {...register('reason')} />
          </FormField>
        ) : null}
        {failure ? <ErrorAlert message={failure} /> : null}
        <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={isSubmitting}>
          Record Stage
        </Button>
      </Stack>
    </chakra.form>
  );
}
