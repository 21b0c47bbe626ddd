import { loadRuntimeConfig, type RuntimeConfig } from '../../lib/runtime-config.ts';

/**
 * Whether the developer test page is on (docs/architecture.md, Departure 9: on in local mode, off in production builds
 * unless enabled). It is on when any of these holds:
 * - a Vite development build (`import.meta.env.DEV`);
 * - the build was made with VITE_ENABLE_TEST_PAGE=true (an operator's explicit choice, e.g. a staging build);
 * - the runtime config says local mode: server/ answers /config.json with `localMode: true` when it sends
 *   e-mail to its dev mailbox (SMTP_URL unset) and serves that mailbox (on a loopback HOST, or with
 *   DEV_MAILBOX=on), which is also how the e2e run, a production build served by server/, reaches it.
 * A production build in front of hosted Supabase (URL baked in, no /config.json) keeps it off.
 */
export async function isTestPageEnabled(): Promise<boolean> {
  if (import.meta.env.DEV || import.meta.env.VITE_ENABLE_TEST_PAGE === 'true') return true;
  try {
    const config: RuntimeConfig & { localMode?: unknown } = await loadRuntimeConfig();
    return config.localMode === true;
  } catch (error) {
    console.error('Could not read the runtime config', error);
    return false;
  }
}
