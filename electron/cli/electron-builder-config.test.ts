import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { developmentNativeBinding, packagedNativeBinding } from '../sqlite-native-binding.ts';

const projectRoot = path.resolve(import.meta.dirname, '..', '..');
const configFile = path.join(projectRoot, 'build', 'electron-builder.yml');

type BuilderConfig = {
  npmRebuild: boolean;
  files: string[];
  extraResources: { from: string; to: string }[];
  extraMetadata: { main: string };
  linux: { target: string[]; icon: string; maintainer: string };
  mac: { target: string; icon: string };
  win: { target: string; icon: string };
};

function readConfig() {
  const document = parseDocument(readFileSync(configFile, 'utf8'));
  return { errors: document.errors, config: document.toJS() as BuilderConfig };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('build/electron-builder.yml', () => {
  it('is valid YAML', () => {
    expect(readConfig().errors).toEqual([]);
  });

  it("is valid for electron-builder's own configuration schema", async () => {
    // electron-builder's validator, as `electron-builder --config` runs it before packaging.
    const { validateConfiguration } = createRequire(import.meta.url)('app-builder-lib/out/util/config/config.js') as {
      validateConfiguration(config: unknown, logger: { isEnabled: boolean; add(): void }): Promise<void>;
    };
    const logger = { isEnabled: false, add: () => undefined };
    await expect(validateConfiguration(readConfig().config, logger)).resolves.toBeUndefined();
    await expect(validateConfiguration({ ...readConfig().config, notAnOption: true }, logger)).rejects.toThrow(
      /Invalid configuration object/,
    );
    // Loading electron-builder takes seconds on a busy machine.
  }, 60_000);

  it('makes AppImage and deb for Linux, dmg for macOS and nsis for Windows, each with the icon', () => {
    const { config } = readConfig();
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toBe('dmg');
    expect(config.win.target).toBe('nsis');
    for (const platform of [config.linux, config.mac, config.win]) expect(platform.icon).toBe('build/icon.png');
    // A deb needs a maintainer; package.json names no author.
    expect(config.linux.maintainer).toMatch(/<.+@.+>/);
  });

  it('has a 512 px PNG icon (electron-builder derives .icns and .ico from it) and its vector source', () => {
    expect(pngSize(path.join(projectRoot, 'build', 'icon.png'))).toEqual({ width: 512, height: 512 });
    expect(readFileSync(path.join(projectRoot, 'build', 'icon.svg'), 'utf8')).toMatch(/^<svg [^>]*viewBox=/);
  });

  it('ships the Electron build of better-sqlite3 where main looks for it, and never rebuilds node_modules', () => {
    const { config } = readConfig();
    expect(config.npmRebuild).toBe(false);
    expect(config.extraResources).toContainEqual({
      from: path.relative(projectRoot, developmentNativeBinding(projectRoot)).split(path.sep).join('/'),
      to: path.relative('resources', packagedNativeBinding('resources')).split(path.sep).join('/'),
    });
    expect(config.files).not.toContain('node_modules/better-sqlite3/**');
  });

  it('packs the built main, preload and renderer, and starts the main package.json names', () => {
    const { config } = readConfig();
    expect(config.files).toEqual(expect.arrayContaining(['dist-electron/**', 'dist/desktop/**', 'package.json']));
    const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { main: string };
    expect(config.extraMetadata.main).toBe(manifest.main);
  });
});
