import { Badge, Box, Button, chakra, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import { formatUsdInput } from '../../../../shared/format/money.ts';
import type { LenderConsentRow } from '../../../../shared/matching/applicant-matches.ts';
import { applicantLoanStatus } from '../../../../shared/offers/loan-stages.ts';
import {
  ACCEPTANCE_STATEMENT,
  formatRate,
  offerLines,
  offerRateText,
  offerSha256,
  rateIndexLabels,
} from '../../../../shared/offers/offer-text.ts';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { CheckboxField, FormField } from '../../components/form-controls.tsx';
import { portalLendersArgs, usePortalLendersQuery } from './lenders-api.ts';
import { amountsDiffer, compareOffers, type ComparedOffer } from './offer-comparison.ts';
import { useFocusOnAppearing } from '../../lib/use-focus-on-appearing.ts';
import {
  useAcceptOfferMutation,
  usePortalOffersQuery,
  type PortalApplication,
  type PortalOffers,
} from './portal-api.ts';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';
import { signatureNameMessage, signsAsApplicant, type Signer } from '../../../../shared/offers/signature-name.ts';

/** An index value's day, which is a day, not a moment: written in UTC so that no time zone moves it. */
const dayText = (day: string) => formatLongDate(`${day}T12:00:00Z`, 'UTC');

/**
 * The applicant's offers (docs/product.md, Offers and funding): while an application has live offers, each side
 * by side with what it costs (shared/offers/offer-cost.ts), the lowest monthly payment and total cost marked, and
 * 'Accept this offer'; once one is accepted, that one alone. Shown only when there is an offer. An officer viewing
 * the client's portal (clientId) reads the same, read-only: only the applicant accepts.
 */
export function Offers({ applications, clientId }: { applications: PortalApplication[]; clientId: string | null }) {
  const skip = applications.length === 0;
  const offers = usePortalOffersQuery({ clientId }, { skip });
  // The consents name the lenders: the officer reads the client's (the same request as the lender network's).
  const lenders = usePortalLendersQuery(
    portalLendersArgs(
      applications.map((application) => application.id),
      clientId !== null,
    ),
    { skip },
  );
  if (offers.isError) {
    return (
      <Stack as="section" aria-labelledby="offers-heading" gap="4">
        <OffersHeading />
        <ErrorAlert message={offers.error.message} />
      </Stack>
    );
  }
  // Without the consent rows (their load failed, which the lender network says), no lender is named.
  const consents = lenders.data?.consents ?? (lenders.isError ? [] : undefined);
  if (!offers.data || offers.data.offers.length === 0 || !consents) return null;
  return (
    <OffersOfApplications
      data={offers.data}
      consents={consents}
      applications={applications}
      readOnly={clientId !== null}
    />
  );
}

function OffersHeading() {
  return (
    <Heading as="h2" size="xl" id="offers-heading">
      Offers
    </Heading>
  );
}

function OffersOfApplications({
  data,
  consents,
  applications,
  readOnly,
}: {
  data: PortalOffers;
  consents: LenderConsentRow[];
  applications: PortalApplication[];
  readOnly: boolean;
}) {
  const groups = useMemo(
    () =>
      applications.flatMap((application) => {
        const offers = data.offers.filter((offer) => offer.application_id === application.id);
        if (offers.length === 0) return [];
        const accepted = offers.find((offer) => offer.accepted_at !== null);
        const compared = compareOffers(accepted ? [accepted] : offers, consents, data.indexValues);
        const stages = data.stages.filter((stage) => stage.application_id === application.id);
        return [{ application, compared, accepted: Boolean(accepted), stages }];
      }),
    [applications, data, consents],
  );
  // An offer accepted here takes its Accept button (and the dialog) away: the focus goes to the loan's status.
  const focusTarget = useFocusOnAppearing(
    groups.filter((group) => group.accepted).map((group) => group.application.id),
  );
  return (
    <Stack as="section" aria-labelledby="offers-heading" gap="4">
      <OffersHeading />
      {groups.map(({ application, compared, accepted, stages }) => (
        <Stack key={application.id} gap="3">
          {applications.length > 1 ? (
            <Heading as="h3" size="md">
              For your application for {application.business_name}
            </Heading>
          ) : null}
          {readOnly && !accepted ? (
            <Text color="gray.700">
              The offers as the applicant sees them. Only the applicant can accept one, from their own portal.
            </Text>
          ) : accepted ? (
            // Announced when it changes: the loan moving to closing or funded while the portal is open.
            <Text
              color="gray.700"
              fontWeight="medium"
              role="status"
              data-testid="loan-status"
              {...focusTarget(application.id)}
            >
              {readOnly ? 'The applicant’s loan: ' : ''}
              {applicantLoanStatus(stages)}
            </Text>
          ) : (
            <Text color="gray.700">
              Lenders you approved made these offers. They are compared on the same footing: the monthly payment of a
              standard amortizing loan, the total of the payments, and that total with the lender’s fees and the SBA
              guaranty fee. You can accept one offer.
              {amountsDiffer(compared)
                ? ' These offers are for different amounts, so none is marked lowest: a smaller loan costs less in all without being the better offer for what you need.'
                : ''}
            </Text>
          )}
          <SimpleGrid columns={{ base: 1, md: Math.min(compared.length, 3) }} gap="4">
            {compared.map((item) => (
              <OfferCard
                key={item.offer.offer_id}
                item={item}
                applicant={application}
                comparing={!accepted && compared.length > 1}
                readOnly={readOnly}
              />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

function Lowest({ shown }: { shown: boolean }) {
  return shown ? (
    <Badge colorPalette="green" ms="2">
      Lowest
    </Badge>
  ) : null;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <chakra.dt fontSize="sm" color="gray.600">
        {label}
      </chakra.dt>
      <chakra.dd ms="0" fontWeight="medium" overflowWrap="anywhere">
        {children}
      </chakra.dd>
    </Box>
  );
}

function OfferCard({
  item,
  applicant,
  comparing,
  readOnly,
}: {
  item: ComparedOffer;
  applicant: Signer;
  comparing: boolean;
  readOnly: boolean;
}) {
  const { offer } = item;
  const lender = item.revision.lender_name;
  return (
    <Box as="article" borderWidth="1px" borderRadius="md" p="5" aria-label={`Offer from ${lender}`}>
      <Heading as="h3" size="md" mb="3" overflowWrap="anywhere">
        {lender}
      </Heading>
      {offer.accepted_at ? (
        // A badge keeps to one line: this one's words wrap on a narrow or zoomed screen rather than widen the page.
        <Badge colorPalette="green" size="lg" mb="3" whiteSpace="normal" h="auto" py="1">
          Accepted on {formatLongDate(offer.accepted_at)}
        </Badge>
      ) : null}
      <OfferFigures item={item} comparing={comparing} />
      {offer.accepted_at ? (
        <Text fontSize="sm" color="gray.700" mt="3">
          Accepted by {offer.accepted_name}.
        </Text>
      ) : readOnly ? null : (
        <AcceptOffer item={item} applicant={applicant} />
      )}
    </Box>
  );
}

/**
 * An offer's figures and terms: its cost at today's index value (which a variable rate names), marked where it is
 * lowest, or, while its index has no value, what the applicant waits for instead of a figure.
 */
export function OfferFigures({ item, comparing }: { item: ComparedOffer; comparing: boolean }) {
  const { offer, revision, cost } = item;
  const noIndexValue =
    offer.rate_kind === 'variable' && offer.rate_index
      ? `Monthly payment shown once your loan officer enters today’s ${rateIndexLabels[offer.rate_index]} rate`
      : null;
  return (
    <chakra.dl display="grid" gap="2">
      <Row label="Amount">{formatUsdInput(Number(offer.amount))}</Row>
      <Row label="Rate">
        {offerRateText(offer)}
        {cost?.indexValue && offer.rate_index ? (
          <Text as="span" display="block" fontSize="sm" fontWeight="normal" color="gray.700">
            {formatRate(cost.annualRatePercent)}, computed at {rateIndexLabels[offer.rate_index]}{' '}
            {formatRate(cost.indexValue.percent)} on {dayText(cost.indexValue.asOf)}
          </Text>
        ) : null}
      </Row>
      <Row label="Monthly payment">
        {cost ? (
          <>
            {formatUsdInput(cost.monthlyPayment)}
            <Lowest shown={comparing && item.lowestMonthly} />
          </>
        ) : (
          <Text as="span" fontWeight="normal">
            {noIndexValue}
          </Text>
        )}
      </Row>
      <Row label="Total of payments">{cost ? formatUsdInput(cost.totalOfPayments) : 'Not computed yet'}</Row>
      <Row label="Total cost with fees">
        {cost ? (
          <>
            {formatUsdInput(cost.totalCost)}
            <Lowest shown={comparing && item.lowestTotal} />
          </>
        ) : (
          'Not computed yet'
        )}
      </Row>
      {offerLines(revision)
        // Once accepted, the offer no longer expires.
        .filter(
          (line) =>
            !['Lender', 'Amount', 'Rate'].includes(line.label) &&
            !(offer.accepted_at !== null && line.label === 'Offer expires'),
        )
        .map((line) => (
          <Row key={line.label} label={line.label}>
            {line.value}
          </Row>
        ))}
    </chakra.dl>
  );
}

/**
 * 'Accept this offer' and its dialog: the offer's terms as shown, the applicant's full name (as on the application:
 * shared/offers/signature-name.ts) and the statement to tick. A refusal is shown in the dialog and keeps what was
 * typed (kept here, beside the button, also when the dialog is closed and opened again).
 */
function AcceptOffer({ item, applicant }: { item: ComparedOffer; applicant: Signer }) {
  const [open, setOpen] = useState(false);
  const [fullName, setFullName] = useState('');
  const [ticked, setTicked] = useState(false);
  const [checked, setChecked] = useState(false);
  const [accept, accepting] = useAcceptOfferMutation();
  const offers = usePortalOffersQuery({ clientId: null });
  const lender = item.revision.lender_name;
  const nameProblem = !fullName.trim()
    ? 'Type your full name to accept the offer'
    : signsAsApplicant(fullName, applicant)
      ? undefined
      : signatureNameMessage(applicant);
  const nameError = checked ? nameProblem : undefined;
  const statementError = checked && !ticked ? 'Tick the statement to accept the offer' : undefined;

  const nameInput = useRef<HTMLInputElement>(null);
  const statementInput = useRef<HTMLInputElement>(null);

  const submit = async () => {
    setChecked(true);
    // The keyboard goes to the first field its message is about.
    if (nameProblem) return nameInput.current?.focus();
    if (!ticked) return statementInput.current?.focus();
    const shownSha256 = await offerSha256(item.revision);
    const result = await accept({ offerId: item.offer.offer_id, fullName: fullName.trim(), shownSha256 });
    if ('data' in result) setOpen(false);
  };

  return (
    <Box mt="4">
      <ActionDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          // Refused (the offer changed, was withdrawn or expired meanwhile): the offers as they are now.
          if (!next && accepting.isError) void offers.refetch();
        }}
        title={`Accept the offer from ${lender}?`}
        form="Accept the offer"
        busy={accepting.isLoading}
        trigger={
          <Button colorPalette="blue">
            Accept this offer<ScreenReaderText> from {lender}</ScreenReaderText>
          </Button>
        }
        confirmLabel="Accept"
        confirmPalette="blue"
        onConfirm={() => void submit()}
      >
        <Stack gap="4">
          <chakra.dl display="grid" gap="1" aria-label="The offer’s terms">
            {offerLines(item.revision).map((line) => (
              <Box key={line.label} display="flex" gap="2" flexWrap="wrap">
                <chakra.dt fontWeight="medium">{line.label}: </chakra.dt>
                <chakra.dd ms="0">{line.value}</chakra.dd>
              </Box>
            ))}
          </chakra.dl>
          {/* What it costs, as the comparison showed it (not part of the terms accepted: a figure computed here). */}
          {item.cost ? (
            <Text data-testid="accept-figures">
              {`Monthly payment ${formatUsdInput(item.cost.monthlyPayment)}; total cost with fees ${formatUsdInput(item.cost.totalCost)}${
                item.cost.indexValue ? `, at ${formatRate(item.cost.annualRatePercent)} today` : ''
              }.`}
            </Text>
          ) : (
            <Text data-testid="accept-figures" color="orange.800">
              The monthly payment of this variable-rate offer is not computed yet: your loan officer has not entered
              today’s {item.offer.rate_index ? rateIndexLabels[item.offer.rate_index] : 'index'} rate. You can still
              accept it, or ask your loan officer first.
            </Text>
          )}
          <FormField label="Full name" required error={nameError}>
            <Input
              ref={nameInput}
              value={fullName}
              autoComplete="name"
              onChange={(event) => setFullName(event.target.value)}
            />
          </FormField>
          <CheckboxField
            ref={statementInput}
            label={ACCEPTANCE_STATEMENT}
            checked={ticked}
            error={statementError}
            onChange={(event) => setTicked(event.target.checked)}
          />
          {accepting.isError ? (
            <Text color="fg.error" role="alert">
              {accepting.error.message}
            </Text>
          ) : null}
        </Stack>
      </ActionDialog>
    </Box>
  );
}
