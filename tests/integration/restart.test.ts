import { afterAll, describe, expect, it } from 'vitest';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import {
  anonClient,
  removeDataDir,
  serviceClient,
  startServerProcess,
  temporaryDataDir,
} from '../support/server-process.ts';

const dataDir = temporaryDataDir();
afterAll(() => removeDataDir(dataDir));

async function countByEmail(email: string, server: Awaited<ReturnType<typeof startServerProcess>>) {
  const { count, error } = await serviceClient(server)
    .from('applications')
    .select('*', { count: 'exact', head: true })
    .eq('email', email);
  expect(error).toBeNull();
  return count;
}

describe('data survives restarts on the same data folder', () => {
  it('keeps a row after a clean stop and after a crash', async () => {
    const first = await startServerProcess({ dataDir });
    const { error } = await anonClient(first)
      .from('applications')
      .insert(
        qualifiedApplicationRow({ first_name: 'Sam', email: 'sam@okaforhvac.com', business_name: 'Okafor HVAC' }),
      );
    expect(error).toBeNull();
    await first.stop('SIGTERM');

    const second = await startServerProcess({ dataDir });
    expect(await countByEmail('sam@okaforhvac.com', second)).toBe(1);
    const { error: crashError } = await anonClient(second)
      .from('applications')
      .insert(
        qualifiedApplicationRow({
          first_name: 'Ana',
          email: 'ana@silvalandscaping.com',
          business_name: 'Silva Landscaping',
        }),
      );
    expect(crashError).toBeNull();
    // An acknowledged write must survive a crash: kill without any chance to flush or close.
    await second.stop('SIGKILL');

    const third = await startServerProcess({ dataDir });
    try {
      expect(await countByEmail('sam@okaforhvac.com', third)).toBe(1);
      expect(await countByEmail('ana@silvalandscaping.com', third)).toBe(1);
    } finally {
      await third.stop();
    }
  });
});
