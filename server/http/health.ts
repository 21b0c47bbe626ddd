import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';

/** How long the database may take to answer before it counts as down. */
const DATABASE_TIMEOUT_MS = 2000;

async function databaseAnswers(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS);
  });
  const answer = db.query('select 1').then(
    () => true,
    () => false,
  );
  try {
    const inTime = await Promise.race([answer, timeout]);
    // While a backup copies the embedded database, every query waits for the copy: the database is up, only
    // busy, and the check waits for its answer too rather than calling it down.
    return inTime || !db.copying?.() ? inTime : await answer;
  } finally {
    clearTimeout(timer);
  }
}

/** GET /health: {status: 'ok', db: 'ok'}, or 503 with db: 'error' when the database does not answer. */
export function registerHealth(app: FastifyInstance, db: Database): void {
  app.get('/health', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (await databaseAnswers(db)) return { status: 'ok', db: 'ok' };
    return reply.code(503).send({ status: 'error', db: 'error' });
  });
}
