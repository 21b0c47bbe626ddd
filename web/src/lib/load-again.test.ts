import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { failedModuleAddress, loadAgainOnFailure } from './load-again.ts';

describe('loadAgainOnFailure', () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'load-again-')), 'rules.mjs');
  writeFileSync(file, 'export const rules = "loaded";');
  const address = pathToFileURL(file).href;

  it('imports the module that failed again under a new address, which the browser has not marked failed', async () => {
    let calls = 0;
    const load = loadAgainOnFailure(async (): Promise<{ rules: string }> => {
      calls += 1;
      throw new TypeError(`Failed to fetch dynamically imported module: ${address}`);
    });
    await expect(load()).rejects.toThrow(/Failed to fetch/);
    await expect(load()).resolves.toMatchObject({ rules: 'loaded' });
    // The original import is not asked again: the browser would answer it from its memory of the failure.
    expect(calls).toBe(1);
  });

  it('asks the original import again when the failure names no module', async () => {
    let calls = 0;
    const load = loadAgainOnFailure(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Importing a module script failed.');
      return { rules: 'second' };
    });
    await expect(load()).rejects.toThrow();
    await expect(load()).resolves.toEqual({ rules: 'second' });
  });

  it('loads a module once: later calls share the first load', async () => {
    let calls = 0;
    const load = loadAgainOnFailure(async () => {
      calls += 1;
      return { rules: 'once' };
    });
    await Promise.all([load(), load()]);
    await load();
    expect(calls).toBe(1);
  });

  it('reads the failed address in the wording of Chromium and Firefox', () => {
    expect(
      failedModuleAddress(new TypeError('Failed to fetch dynamically imported module: https://a.test/assets/x-1.js')),
    ).toBe('https://a.test/assets/x-1.js');
    expect(failedModuleAddress(new TypeError('error loading dynamically imported module: https://a.test/y.js'))).toBe(
      'https://a.test/y.js',
    );
    expect(failedModuleAddress(new TypeError('Importing a module script failed.'))).toBeUndefined();
  });
});
