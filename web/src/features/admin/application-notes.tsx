import { Badge, Box, Button, chakra, Heading, List, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { noteBodySchema } from '../../../../shared/validation/admin-forms.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { readStored, writeStored } from '../../lib/browser-storage.ts';
import { FormField } from '../../components/form-controls.tsx';
import { useAddNoteMutation } from './admin-api.ts';
import type { AdminNote } from '../../../../shared/db/admin-rows.ts';
import { actor, when } from './who-and-when.ts';

/**
 * Notes being typed, per officer and application, kept in the tab's session storage: viewing another
 * application and coming back, or reloading the page, finds the text where it was left (it is cleared once the
 * note is added; closing the tab forgets it). Where session storage cannot be used, kept while the app is open.
 */
const unstoredDrafts = new Map<string, string>();
const storageKey = (draftKey: string) => `loan-match:note-draft:${draftKey}`;

function noteDraft(draftKey: string): string {
  return readStored('session', storageKey(draftKey)) ?? unstoredDrafts.get(draftKey) ?? '';
}

function keepNoteDraft(draftKey: string, text: string): void {
  const kept = writeStored('session', storageKey(draftKey), text === '' ? undefined : text);
  if (kept || text === '') unstoredDrafts.delete(draftKey);
  else unstoredDrafts.set(draftKey, text);
}

type ApplicationNotesProps = {
  applicationId: string;
  businessName: string;
  /** Newest first. */
  notes: AdminNote[];
  me: string | undefined;
};

/**
 * Loan officers' notes on an application: the notes, newest first, with when and by whom, and the form that
 * adds one. The typed text stays in the form until the note is stored (or queued on the desktop).
 */
export function ApplicationNotes({ applicationId, businessName, notes, me }: ApplicationNotesProps) {
  const draftKey = `${me ?? ''} ${applicationId}`;
  const [, redraw] = useState(0);
  const body = noteDraft(draftKey);
  const setBody = (text: string) => {
    keepNoteDraft(draftKey, text);
    redraw((count) => count + 1);
  };
  const [problem, setProblem] = useState<string | undefined>();
  // The id sent with the last attempt: sending the same text again reuses it, so a note whose first answer
  // was lost cannot be stored twice.
  const [attempt, setAttempt] = useState<{ id: string; body: string } | null>(null);
  const [addNote, state] = useAddNoteMutation();
  const headingId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = noteBodySchema.safeParse(body);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    const id = attempt?.body === parsed.data ? attempt.id : crypto.randomUUID();
    setAttempt({ id, body: parsed.data });
    const result = await addNote({ id, applicationId, body: parsed.data, label: businessName });
    if ('error' in result) return;
    setBody('');
    setAttempt(null);
  };
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" size="md" mb="2" id={headingId}>
        Notes
      </Heading>
      <Stack gap="3">
        <chakra.form aria-label="Add a note" onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="2">
            <FormField label="Add a note" error={problem} required>
              <Textarea
                rows={3}
                value={body}
                onChange={(event) => {
                  setBody(event.target.value);
                  setProblem(undefined);
                }}
              />
            </FormField>
            {state.isError ? <ErrorAlert message={state.error.message} /> : null}
            <Button
              type="submit"
              size="sm"
              colorPalette="blue"
              alignSelf="flex-start"
              loading={state.isLoading}
              loadingText="Adding..."
            >
              Add Note
            </Button>
          </Stack>
        </chakra.form>
        {notes.length === 0 ? (
          <Text color="gray.600">No notes yet.</Text>
        ) : (
          <List.Root as="ul" gap="3" listStyleType="none" aria-label="Notes on this application">
            {notes.map((note) => (
              <List.Item key={note.id}>
                <Text fontSize="sm" color="gray.600">
                  {when(note.created_at)} by {note.queued ? 'you' : actor({ actor_id: note.author_id }, me)}{' '}
                  {note.queued ? <Badge colorPalette="orange">Waiting to be sent</Badge> : null}
                </Text>
                <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                  {note.body}
                </Text>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Stack>
    </Box>
  );
}
