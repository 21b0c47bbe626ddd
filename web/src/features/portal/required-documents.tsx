import { Badge, Box, Button, chakra, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import {
  documentTypes,
  UPLOAD_ACCEPT,
  UPLOAD_RULES_TEXT,
  type DocumentType,
} from '../../../../shared/catalogue/documents.ts';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import { uploadErrorMessage } from '../../../../shared/messages/portal-admin.ts';
import { refuseBeforeUpload, uploadDocument } from './document-upload.ts';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { openStoredDocument } from '../../lib/open-document.ts';
import { useDeleteDocumentMutation, type DocumentRow } from './portal-api.ts';

/** A file on its way (pending, with its progress) or refused (error, with the message). */
type UploadItem = {
  key: string;
  /** The application the file goes to: shown with that application only, when the applicant has several. */
  applicationId: string | null;
  type: DocumentType;
  fileName: string;
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
  readOnly: boolean;
  /** Reloads the portal's data (the stored list then shows a finished upload). */
  reload: () => Promise<unknown>;
};

/**
 * The six required document types (docs/product.md §3, Document record) with their uploads, stored files, open and
 * delete.
 */
export function RequiredDocuments({
  userId,
  applicationId,
  forApplication,
  documents,
  readOnly,
  reload,
}: RequiredDocumentsProps) {
  const [uploads, setUploads] = useState<UploadItem[]>([]);

  const update = (key: string, change: Partial<UploadItem>) =>
    setUploads((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const upload = async (type: DocumentType, file: File) => {
    const key = crypto.randomUUID();
    setUploads((items) => [
      ...items,
      { key, applicationId, type, fileName: file.name, status: 'pending', progress: 0 },
    ]);
    try {
      await uploadDocument(file, { userId, applicationId, type }, (progress) => update(key, { progress }));
      // Uploaded: the stored list (reloaded) shows it from now on.
      await reload();
      setUploads((items) => items.filter((item) => item.key !== key));
    } catch (error) {
      update(key, {
        status: 'error',
        errorMessage: uploadErrorMessage(error),
        messageNamesFile: refuseBeforeUpload(file) !== null,
      });
    }
  };

  return (
    <Stack as="section" aria-labelledby="required-documents-heading" gap="4">
      <Heading as="h2" size="xl" id="required-documents-heading">
        Required Documents
      </Heading>
      {forApplication ? <Text color="gray.700">{forApplication}</Text> : null}
      <Text color="gray.700">Accepted files: {UPLOAD_RULES_TEXT}.</Text>
      {documentTypes.map((documentType) => (
        <DocumentTypeCard
          key={documentType.value}
          label={documentType.label}
          description={documentType.description}
          stored={documents.filter((document) => document.type === documentType.value)}
          uploads={uploads.filter((item) => item.type === documentType.value && item.applicationId === applicationId)}
          readOnly={readOnly}
          onFiles={(files) => {
            for (const file of files) void upload(documentType.value, file);
          }}
          onDismiss={(key) => setUploads((items) => items.filter((item) => item.key !== key))}
        />
      ))}
    </Stack>
  );
}

type DocumentTypeCardProps = {
  label: string;
  description: string;
  stored: DocumentRow[];
  uploads: UploadItem[];
  readOnly: boolean;
  onFiles: (files: File[]) => void;
  onDismiss: (key: string) => void;
};

function DocumentTypeCard({
  label,
  description,
  stored,
  uploads,
  readOnly,
  onFiles,
  onDismiss,
}: DocumentTypeCardProps) {
  const inputId = useId();
  const headingId = useId();
  // A deleted file's row (and the Delete button that had the focus) is gone: the focus moves to its type.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusType = () => requestAnimationFrame(() => heading.current?.focus());
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    onFiles(files);
  };
  return (
    <Box as="article" borderWidth="1px" borderRadius="md" p="5" aria-labelledby={headingId}>
      {/* The badge stays at the title's end on every width, whatever the length of the description below. */}
      <HStack justify="space-between" align="flex-start" gap="3">
        <Heading as="h3" size="md" id={headingId} ref={heading} tabIndex={-1} outline="none">
          {label}
        </Heading>
        {stored.length > 0 ? (
          <Badge colorPalette="green" flexShrink="0">
            {stored.length} uploaded
          </Badge>
        ) : (
          <Badge flexShrink="0">Missing</Badge>
        )}
      </HStack>
      <Text color="gray.600">{description}</Text>
      {readOnly ? null : (
        <Box mt="3">
          <chakra.label htmlFor={inputId} display="block" fontWeight="medium" mb="1">
            Upload {label}
          </chakra.label>
          <chakra.input
            id={inputId}
            type="file"
            multiple
            accept={UPLOAD_ACCEPT}
            onChange={onChange}
            fontSize="sm"
            maxW="full"
            _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' }}
            // The browser's own input, for its keyboard use, drop target and file dialog; its button dressed as
            // the site's outline buttons.
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
        </Box>
      )}
      {uploads.length + stored.length > 0 ? (
        <Stack as="ul" listStyleType="none" gap="2" mt="3" aria-label={`${label} files`}>
          {uploads.map((item) => (
            <UploadRow key={item.key} item={item} onDismiss={() => onDismiss(item.key)} />
          ))}
          {stored.map((document) => (
            <StoredRow key={document.id} document={document} readOnly={readOnly} onDeleted={focusType} />
          ))}
        </Stack>
      ) : null}
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
        <Progress.Root value={Math.round(item.progress * 100)} size="sm" colorPalette="blue" mt="1">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
          <Progress.Label srOnly>Uploading {item.fileName}</Progress.Label>
        </Progress.Root>
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

type StoredRowProps = { document: DocumentRow; readOnly: boolean; onDeleted: () => void };

function StoredRow({ document, readOnly, onDeleted }: StoredRowProps) {
  const [deleteDocument, deletion] = useDeleteDocumentMutation();
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    await openStoredDocument(document.storage_path, document.file_name);
    setOpening(false);
  };
  return (
    <HStack as="li" data-status="uploaded" justify="space-between" gap="2" wrap="wrap">
      <Box minW="0">
        <Text fontSize="sm" fontWeight="medium" overflowWrap="anywhere">
          {document.file_name}
        </Text>
        <Text fontSize="xs" color="gray.600">
          Uploaded · {fileSize(document.file_size)} · {formatLongDate(document.created_at)}
        </Text>
      </Box>
      <HStack gap="2">
        <Button size="xs" variant="outline" onClick={() => void open()} loading={opening}>
          Open<chakra.span srOnly> {document.file_name}</chakra.span>
        </Button>
        {readOnly ? null : (
          <ConfirmDelete
            fileName={document.file_name}
            busy={deletion.isLoading}
            onConfirm={() =>
              deleteDocument(document)
                .unwrap()
                .then(onDeleted)
                .catch(() => undefined)
            }
          />
        )}
      </HStack>
    </HStack>
  );
}

function ConfirmDelete({
  fileName,
  busy,
  onConfirm,
}: {
  fileName: string;
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
          Delete<chakra.span srOnly> {fileName}</chakra.span>
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
