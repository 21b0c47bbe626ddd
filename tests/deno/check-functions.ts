import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { outputOf, type CliResult } from '../support/cli-process.ts';
import {
  denoEnvironment,
  denoExecutable,
  functionModuleFlags,
  functionNames,
  functionsDir,
  projectRoot,
} from '../support/deno.ts';

/**
 * `npm run test:functions`: every function entry under supabase/functions, read by Deno as the hosted Edge
 * Runtime reads it (its own deno.json, offline: see tests/support/deno.ts), must
 * - resolve every import under Deno (relative files with their extension, bare names through the import map),
 * - import Node built-ins only with the `node:` prefix,
 * - use no file system (Deno.readFile..., Deno.writeFile..., node:fs) and start no processes
 *   (Deno.Command, node:child_process): hosted functions have neither,
 * - pass `deno check`.
 * Each problem is printed on one line, `file:line:column: what is wrong`, and the exit code is 1.
 *
 * `tsx tests/deno/check-functions.ts [folder]` checks another functions folder (the test of this check does).
 */

type Problem = { file: string; line?: number; column?: number; message: string };

type Resolution = { specifier?: string; error?: string; span?: { start: { line: number; character: number } } };
type InfoModule = {
  specifier: string;
  kind?: string;
  local?: string;
  error?: string;
  dependencies?: { specifier: string; code?: Resolution; type?: Resolution }[];
};

const fileSystemApis = new Set(
  [
    'readFile',
    'readTextFile',
    'writeFile',
    'writeTextFile',
    'open',
    'create',
    'mkdir',
    'makeTempDir',
    'makeTempFile',
    'remove',
    'rename',
    'readDir',
    'copyFile',
    'truncate',
    'symlink',
    'link',
    'chmod',
    'chown',
    'utime',
    'stat',
    'lstat',
    'realPath',
    'readLink',
  ].flatMap((name) => [name, `${name}Sync`]),
);
fileSystemApis.add('watchFs');
const processApis = new Set(['Command', 'run']);

const noFileSystem = 'a hosted function has no project files and keeps none (use the database or storage)';
const noProcesses = 'the Edge Runtime does not start processes';
const forbiddenModules: Record<string, string> = {
  'node:fs': `file system access (node:fs): ${noFileSystem}`,
  'node:fs/promises': `file system access (node:fs/promises): ${noFileSystem}`,
  'node:child_process': `starts processes (node:child_process): ${noProcesses}`,
};

function relative(file: string): string {
  const absolute = file.startsWith('file://') ? fileURLToPath(file) : file;
  return path.relative(projectRoot, absolute) || absolute;
}

/** Deno's messages name files by absolute URL; people read project paths. */
function readable(message: string): string {
  return message.replace(/file:\/\/\S+?(?=["':\s)]|$)/g, (url) => relative(url));
}

function run(args: string[]): Promise<CliResult> {
  return outputOf(
    spawn(denoExecutable(), args, {
      cwd: projectRoot,
      env: { ...process.env, ...denoEnvironment() },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

/**
 * The problems in Deno's own report (deno check, deno info): each `TSxxxx [ERROR]: ...` or `error: ...` with
 * the `at file:///...:line:column` that follows it, when there is one.
 */
function problemsInDenoOutput(output: string, fallbackFile: string): Problem[] {
  const problems: Problem[] = [];
  let pending: string | undefined;
  const flush = () => {
    if (pending !== undefined) problems.push({ file: fallbackFile, message: readable(pending) });
    pending = undefined;
  };
  for (const line of output.replace(/\r/g, '').split('\n')) {
    const typeError = /^(?:error: )?(TS\d+) \[ERROR\]: (.*)$/.exec(line);
    const error = /^error: (.*)$/.exec(line);
    const at = /^\s+at (file:\/\/\S+?):(\d+):(\d+)\s*$/.exec(line);
    if (typeError) {
      flush();
      pending = `${typeError[1]} ${typeError[2]}`;
    } else if (error) {
      flush();
      if (!/^Type checking failed\.?$/.test(error[1]!)) pending = error[1]!.replace(/^Error: /, '');
    } else if (at && pending !== undefined) {
      problems.push({ file: relative(at[1]!), line: Number(at[2]), column: Number(at[3]), message: readable(pending) });
      pending = undefined;
    } else if (line.trim() === '') {
      flush();
    }
  }
  flush();
  return problems;
}

function isLocal(module: InfoModule): module is InfoModule & { local: string } {
  return module.kind === 'esm' && module.local !== undefined && !module.local.split(path.sep).includes('node_modules');
}

/** A bare name (`zod`, `@supabase/supabase-js`): neither a path, a URL nor a scheme such as node: or npm:. */
function isBare(specifier: string): boolean {
  return !/^(\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(specifier);
}

function inImportMap(specifier: string, keys: string[]): boolean {
  return keys.some((key) => key === specifier || (key.endsWith('/') && specifier.startsWith(key)));
}

/**
 * What the module graph shows: imports that do not resolve, Node built-ins without node:, forbidden modules,
 * bare names missing from the function's import map.
 */
function problemsInGraph(
  modules: InfoModule[],
  name: string,
  importMapKeys: string[],
): { problems: Problem[]; localFiles: string[] } {
  const missing = new Map(modules.filter((module) => module.error).map((module) => [module.specifier, module.error!]));
  const problems: Problem[] = [];
  const localFiles: string[] = [];
  for (const module of modules.filter(isLocal)) {
    localFiles.push(module.local);
    for (const dependency of module.dependencies ?? []) {
      for (const resolution of [dependency.code, dependency.type]) {
        if (!resolution) continue;
        const at = {
          file: relative(module.local),
          line: (resolution.span?.start.line ?? 0) + 1,
          column: (resolution.span?.start.character ?? 0) + 1,
        };
        const imported = dependency.specifier;
        if (!imported.startsWith('node:') && builtinModules.includes(imported)) {
          problems.push({
            ...at,
            message: `imports '${imported}': the Edge Runtime needs Node built-ins with the node: prefix ('node:${imported}')`,
          });
        } else if (resolution.error) {
          problems.push({
            ...at,
            message: `import '${imported}' does not resolve under Deno (${name}/deno.json): ${readable(resolution.error)}`,
          });
        } else if (resolution.specifier && missing.has(resolution.specifier)) {
          problems.push({
            ...at,
            message: `import '${imported}' does not resolve under Deno: ${readable(missing.get(resolution.specifier)!)}`,
          });
        } else if (isBare(imported) && !inImportMap(imported, importMapKeys)) {
          problems.push({
            ...at,
            message: `import '${imported}' is not in ${name}/deno.json's imports: deployed, it would not resolve`,
          });
        }
        const forbidden = forbiddenModules[resolution.specifier ?? ''];
        if (forbidden) problems.push({ ...at, message: forbidden });
      }
    }
  }
  return { problems, localFiles };
}

/** Deno.readTextFile(...), new Deno.Command(...) and the like, found in the syntax tree (not in comments). */
function problemsInSource(file: string): Problem[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const problems: Problem[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Deno') {
      const api = node.name.text;
      const message = fileSystemApis.has(api)
        ? `file system access (Deno.${api}): ${noFileSystem}`
        : processApis.has(api)
          ? `starts processes (Deno.${api}): ${noProcesses}`
          : undefined;
      if (message) {
        const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
        problems.push({ file: relative(file), line: line + 1, column: character + 1, message });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

async function checkFunction(name: string, dir: string): Promise<{ problems: Problem[]; localFiles: string[] }> {
  const entry = path.join(dir, name, 'index.ts');
  if (!existsSync(path.join(dir, name, 'deno.json'))) {
    return {
      problems: [{ file: relative(path.join(dir, name)), message: 'no deno.json: each function deploys with its own' }],
      localFiles: [],
    };
  }
  let importMapKeys: string[];
  try {
    const config = JSON.parse(readFileSync(path.join(dir, name, 'deno.json'), 'utf8')) as { imports?: object };
    importMapKeys = Object.keys(config.imports ?? {});
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { problems: [{ file: relative(path.join(dir, name, 'deno.json')), message: reason }], localFiles: [] };
  }
  const flags = functionModuleFlags(name, dir);
  const info = await run(['info', '--json', ...flags, entry]);
  const graph =
    info.code === 0
      ? problemsInGraph((JSON.parse(info.stdout) as { modules: InfoModule[] }).modules, name, importMapKeys)
      : { problems: problemsInDenoOutput(info.stderr, relative(entry)), localFiles: [] };
  const check = await run(['check', '--quiet', ...flags, entry]);
  const typeErrors = check.code === 0 ? [] : problemsInDenoOutput(`${check.stderr}\n${check.stdout}`, relative(entry));
  if (check.code !== 0 && typeErrors.length === 0) {
    typeErrors.push({ file: relative(entry), message: `deno check failed (exit code ${check.code})` });
  }
  // An import that does not resolve also fails the type check at the same place: say it once.
  const located = new Set(graph.problems.map((problem) => `${problem.file}:${problem.line}:${problem.column}`));
  const alsoTypeErrors = typeErrors.filter(
    (problem) => !located.has(`${problem.file}:${problem.line}:${problem.column}`),
  );
  return { problems: [...graph.problems, ...alsoTypeErrors], localFiles: graph.localFiles };
}

/** Runs the jobs two at a time (the machines that run this have few cores). */
async function inPairs<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]!();
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

function format(problem: Problem): string {
  const location = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}:${problem.column}`;
  return `${location}: ${problem.message}`;
}

const dir = process.argv[2] ? path.resolve(process.argv[2]) : functionsDir;
const names = functionNames(dir);
const started = Date.now();
const results = await inPairs(names.map((name) => () => checkFunction(name, dir)));
const localFiles = [...new Set(results.flatMap((result) => result.localFiles))];
const problems = [...results.flatMap((result) => result.problems), ...localFiles.flatMap(problemsInSource)];
// A module several functions share is reported once per problem, not once per function.
const lines = [...new Set(problems.map(format))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));

if (names.length === 0) {
  console.error(`test:functions: no function (a folder with an index.ts) under ${relative(dir)}`);
  process.exit(1);
}
if (lines.length > 0) {
  for (const line of lines) console.error(line);
  console.error(`test:functions: ${lines.length} problem(s) in ${relative(dir)} under Deno`);
  process.exit(1);
}
console.log(
  `test:functions: ${names.length} functions (${names.join(', ')}) type-check under Deno and use nothing the ` +
    `Edge Runtime forbids (${localFiles.length} modules, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
