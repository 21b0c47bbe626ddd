/**
 * What the web and desktop builds put where supabase-js imports @supabase/realtime-js (the alias
 * withoutSupabaseRealtime in web/vite.config.ts, which renderer/vite.config.ts uses too).
 *
 * The app never opens a realtime channel: server/ does not speak realtime, and every screen reads through
 * RTK Query. Yet supabase-js creates a realtime client in its constructor and tells it each new access token,
 * so its code (with the Phoenix socket under it) was in every signed-in page: 16 KB of gzip, about a third of
 * the supabase chunk. This class answers the calls supabase-js makes on its realtime client and nothing more;
 * no-realtime.test.ts fails if a new supabase-js calls one it lacks. A channel asked for anyway fails
 * loudly rather than never delivering anything.
 */
export class RealtimeClient {
  constructor(_endpoint: string, _options?: unknown) {}

  setAuth(_token?: string | null): Promise<void> {
    return Promise.resolve();
  }

  channel(): never {
    throw new Error('This app is built without Supabase Realtime (web/src/lib/no-realtime.ts)');
  }

  getChannels(): [] {
    return [];
  }

  removeChannel(): Promise<'ok'> {
    return Promise.resolve('ok');
  }

  removeAllChannels(): Promise<[]> {
    return Promise.resolve([]);
  }
}
