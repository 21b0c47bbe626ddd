import { Badge, Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { UPLOAD_ACCEPT, UPLOAD_RULES_TEXT, type DocumentType } from '../../../../shared/catalogue/documents.ts';
import {
  checklistSummary,
  documentChecklist,
  itemStateLabels,
  type ChecklistItem,
  type ChecklistReading,
  type ItemState,
  type ReviewedDocument,
} from '../../../../shared/checklist/document-checklist.ts';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import {
  PORTAL_MESSAGES,
  uploadAlreadyThereMessage,
  uploadErrorMessage,
} from '../../../../shared/messages/portal-admin.ts';
import { applicantChecklistStatus, keptBecause } from './checklist-wording.ts';
import { refuseBeforeUpload, rowRefused, uploadDocument, type DocumentFiling } from './document-upload.ts';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { openStoredDocument } from '../../lib/open-document.ts';
import { useAsksBeforeLeaving } from '../../lib/use-asks-before-leaving.ts';
import { keptByReview } from '../../lib/postgres-codes.ts';
import { useDeleteDocumentMutation, type DocumentRow } from './portal-api.ts';
import type { ApiError } from '../../lib/api.ts';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';

/** A file on its way (pending, with its progress) or refused (error, with the message). */
type UploadItem = {
  key: string;
  /** The application the file goes to: shown with that application only, when the applicant has several. */
  applicationId: string | null;
  /** The checklist item it goes to (a document type, or a request's id). */
  itemKey: string;
  fileName: string;
  fileSize: number;
  status: 'pending' | 'error';
  progress: number;
  errorMessage?: string;
  /** The message names the file (the portal's own refusals do; the server's answers and 'Upload failed' do not). */
  messageNamesFile?: boolean;
};

type RequiredDocumentsProps = {
  userId: string;
  applicationId: string | null;
  /** Which application new files go to, when the applicant has more than one. */
  forApplication: string | null;
  documents: DocumentRow[];
  /** What the officers said of the application's documents (none yet without an application). */
  reading: ChecklistReading;
  readOnly: boolean;
  /** Reloads the portal's data (the stored list then shows a finished upload). */
  reload: () => Promise<unknown>;
};

/** Where a new file of an item is filed: its type, or its request. */
function filingOf(item: ChecklistItem<DocumentRow>): DocumentFiling {
  return item.kind === 'requested'
    ? { type: 'requested', requestId: item.key }
    : { type: item.key as DocumentType, requestId: null };
}

/** An officer marked it not needed, or cancelled the request: nothing more is uploaded for it. */
const closed = (state: ItemState) => state === 'not_needed' || state === 'cancelled';

/**
 * The applicant's document checklist (docs/product.md §3 and Document checklist): where their documents stand,
 * then the six required documents and the documents their loan officer asked for, each with its state, the
 * officer's reasons, its current files (open, delete while not reviewed, replace when asked to) and its uploads.
 */
export function RequiredDocuments({
  userId,
  applicationId,
  forApplication,
  documents,
  reading,
  readOnly,
  reload,
}: RequiredDocumentsProps) {
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  // One deletion hook for the list, rather than one in each of its rows (each subscribed to the store as it first
  // rendered): a row keeps its own busy state and error. Resolves with the server's refusal, or null once deleted.
  const [deleteDocument] = useDeleteDocumentMutation();
  const deleteStored = async (document: DocumentRow): Promise<ApiError | null> => {
    const result = await deleteDocument(document);
    return 'error' in result ? (result.error as ApiError) : null;
  };
  // A reload or another address would drop a file on its way: the browser asks first.
  useAsksBeforeLeaving(uploads.some((upload) => upload.status === 'pending'));
  const checklist = documentChecklist({
    documents,
    reviews: reading.reviews,
    requests: reading.requests,
    notNeeded: reading.not_needed,
  });

  const update = (key: string, change: Partial<UploadItem>) =>
    setUploads((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const upload = async (item: ChecklistItem<DocumentRow>, file: File, replacesId: string | null) => {
    const key = crypto.randomUUID();
    const entry = { key, applicationId, itemKey: item.key, fileName: file.name, fileSize: file.size, progress: 0 };
    const same = (name: string, size: number) => name === file.name && size === file.size;
    const alreadyThere =
      replacesId === null &&
      (item.current.some(({ document }) => same(document.file_name, document.file_size)) ||
        uploads.some(
          (other) =>
            other.status === 'pending' &&
            other.itemKey === item.key &&
            other.applicationId === applicationId &&
            same(other.fileName, other.fileSize),
        ));
    if (alreadyThere) {
      const refused: UploadItem = {
        ...entry,
        status: 'error',
        errorMessage: uploadAlreadyThereMessage(file.name),
        messageNamesFile: true,
      };
      setUploads((items) => [...items, refused]);
      return;
    }
    setUploads((items) => [...items, { ...entry, status: 'pending' }]);
    try {
      await uploadDocument(file, { userId, applicationId, replacesId, ...filingOf(item) }, (progress) =>
        update(key, { progress }),
      );
      // Uploaded: the stored list (reloaded) shows it from now on.
      await reload();
      setUploads((items) => items.filter((upload) => upload.key !== key));
    } catch (error) {
      update(key, {
        status: 'error',
        errorMessage: uploadErrorMessage(error),
        messageNamesFile: refuseBeforeUpload(file) !== null,
      });
      // The officer changed the item meanwhile (cancelled the request, reviewed the document again): show it now.
      if (rowRefused(error)) void reload();
    }
  };

  return (
    <Stack as="section" aria-labelledby="required-documents-heading" gap="4">
      <Heading as="h2" size="xl" id="required-documents-heading">
        Required Documents
      </Heading>
      {forApplication ? <Text color="gray.700">{forApplication}</Text> : null}
      {/* Announced when it changes: after an upload, or when another application is chosen. */}
      <Box role="status" borderWidth="1px" borderRadius="md" p="4" bg="gray.50">
        <Text fontWeight="semibold">{applicantChecklistStatus(checklist)}</Text>
        <Text color="gray.700">{checklistSummary(checklist.counts)}</Text>
      </Box>
      <Text color="gray.700">Accepted files: {UPLOAD_RULES_TEXT}.</Text>
      {checklist.items.map((item) => (
        <ChecklistItemCard
          key={item.key}
          item={item}
          uploads={uploads.filter((upload) => upload.itemKey === item.key && upload.applicationId === applicationId)}
          readOnly={readOnly}
          reload={reload}
          onDelete={deleteStored}
          onFiles={(files, replacesId) => {
            for (const file of files) void upload(item, file, replacesId);
          }}
          onDismiss={(key) => setUploads((items) => items.filter((upload) => upload.key !== key))}
        />
      ))}
    </Stack>
  );
}

const statePalettes: Readonly<Record<ItemState, string>> = {
  missing: 'gray',
  awaiting_review: 'blue',
  accepted: 'green',
  needs_replacement: 'red',
  not_needed: 'gray',
  cancelled: 'gray',
};

type ChecklistItemCardProps = {
  item: ChecklistItem<DocumentRow>;
  uploads: UploadItem[];
  readOnly: boolean;
  reload: () => Promise<unknown>;
  onDelete: (document: DocumentRow) => Promise<ApiError | null>;
  /** New files for the item; `replacesId` names the document they replace. */
  onFiles: (files: File[], replacesId: string | null) => void;
  onDismiss: (key: string) => void;
};

function ChecklistItemCard({ item, uploads, readOnly, reload, onDelete, onFiles, onDismiss }: ChecklistItemCardProps) {
  const inputId = useId();
  const headingId = useId();
  // A deleted file's row (and the Delete button that had the focus) is gone, and so is a replaced file's once its
  // replacement is in (with its 'Upload replacement'): the focus moves to their item.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusItem = () => requestAnimationFrame(() => heading.current?.focus());
  const takesFiles = !readOnly && !closed(item.state);
  // The files the loan officer asked to replace, oldest first: what the applicant uploads for the item replaces
  // them first, one file each, as the 'Upload replacement' beside each does (more files are added to the item).
  const flagged = item.current
    .filter(({ review }) => review?.outcome === 'needs_replacement')
    .map(({ document }) => document)
    .reverse();
  const uploadForItem = (files: File[]) => files.forEach((file, index) => onFiles([file], flagged[index]?.id ?? null));
  return (
    <Box as="article" borderWidth="1px" borderRadius="md" p="5" aria-labelledby={headingId}>
      {/* The badges stay at the title's end on every width, whatever the length of the description below. */}
      <HStack justify="space-between" align="flex-start" gap="3">
        <Heading as="h3" size="md" id={headingId} ref={heading} tabIndex={-1} outline="none" overflowWrap="anywhere">
          {item.title}
        </Heading>
        <HStack gap="2" flexShrink="0" maxW="60%" wrap="wrap" justify="flex-end">
          {item.current.length > 0 ? <Badge>{item.current.length} uploaded</Badge> : null}
          {/* A long label ('Not needed for this application') wraps on a phone rather than overflow the card. */}
          <Badge colorPalette={statePalettes[item.state]} whiteSpace="normal" textAlign="end">
            {itemStateLabels[item.state]}
          </Badge>
        </HStack>
      </HStack>
      <Text color="gray.600" overflowWrap="anywhere">
        {item.description}
      </Text>
      {item.kind === 'requested' ? (
        <Text fontSize="sm" color="gray.700" mt="1">
          Requested by your loan officer
          {item.dueDate && item.state !== 'cancelled' ? ` · Due ${formatLongDate(item.dueDate, 'UTC')}` : ''}
        </Text>
      ) : null}
      {item.state === 'not_needed' ? (
        <Text mt="2">
          Your loan officer does not need this document for this application: there is nothing to upload.
        </Text>
      ) : null}
      {item.state === 'cancelled' ? (
        <Text mt="2" overflowWrap="anywhere">
          Your loan officer cancelled this request, so it needs no upload. Their reason: {item.reasons.join(' ')}
        </Text>
      ) : null}
      {takesFiles ? (
        <Box mt="3">
          <chakra.label htmlFor={inputId} display="block" fontWeight="medium" mb="1">
            Upload {item.title}
          </chakra.label>
          {flagged.length > 0 ? (
            <Text fontSize="sm" color="gray.700" mb="1" overflowWrap="anywhere">
              A file you upload here replaces {flagged.map((document) => document.file_name).join(', then ')}, which
              your loan officer asked you to replace.
            </Text>
          ) : null}
          <FileInput id={inputId} multiple onFiles={uploadForItem} />
        </Box>
      ) : null}
      {uploads.length + item.current.length > 0 ? (
        <Stack as="ul" listStyleType="none" gap="2" mt="3" aria-label={`${item.title} files`}>
          {uploads.map((upload) => (
            <UploadRow key={upload.key} item={upload} onDismiss={() => onDismiss(upload.key)} />
          ))}
          {item.current.map((reviewed) => (
            <StoredRow
              key={reviewed.document.id}
              itemTitle={item.title}
              reviewed={reviewed}
              readOnly={readOnly}
              replaceable={takesFiles && reviewed.review?.outcome === 'needs_replacement'}
              onReplace={(file) => {
                onFiles([file], reviewed.document.id);
                focusItem();
              }}
              onDeleted={focusItem}
              onDelete={onDelete}
              reload={reload}
            />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

type FileInputProps = { id: string; multiple: boolean; onFiles: (files: File[]) => void };

/**
 * The browser's own file input, for its keyboard use, drop target and file dialog; its button dressed as the
 * site's outline buttons.
 */
function FileInput({ id, multiple, onFiles }: FileInputProps) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    onFiles(files);
  };
  return (
    <chakra.input
      id={id}
      type="file"
      multiple={multiple}
      accept={UPLOAD_ACCEPT}
      onChange={onChange}
      fontSize="sm"
      maxW="full"
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' }}
      _file={{
        me: '3',
        px: '3',
        py: '1.5',
        borderWidth: '1px',
        borderStyle: 'solid',
        borderColor: 'gray.border',
        borderRadius: 'l2',
        bg: 'transparent',
        color: 'gray.fg',
        fontWeight: 'medium',
        cursor: 'pointer',
      }}
      _hover={{ _file: { bg: 'gray.subtle' } }}
    />
  );
}

/**
 * How much of a file has gone up: a bar with the progressbar role. Drawn here rather than with Chakra's Progress,
 * whose state machine would load with the portal's first page for a bar shown only during an upload.
 */
function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      h="2"
      mt="1"
      bg="blue.100"
      borderRadius="full"
      overflow="hidden"
    >
      <Box h="full" bg="blue.600" style={{ width: `${percent}%` }} />
    </Box>
  );
}

function UploadRow({ item, onDismiss }: { item: UploadItem; onDismiss: () => void }) {
  if (item.status === 'pending') {
    return (
      <Box as="li" data-status="pending">
        <Text fontSize="sm" overflowWrap="anywhere">
          Uploading {item.fileName}…
        </Text>
        <UploadProgress percent={Math.round(item.progress * 100)} label={`Uploading ${item.fileName}`} />
      </Box>
    );
  }
  return (
    <HStack as="li" data-status="error" justify="space-between" gap="2" wrap="wrap">
      <Text fontSize="sm" color="fg.error" role="alert" overflowWrap="anywhere">
        {/* Several files can fail at once: each row says which one. */}
        {item.messageNamesFile ? null : <chakra.span fontWeight="semibold">{item.fileName}: </chakra.span>}
        {item.errorMessage}
      </Text>
      <Button size="xs" variant="ghost" onClick={onDismiss} aria-label={`Dismiss the error about ${item.fileName}`}>
        Dismiss
      </Button>
    </HStack>
  );
}

function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * A stored file's line, styled from its list item: plain elements inside, rather than a Chakra element each. An item
 * may list thirty files or more, and each styled element works out its styles as it renders (most of the portal's
 * work as it first shows, on a phone a long task). The same look as Chakra's HStack and Text would give.
 */
const storedRowStyles = {
  '& .stored-file': {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '2',
    flexWrap: 'wrap',
  },
  '& .stored-file > div:first-of-type': { minWidth: '0' },
  '& .file-name': { fontSize: 'sm', fontWeight: 'medium', overflowWrap: 'anywhere' },
  '& .file-facts': { fontSize: 'xs', color: 'gray.600' },
  '& .file-actions': { display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' },
} as const;

type StoredRowProps = {
  /** The checklist item the file is under: its buttons name it, as the same file name may be under two. */
  itemTitle: string;
  reviewed: ReviewedDocument<DocumentRow>;
  readOnly: boolean;
  /** An officer asked for a replacement and the item still takes files: 'Upload replacement' is offered. */
  replaceable: boolean;
  onReplace: (file: File) => void;
  onDeleted: () => void;
  /** Deletes the file: the server's refusal, or null once it is gone. */
  onDelete: (document: DocumentRow) => Promise<ApiError | null>;
  reload: () => Promise<unknown>;
};

/**
 * A current file of an item, with what the officer said of it. A reviewed file is the officer's record: instead
 * of Delete the row says why it stays (the server refuses its deletion too).
 */
function StoredRow({
  itemTitle,
  reviewed,
  readOnly,
  replaceable,
  onReplace,
  onDeleted,
  onDelete,
  reload,
}: StoredRowProps) {
  const { document, review } = reviewed;
  // What a screen reader hears after each button's word: the file, and the item it is under.
  const named = `${document.file_name} (${itemTitle})`;
  const [deleting, setDeleting] = useState(false);
  const [deleteRefused, setDeleteRefused] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const [openFailed, setOpenFailed] = useState(false);
  const open = async () => {
    setOpening(true);
    setOpenFailed(false);
    await openStoredDocument(document.storage_path, document.file_name).catch((error: unknown) => {
      console.error('Opening the document failed', error);
      setOpenFailed(true);
    });
    setOpening(false);
  };
  const remove = async () => {
    setDeleting(true);
    setDeleteRefused(null);
    const refusal = await onDelete(document);
    setDeleting(false);
    if (!refusal) return onDeleted();
    setDeleteRefused(refusal.message);
    // Reviewed meanwhile: the row now says so, and the focus leaves the Delete button that goes with it.
    if (refusal.code !== keptByReview) return;
    await reload();
    onDeleted();
  };
  return (
    <chakra.li data-status="uploaded" css={storedRowStyles}>
      <div className="stored-file">
        <div>
          <p className="file-name">{document.file_name}</p>
          <p className="file-facts">
            Uploaded · {fileSize(document.file_size)} · {formatLongDate(document.created_at)}
            {review ? null : ' · Awaiting review'}
          </p>
        </div>
        <div className="file-actions">
          <Button size="xs" variant="outline" onClick={() => void open()} loading={opening}>
            Open<ScreenReaderText> {named}</ScreenReaderText>
          </Button>
          {replaceable ? <ReplaceButton named={named} onFile={onReplace} /> : null}
          {readOnly || review ? null : (
            <ConfirmDelete fileName={document.file_name} named={named} busy={deleting} onConfirm={remove} />
          )}
        </div>
      </div>
      {review?.outcome === 'needs_replacement' ? (
        <Text fontSize="sm" mt="1" overflowWrap="anywhere">
          <chakra.span fontWeight="semibold">Your loan officer’s reason: </chakra.span>
          {review.reason}
        </Text>
      ) : null}
      {review ? (
        <Text fontSize="xs" color="gray.600" mt="1">
          {keptBecause(review.outcome)}
        </Text>
      ) : null}
      {openFailed ? <ErrorAlert size="sm" mt="2" message={PORTAL_MESSAGES.documentOpenFailed} /> : null}
      {deleteRefused ? <ErrorAlert size="sm" mt="2" message={deleteRefused} /> : null}
    </chakra.li>
  );
}

/**
 * 'Upload replacement' for a file an officer flagged: a button that opens the browser's file dialog (a second
 * file input in the row would read as another upload of the item); one file replaces one.
 */
function ReplaceButton({ named, onFile }: { named: string; onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="xs" colorPalette="blue" onClick={() => input.current?.click()}>
        Upload replacement<ScreenReaderText> for {named}</ScreenReaderText>
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={UPLOAD_ACCEPT}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

function ConfirmDelete({
  fileName,
  named,
  busy,
  onConfirm,
}: {
  fileName: string;
  named: string;
  busy: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <ActionDialog
      role="alertdialog"
      open={open}
      onOpenChange={setOpen}
      title="Delete this document?"
      trigger={
        <Button size="xs" variant="outline" colorPalette="red">
          Delete<ScreenReaderText> {named}</ScreenReaderText>
        </Button>
      }
      confirmLabel="Delete"
      confirmPalette="red"
      busy={busy}
      onConfirm={() => void onConfirm().then(() => setOpen(false))}
    >
      <Text overflowWrap="anywhere">“{fileName}” will be removed from your portal. This cannot be undone.</Text>
    </ActionDialog>
  );
}
