import {
  Alert,
  Badge,
  Box,
  Button,
  Dialog,
  Field,
  HStack,
  Input,
  Portal,
  Progress,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { formatLongDate } from '../../shared/format/dates.ts';
import type { DesktopBridge, OutboxEntry } from '../../shared/ipc/channels.ts';
import { ViewDialog } from '../../web/src/components/action-dialog.tsx';
import { loadSupabase } from '../../web/src/lib/load-supabase.ts';
import { useDesktopState, type DesktopSession } from './desktop-session.ts';
import {
  cachedCountText,
  entryText,
  logoutQuestionText,
  notAppliedText,
  othersKeptText,
  queuedCountText,
  settledCountText,
} from './outbox-text.ts';
import { ErrorAlert } from '../../web/src/components/error-alert.tsx';

function lastSyncText(at: string | null): string {
  if (!at) return 'Not synced yet';
  return `Last synced ${formatLongDate(at)} at ${new Date(at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' })}`;
}

function SettledEntry({ entry, onDismiss }: { entry: OutboxEntry; onDismiss: () => void }) {
  const status = entry.state === 'done' ? 'success' : entry.state === 'conflict' ? 'warning' : 'error';
  const title =
    entry.state === 'done'
      ? `${entryText(entry)}: sent to the server.`
      : entry.state === 'conflict'
        ? notAppliedText(entry)
        : `${entryText(entry)} was refused by the server.`;
  return (
    <Alert.Root status={status} size="sm" role="status" data-testid="outbox-settled">
      <Alert.Indicator />
      <Alert.Content>
        {/* The business name and the server's reason, as long as typed: they wrap, never widen the window. */}
        <Alert.Title overflowWrap="anywhere">{title}</Alert.Title>
        {entry.state !== 'done' ? (
          <Alert.Description overflowWrap="anywhere">
            {entry.serverState ? `The server now holds: ${entry.serverState}.` : (entry.lastError ?? '')}
          </Alert.Description>
        ) : null}
      </Alert.Content>
      <Button size="xs" variant="outline" onClick={onDismiss}>
        Dismiss
      </Button>
    </Alert.Root>
  );
}

/**
 * How the queued changes sent ended, as one button of the status bar ('2 changes sent, 1 not applied', orange when
 * one was not applied) that opens them in a dialog. Shown one under the other above the dashboard, they pushed it
 * out of a 700-pixel window after a reconnection. They stay until dismissed.
 */
function SettledChanges({
  settled,
  session,
  onDismissAll,
}: {
  settled: OutboxEntry[];
  session: DesktopSession;
  /** Dismiss all takes this button and its dialog away: the status bar then moves the keyboard on. */
  onDismissAll: () => void;
}) {
  const notApplied = settled.some((entry) => entry.state !== 'done');
  const dismissAll = async () => {
    onDismissAll();
    for (const entry of settled) await session.dismiss(entry.id);
  };
  return (
    // Announced when it appears or changes, as the alerts it replaces were.
    <Box role="status" data-testid="outbox-results">
      <ViewDialog
        title="Queued changes sent"
        trigger={
          <Button size="xs" variant="outline" colorPalette={notApplied ? 'orange' : 'green'}>
            {settledCountText(settled)}
          </Button>
        }
      >
        <Stack gap="2">
          {settled.map((entry) => (
            <SettledEntry key={entry.id} entry={entry} onDismiss={() => void session.dismiss(entry.id)} />
          ))}
          <Button size="xs" variant="outline" alignSelf="start" onClick={() => void dismissAll()}>
            Dismiss all
          </Button>
        </Stack>
      </ViewDialog>
    </Box>
  );
}

/** How much room documents kept for offline reading may take, in megabytes. */
function DocumentBudget({ bridge }: { bridge: DesktopBridge }) {
  const [megabytes, setMegabytes] = useState<string>('');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    void bridge['settings:get'](undefined).then((settings) => setMegabytes(String(settings.documentBudgetMb)));
  }, [bridge]);
  const value = Number(megabytes);
  const valid = megabytes !== '' && Number.isInteger(value) && value >= 0 && value <= 100_000;
  return (
    <HStack
      as="form"
      align="end"
      gap="2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        void bridge['settings:set-document-budget']({ megabytes: value }).then(() => setSaved(true));
      }}
    >
      <Field.Root invalid={!valid} maxW="xs">
        <Field.Label>Room for documents kept offline (MB)</Field.Label>
        <Input
          inputMode="numeric"
          value={megabytes}
          onChange={(event) => {
            setMegabytes(event.target.value);
            setSaved(false);
          }}
        />
        <Field.ErrorText>Enter a whole number of megabytes from 0 to 100000.</Field.ErrorText>
      </Field.Root>
      <Button type="submit" size="sm" variant="outline" disabled={!valid}>
        Save
      </Button>
      {saved ? <Text fontSize="sm">Saved.</Text> : null}
    </HStack>
  );
}

/** Logout with changes still queued: send them first (when they can be sent), discard them, or stay. */
function LogoutQuestion({ session, queued }: { session: DesktopSession; queued: number }) {
  const state = useDesktopState(session);
  return (
    <Dialog.Root
      role="alertdialog"
      open={state.logoutAsked}
      onOpenChange={(details) => {
        if (!details.open) session.answerLogout('cancel');
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Log out with unsent changes?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{logoutQuestionText(queued)}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => session.answerLogout('cancel')}>
                Stay signed in
              </Button>
              {session.canSend() ? (
                <Button variant="outline" onClick={() => session.answerLogout('send-first')}>
                  Send them, then log out
                </Button>
              ) : null}
              <Button colorPalette="red" onClick={() => session.answerLogout('discard')}>
                Discard and log out
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Ends a session the server refused (it was ended elsewhere) here too, so the officer can sign in again. */
async function signInAgain() {
  const supabase = await loadSupabase();
  await supabase.auth.signOut({ scope: 'local' });
}

/**
 * Above the admin dashboard in the desktop app: offline banner, sync progress and the time of the last
 * sync, the outbox with its count, and how the replayed changes ended (one line, each on demand).
 */
export function DesktopStatus({ session, bridge }: { session: DesktopSession; bridge: DesktopBridge }) {
  const state = useDesktopState(session);
  const pending = state.outbox.filter((entry) => entry.state === 'pending');
  const settled = state.outbox.filter((entry) => entry.state !== 'pending');
  // After Dismiss all, the focus (in the dialog, gone with the results) goes to Sync now, not to the page's body.
  const syncButton = useRef<HTMLButtonElement>(null);
  const focusSyncNow = useRef(false);
  useEffect(() => {
    if (!focusSyncNow.current || settled.length > 0) return;
    focusSyncNow.current = false;
    syncButton.current?.focus();
  }, [settled.length]);
  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} pt="4">
      <Stack gap="3">
        {!state.online ? (
          <Alert.Root status="warning" role="alert" data-testid="offline-banner">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>You are offline: the server cannot be reached.</Alert.Title>
              <Alert.Description>
                Showing the copy saved on this computer. Decisions, notes and document reviews you make are queued and
                sent when the connection returns.
                {state.signedIn ? '' : ' Your session will be renewed then (you are signed in again).'}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {state.online && state.checked && !state.signedIn ? (
          <Alert.Root status="warning" role="alert" data-testid="session-renewing">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Signing you in again…</Alert.Title>
              <Alert.Description>
                Your session could not be renewed yet. Decisions, notes and document reviews you make are queued, and
                sent under your account once it is; if this lasts, sign in again (nothing queued is lost).
              </Alert.Description>
            </Alert.Content>
            <Button size="xs" variant="outline" onClick={() => void signInAgain()}>
              Sign in again
            </Button>
          </Alert.Root>
        ) : null}
        {state.cache && state.cache.othersQueued > 0 ? (
          <Alert.Root status="info" role="status" data-testid="others-kept">
            <Alert.Indicator />
            <Alert.Title>{othersKeptText(state.cache.othersQueued)}</Alert.Title>
          </Alert.Root>
        ) : null}
        {state.logoutProblem ? (
          <Alert.Root status="warning" role="alert" data-testid="logout-problem">
            <Alert.Indicator />
            <Alert.Title>{state.logoutProblem}</Alert.Title>
          </Alert.Root>
        ) : null}
        <LogoutQuestion session={session} queued={pending.length} />
        <HStack justify="space-between" wrap="wrap" gap="3">
          <HStack gap="3" wrap="wrap">
            <Text fontSize="sm" data-testid="last-sync">
              {state.syncing ? 'Syncing…' : lastSyncText(state.cache?.lastSyncedAt ?? null)}
            </Text>
            <Text fontSize="sm" color="gray.600">
              {state.cache ? cachedCountText(state.cache.applications) : ''}
            </Text>
            {/* Once the queue is empty, how its changes ended takes the place of its '0 decisions queued' (one line at 1024 px). */}
            {pending.length > 0 || settled.length === 0 ? (
              <Badge colorPalette={pending.length > 0 ? 'orange' : 'gray'} data-testid="outbox-count">
                {queuedCountText(pending)}
              </Badge>
            ) : null}
            {settled.length > 0 ? (
              <SettledChanges settled={settled} session={session} onDismissAll={() => (focusSyncNow.current = true)} />
            ) : null}
          </HStack>
          <Button
            ref={syncButton}
            size="sm"
            variant="outline"
            loading={state.syncing}
            onClick={() => void session.syncNow()}
          >
            Sync now
          </Button>
        </HStack>
        {state.syncing && state.progress ? (
          <Progress.Root
            value={(state.progress.tableNumber / state.progress.tables) * 100}
            size="xs"
            aria-label="Sync progress"
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
            <Progress.ValueText fontSize="xs">
              {`Syncing ${state.progress.table.replace(/_/g, ' ')} (${state.progress.rowsStored} rows)`}
            </Progress.ValueText>
          </Progress.Root>
        ) : null}
        {state.problem ? <ErrorAlert message={`The last sync did not finish: ${state.problem}`} /> : null}
        {pending.length > 0 ? (
          <Stack as="ul" gap="1" listStyleType="none" aria-label="Queued changes">
            {pending.map((entry) => (
              <Text as="li" fontSize="sm" key={entry.id} overflowWrap="anywhere">
                {`${entryText(entry)} (queued ${formatLongDate(entry.createdAt)})`}
              </Text>
            ))}
          </Stack>
        ) : null}
        <DocumentBudget bridge={bridge} />
      </Stack>
    </Box>
  );
}
