import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RealtimeClient } from './no-realtime.ts';

/** The supabase-js build the web app bundles (its ES module), as the bundler resolves it. */
function supabaseJsModule(): string {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('@supabase/supabase-js/package.json'));
  return readFileSync(path.join(packageDir, 'dist', 'index.mjs'), 'utf8');
}

describe('the realtime client the web build gives supabase-js', () => {
  it('has every method supabase-js calls on its realtime client', () => {
    const called = new Set([...supabaseJsModule().matchAll(/this\.realtime\.(\w+)\(/g)].map((match) => match[1]));
    // The calls it makes today; a new one (say, a new supabase-js that connects at once) fails here first.
    expect(called.size).toBeGreaterThanOrEqual(5);
    for (const method of called) {
      expect(typeof (RealtimeClient.prototype as unknown as Record<string, unknown>)[method!], method).toBe('function');
    }
  });

  it('creates the client from the module supabase-js imports it from', () => {
    expect(supabaseJsModule()).toMatch(/import \{ RealtimeClient \} from "@supabase\/realtime-js"/);
  });

  it('takes tokens and has no channels, and refuses to open one', async () => {
    const client = new RealtimeClient('ws://127.0.0.1/realtime/v1', { params: { apikey: 'key' } });
    await expect(client.setAuth('token')).resolves.toBeUndefined();
    await expect(client.setAuth()).resolves.toBeUndefined();
    expect(client.getChannels()).toEqual([]);
    await expect(client.removeAllChannels()).resolves.toEqual([]);
    expect(() => client.channel()).toThrow('This app is built without Supabase Realtime');
  });
});
