import { Button, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import type { SavedFile } from '../../../../shared/platform/platform-adapter.ts';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { usePlatform } from '../../lib/platform.tsx';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';

/** A store mutation's result: the stored row, or why it was not stored (in words fit to show). */
type Stored<Row> = { data?: Row; error?: { message?: string } };

/**
 * The life of a dialog that generates a document (letter, term sheet): open or closed, and `generate`, which takes
 * the stored record (an endpoint of documents-api.ts), renders its file, saves it through the platform adapter and
 * closes. On failure the dialog stays open with what was typed, `problem` saying why: the store's own message, or
 * `failed` when the file could not be made or saved.
 */
export function useDocumentDialog(what: string, failed: string) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const platform = usePlatform();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setProblem(null);
  };
  const generate = async <Row,>(stored: Promise<Stored<Row>>, file: (row: Row) => Promise<SavedFile>) => {
    setProblem(null);
    const { data, error } = await stored;
    if (error || data === undefined) {
      setProblem(error?.message ?? failed);
      return false;
    }
    try {
      await platform.saveFile(await file(data));
      setOpen(false);
      return true;
    } catch (error) {
      console.error(`${what} failed`, error);
      setProblem(failed);
      return false;
    }
  };
  return { open, problem, onOpenChange, generate };
}

/**
 * What the letter and the term sheet dialogs share: the button that opens it, the business it is for above the
 * fields, and why the last try failed below them. Enter in a field generates, as the button does.
 */
export function DocumentDialog({
  dialog,
  title,
  triggerLabel,
  confirmLabel,
  form,
  businessName,
  busy,
  onConfirm,
  children,
}: {
  dialog: Pick<ReturnType<typeof useDocumentDialog>, 'open' | 'problem' | 'onOpenChange'>;
  title: string;
  triggerLabel: string;
  confirmLabel: string;
  /** The form's accessible name. */
  form: string;
  businessName: string;
  busy: boolean;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <ActionDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={title}
      trigger={
        <Button size="xs" variant="outline" colorPalette="blue">
          {triggerLabel}
          {/* Named with its application, as each list row has one. */}
          <ScreenReaderText> ({businessName})</ScreenReaderText>
        </Button>
      }
      confirmLabel={confirmLabel}
      confirmPalette="blue"
      busy={busy}
      onConfirm={onConfirm}
      form={form}
    >
      <Stack gap="3">
        <Text color="gray.700">For {businessName}</Text>
        {children}
        {dialog.problem ? <ErrorAlert message={dialog.problem} /> : null}
      </Stack>
    </ActionDialog>
  );
}
