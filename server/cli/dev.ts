import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '../config.ts';

/**
 * `npm run dev`: server/ restarting on change (tsx watch) and the Vite dev server with hot reload,
 * which proxies the API paths to server/.
 */
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/cli/start.ts', '--no-build'], {
    cwd: projectRoot,
    stdio: 'inherit',
  }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts'], { cwd: projectRoot, stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) {
      stop();
      process.exitCode = code;
    }
  });
}
