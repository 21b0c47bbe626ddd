import { Button, Container, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { DesktopBridge } from '../../shared/ipc/channels.ts';
import { ErrorAlert } from '../../web/src/components/error-alert.tsx';

/**
 * First start: where the app's server is. server/ gives its anon key at /config.json (main reads it); a
 * hosted Supabase project's URL and anon key are typed in. Saved in main (settings:save-connection); the
 * window then reloads, so that its Content-Security-Policy lets it reach that server and no other.
 */
export function ConnectionSetup({ bridge, onSaved }: { bridge: DesktopBridge; onSaved: () => void }) {
  const [address, setAddress] = useState('http://localhost:3000');
  const [anonKey, setAnonKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const key = anonKey.trim();
      await bridge['settings:save-connection']({ supabaseUrl: address.trim(), ...(key ? { anonKey: key } : {}) });
      onSaved();
    } catch (error) {
      const detail = (error instanceof Error ? error.message : String(error)).replace(
        /^Error invoking remote method '[^']+': (?:\w*Error: )?/,
        '',
      );
      setProblem(`Could not connect to ${address}: ${detail}.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container maxW="lg" py="16">
      <Stack
        as="form"
        gap="5"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Heading as="h1" size="2xl">
          Connect to your server
        </Heading>
        <Text color="gray.600">
          The address of the Loan Match server, or of your hosted Supabase project with its anon key.
        </Text>
        <Field.Root required>
          <Field.Label>Server address</Field.Label>
          <Input type="url" value={address} onChange={(event) => setAddress(event.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Anon key (hosted Supabase only)</Field.Label>
          <Input value={anonKey} onChange={(event) => setAnonKey(event.target.value)} />
          <Field.HelperText>Leave empty for a Loan Match server: its key is read from the server.</Field.HelperText>
        </Field.Root>
        {problem ? <ErrorAlert message={problem} /> : null}
        <Button type="submit" colorPalette="blue" loading={busy}>
          Connect
        </Button>
      </Stack>
    </Container>
  );
}
