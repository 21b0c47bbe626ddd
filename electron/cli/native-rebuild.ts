import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import path from 'node:path';
import { developmentNativeBinding, nativeFolderName } from '../sqlite-native-binding.ts';

/** Where Electron publishes the headers native modules compile against. */
export const electronHeadersUrl = 'https://electronjs.org/headers';

export type RunResult = { code: number; output: string };
export type Runner = (
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
) => Promise<RunResult>;

export type NativeRebuildOptions = {
  projectRoot: string;
  /** The installed electron package's version: the ABI the add-on is built for. */
  electronVersion: string;
  arch: string;
  /** node-gyp's entry script (node_modules/node-gyp/bin/node-gyp.js). */
  nodeGyp: string;
  /** Where node-gyp keeps downloaded Electron headers (~/.electron-gyp, as electron-rebuild does). */
  headersDir: string;
  env: NodeJS.ProcessEnv;
  /** Runs a command, its output captured; child_process in the CLI, a fake in the tests. */
  run: Runner;
};

/** One line saying why the Electron build of better-sqlite3 could not be made. */
export class NativeRebuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NativeRebuildError';
  }
}

/**
 * npm settings that would make node-gyp build against something other than Electron's headers: npm passes
 * its config to scripts as npm_config_* variables, and node-gyp reads them (a `nodedir` in .npmrc, as on some
 * machines, would silently produce a build for Node's ABI under Electron's name).
 */
const abiSettings = ['nodedir', 'target', 'target_arch', 'arch', 'disturl', 'dist_url', 'runtime', 'devdir'];

export function nodeGypEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => {
      const setting = /^npm_config_(.+)$/i.exec(name)?.[1]?.toLowerCase().replaceAll('-', '_');
      return !setting || !abiSettings.includes(setting);
    }),
  );
}

/** The copy of better-sqlite3 the Electron build is made in, beside (never inside) node_modules. */
export function nativeSourceCopy(projectRoot: string): string {
  return path.join(projectRoot, nativeFolderName, 'better-sqlite3');
}

function stampFile(projectRoot: string): string {
  return path.join(projectRoot, nativeFolderName, 'better-sqlite3.electron');
}

const stamp = (electronVersion: string, arch: string) => `electron ${electronVersion} ${arch}\n`;

/** True when .desktop-native holds a build for this Electron version and architecture. */
export async function isNativeBuildCurrent(projectRoot: string, electronVersion: string, arch: string) {
  if (!existsSync(developmentNativeBinding(projectRoot))) return false;
  try {
    return (await readFile(stampFile(projectRoot), 'utf8')) === stamp(electronVersion, arch);
  } catch {
    return false;
  }
}

function failureReason(output: string): string {
  if (/network connectivity|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|getaddrinfo|headers\.tar\.gz/i.test(output)) {
    return `Electron's headers could not be downloaded from ${electronHeadersUrl}`;
  }
  return 'node-gyp failed (it needs Python 3 and a C++ compiler)';
}

/**
 * Builds better-sqlite3 for Electron's ABI without touching node_modules (whose build is Node's, for the
 * tests): copies the package's sources into .desktop-native/better-sqlite3 and runs node-gyp there against
 * Electron's headers. The whole output goes to .desktop-native/rebuild.log; a failure leaves no binary
 * behind and rejects with one line saying why. Resolves with the built add-on's path.
 */
export async function rebuildNativeForElectron(options: NativeRebuildOptions): Promise<string> {
  const { projectRoot, electronVersion, arch } = options;
  const source = path.join(projectRoot, 'node_modules', 'better-sqlite3');
  const copy = nativeSourceCopy(projectRoot);
  const log = path.join(projectRoot, nativeFolderName, 'rebuild.log');
  const relativeLog = path.relative(projectRoot, log);
  await rm(copy, { recursive: true, force: true });
  await rm(stampFile(projectRoot), { force: true });
  await mkdir(copy, { recursive: true });
  // The sources only: not the Node build in build/, not nested node_modules.
  await cp(source, copy, {
    recursive: true,
    filter: (file) => {
      const relative = path.relative(source, file).split(path.sep)[0];
      return relative !== 'build' && relative !== 'node_modules';
    },
  });
  const args = [
    options.nodeGyp,
    'rebuild',
    '--release',
    `--target=${electronVersion}`,
    `--arch=${arch}`,
    `--dist-url=${electronHeadersUrl}`,
    `--devdir=${options.headersDir}`,
  ];
  const result = await options.run(process.execPath, args, { cwd: copy, env: nodeGypEnvironment(options.env) });
  await writeFile(log, `$ node ${args.join(' ')}\n${result.output}`);
  const binary = developmentNativeBinding(projectRoot);
  if (result.code !== 0 || !existsSync(binary)) {
    await rm(path.join(copy, 'build'), { recursive: true, force: true });
    throw new NativeRebuildError(
      `Could not build better-sqlite3 for Electron ${electronVersion}: ${failureReason(result.output)} (details in ${relativeLog}).`,
    );
  }
  await writeFile(stampFile(projectRoot), stamp(electronVersion, arch));
  return binary;
}

/** Runs a command with its output (stdout and stderr together) captured. */
export const runCaptured: Runner = (command, args, options) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${Buffer.concat(chunks).toString()}${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString() }));
  });

/** The installed electron package's version, read from its package.json (never by loading the package). */
export function installedElectronVersion(projectRoot: string): string {
  const manifest = path.join(projectRoot, 'node_modules', 'electron', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The options for this checkout and machine: installed Electron, this architecture, the real node-gyp. */
export function nativeRebuildOptions(projectRoot: string): NativeRebuildOptions {
  return {
    projectRoot,
    electronVersion: installedElectronVersion(projectRoot),
    arch: process.arch,
    nodeGyp: createRequire(path.join(projectRoot, 'package.json')).resolve('node-gyp/bin/node-gyp.js'),
    headersDir: path.join(homedir(), '.electron-gyp'),
    env: process.env,
    run: runCaptured,
  };
}
