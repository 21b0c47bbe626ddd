import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { runWhileListening } from './retry-timer.ts';

describe('the timer of work that calls the server back', () => {
  it('lets the run under way finish while the server still listens, once it begins to close', async () => {
    const app = Fastify();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    runWhileListening(app, 0.01, 'Test work', async () => {
      runs += 1;
      started();
      await gate;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await running;

    const closing = app.close();
    // Turns of the event loop, bounded: without the wait, the server would have stopped listening within them.
    for (let turn = 0; turn < 50 && app.server.listening; turn += 1) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(app.server.listening).toBe(true);
    release();
    await closing;
    expect(app.server.listening).toBe(false);
    // The timer stopped with the close: no second run started while the first one waited.
    expect(runs).toBe(1);
  });
});
