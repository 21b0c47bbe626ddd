import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * `npm run desktop`: builds the renderer, main and preload with Vite, then starts the Electron binary.
 * Electron fetches its binary on first launch; where that is impossible we say so plainly.
 */
const projectRoot = path.resolve(import.meta.dirname, '..', '..');

function electronBinary(): string | undefined {
  try {
    const resolved: unknown = createRequire(import.meta.url)('electron');
    return typeof resolved === 'string' ? resolved : undefined;
  } catch (error) {
    console.error(`The Electron binary is not available: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

async function main() {
  const { build } = await import('vite');
  await build({ configFile: path.join(projectRoot, 'renderer', 'vite.config.ts'), logLevel: 'warn' });
  const binary = electronBinary();
  if (!binary) {
    console.error('Install it where downloads are possible (npx install-electron), then run `npm run desktop` again.');
    process.exit(1);
  }
  const child = spawn(binary, ['.'], { cwd: projectRoot, stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}

void main();
