import { Alert, Badge, Box, Button, Field, HStack, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { formatLongDate } from '../../shared/format/dates.ts';
import type { DesktopBridge, OutboxEntry } from '../../shared/ipc/channels.ts';
import { useDesktopState, type DesktopSession } from './desktop-session.ts';
import { entryText, queuedCountText } from './outbox-text.ts';

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
        ? `${entryText(entry)} was not applied: the application was changed meanwhile.`
        : `${entryText(entry)} was refused by the server.`;
  return (
    <Alert.Root status={status} role="status" data-testid="outbox-settled">
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

/**
 * Above the admin dashboard in the desktop app: offline banner, sync progress and the time of the last
 * sync, the outbox with its count, and how each replayed decision or note ended.
 */
export function DesktopStatus({ session, bridge }: { session: DesktopSession; bridge: DesktopBridge }) {
  const state = useDesktopState(session);
  useEffect(() => {
    void session.start();
    return () => session.stop();
  }, [session]);
  const pending = state.outbox.filter((entry) => entry.state === 'pending');
  const settled = state.outbox.filter((entry) => entry.state !== 'pending');
  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} pt="4">
      <Stack gap="3">
        {!state.online ? (
          <Alert.Root status="warning" role="alert" data-testid="offline-banner">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>You are offline: the server cannot be reached.</Alert.Title>
              <Alert.Description>
                Showing the copy saved on this computer. Decisions and notes you make are queued and sent when the
                connection returns.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <HStack justify="space-between" wrap="wrap" gap="3">
          <HStack gap="3" wrap="wrap">
            <Text fontSize="sm" data-testid="last-sync">
              {state.syncing ? 'Syncing…' : lastSyncText(state.cache?.lastSyncedAt ?? null)}
            </Text>
            <Text fontSize="sm" color="gray.600">
              {state.cache ? `${state.cache.applications} applications on this computer` : ''}
            </Text>
            <Badge colorPalette={pending.length > 0 ? 'orange' : 'gray'} data-testid="outbox-count">
              {queuedCountText(pending)}
            </Badge>
          </HStack>
          <Button size="sm" variant="outline" disabled={state.syncing} onClick={() => void session.syncNow()}>
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
        {state.problem ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{`The last sync did not finish: ${state.problem}`}</Alert.Title>
          </Alert.Root>
        ) : null}
        {pending.length > 0 ? (
          <Stack as="ul" gap="1" listStyleType="none" aria-label="Queued changes">
            {pending.map((entry) => (
              <Text as="li" fontSize="sm" key={entry.id} overflowWrap="anywhere">
                {`${entryText(entry)} (queued ${formatLongDate(entry.createdAt)})`}
              </Text>
            ))}
          </Stack>
        ) : null}
        {settled.map((entry) => (
          <SettledEntry key={entry.id} entry={entry} onDismiss={() => void session.dismiss(entry.id)} />
        ))}
        <DocumentBudget bridge={bridge} />
      </Stack>
    </Box>
  );
}
