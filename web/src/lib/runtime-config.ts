/** Where the Supabase API lives: baked in at build time for hosted Supabase, else read from /config.json. */
export type RuntimeConfig = { supabaseUrl: string; anonKey: string };

let pending: Promise<RuntimeConfig> | undefined;

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= (async () => {
    const url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
    const key = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;
    if (url && key) return { supabaseUrl: url, anonKey: key };
    const response = await fetch('/config.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`Could not load /config.json (HTTP ${response.status})`);
    return (await response.json()) as RuntimeConfig;
  })();
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}

/** The desktop app knows its server from its own settings and gives it here, before the client is created. */
export function provideRuntimeConfig(config: RuntimeConfig): void {
  pending = Promise.resolve(config);
}
