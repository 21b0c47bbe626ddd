import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { stopProcess, watchOutput } from './server-process.ts';

/**
 * Deno (the `deno` dev dependency) as the hosted Edge Runtime would run supabase/functions, offline: npm
 * packages come from this project's node_modules (`--node-modules-dir=manual`), nothing is downloaded (no
 * remote modules, the npm registry pointed at a closed port), and Deno's cache lives in `.deno-dir/`
 * (gitignored), not in $HOME.
 */

export const projectRoot = path.resolve(import.meta.dirname, '..', '..');
export const functionsDir = path.join(projectRoot, 'supabase', 'functions');

/** The Deno executable itself (not the npm wrapper script, so a signal reaches the real process). */
export function denoExecutable(): string {
  const installApi: { runInstall(): string } = createRequire(import.meta.url)('deno/install_api.cjs');
  return installApi.runInstall();
}

/** The environment every Deno command here gets, on top of its own variables. */
export function denoEnvironment(): Record<string, string> {
  const denoDir = path.join(projectRoot, '.deno-dir');
  mkdirSync(denoDir, { recursive: true });
  return {
    DENO_DIR: denoDir,
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
    NO_COLOR: '1',
    NPM_CONFIG_REGISTRY: 'http://127.0.0.1:9/',
  };
}

/** The functions under a functions folder: every folder with an index.ts, except _shared and the like. */
export function functionNames(dir = functionsDir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .filter((entry) => existsSync(path.join(dir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The flags that make Deno read a function as `supabase functions deploy` bundles it: with the import map of
 * its own deno.json (the one that deploys), and the npm packages it names taken from node_modules instead of
 * the registry (Deno checks that the installed version is the one named). No other configuration is read,
 * so nothing of the Node project's leaks in. In this mode Deno would also find a bare import missing from the
 * import map in node_modules; tests/deno/check-functions.ts reports those.
 */
export function functionModuleFlags(name: string, dir = functionsDir): string[] {
  return ['--no-config', '--import-map', path.join(dir, name, 'deno.json'), '--node-modules-dir=manual', '--no-remote'];
}

export type DenoFunction = {
  name: string;
  /** Where Deno.serve listens (the function answers any path). */
  url: string;
  output: () => string;
  stop(): Promise<void>;
};

/**
 * Starts a function's Deno entry (index.ts, which calls Deno.serve) as a hosted Edge Function runs: network and
 * environment only (no file system, no subprocesses). `env` is all the function finds in its environment
 * besides Deno's own settings (the platform's variables and the project's secrets; nothing of this process's);
 * Deno.serve is moved to a free loopback port through DENO_SERVE_ADDRESS.
 */
export async function startDenoFunction(
  name: string,
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<DenoFunction> {
  const entry = path.join(functionsDir, name, 'index.ts');
  const child = spawn(denoExecutable(), ['run', '--allow-net', '--allow-env', ...functionModuleFlags(name), entry], {
    cwd: projectRoot,
    env: { ...denoEnvironment(), ...env, DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watched = watchOutput(child, /Listening on (http:\/\/[^\s/]+)/, name, options.timeoutMs ?? 30_000);
  const url = await watched.found;
  return {
    name,
    url,
    output: watched.output,
    stop: () => stopProcess(child),
  };
}
