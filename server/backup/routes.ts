import type { FastifyInstance } from 'fastify';
import { cameFromThisMachine } from '../http/request-origin.ts';
import { authenticateRequest, isAuthFailure } from '../auth/request-auth.ts';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/file-store.ts';
import { archiveStream } from './archive.ts';
import { BACKUP_ROUTE, pgliteParts } from './contents.ts';

/**
 * PGlite lives inside the server process, and no other process may open its files while the server runs.
 * So `npm run backup` asks the server: POST /_backup answers the whole archive (backup/archive.ts), made here
 * while requests go on being served. The database copy is PGlite's own dump of its data directory, taken
 * between two transactions (a few hundred milliseconds during which other queries wait); the stored files
 * are then streamed from disk, with file removals held off until they are (see contents.ts).
 *
 * Only for this machine and the service role: the peer must be this machine itself (loopback, or one of
 * its own addresses), the request must not have come through a proxy, and it must carry the service-role
 * key. The archive holds everything, the JWT secret included, so it is nothing a client of the API gets.
 */
export function registerBackupRoute(
  app: FastifyInstance,
  context: { db: Database; dataDir: string; files: FileStore; jwtSecret: Uint8Array; jwtSecretConfigured: boolean },
): void {
  if (!context.db.snapshotDataDir) return;
  app.post(BACKUP_ROUTE, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!cameFromThisMachine(request)) {
      return reply.code(403).send({ message: 'Backups are made only from this machine (npm run backup)' });
    }
    const auth = await authenticateRequest(context.jwtSecret, request.headers);
    if (isAuthFailure(auth) || auth.role !== 'service_role') {
      return reply.code(401).send({ message: 'A backup needs the service-role key' });
    }
    const release = context.files.holdRemovals();
    try {
      const parts = await pgliteParts(context.db, context.dataDir, context.jwtSecretConfigured);
      const archive = archiveStream(parts.entries, parts.description);
      archive.once('close', () => void release());
      return reply.type('application/gzip').send(archive);
    } catch (error) {
      await release();
      throw error;
    }
  });
}
