import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` every `everySeconds` while the server listens: never two runs at once, a failure logged and tried
 * again at the next tick. It stops as the server begins to close, and the close waits for the run under way. The
 * timer does not keep the process alive.
 */
export function runWhileListening(
  app: FastifyInstance,
  everySeconds: number,
  what: string,
  work: () => Promise<void>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  app.addHook('onListen', async () => {
    timer = setInterval(() => {
      running ??= work()
        .catch((error: unknown) => console.error(`${what} failed:`, error instanceof Error ? error.message : error))
        .finally(() => {
          running = undefined;
        });
    }, everySeconds * 1000);
    timer.unref();
  });
  // Stopped, and the run under way finished, before the server stops listening (preClose): the work calls this
  // server, and a call made while it closes finds nobody to answer.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
