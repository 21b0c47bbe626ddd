import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isNativeBuildCurrent,
  nativeSourceCopy,
  NativeRebuildError,
  nodeGypEnvironment,
  rebuildNativeForElectron,
  type NativeRebuildOptions,
  type Runner,
} from './native-rebuild.ts';

const nodeBuild = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 1, 2, 3]);
const electronBuild = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 9, 9, 9]);

let projectRoot: string;
let moduleDir: string;

/** A temporary checkout with a better-sqlite3 package: sources, its Node build, a nested dependency. */
beforeEach(() => {
  projectRoot = mkdtempSync(path.join(tmpdir(), 'native-rebuild-'));
  moduleDir = path.join(projectRoot, 'node_modules', 'better-sqlite3');
  for (const folder of ['src', 'lib', 'deps/sqlite3', 'build/Release', 'node_modules/bindings']) {
    mkdirSync(path.join(moduleDir, folder), { recursive: true });
  }
  writeFileSync(path.join(moduleDir, 'binding.gyp'), '{}');
  writeFileSync(path.join(moduleDir, 'package.json'), '{"name":"better-sqlite3"}');
  writeFileSync(path.join(moduleDir, 'src', 'better_sqlite3.cpp'), '// sources');
  writeFileSync(path.join(moduleDir, 'lib', 'index.js'), 'module.exports = {}');
  writeFileSync(path.join(moduleDir, 'deps', 'sqlite3', 'sqlite3.c'), '/* sqlite */');
  writeFileSync(path.join(moduleDir, 'build', 'Release', 'better_sqlite3.node'), nodeBuild);
});
afterEach(() => rmSync(projectRoot, { recursive: true, force: true }));

/**
 * Stands in for node-gyp, which would need Electron's headers from the network (not reachable here): it
 * records how it was called and then builds (writes an add-on where node-gyp would) or fails as node-gyp
 * does without a network.
 */
function fakeNodeGyp(outcome: 'builds' | 'offline') {
  const calls: { command: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv }[] = [];
  const run: Runner = async (command, args, { cwd, env }) => {
    calls.push({ command, args, cwd, env });
    if (outcome === 'offline') {
      mkdirSync(path.join(cwd, 'build'), { recursive: true });
      return {
        code: 1,
        output:
          'gyp http GET https://electronjs.org/headers/v45.4.1/node-v45.4.1-headers.tar.gz\n' +
          'gyp ERR! stack Error: This is most likely not a problem with node-gyp or the package itself and\n' +
          'gyp ERR! stack is related to network connectivity.\n',
      };
    }
    mkdirSync(path.join(cwd, 'build', 'Release'), { recursive: true });
    writeFileSync(path.join(cwd, 'build', 'Release', 'better_sqlite3.node'), electronBuild);
    return { code: 0, output: 'gyp info ok\n' };
  };
  return { run, calls };
}

function options(run: Runner, env: NodeJS.ProcessEnv = {}): NativeRebuildOptions {
  return {
    projectRoot,
    electronVersion: '45.4.1',
    arch: 'x64',
    nodeGyp: '/nm/node-gyp/bin/node-gyp.js',
    headersDir: '/home/officer/.electron-gyp',
    env,
    run,
  };
}

const built = () => path.join(nativeSourceCopy(projectRoot), 'build', 'Release', 'better_sqlite3.node');

describe('building better-sqlite3 for Electron', () => {
  it("runs node-gyp against Electron's headers in a copy of the sources, leaving node_modules' Node build alone", async () => {
    const { run, calls } = fakeNodeGyp('builds');
    await expect(rebuildNativeForElectron(options(run))).resolves.toBe(built());
    expect(calls).toEqual([
      {
        command: process.execPath,
        args: [
          '/nm/node-gyp/bin/node-gyp.js',
          'rebuild',
          '--release',
          '--target=45.4.1',
          '--arch=x64',
          '--dist-url=https://electronjs.org/headers',
          '--devdir=/home/officer/.electron-gyp',
        ],
        cwd: path.join(projectRoot, '.desktop-native', 'better-sqlite3'),
        env: {},
      },
    ]);
    const copy = nativeSourceCopy(projectRoot);
    expect(readFileSync(path.join(copy, 'src', 'better_sqlite3.cpp'), 'utf8')).toBe('// sources');
    expect(existsSync(path.join(copy, 'deps', 'sqlite3', 'sqlite3.c'))).toBe(true);
    expect(existsSync(path.join(copy, 'node_modules'))).toBe(false);
    expect(new Uint8Array(readFileSync(built()))).toEqual(electronBuild);
    expect(new Uint8Array(readFileSync(path.join(moduleDir, 'build', 'Release', 'better_sqlite3.node')))).toEqual(
      nodeBuild,
    );
  });

  it('records the Electron version built for, so a changed version is rebuilt', async () => {
    expect(await isNativeBuildCurrent(projectRoot, '45.4.1', 'x64')).toBe(false);
    await rebuildNativeForElectron(options(fakeNodeGyp('builds').run));
    expect(await isNativeBuildCurrent(projectRoot, '45.4.1', 'x64')).toBe(true);
    expect(await isNativeBuildCurrent(projectRoot, '46.0.0', 'x64')).toBe(false);
    expect(await isNativeBuildCurrent(projectRoot, '45.4.1', 'arm64')).toBe(false);
  });

  it('keeps npm settings that would build for Node (a nodedir in .npmrc) away from node-gyp', async () => {
    const { run, calls } = fakeNodeGyp('builds');
    const env = {
      PATH: '/usr/bin',
      npm_config_nodedir: '/usr',
      npm_config_target: '20.20.2',
      NPM_CONFIG_DISTURL: 'https://nodejs.org/dist',
      npm_config_runtime: 'node',
      npm_config_https_proxy: 'http://proxy:3128',
    };
    await rebuildNativeForElectron(options(run, env));
    expect(calls[0]!.env).toEqual({ PATH: '/usr/bin', npm_config_https_proxy: 'http://proxy:3128' });
    expect(nodeGypEnvironment({ 'npm_config_target-arch': 'ia32', HOME: '/h' })).toEqual({ HOME: '/h' });
  });

  it('fails in one line when the headers cannot be downloaded, leaving no binary and the details in a log', async () => {
    await rebuildNativeForElectron(options(fakeNodeGyp('builds').run));
    const failing = rebuildNativeForElectron(options(fakeNodeGyp('offline').run));
    await expect(failing).rejects.toBeInstanceOf(NativeRebuildError);
    await expect(failing).rejects.toThrow(
      "Could not build better-sqlite3 for Electron 45.4.1: Electron's headers could not be downloaded from https://electronjs.org/headers (details in .desktop-native/rebuild.log).",
    );
    const message = await failing.catch((error: Error) => error.message);
    expect(message).not.toContain('\n');
    expect(existsSync(built())).toBe(false);
    expect(await isNativeBuildCurrent(projectRoot, '45.4.1', 'x64')).toBe(false);
    expect(readFileSync(path.join(projectRoot, '.desktop-native', 'rebuild.log'), 'utf8')).toContain(
      'network connectivity',
    );
  });

  it('says node-gyp failed when the cause is not the network', async () => {
    const run: Runner = async () => ({ code: 1, output: 'gyp ERR! build error\n' });
    await expect(rebuildNativeForElectron(options(run))).rejects.toThrow(
      'Could not build better-sqlite3 for Electron 45.4.1: node-gyp failed (it needs Python 3 and a C++ compiler) (details in .desktop-native/rebuild.log).',
    );
  });
});
