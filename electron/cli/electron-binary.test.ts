import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findElectronBinary } from './electron-binary.ts';

/** A temporary stand-in for node_modules/electron, with or without its downloaded binary. */
let electronDir: string;
beforeEach(() => {
  electronDir = mkdtempSync(path.join(tmpdir(), 'electron-package-'));
});
afterEach(() => rmSync(electronDir, { recursive: true, force: true }));

function download(named: string) {
  writeFileSync(path.join(electronDir, 'path.txt'), named);
  const binary = path.join(electronDir, 'dist', named);
  mkdirSync(path.dirname(binary), { recursive: true });
  writeFileSync(binary, '');
  return binary;
}

describe('finding the Electron binary without loading the electron package', () => {
  it('finds the executable path.txt names in dist/', () => {
    const binary = download('electron');
    expect(findElectronBinary(electronDir, {}, 'linux')).toEqual({ found: true, path: binary });
  });

  it('finds the macOS app bundle', () => {
    const binary = download('Electron.app/Contents/MacOS/Electron');
    expect(findElectronBinary(electronDir, {}, 'darwin')).toEqual({ found: true, path: binary });
  });

  it('says the binary was never downloaded when path.txt is missing', () => {
    expect(findElectronBinary(electronDir, {}, 'linux')).toEqual({
      found: false,
      reason: 'the Electron binary was never downloaded',
    });
  });

  it('says the binary is missing when path.txt names a file that is gone', () => {
    writeFileSync(path.join(electronDir, 'path.txt'), 'electron');
    expect(findElectronBinary(electronDir, {}, 'linux')).toEqual({
      found: false,
      reason: `the Electron binary is missing (${path.join(electronDir, 'dist', 'electron')})`,
    });
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH, as the electron package does', () => {
    const override = path.join(electronDir, 'custom');
    mkdirSync(override);
    expect(findElectronBinary(electronDir, { ELECTRON_OVERRIDE_DIST_PATH: override }, 'win32')).toEqual({
      found: false,
      reason: `ELECTRON_OVERRIDE_DIST_PATH names no Electron executable (${path.join(override, 'electron.exe')})`,
    });
    writeFileSync(path.join(override, 'electron.exe'), '');
    expect(findElectronBinary(electronDir, { ELECTRON_OVERRIDE_DIST_PATH: override }, 'win32')).toEqual({
      found: true,
      path: path.join(override, 'electron.exe'),
    });
  });
});
