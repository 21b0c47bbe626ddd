import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const projectRoot = path.resolve(import.meta.dirname, '..', '..');

describe('npm run desktop where the Electron binary cannot be had', () => {
  it('says so in one line on stderr, without a stack trace, a download or a build, and exits 1', () => {
    // An empty dist folder: the binary is absent on every machine, this one (where it cannot be
    // downloaded) included, so the real launch script runs up to its first check and no further.
    const emptyDist = mkdtempSync(path.join(tmpdir(), 'no-electron-'));
    try {
      const started = Date.now();
      const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('electron', 'cli', 'launch.ts')], {
        cwd: projectRoot,
        env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: emptyDist },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.split('\n').filter((line) => line.trim() !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Cannot start the desktop app: ELECTRON_OVERRIDE_DIST_PATH names no Electron executable \(.+\); run `npx install-electron` \(Electron \d+\.\d+\.\d+\) where downloads are possible, then `npm run desktop` again\.$/,
      );
      expect(result.stdout).not.toMatch(/Downloading|vite|built in/i);
      // Nothing slow ran before the check (a Vite build alone takes far longer).
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      rmSync(emptyDist, { recursive: true, force: true });
    }
  }, 60_000);
});
