import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticateRequest, isAuthFailure, type RequestAuth } from '../auth/request-auth.ts';
import { SESSION_ENDED_MESSAGE, sessionStillOpen } from '../auth/open-sessions.ts';
import type { Database, QueryResult } from '../db/database.ts';
import { runAsRequestRole, runStatementsAsRequestRole } from '../db/request-role.ts';
import type { RateLimitRule } from '../auth/rate-limit.ts';
import { fromDatabaseError, parseError, PostgrestError } from './errors.ts';
import { API_MAX_ROWS } from '../../shared/db/api-limits.ts';
import { parseQuery, queryStringOf, type ReadQuery } from './query-params.ts';
import type { SchemaCache } from './schema-cache.ts';
import { submissionLimit } from './submission-limit.ts';
import { sendJson } from '../http/compressed-json.ts';
import {
  buildCount,
  buildCountedSelect,
  buildDelete,
  buildInsert,
  buildRpc,
  buildSelect,
  buildUpdate,
  type Resolution,
  type Statement,
} from './sql-builder.ts';

export type RestContext = {
  db: Database;
  schema: () => SchemaCache;
  jwtSecret: Uint8Array;
  /** Per-IP budget of visitors' submissions (submission-limit.ts); undefined: no limit. */
  submissionLimit: RateLimitRule | undefined;
};

type Prefer = { returnRepresentation: boolean; count: boolean; resolution: Resolution };

/** Prefer may hold several comma-joined values (and may be repeated). */
function parsePrefer(header: string | string[] | undefined): Prefer {
  const values = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  const resolution = values.find((value) => value.startsWith('resolution='))?.slice('resolution='.length);
  return {
    returnRepresentation: values.includes('return=representation'),
    count: values.some((value) => /^count=(exact|planned|estimated)$/.test(value)),
    resolution: resolution === 'merge-duplicates' || resolution === 'ignore-duplicates' ? resolution : undefined,
  };
}

const singleObject = 'application/vnd.pgrst.object+json';

/** A read returns at most API_MAX_ROWS rows, whatever limit it asks for (PostgREST's db-max-rows). */
function withinMaxRows(query: ReadQuery): ReadQuery {
  return { ...query, limit: Math.min(query.limit ?? API_MAX_ROWS, API_MAX_ROWS) };
}

function wantsSingle(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes(singleObject);
}

function queryOf(request: FastifyRequest): URLSearchParams {
  return queryStringOf(request.raw.url ?? '');
}

async function requireAuth(context: RestContext, request: FastifyRequest): Promise<RequestAuth> {
  const apikey = request.headers.apikey;
  const result = await authenticateRequest(context.jwtSecret, {
    authorization: request.headers.authorization,
    apikey: Array.isArray(apikey) ? apikey[0] : apikey,
  });
  if (!isAuthFailure(result)) {
    if (await sessionStillOpen(context.db, result)) return result;
    throw new PostgrestError(401, 'PGRST301', SESSION_ENDED_MESSAGE);
  }
  if (result.reason === 'expired') throw new PostgrestError(401, 'PGRST303', 'JWT expired');
  if (result.reason === 'missing')
    throw new PostgrestError(
      401,
      'PGRST302',
      'No API key found in request',
      null,
      'No `apikey` request header or url param was found.',
    );
  throw new PostgrestError(401, 'PGRST301', 'JWT could not be decoded or is invalid');
}

type Outcome = { body: string; rows: number; total: number | undefined };

function singleViolation(rows: number): PostgrestError {
  return new PostgrestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  outcome: Outcome,
  query: ReadQuery,
  withBody: boolean,
) {
  const single = wantsSingle(request);
  const from = query.offset ?? 0;
  const range = outcome.rows > 0 ? `${from}-${from + outcome.rows - 1}` : '*';
  reply.header('Content-Range', `${range}/${outcome.total ?? '*'}`);
  if (!withBody) return reply.code(status).send();
  if (single) {
    const objects = JSON.parse(outcome.body) as unknown[];
    reply.header('Content-Type', `${singleObject}; charset=utf-8`);
    return sendJson(request, reply, status, JSON.stringify(objects[0] ?? null));
  }
  reply.header('Content-Type', 'application/json; charset=utf-8');
  return sendJson(request, reply, status, outcome.body);
}

function relationOf(context: RestContext, name: string) {
  const relation = context.schema().relations.get(name);
  if (!relation) {
    throw new PostgrestError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);
  }
  return relation;
}

function jsonRows(body: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(body) ? body : [body];
  if (rows.length === 0) return [];
  if (!rows.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) {
    throw new PostgrestError(
      400,
      'PGRST102',
      'Empty or invalid json',
      'The body must be a JSON object or an array of objects',
    );
  }
  return rows as Record<string, unknown>[];
}

/** The body and row count of a statement built to return them (see aggregate in sql-builder.ts). */
function outcomeOf(result: QueryResult | undefined): { body: string; rows: number } {
  const row = result?.rows[0] as { body?: string; n?: number } | undefined;
  return { body: row?.body ?? '[]', rows: row?.n ?? result?.affectedRows ?? 0 };
}

/** PostgREST's /rest/v1 for the public schema: read, insert, upsert, update, delete and rpc under RLS. */
export function registerRest(app: FastifyInstance, context: RestContext): void {
  /**
   * Every route checks the key first (requireAuth) and only then reads the query or the body: a request without a
   * valid key costs one signature check, never a parse.
   */
  const withAuth = async <T>(auth: RequestAuth, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw fromDatabaseError(error, auth.role === 'anon');
    }
  };

  /** Statements known in advance: the whole transaction in one round trip. */
  const executeStatements = (
    request: FastifyRequest,
    auth: RequestAuth,
    readOnly: boolean,
    statements: Statement[],
    independent = false,
  ) =>
    withAuth(auth, () =>
      runStatementsAsRequestRole(
        context.db,
        auth,
        { readOnly, method: request.method, clientAddress: request.ip },
        statements,
        { independent },
      ),
    );

  /**
   * One write. `.single()` with a representation must roll the write back when it touched other than
   * one row, so that case runs step by step; every other write is one script.
   */
  const write = async (
    request: FastifyRequest,
    auth: RequestAuth,
    statement: Statement,
    mustBeSingle: boolean,
    independent = false,
  ): Promise<Outcome> => {
    if (!mustBeSingle) {
      const [result] = await executeStatements(request, auth, false, [statement], independent);
      return { ...outcomeOf(result), total: undefined };
    }
    return withAuth(auth, () =>
      runAsRequestRole(
        context.db,
        auth,
        { readOnly: false, method: request.method, clientAddress: request.ip },
        async (tx) => {
          const result = outcomeOf(await tx.query(statement.sql, statement.params));
          if (result.rows !== 1) throw singleViolation(result.rows);
          return { ...result, total: undefined };
        },
      ),
    );
  };

  const nothing: Outcome = { body: '[]', rows: 0, total: undefined };
  const limitSubmissions = submissionLimit(context.submissionLimit);

  app.route({
    method: ['GET', 'HEAD'],
    url: '/rest/v1/:relation',
    handler: async (request, reply) => {
      const { relation: name } = request.params as { relation: string };
      const relation = relationOf(context, name);
      const auth = await requireAuth(context, request);
      const query = withinMaxRows(parseQuery(queryOf(request)));
      const prefer = parsePrefer(request.headers.prefer);
      const countedSelect = prefer.count ? buildCountedSelect(relation, query) : undefined;
      const statements = countedSelect
        ? [countedSelect]
        : [buildSelect(relation, query), ...(prefer.count ? [buildCount(relation, query)] : [])];
      const [selected, counted] = await executeStatements(request, auth, true, statements);
      const result = outcomeOf(selected);
      if (wantsSingle(request) && result.rows !== 1) throw singleViolation(result.rows);
      const countRow = (countedSelect ? selected : counted)?.rows[0] as { total?: number } | undefined;
      const total = prefer.count ? (countRow?.total ?? 0) : undefined;
      const partial = total !== undefined && result.rows < total;
      return send(reply, request, partial ? 206 : 200, { ...result, total }, query, request.method === 'GET');
    },
  });

  app.post('/rest/v1/:relation', async (request, reply) => {
    const auth = await requireAuth(context, request);
    const { relation: name } = request.params as { relation: string };
    const query = parseQuery(queryOf(request));
    const prefer = parsePrefer(request.headers.prefer);
    const rows = jsonRows(request.body);
    const relation = relationOf(context, name);
    if (rows.length > 0) limitSubmissions(request, auth, name, rows.length);
    const outcome =
      rows.length === 0
        ? nothing
        : await write(
            request,
            auth,
            buildInsert(relation, rows, {
              returning: prefer.returnRepresentation,
              query,
              resolution: prefer.resolution,
            }),
            prefer.returnRepresentation && wantsSingle(request),
            prefer.resolution === undefined,
          );
    return send(reply, request, 201, outcome, query, prefer.returnRepresentation);
  });

  app.patch('/rest/v1/:relation', async (request, reply) => {
    const auth = await requireAuth(context, request);
    const { relation: name } = request.params as { relation: string };
    const query = parseQuery(queryOf(request));
    const prefer = parsePrefer(request.headers.prefer);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json', 'An update needs one JSON object');
    }
    const relation = relationOf(context, name);
    const values = body as Record<string, unknown>;
    const outcome =
      Object.keys(values).length === 0
        ? nothing
        : await write(
            request,
            auth,
            buildUpdate(relation, values, { returning: prefer.returnRepresentation, query }),
            prefer.returnRepresentation && wantsSingle(request),
          );
    return send(reply, request, prefer.returnRepresentation ? 200 : 204, outcome, query, prefer.returnRepresentation);
  });

  app.delete('/rest/v1/:relation', async (request, reply) => {
    const auth = await requireAuth(context, request);
    const { relation: name } = request.params as { relation: string };
    const query = parseQuery(queryOf(request));
    const prefer = parsePrefer(request.headers.prefer);
    const relation = relationOf(context, name);
    const outcome = await write(
      request,
      auth,
      buildDelete(relation, { returning: prefer.returnRepresentation, query }),
      prefer.returnRepresentation && wantsSingle(request),
    );
    return send(reply, request, prefer.returnRepresentation ? 200 : 204, outcome, query, prefer.returnRepresentation);
  });

  const rpc = async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = await requireAuth(context, request);
    const { name } = request.params as { name: string };
    const search = queryOf(request);
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    const routine = context.schema().routines.get(name);
    if (!routine) {
      throw new PostgrestError(404, 'PGRST202', `Could not find the function public.${name} in the schema cache`);
    }
    let args: Record<string, unknown>;
    if (isGet) {
      args = {};
      const routineArgs = new Set(routine.args.map((arg) => arg.name));
      for (const [key, value] of [...search]) {
        if (routineArgs.has(key)) {
          args[key] = value;
          search.delete(key);
        }
      }
    } else {
      const body = request.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) throw parseError('RPC arguments must be a JSON object');
      args = body as Record<string, unknown>;
    }
    if (!isGet) limitSubmissions(request, auth, name, 1);
    const statement = buildRpc(routine, args, withinMaxRows(parseQuery(search)));
    const mustBeSingle = wantsSingle(request) && routine.returns === 'set';
    const outcome = isGet
      ? { ...outcomeOf((await executeStatements(request, auth, true, [statement]))[0]), total: undefined }
      : await write(request, auth, statement, mustBeSingle);
    if (isGet && mustBeSingle && outcome.rows !== 1) throw singleViolation(outcome.rows);
    reply.header('Content-Type', 'application/json; charset=utf-8');
    if (request.method === 'HEAD') return reply.code(200).send();
    if (wantsSingle(request) && outcome.body.startsWith('[')) {
      return sendJson(request, reply, 200, JSON.stringify((JSON.parse(outcome.body) as unknown[])[0] ?? null));
    }
    return sendJson(request, reply, 200, outcome.body);
  };
  app.route({ method: ['GET', 'HEAD', 'POST'], url: '/rest/v1/rpc/:name', handler: rpc });
}
