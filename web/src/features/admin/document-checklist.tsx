import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Box, Button, HStack, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  checklistStateLabels,
  checklistSummary,
  documentChecklist,
  itemStateLabels,
  type ChecklistItem,
  type ItemState,
  type ReviewedDocument,
} from '../../../../shared/checklist/document-checklist.ts';
import type { AdminDocument, DocumentReviewRow } from '../../../../shared/db/admin-rows.ts';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import { oldestFirst } from '../../../../shared/format/order.ts';
import {
  cancelReasonSchema,
  documentRequestSchema,
  replacementReasonSchema,
  type DocumentRequestForm,
} from '../../../../shared/validation/checklist-forms.ts';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { FormField } from '../../components/form-controls.tsx';
import { announce, queuedSuffix } from '../../lib/announce.ts';
import { useFocusBackAfterBusy } from '../../lib/use-busy.ts';
import { checklistInputOf, type ApplicationDetail, type FiledDocument } from './admin-repository.ts';
import {
  CHECKLIST_MESSAGES,
  useCancelDocumentRequestMutation,
  useRequestDocumentMutation,
  useReviewDocumentMutation,
  useSetDocumentNotNeededMutation,
} from './checklist-api.ts';
import { actor, when } from './who-and-when.ts';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';

const statePalette: Record<ItemState, string> = {
  missing: 'orange',
  awaiting_review: 'blue',
  accepted: 'green',
  needs_replacement: 'red',
  not_needed: 'gray',
  cancelled: 'gray',
};

type Props = {
  detail: ApplicationDetail;
  /** The signed-in officer (their own reviews read 'by you'). */
  me: string | undefined;
  openDocument: (document: AdminDocument) => void;
};

/**
 * The application's documents as a checklist (docs/product.md §10): the six required documents and the officer's
 * requests, each with its state, its current files and their reviews, and the files replaced since (history).
 * The officer accepts a file or asks for its replacement with a reason, asks for another document, cancels a
 * request, or marks a required document not needed.
 */
export function DocumentChecklist({ detail, me, openDocument }: Props) {
  const checklist = documentChecklist(checklistInputOf(detail));
  const applicationId = detail.application.id;
  return (
    <Box as="section" aria-label="Documents">
      <HStack justify="space-between" wrap="wrap" mb="2">
        <Heading as="h3" size="md">
          Documents
        </Heading>
        <RequestDialog applicationId={applicationId} businessName={detail.application.business_name} />
      </HStack>
      <Text mb="3" data-testid="checklist-summary">
        <Text as="span" fontWeight="semibold">
          {checklistStateLabels[checklist.state]}
        </Text>
        {' · '}
        {checklistSummary(checklist.counts)}
      </Text>
      <ReminderLine detail={detail} waiting={checklist.state === 'waiting_on_applicant'} />
      <Stack as="ul" gap="3" listStyleType="none">
        {checklist.items.map((item) => (
          <ChecklistEntry
            key={item.key}
            item={item}
            applicationId={applicationId}
            businessName={detail.application.business_name}
            me={me}
            openDocument={openDocument}
          />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * When the applicant was last reminded of what is outstanding (the server e-mails reminders on its own, a few
 * days apart and a few times at most: docs/product.md, Document checklist).
 */
function ReminderLine({ detail, waiting }: { detail: ApplicationDetail; waiting: boolean }) {
  const reminders = detail.events.filter((event) => event.kind === 'document_reminder_sent').sort(oldestFirst);
  const last = reminders.at(-1);
  if (!last) {
    return waiting ? (
      <Text mb="3" fontSize="sm" color="fg.muted" data-testid="checklist-reminder">
        No reminder e-mailed yet.
      </Text>
    ) : null;
  }
  return (
    <Text mb="3" fontSize="sm" color="fg.muted" data-testid="checklist-reminder">
      Last reminder e-mailed {when(last.created_at)} ({reminders.length} sent)
    </Text>
  );
}

function ChecklistEntry({
  item,
  applicationId,
  businessName,
  me,
  openDocument,
}: {
  item: ChecklistItem<FiledDocument, DocumentReviewRow>;
  applicationId: string;
  businessName: string;
  me: string | undefined;
  openDocument: (document: AdminDocument) => void;
}) {
  const [setNotNeeded, marking] = useSetDocumentNotNeededMutation();
  const { ref: notNeededButton, pressed } = useFocusBackAfterBusy<HTMLButtonElement>(marking.isLoading);
  return (
    <Box as="li" aria-label={item.title} borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between" wrap="wrap" align="flex-start">
        <Box>
          <Text fontWeight="medium">
            {item.title} <Badge colorPalette={statePalette[item.state]}>{itemStateLabels[item.state]}</Badge>
          </Text>
          {item.kind === 'requested' ? (
            <Text fontSize="sm" color="gray.700">
              {item.description}
              {item.dueDate ? ` · Due ${formatLongDate(`${item.dueDate}T12:00:00`)}` : ''}
            </Text>
          ) : null}
          {item.state === 'cancelled' && item.reasons.length > 0 ? (
            <Text fontSize="sm" color="gray.700">
              Cancelled: {item.reasons.join(' ')}
            </Text>
          ) : null}
        </Box>
        {item.kind === 'required' ? (
          <Button
            size="xs"
            variant="outline"
            ref={notNeededButton}
            loading={marking.isLoading}
            onClick={() => {
              pressed();
              void setNotNeeded({ applicationId, type: item.key, notNeeded: item.state !== 'not_needed' });
            }}
          >
            {item.state === 'not_needed' ? 'Needed After All' : 'Not Needed'}
            <ScreenReaderText> ({item.title})</ScreenReaderText>
          </Button>
        ) : item.state !== 'cancelled' ? (
          <CancelRequestDialog requestId={item.key} title={item.title} />
        ) : null}
      </HStack>
      {marking.isError ? <ErrorAlert message={marking.error.message} mt="2" /> : null}
      {item.current.length > 0 ? (
        <Stack gap="2" mt="2">
          {item.current.map((reviewed) => (
            <FileEntry
              key={reviewed.document.id}
              itemTitle={item.title}
              reviewed={reviewed}
              applicationId={applicationId}
              businessName={businessName}
              me={me}
              openDocument={openDocument}
              reviewable={item.state !== 'not_needed' && item.state !== 'cancelled'}
            />
          ))}
        </Stack>
      ) : null}
      {item.replaced.length > 0 ? (
        <Box mt="2">
          <Text fontSize="sm" fontWeight="medium">
            Replaced files
          </Text>
          <Stack gap="1">
            {item.replaced.map((reviewed) => (
              <FileEntry
                key={reviewed.document.id}
                itemTitle={`${item.title}, replaced`}
                reviewed={reviewed}
                applicationId={applicationId}
                businessName={businessName}
                me={me}
                openDocument={openDocument}
                reviewable={false}
              />
            ))}
          </Stack>
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * A file with its reviews (oldest first), and Accept / Needs Replacement while it can be reviewed. A review queued
 * offline (desktop) shows as made, marked as queued, and the file cannot be reviewed again until it is sent.
 */
function FileEntry({
  itemTitle,
  reviewed,
  applicationId,
  businessName,
  me,
  openDocument,
  reviewable,
}: {
  /** The item the file is under (said after each button's words: the same file name may be under two). */
  itemTitle: string;
  reviewed: ReviewedDocument<FiledDocument, DocumentReviewRow>;
  applicationId: string;
  businessName: string;
  me: string | undefined;
  openDocument: (document: AdminDocument) => void;
  reviewable: boolean;
}) {
  const { document, review, reviews } = reviewed;
  const [reviewDocument, reviewing] = useReviewDocumentMutation();
  const base = {
    documentId: document.id,
    applicationId,
    uploadedAt: document.created_at,
    seenReviewId: review?.id ?? null,
    label: businessName,
    fileName: document.file_name,
  };
  const canReview = reviewable && !review?.queued;
  const openButton = useRef<HTMLButtonElement>(null);
  // The button pressed goes away with the review it made: the keyboard is put back on the file's Open button (the
  // review buttons left follow it), and the outcome is said to screen readers.
  const sendReview = async (outcome: 'accepted' | 'needs_replacement', reason: string | null) => {
    const result = await reviewDocument({ ...base, outcome, reason });
    if (!('error' in result)) {
      announce(`${document.file_name}: ${itemStateLabels[outcome]}${queuedSuffix(result.data)}.`);
      requestAnimationFrame(() => openButton.current?.focus());
    }
    return result;
  };
  return (
    <Box borderTopWidth="1px" pt="2">
      <HStack wrap="wrap" gap="2">
        <Button ref={openButton} size="xs" variant="outline" onClick={() => openDocument(document)}>
          Open {document.file_name}
          <ScreenReaderText> ({itemTitle})</ScreenReaderText>
        </Button>
        <Text fontSize="sm" color="gray.700">
          Uploaded {when(document.created_at)}
        </Text>
        {canReview && review?.outcome !== 'accepted' ? (
          <Button
            size="xs"
            colorPalette="green"
            variant="outline"
            loading={reviewing.isLoading}
            onClick={() => void sendReview('accepted', null)}
          >
            Accept
            <ScreenReaderText>
              {' '}
              {document.file_name} ({itemTitle})
            </ScreenReaderText>
          </Button>
        ) : null}
        {canReview && review?.outcome !== 'needs_replacement' ? (
          <ReplacementDialog
            fileName={document.file_name}
            itemTitle={itemTitle}
            review={(reason) => sendReview('needs_replacement', reason)}
          />
        ) : null}
      </HStack>
      {reviewing.isError ? <ErrorAlert message={reviewing.error.message} mt="2" /> : null}
      {reviews.length > 0 ? (
        <Stack
          as="ol"
          gap="0"
          mt="1"
          fontSize="sm"
          listStyleType="none"
          aria-label={`Reviews of ${document.file_name}`}
        >
          {reviews.map((entry) => (
            <Text as="li" key={entry.id}>
              {itemStateLabels[entry.outcome]} on {when(entry.created_at)} by{' '}
              {entry.queued ? 'you' : actor({ actor_id: entry.reviewed_by }, me)}
              {entry.reason ? `: ${entry.reason}` : ''}
              {entry.queued ? (
                <Badge colorPalette="orange" ms="2" data-testid="queued-review">
                  Queued, sent when the connection returns
                </Badge>
              ) : null}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

/**
 * A dialog asking for the reason the applicant reads (required; checked by `schema` as the database checks it).
 * `send` answers a failure's message, or null once done: the dialog then closes and forgets what was typed.
 */
function ReasonDialog({
  title,
  trigger,
  label,
  confirmLabel,
  cancelLabel,
  form,
  schema,
  send,
}: {
  title: string;
  trigger: ReactNode;
  label: string;
  confirmLabel: string;
  cancelLabel?: string;
  form: string;
  schema: typeof replacementReasonSchema;
  send: (reason: string) => Promise<string | null>;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const parsed = schema.safeParse(reason);
  const confirm = async () => {
    setTried(true);
    // The keyboard goes to the field its message is about: typing then fills it in.
    if (!parsed.success) return field.current?.focus();
    setBusy(true);
    const failed = await send(parsed.data);
    setBusy(false);
    setFailure(failed);
    if (failed === null) {
      setOpen(false);
      setReason('');
    }
  };
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setTried(false);
        setFailure(null);
      }}
      title={title}
      trigger={trigger}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      confirmPalette="red"
      busy={busy}
      onConfirm={() => void confirm()}
      form={form}
    >
      <Stack gap="3">
        <FormField label={label} required error={tried ? parsed.error?.issues[0]?.message : undefined}>
          <Textarea ref={field} rows={4} value={reason} onChange={(event) => setReason(event.target.value)} />
        </FormField>
        {failure ? <ErrorAlert message={failure} /> : null}
      </Stack>
    </ActionDialog>
  );
}

/** The message of a failed mutation, or null once it is done. */
function failureOf(result: { error?: { message?: string } }, fallback: string): string | null {
  return result.error ? (result.error.message ?? fallback) : null;
}

/** Needs Replacement: the reason the applicant reads is required. */
function ReplacementDialog({
  fileName,
  itemTitle,
  review,
}: {
  fileName: string;
  itemTitle: string;
  review: (reason: string) => Promise<{ error?: { message?: string } }>;
}) {
  return (
    <ReasonDialog
      title={`Needs replacement: ${fileName}`}
      trigger={
        <Button size="xs" variant="outline" colorPalette="red">
          Needs Replacement
          <ScreenReaderText>
            {' '}
            {fileName} ({itemTitle})
          </ScreenReaderText>
        </Button>
      }
      label="What needs to change (the applicant reads this)"
      confirmLabel="Send Back"
      form="Needs replacement"
      schema={replacementReasonSchema}
      send={async (reason) => failureOf(await review(reason), CHECKLIST_MESSAGES.reviewFailed)}
    />
  );
}

function CancelRequestDialog({ requestId, title }: { requestId: string; title: string }) {
  const [cancel] = useCancelDocumentRequestMutation();
  return (
    <ReasonDialog
      title={`Cancel the request: ${title}`}
      trigger={
        <Button size="xs" variant="outline">
          Cancel Request
          <ScreenReaderText> ({title})</ScreenReaderText>
        </Button>
      }
      label="Why it is no longer needed (the applicant reads this)"
      confirmLabel="Cancel Request"
      cancelLabel="Keep Request"
      form="Cancel request"
      schema={cancelReasonSchema}
      send={async (reason) => failureOf(await cancel({ requestId, reason }), CHECKLIST_MESSAGES.cancelFailed)}
    />
  );
}

/** Request a Document: a title, what exactly is needed, an optional due day. */
function RequestDialog({ applicationId, businessName }: { applicationId: string; businessName: string }) {
  const [open, setOpen] = useState(false);
  const [requestDocument, requesting] = useRequestDocumentMutation();
  const empty: DocumentRequestForm = { title: '', details: '', dueDate: '' };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DocumentRequestForm, unknown, { title: string; details: string; dueDate: string }>({
    resolver: zodResolver(documentRequestSchema),
    defaultValues: empty,
  });
  const onSubmit = handleSubmit(async (form) => {
    const result = await requestDocument({
      id: crypto.randomUUID(),
      applicationId,
      title: form.title,
      details: form.details,
      dueDate: form.dueDate === '' ? null : form.dueDate,
    });
    if (!result.error) {
      setOpen(false);
      reset(empty);
    }
  });
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        requesting.reset();
      }}
      title={`Request a document from ${businessName}`}
      trigger={
        <Button size="xs" colorPalette="blue" variant="outline">
          Request a Document
        </Button>
      }
      confirmLabel="Send Request"
      confirmPalette="blue"
      busy={requesting.isLoading}
      onConfirm={() => void onSubmit()}
      form="Document request"
    >
      <Stack gap="3">
        <FormField label="Title" required error={errors.title?.message}>
          <Input {...register('title')} placeholder="Debt schedule" />
        </FormField>
        <FormField label="What exactly is needed" required error={errors.details?.message}>
          <Textarea rows={4} {...register('details')} />
        </FormField>
        <FormField label="Due date" error={errors.dueDate?.message}>
          <Input type="date" {...register('dueDate')} />
        </FormField>
        {requesting.isError ? <ErrorAlert message={requesting.error.message} /> : null}
      </Stack>
    </ActionDialog>
  );
}
