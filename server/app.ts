import path from 'node:path';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.ts';
import { projectRoot } from './config.ts';
import type { Database } from './db/database.ts';
import { bootDatabase } from './db/boot.ts';
import { acceptEmptyJsonBodies } from './http/json-body.ts';
import { registerStaticSite } from './http/static-site.ts';
import { createApiKeys, loadJwtSecret, type ApiKeys } from './keys.ts';
import { PostgrestError } from './rest/errors.ts';
import { registerRest } from './rest/routes.ts';
import { loadSchemaCache, type SchemaCache } from './rest/schema-cache.ts';

export type RunningServer = {
  url: string;
  app: FastifyInstance;
  db: Database;
  keys: ApiKeys;
  close(): Promise<void>;
};

const corsHeaders = [
  'authorization',
  'x-client-info',
  'apikey',
  'content-type',
  'x-retry-count',
  'prefer',
  'accept-profile',
  'content-profile',
  'x-upsert',
  'x-supabase-api-version',
  'cache-control',
  'range',
];

/** Answers errors in the shape of the API they belong to, never with a stack trace. */
function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof PostgrestError) {
      if (error.status === 401) reply.header('WWW-Authenticate', 'Bearer');
      return reply.code(error.status).send(error.toJSON());
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error, requestId: request.id }, 'request failed');
    const isRest = request.url.startsWith('/rest/');
    const message =
      status >= 500
        ? `Internal server error (request ${request.id})`
        : error.code === 'FST_ERR_CTP_INVALID_JSON' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Empty or invalid json'
          : error.message;
    if (isRest) {
      const code = status === 413 ? 'PGRST413' : status >= 500 ? 'PGRST500' : 'PGRST102';
      return reply.code(status).send({ code, message, details: null, hint: null });
    }
    return reply.code(status).send({ code: status >= 500 ? 'unexpected_failure' : 'bad_request', message });
  });
}

/** Builds the whole HTTP surface on an opened, migrated database. */
export async function createApp(config: ServerConfig, db: Database, keys: ApiKeys, jwtSecret: string) {
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    trustProxy: true,
  });
  errorHandler(app);
  acceptEmptyJsonBodies(app);
  await app.register(fastifyCors, {
    origin: '*',
    allowedHeaders: corsHeaders,
    exposedHeaders: ['Content-Range', 'X-Total-Count', 'Link', 'X-Supabase-Api-Version', 'x-sb-error-code'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  });

  let schema: SchemaCache = await loadSchemaCache(db);
  const secret = new TextEncoder().encode(jwtSecret);

  app.get('/config.json', async (request, reply) => {
    const supabaseUrl = config.siteUrl ?? `${request.protocol}://${request.host}`;
    reply.header('Cache-Control', 'no-store');
    return { supabaseUrl, anonKey: keys.anonKey };
  });

  registerRest(app, { db, schema: () => schema, jwtSecret: secret });
  await registerStaticSite(app, config.webDir);

  return {
    app,
    async reloadSchema() {
      schema = await loadSchemaCache(db);
    },
  };
}

/** Opens the database, applies platform objects and migrations, and listens on config.port. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const db = await bootDatabase(config, path.join(projectRoot, 'supabase', 'migrations'));
  try {
    const jwtSecret = loadJwtSecret(config.dataDir, config.jwtSecret);
    const keys = await createApiKeys(jwtSecret);
    const { app } = await createApp(config, db, keys, jwtSecret);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      app,
      db,
      keys,
      async close() {
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
