import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, chakra, Container, Heading, List, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { brand } from '../../../../shared/brand/brand.ts';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import {
  LENDER_VIEW_MESSAGES,
  lenderAnswers,
  type LenderPackageView,
} from '../../../../shared/matching/lender-answers.ts';
import { lenderAnswerSchema, type LenderAnswerForm } from '../../../../shared/validation/lender-answer.ts';
import { FormField, RadioGroupField } from '../../components/form-controls.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { hashText } from '../../lib/address-hash.ts';
import { documentLink, packageStage, seenOffer, sendAnswer, sendThen, type Stage } from './lender-package-api.ts';
import { useFocusOnAppearing } from '../../lib/use-focus-on-appearing.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { AcceptedOffer, CurrentOffer, OfferForm } from './lender-offer.tsx';

/** The link's token: what follows '#' in the address (never sent to a server with the page request). */
function tokenFromAddress(): string {
  return hashText(window.location.hash);
}

/** Follows the address's token: opening another lender link in the same tab changes only the part after '#'. */
function subscribeToHash(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/**
 * /lender: what a lender's e-mail links to (docs/architecture.md, Lender network). No account: the link is the
 * credential; the page shows the package and the application's documents, and takes the lender's answer with a note.
 */
export function LenderPackagePage() {
  const token = useSyncExternalStore(subscribeToHash, tokenFromAddress, () => '');
  // The stage of the link it was read for: another link's package is never shown (nor answered) under this one.
  const [read, setRead] = useState<{ token: string; stage: Stage } | null>(null);
  const stage: Stage = read?.token === token ? read.stage : { kind: 'loading' };

  useEffect(() => {
    let current = true;
    void packageStage(token).then((next) => {
      if (current) setRead({ token, stage: next });
    });
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <>
      <PageMeta title="Loan Package" description="A loan package shared with a lender." />
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <Container maxW="4xl" py={{ base: '6', md: '10' }}>
        {stage.kind === 'loading' ? (
          <Spinner aria-label="Loading the package" />
        ) : stage.kind === 'invalid' ? (
          <ErrorAlert message={stage.message} />
        ) : (
          <PackageView
            key={token}
            view={stage.view}
            answered={stage.answered}
            token={token}
            onAnswered={async () => setRead({ token, stage: await packageStage(token, true) })}
          />
        )}
      </Container>
    </>
  );
}

/**
 * The documents the loan officer accepted. Each download asks the server for its link then, so a document
 * sent back or replaced since the page was opened is refused with why. None once the applicant chose another
 * lender: the page says why.
 */
function PackageDocuments({
  documents,
  token,
  choseAnotherLender,
}: {
  documents: LenderPackageView['documents'];
  token: string;
  choseAnotherLender: boolean;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [fetching, setFetching] = useState<string | null>(null);
  const download = async (documentId: string) => {
    setProblem(null);
    setFetching(documentId);
    const link = await documentLink(token, documentId);
    setFetching(null);
    if ('error' in link) setProblem(link.error);
    else window.location.assign(link.url);
  };
  return (
    <Box as="section" aria-label="Documents">
      <Heading as="h2" size="lg" mb="2">
        Documents
      </Heading>
      {choseAnotherLender ? (
        <Text color="gray.600">{LENDER_VIEW_MESSAGES.documentsNoLongerShared}</Text>
      ) : documents.length === 0 ? (
        <Text color="gray.600">No document has been accepted by the loan officer yet.</Text>
      ) : (
        <List.Root ps="5" gap="1">
          {documents.map((document) => (
            <List.Item key={document.id} overflowWrap="anywhere">
              {document.label}:{' '}
              <Button
                variant="plain"
                colorPalette="blue"
                textDecoration="underline"
                p="0"
                h="auto"
                whiteSpace="normal"
                textAlign="start"
                loading={fetching === document.id}
                onClick={() => void download(document.id)}
              >
                {document.fileName}
              </Button>
            </List.Item>
          ))}
        </List.Root>
      )}
      {problem ? <ErrorAlert message={problem} mt="2" /> : null}
      {choseAnotherLender ? null : (
        <Text fontSize="sm" color="gray.600" mt="1">
          These are the documents the loan officer has reviewed and accepted.
        </Text>
      )}
    </Box>
  );
}

function PackageView({
  view,
  answered,
  token,
  onAnswered,
}: {
  view: LenderPackageView;
  answered: boolean;
  token: string;
  onAnswered: () => Promise<void>;
}) {
  const { package: bankPackage, documents, offers } = view;
  const [stageRefusal, setStageRefusal] = useState<string | null>(null);
  const answer = lenderAnswers.find((item) => item.value === bankPackage.status);
  const open = bankPackage.status === 'sent' || bankPackage.status === 'need_more_info';
  const accepted = offers.find((offer) => offer.id === view.acceptedOfferId);
  // The form's button goes once the answer or the first offer is recorded: the focus goes to the answer recorded.
  const focusTarget = useFocusOnAppearing(bankPackage.answeredAt ? [bankPackage.answeredAt] : []);
  // What the lender can do now: nothing once the applicant chose another lender; the stages once they accepted
  // this lender's offer; else its offer (made, revised, withdrawn), or its first answer.
  let action: ReactNode = null;
  if (view.choseAnotherLender) {
    action = (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{LENDER_VIEW_MESSAGES.choseAnotherLender}</Alert.Title>
      </Alert.Root>
    );
  } else if (accepted) {
    action = (
      <AcceptedOffer
        key={view.stages.length}
        token={token}
        offer={accepted}
        stages={view.stages}
        onChanged={onAnswered}
        refusal={stageRefusal}
        onRefusal={setStageRefusal}
      />
    );
  } else if (offers.length > 0 || bankPackage.status === 'interested') {
    action = <CurrentOffer token={token} latest={offers[0]} onChanged={onAnswered} />;
  } else if (open) {
    action = <AnswerForm token={token} onAnswered={onAnswered} />;
  }
  return (
    <Stack gap="6">
      <Box>
        <Heading as="h1" size="2xl" overflowWrap="anywhere">
          Loan Package {bankPackage.number}: {bankPackage.businessName}
        </Heading>
        <Text color="gray.600">
          Sent to {bankPackage.lenderName} by {brand.productName} on {formatLongDate(bankPackage.sentAt)}, with the
          applicant’s consent.
          {bankPackage.answerDueAt
            ? ` We would appreciate your answer by ${formatLongDate(bankPackage.answerDueAt)}.`
            : ''}{' '}
          This link works until {formatLongDate(bankPackage.linkExpiresAt)}.
        </Text>
      </Box>

      {answer && bankPackage.answeredAt ? (
        <Alert.Root status={answered ? 'success' : 'info'} role="status" {...focusTarget(bankPackage.answeredAt)}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {answered ? 'Thank you. ' : ''}Your answer, recorded on {formatLongDate(bankPackage.answeredAt)}:{' '}
              {answer.label}
            </Alert.Title>
            {bankPackage.answerNote ? (
              <Alert.Description overflowWrap="anywhere">Your note: {bankPackage.answerNote}</Alert.Description>
            ) : null}
          </Alert.Content>
        </Alert.Root>
      ) : null}

      <PackageDocuments documents={documents} token={token} choseAnotherLender={view.choseAnotherLender} />

      <Box as="section" aria-label="Executive summary">
        <Heading as="h2" size="lg" mb="2">
          Executive Summary
        </Heading>
        <chakra.pre
          whiteSpace="pre-wrap"
          overflowWrap="anywhere"
          fontSize="sm"
          borderWidth="1px"
          borderRadius="md"
          p="4"
        >
          {bankPackage.summary}
        </chakra.pre>
      </Box>

      {action}
    </Stack>
  );
}

function AnswerForm({ token, onAnswered }: { token: string; onAnswered: () => Promise<void> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<LenderAnswerForm>({
    resolver: zodResolver(lenderAnswerSchema),
    defaultValues: { note: '' },
  });
  const submit = handleSubmit((form) =>
    sendThen(() => sendAnswer(token, form), onAnswered, setFailure, LENDER_VIEW_MESSAGES.answerFailed),
  );
  // Interested: the answer is an offer, made in the offer form below the choice. An offer carries conditions, not a
  // note: a note typed before the choice becomes the offer's first condition, said so, rather than lost.
  const interested = useWatch({ control, name: 'answer' }) === 'interested';
  const note = (useWatch({ control, name: 'note' }) ?? '').trim();
  return (
    <>
      <chakra.form aria-label="Your answer" onSubmit={(event) => void submit(event)} noValidate>
        <Heading as="h2" size="lg" mb="3">
          Your Answer
        </Heading>
        <Stack gap="4">
          <RadioGroupField
            legend="Are you interested in this loan?"
            options={lenderAnswers}
            error={errors.answer?.message}
            required
            inputProps={register('answer')}
          />
          {interested && note ? <Text color="gray.700">{LENDER_VIEW_MESSAGES.noteBecomesCondition}</Text> : null}
          {interested ? null : (
            <>
              <FormField
                label="Note to the loan officer and the applicant"
                error={errors.note?.message}
                helperText="Optional: what you would need, or why not."
              >
                <Textarea rows={4} {...register('note')} />
              </FormField>
              {failure ? <ErrorAlert message={failure} /> : null}
              <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={isSubmitting}>
                Send Answer
              </Button>
            </>
          )}
        </Stack>
      </chakra.form>
      {/* Shown only while the package has no offer. */}
      {interested ? (
        <OfferForm token={token} seen={seenOffer(undefined)} startingConditions={note} onSent={onAnswered} />
      ) : null}
    </>
  );
}
