import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests and benchmarks use: CHROMIUM_PATH, else Debian's package when installed;
 * undefined means the browser Playwright installed.
 */
export const systemChromium: string | undefined =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

/** Flags for a headless Chromium on a machine without internet access (and running as root in CI). */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
