import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { authenticateRequest, isAuthFailure, type RequestAuth } from '../auth/request-auth.ts';
import { SESSION_ENDED_MESSAGE, sessionStillOpen } from '../auth/open-sessions.ts';
import { SIGNED_URL_MAX_SECONDS } from '../../shared/db/api-limits.ts';
import type { UploadLimits } from '../config.ts';
import { databaseErrorFields, type Database, type Queryable } from '../db/database.ts';
import { runAsRequestRole } from '../db/request-role.ts';
import { checkedTypeOf, contentMatchesExtension, deliveryOf, isAllowedMime } from './content-types.ts';
import { StorageError, storageErrors } from './errors.ts';
import type { FileStore } from './file-store.ts';
import { extensionOf, objectNameProblem } from './object-names.ts';
import { RetryLater, UploadLimiter } from './upload-limits.ts';

export type StorageContext = {
  db: Database;
  jwtSecret: Uint8Array;
  files: FileStore;
  /** Largest upload accepted by any bucket, in bytes. */
  maxUploadBytes: number;
  /** Per-account quota and upload rate (README, Configuration). */
  uploadLimits: UploadLimits;
};

/**
 * The Cache-Control a stored file is served with: what the uploader asked for when it is `max-age=` a number of
 * seconds, else no-cache. The value is the client's to write at upload, so anything else (a line break would make
 * every later download of the file fail as an invalid header) is never sent back as a header.
 */
function cacheControlOf(stored: unknown): string {
  return typeof stored === 'string' && /^max-age=\d{1,9}$/.test(stored) ? stored : 'no-cache';
}

/** The seconds of max-age an upload asked for (supabase-js sends '3600'), when it is a plain number. */
function requestedMaxAge(value: string | undefined): string {
  const seconds = value?.trim().replace(/^max-age=/, '');
  return seconds !== undefined && /^\d{1,9}$/.test(seconds) ? seconds : '3600';
}

type Bucket = {
  id: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
};
type ObjectRow = {
  id: string;
  name: string;
  bucket_id: string;
  owner: string | null;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string | null;
};

const objectColumns = `id, name, bucket_id, owner, metadata,
  to_json(created_at)#>>'{}' as created_at, to_json(updated_at)#>>'{}' as updated_at,
  to_json(last_accessed_at)#>>'{}' as last_accessed_at`;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function target(request: FastifyRequest): { bucket: string; name: string } {
  const params = request.params as { bucket: string; '*': string };
  const name = params['*'] ?? '';
  const problem = objectNameProblem(name);
  if (problem) throw storageErrors.badName(problem);
  return { bucket: params.bucket, name };
}

/** Maps database refusals to Storage's errors; anything else is rethrown. */
function fromDatabase(error: unknown): never {
  if (error instanceof StorageError) throw error;
  const fields = databaseErrorFields(error);
  if (fields?.code === '42501') throw storageErrors.denied();
  if (fields?.code === '23505') throw storageErrors.duplicate();
  if (fields?.code === '23503') throw storageErrors.bucketNotFound();
  throw error;
}

/** The object at bucket/name as the querying role sees it (RLS applies under a request role). */
async function objectByName(queryable: Queryable, bucket: string, name: string): Promise<ObjectRow | undefined> {
  const result = await queryable.query<ObjectRow>(
    `select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  return result.rows[0];
}

function toFileObject(row: ObjectRow) {
  return { ...row, metadata: row.metadata ?? {} };
}

/** Storage API v1 (the part supabase-js uses), every object access decided by RLS on storage.objects. */
export async function registerStorage(app: FastifyInstance, context: StorageContext): Promise<void> {
  const { db, files } = context;
  const limits = new UploadLimiter(context.uploadLimits);

  const requireAuth = async (request: FastifyRequest): Promise<RequestAuth> => {
    const result = await authenticateRequest(context.jwtSecret, {
      authorization: header(request, 'authorization'),
      apikey: header(request, 'apikey'),
    });
    if (!isAuthFailure(result)) {
      if (await sessionStillOpen(db, result)) return result;
      throw storageErrors.unauthorized(SESSION_ENDED_MESSAGE);
    }
    throw storageErrors.unauthorized(result.reason === 'expired' ? 'jwt expired' : 'Invalid JWT');
  };

  const asCaller = <T>(
    request: FastifyRequest,
    auth: RequestAuth,
    readOnly: boolean,
    fn: (tx: Queryable) => Promise<T>,
  ) =>
    runAsRequestRole(db, auth, { readOnly, method: request.method, clientAddress: request.ip }, fn).catch(fromDatabase);

  const loadBucket = async (id: string): Promise<Bucket> => {
    const result = await db.query<Bucket>(
      'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    );
    const bucket = result.rows[0];
    if (!bucket) throw storageErrors.bucketNotFound();
    return bucket;
  };

  const findVisible = async (request: FastifyRequest, auth: RequestAuth, bucket: string, name: string) => {
    const row = await asCaller(request, auth, true, (tx) => objectByName(tx, bucket, name));
    if (!row) throw storageErrors.notFound();
    return row;
  };

  const sendFile = async (reply: FastifyReply, row: ObjectRow, download: string | undefined) => {
    const size = await files.size(row.bucket_id, row.id);
    if (size === undefined) throw storageErrors.notFound();
    const metadata = row.metadata ?? {};
    const delivery = deliveryOf(row.name, metadata.mimetype, download !== undefined);
    reply.header('Content-Type', delivery.contentType);
    reply.header('Content-Length', String(size));
    reply.header('Cache-Control', cacheControlOf(metadata.cacheControl));
    if (metadata.eTag) reply.header('ETag', String(metadata.eTag));
    reply.header('Last-Modified', new Date(row.updated_at).toUTCString());
    reply.header('X-Content-Type-Options', 'nosniff');
    const fileName = download || row.name.slice(row.name.lastIndexOf('/') + 1);
    reply.header('Content-Disposition', `${delivery.disposition}; filename*=UTF-8''${encodeURIComponent(fileName)}`);
    return reply.code(200).send(files.open(row.bucket_id, row.id));
  };

  await app.register(
    async (scope) => {
      await scope.register(fastifyMultipart, { limits: { files: 1, fields: 10, fieldSize: 64 * 1024 } });
      // Raw (non-multipart) upload bodies reach the handler as a stream, never buffered.
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

      scope.setErrorHandler((error, request, reply) => {
        if (error instanceof RetryLater) {
          return reply.code(429).header('Retry-After', String(error.retryAfterSeconds)).send(error.toJSON());
        }
        if (error instanceof StorageError) return reply.code(400).send(error.toJSON());
        const fields = error as { code?: string; statusCode?: number; message?: string };
        if (fields.code === 'FST_REQ_FILE_TOO_LARGE') {
          return reply.code(400).send(storageErrors.tooLarge(context.maxUploadBytes).toJSON());
        }
        const status = fields.statusCode ?? 500;
        if (status < 500)
          return reply.code(400).send(storageErrors.badRequest(fields.message ?? 'Bad request').toJSON());
        request.log.error({ err: error, requestId: request.id }, 'storage request failed');
        return reply.code(500).send({
          statusCode: '500',
          code: 'InternalError',
          error: 'internal',
          message: `Internal server error (request ${request.id})`,
        });
      });

      const upload = async (request: FastifyRequest, reply: FastifyReply, mode: 'create' | 'upsert' | 'update') => {
        const auth = await requireAuth(request);
        const { bucket: bucketId, name } = target(request);
        limits.takeUpload(auth, request.ip);
        // An account already at its quota is refused before a byte of the file is read.
        await limits.checkQuota(db, auth, { bucket: bucketId, name }, 1);
        const bucket = await loadBucket(bucketId);
        const extension = extensionOf(name);
        const mime = checkedTypeOf(extension);
        if (!mime || !isAllowedMime(bucket.allowed_mime_types, mime)) {
          throw storageErrors.badType(
            extension ? `Files of type .${extension} are not accepted here` : 'The file name needs an extension',
          );
        }
        const limit = Math.min(Number(bucket.file_size_limit ?? context.maxUploadBytes), context.maxUploadBytes);

        let source: Readable;
        let cacheControl = requestedMaxAge(header(request, 'cache-control'));
        if (request.isMultipart()) {
          const part = await request.file({ limits: { fileSize: limit } });
          if (!part) throw storageErrors.badRequest('The upload contains no file');
          const field = part.fields.cacheControl;
          if (field && !Array.isArray(field) && field.type === 'field')
            cacheControl = requestedMaxAge(String(field.value));
          source = part.file;
        } else {
          source = request.body as Readable;
          if (!source || typeof source.pipe !== 'function') throw storageErrors.badRequest('The upload has no body');
        }

        const received = await files.receive(source, limit);
        try {
          if ('truncated' in source && source.truncated) throw storageErrors.tooLarge(limit);
          if (received.size === 0) throw storageErrors.badRequest('The file is empty');
          if (!(await contentMatchesExtension(received.tempFile, extension))) {
            throw storageErrors.badType(
              `The file's content does not match its .${extension} extension. Please upload the original file, with the extension of its real type.`,
            );
          }
          const id = randomUUID();
          const now = new Date().toISOString();
          const metadata = {
            eTag: `"${createHash('md5').update(id).digest('hex')}"`,
            size: received.size,
            mimetype: mime,
            cacheControl: `max-age=${cacheControl}`,
            lastModified: now,
            contentLength: received.size,
            httpStatusCode: 200,
          };
          const owner = typeof auth.claims.sub === 'string' ? auth.claims.sub : null;
          /** Stores the object's row (RLS decides), returning the id of the file it replaces. */
          const storeRow = async (tx: Queryable) => {
            const existing =
              mode === 'create'
                ? undefined
                : (
                    await tx.query<{ id: string }>(
                      'select id from storage.objects where bucket_id = $1 and name = $2',
                      [bucketId, name],
                    )
                  ).rows[0];
            if (existing) {
              const updated = await tx.query(
                `update storage.objects set id = $3, metadata = $4::jsonb, owner = $5::uuid, owner_id = $5::text,
                   updated_at = now(), last_accessed_at = now() where bucket_id = $1 and name = $2`,
                [bucketId, name, id, JSON.stringify(metadata), owner],
              );
              // RLS filters an update silently: no row updated means the caller may not replace this object.
              if (updated.affectedRows !== 1) throw storageErrors.denied();
            } else if (mode === 'update') {
              throw storageErrors.notFound();
            } else {
              await tx.query(
                `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata)
                 values ($1, $2, $3, $4::uuid, $4::text, $5::jsonb)`,
                [id, bucketId, name, owner, JSON.stringify(metadata)],
              );
            }
            // The file is in place before the row commits: a crash leaves at worst an unreferenced file.
            await files.commit(received.tempFile, bucketId, id);
            return existing?.id;
          };
          // The quota's last check and the row, in the account's turn: two uploads at once cannot both pass it.
          const replacedId = await limits.inTurn(auth, request.ip, async () => {
            await limits.checkQuota(db, auth, { bucket: bucketId, name }, received.size);
            return asCaller(request, auth, false, storeRow);
          });
          if (replacedId) await files.remove(bucketId, replacedId);
          return reply.code(200).send({ Id: id, Key: `${bucketId}/${name}` });
        } finally {
          await files.discard(received.tempFile);
        }
      };

      scope.post('/object/:bucket/*', (request, reply) =>
        upload(request, reply, header(request, 'x-upsert') === 'true' ? 'upsert' : 'create'),
      );
      scope.put('/object/:bucket/*', (request, reply) => upload(request, reply, 'update'));

      const download = async (request: FastifyRequest, reply: FastifyReply) => {
        const auth = await requireAuth(request);
        const { bucket, name } = target(request);
        const row = await findVisible(request, auth, bucket, name);
        const query = request.query as { download?: string };
        return sendFile(reply, row, query.download);
      };
      scope.get('/object/authenticated/:bucket/*', download);
      scope.get('/object/:bucket/*', download);
      scope.get('/object/info/:bucket/*', async (request) => {
        const auth = await requireAuth(request);
        const { bucket, name } = target(request);
        const row = await findVisible(request, auth, bucket, name);
        const metadata = row.metadata ?? {};
        return {
          id: row.id,
          name: row.name,
          bucket_id: row.bucket_id,
          size: metadata.size,
          content_type: metadata.mimetype,
          cache_control: metadata.cacheControl,
          etag: metadata.eTag,
          last_modified: row.updated_at,
          created_at: row.created_at,
          metadata,
        };
      });

      scope.get('/object/public/:bucket/*', async (request, reply) => {
        const { bucket: bucketId, name } = target(request);
        const bucket = await loadBucket(bucketId);
        if (!bucket.public) throw storageErrors.notFound();
        const row = await objectByName(db, bucketId, name);
        if (!row) throw storageErrors.notFound();
        return sendFile(reply, row, (request.query as { download?: string }).download);
      });

      /**
       * The lifetime asked for a signed link. The service role (the functions' links in lenders' packages) may ask
       * for up to a week; applicants and officers for SIGNED_URL_MAX_SECONDS at most, as the README promises.
       */
      const parseExpiresIn = (body: unknown, auth: RequestAuth): number => {
        const value = (body as { expiresIn?: unknown } | undefined)?.expiresIn;
        const seconds = Number(value);
        const longest = auth.role === 'service_role' ? 7 * 24 * 3600 : SIGNED_URL_MAX_SECONDS;
        if (!Number.isInteger(seconds) || seconds < 1 || seconds > longest) {
          throw storageErrors.badRequest(`expiresIn must be a whole number of seconds between 1 and ${longest}`);
        }
        return seconds;
      };

      const signedUrl = async (bucket: string, name: string, expiresIn: number) => {
        const now = Math.floor(Date.now() / 1000);
        const token = await new SignJWT({ url: `${bucket}/${name}` })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuedAt(now)
          .setExpirationTime(now + expiresIn)
          .sign(context.jwtSecret);
        return `/object/sign/${bucket}/${name}?token=${token}`;
      };

      scope.post('/object/sign/:bucket/*', async (request) => {
        const auth = await requireAuth(request);
        const expiresIn = parseExpiresIn(request.body, auth);
        const { bucket, name } = target(request);
        await findVisible(request, auth, bucket, name);
        return { signedURL: await signedUrl(bucket, name, expiresIn) };
      });

      scope.post('/object/sign/:bucket', async (request) => {
        const auth = await requireAuth(request);
        const expiresIn = parseExpiresIn(request.body, auth);
        const { bucket } = request.params as { bucket: string };
        const paths = (request.body as { paths?: unknown }).paths;
        if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string')) {
          throw storageErrors.badRequest('paths must be a list of object names');
        }
        const visible = await asCaller(request, auth, true, (tx) =>
          tx.query<{ name: string }>(
            `select name from storage.objects where bucket_id = $1 and name in (select jsonb_array_elements_text($2::jsonb))`,
            [bucket, JSON.stringify(paths)],
          ),
        );
        const found = new Set(visible.rows.map((row) => row.name));
        return Promise.all(
          (paths as string[]).map(async (path) =>
            found.has(path)
              ? { path, signedURL: await signedUrl(bucket, path, expiresIn), error: null }
              : { path, signedURL: null, error: 'Either the object does not exist or you do not have access to it' },
          ),
        );
      });

      scope.get('/object/sign/:bucket/*', async (request, reply) => {
        const { bucket, name } = target(request);
        const query = request.query as { token?: string; download?: string };
        if (!query.token) throw storageErrors.badRequest('The signed URL has no token');
        try {
          const { payload } = await jwtVerify(query.token, context.jwtSecret, { algorithms: ['HS256'] });
          if (payload.url !== `${bucket}/${name}`) throw storageErrors.unauthorized('The token is not for this object');
        } catch (error) {
          if (error instanceof StorageError) throw error;
          throw storageErrors.unauthorized(
            error instanceof joseErrors.JWTExpired ? 'The link has expired' : 'Invalid signature',
          );
        }
        const row = await objectByName(db, bucket, name);
        if (!row) throw storageErrors.notFound();
        return sendFile(reply, row, query.download);
      });

      scope.delete('/object/:bucket', async (request) => {
        const auth = await requireAuth(request);
        const { bucket } = request.params as { bucket: string };
        const prefixes = (request.body as { prefixes?: unknown } | undefined)?.prefixes;
        if (!Array.isArray(prefixes) || !prefixes.every((p) => typeof p === 'string')) {
          throw storageErrors.badRequest('prefixes must be a list of object names');
        }
        const deleted = await asCaller(request, auth, false, (tx) =>
          tx.query<ObjectRow>(
            `delete from storage.objects where bucket_id = $1 and name in (select jsonb_array_elements_text($2::jsonb))
             returning ${objectColumns}`,
            [bucket, JSON.stringify(prefixes)],
          ),
        );
        await Promise.all(deleted.rows.map((row) => files.remove(row.bucket_id, row.id)));
        return deleted.rows.map(toFileObject);
      });

      scope.delete('/object/:bucket/*', async (request) => {
        const auth = await requireAuth(request);
        const { bucket, name } = target(request);
        const deleted = await asCaller(request, auth, false, (tx) =>
          tx.query<ObjectRow>(
            `delete from storage.objects where bucket_id = $1 and name = $2 returning ${objectColumns}`,
            [bucket, name],
          ),
        );
        const row = deleted.rows[0];
        if (!row) throw storageErrors.notFound();
        await files.remove(row.bucket_id, row.id);
        return { message: 'Successfully deleted' };
      });

      scope.post('/object/list/:bucket', async (request) => {
        const auth = await requireAuth(request);
        const { bucket } = request.params as { bucket: string };
        const body = (request.body ?? {}) as {
          prefix?: unknown;
          limit?: unknown;
          offset?: unknown;
          search?: unknown;
          sortBy?: { column?: unknown; order?: unknown };
        };
        const prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+|\/+$/g, '') : '';
        const limit = Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 1000);
        const offset = Math.max(Number(body.offset ?? 0) || 0, 0);
        const search = typeof body.search === 'string' ? body.search : '';
        const column = ['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(String(body.sortBy?.column))
          ? (String(body.sortBy?.column) as 'name' | 'created_at' | 'updated_at' | 'last_accessed_at')
          : 'name';
        const descending = String(body.sortBy?.order).toLowerCase() === 'desc';
        const like = `${(prefix ? `${prefix}/` : '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const rows = await asCaller(request, auth, true, (tx) =>
          tx.query<ObjectRow>(
            `select ${objectColumns} from storage.objects where bucket_id = $1 and name like $2 escape '\\' order by name`,
            [bucket, like],
          ),
        );
        const start = prefix ? prefix.length + 1 : 0;
        const entries = new Map<
          string,
          | ReturnType<typeof toFileObject>
          | { name: string; id: null; updated_at: null; created_at: null; last_accessed_at: null; metadata: null }
        >();
        for (const row of rows.rows) {
          const rest = row.name.slice(start);
          const slash = rest.indexOf('/');
          const entryName = slash >= 0 ? rest.slice(0, slash) : rest;
          if (search && !entryName.toLowerCase().includes(search.toLowerCase())) continue;
          if (slash >= 0) {
            if (!entries.has(entryName)) {
              entries.set(entryName, {
                name: entryName,
                id: null,
                updated_at: null,
                created_at: null,
                last_accessed_at: null,
                metadata: null,
              });
            }
          } else {
            entries.set(entryName, { ...toFileObject(row), name: entryName });
          }
        }
        const sorted = [...entries.values()].sort((a, b) => {
          const left = String(a[column] ?? '');
          const right = String(b[column] ?? '');
          return (left < right ? -1 : left > right ? 1 : 0) * (descending ? -1 : 1);
        });
        return sorted.slice(offset, offset + limit);
      });
    },
    { prefix: '/storage/v1' },
  );
}
