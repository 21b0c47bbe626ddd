import http from 'node:http';
import { bootDatabase } from '../../server/db/boot.ts';
import { runStatementsAsRequestRole } from '../../server/db/request-role.ts';
import { parseQuery } from '../../server/rest/query-params.ts';
import { loadSchemaCache } from '../../server/rest/schema-cache.ts';
import { buildInsert } from '../../server/rest/sql-builder.ts';

/**
 * The least any HTTP API written for Node can add to a submission (a baseline of the API submission bench):
 * Node's own HTTP server, with no framework, key, routing, limits or error handling, reads the body, parses it and
 * runs the very transaction the API runs for it (the same SQL builder and role settings, grouped with those waiting
 * beside it as the API groups them) on the database of DATA_DIR (or DATABASE_URL), then answers 201. Started as a
 * process of its own, as server/ is, and says where it listens on stdout.
 */
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set');
const db = await bootDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
const applications = (await loadSchemaCache(db)).relations.get('applications');
if (!applications) throw new Error('no applications table');
const noQuery = parseQuery(new URLSearchParams());
const issuedAt = Math.floor(Date.now() / 1000);
const anon = { role: 'anon' as const, claims: { role: 'anon' as const, iat: issuedAt, exp: issuedAt + 3600 } };

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const answer = (status: number) => {
      response.writeHead(status);
      response.end();
    };
    try {
      const row = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      const insert = buildInsert(applications, [row], { returning: false, query: noQuery, resolution: undefined });
      const options = { readOnly: false, method: 'POST', clientAddress: request.socket.remoteAddress ?? '' };
      runStatementsAsRequestRole(db, anon, options, [insert], { independent: true }).then(
        () => answer(201),
        () => answer(500),
      );
    } catch {
      answer(400);
    }
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`floor listening at http://127.0.0.1:${port}`);
});
process.once('SIGTERM', () => {
  server.close();
  void db.close().then(() => process.exit(0));
});
