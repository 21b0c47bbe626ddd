import { existsSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { ADMIN_CREDENTIALS_FILE, bootstrapAdmin, type BootstrapResult } from './auth/admin-accounts.ts';
import { registerBackupRoute } from './backup/routes.ts';
import { perFiveMinutes } from './auth/rate-limit.ts';
import { registerAuth } from './auth/routes.ts';
import type { ServerConfig } from './config.ts';
import { isLoopbackHost, listenedHost, servesDevMailbox } from './config.ts';
import type { Database } from './db/database.ts';
import { bootDatabase } from './db/boot.ts';
import { refreshStatistics, STATISTICS_INTERVAL_SECONDS, vacuumDeadRows } from './db/statistics.ts';
import { registerHealth } from './http/health.ts';
import { acceptEmptyJsonBodies } from './http/json-body.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStaticSite } from './http/static-site.ts';
import { createApiKeys, loadJwtSecret, type ApiKeys } from './keys.ts';
import { createFunctionHandlers } from './functions/handlers.ts';
import { localhostOrigin, parseRequestOrigin } from './http/request-origin.ts';
import { pathIsUnder } from './http/request-path.ts';
import { runWhileListening } from './functions/retry-timer.ts';
import { sendDocumentEmails } from '../supabase/functions/_shared/document-emails.ts';
import { notifyHeldBackApplicantEvents } from '../supabase/functions/_shared/applicant-events.ts';
import { devSmsProvider, sendDueTexts, twilioSmsProvider } from '../supabase/functions/_shared/sms-sender.ts';
import { registerDevSmsOutbox } from './sms/dev-sms-outbox.ts';
import { takeSmsReply } from '../supabase/functions/_shared/sms-replies.ts';
import type { SendMail } from '../supabase/functions/_shared/mail.ts';
import { registerFunctions } from './functions/routes.ts';
import { createServiceClient } from './functions/service-client.ts';
import { registerDevMailbox } from './mail/mailbox-routes.ts';
import { createMailTransport } from './mail/transport.ts';
import { PostgrestError } from './rest/errors.ts';
import { registerRest } from './rest/routes.ts';
import { loadSchemaCache, type SchemaCache } from './rest/schema-cache.ts';
import { takeServerLock } from './server-lock.ts';
import { FileStore } from './storage/file-store.ts';
import { registerStorage } from './storage/routes.ts';
import { removeUnfiledDocuments, sweepStorage, sweepSummary } from './storage/sweep.ts';
import type { SupabaseClient } from '@supabase/supabase-js';

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

/** The largest upload any bucket may accept; each bucket's own limit applies below it. */
const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** How this process reaches its own HTTP server (loopback, whatever interface it listens on). */
function internalUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server is not listening yet');
  const host =
    address.family === 'IPv6'
      ? address.address === '::'
        ? '::1'
        : address.address
      : address.address === '0.0.0.0'
        ? '127.0.0.1'
        : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** Answers errors in the shape of the API they belong to, never with a stack trace. */
function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof PostgrestError) {
      if (error.status === 401) reply.header('WWW-Authenticate', 'Bearer');
      reply.headers(error.headers);
      return reply.code(error.status).send(error.toJSON());
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error, requestId: request.id }, 'request failed');
    const isRest = pathIsUnder(request.url, ['/rest/']);
    const message =
      status >= 500
        ? `Internal server error (request ${request.id})`
        : error.code?.startsWith('FST_ERR_CTP_INVALID_JSON') || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Empty or invalid json'
          : error.message;
    if (isRest) {
      const code = status === 413 ? 'PGRST413' : status >= 500 ? 'PGRST500' : 'PGRST102';
      return reply.code(status).send({ code, message, details: null, hint: null });
    }
    return reply.code(status).send({ code: status >= 500 ? 'unexpected_failure' : 'bad_request', message });
  });
}

/** How much of a refused request's body is read and dropped, at most, before the answer goes out. */
const UNREAD_BODY_DRAIN = { maxBytes: 64 * 1024 * 1024, maxMs: 5_000 };

/**
 * Reads and drops what is left of a request's body; resolves at its end, or once `maxBytes` more have come or
 * `maxMs` have passed (a client that keeps sending then has its connection closed).
 */
function drainBody(raw: IncomingMessage, { maxBytes, maxMs }: typeof UNREAD_BODY_DRAIN): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', counted);
      raw.off('end', done);
      raw.off('close', done);
      raw.off('error', done);
      resolve();
    };
    const counted = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) done();
    };
    const timer = setTimeout(done, maxMs);
    raw.on('data', counted);
    raw.once('end', done);
    raw.once('close', done);
    raw.once('error', done);
    raw.resume();
  });
}

/**
 * A request answered before its body was read to the end (refused for its size, its type, its rights) leaves
 * the rest of the body on the connection. Keeping that connection alive would have the next request read as
 * the tail of the refused one, so the answer says the connection closes. The answer waits until the body has
 * arrived (read and dropped, within UNREAD_BODY_DRAIN): Node closes the socket once a closing answer is
 * sent, and a client still sending would get a broken pipe or a reset instead of the answer (a browser
 * uploading an oversized file would say the network failed, not that the file is too large). A callback hook, not
 * an async one: it runs for every response, and an async hook adds a promise and a turn of the queue to each.
 */
function closeAfterUnreadBody(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.complete) return done(null, payload);
    reply.header('Connection', 'close');
    if (request.raw.destroyed) return done(null, payload);
    void drainBody(request.raw, UNREAD_BODY_DRAIN).then(() => done(null, payload));
  });
}

/** Builds the whole HTTP surface on an opened, migrated database. */
async function createApp(config: ServerConfig, db: Database, keys: ApiKeys, jwtSecret: string) {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
  });
  errorHandler(app);
  closeAfterUnreadBody(app);
  // Where the web app served here sends its API calls (/config.json): this server's public address.
  const publicApiUrl = config.apiExternalUrl ?? config.siteUrl;
  registerSecurityHeaders(app, { webDir: config.webDir, apiUrl: publicApiUrl });
  acceptEmptyJsonBodies(app);
  await app.register(fastifyCors, {
    origin: '*',
    allowedHeaders: corsHeaders,
    // Retry-After: a page on another origin (a static host) may read how long a 429 asks it to wait.
    exposedHeaders: [
      'Content-Range',
      'X-Total-Count',
      'Link',
      'X-Supabase-Api-Version',
      'x-sb-error-code',
      'Retry-After',
    ],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  });

  // Migrations run before the server starts, so the schema is read once.
  const schema: SchemaCache = await loadSchemaCache(db);
  const secret = new TextEncoder().encode(jwtSecret);

  // Local mode: e-mail goes to a dev mailbox that is served here, so the developer test page is available too.
  // A server reachable from other machines without DEV_MAILBOX=on is not in local mode (see servesDevMailbox).
  const localMode = servesDevMailbox(config);
  app.get('/config.json', async (request, reply) => {
    // Unset, the address the browser reached us at (parsed and checked: a Host such as
    // 'localhost:3000@evil.example' would name another site), else localhost.
    const supabaseUrl =
      publicApiUrl ?? parseRequestOrigin(request)?.origin ?? localhostOrigin(request.socket.localPort);
    reply.header('Cache-Control', 'no-store');
    return { supabaseUrl, anonKey: keys.anonKey, localMode };
  });

  // E-mail: the dev mailbox when SMTP_URL is unset (kept in the database, served at /_dev/mailbox only in
  // local mode), SMTP when SMTP_URL is set.
  const mail = createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, db });
  app.addHook('onClose', () => mail.close());
  const devPages = {
    refuseProxied: config.devMailbox === undefined,
    siteHosts: [config.siteUrl, config.apiExternalUrl].flatMap((url) => (url ? [new URL(url).hostname] : [])),
  };
  if (mail.kind === 'dev-mailbox' && localMode) registerDevMailbox(app, mail, devPages);
  // Texts: the dev SMS outbox when Twilio is not set, on the dev mailbox's terms (DEV_MAILBOX says for both).
  if (!config.sms.twilio && servesDevMailbox({ ...config, smtpUrl: undefined }))
    registerDevSmsOutbox(app, db, devPages, (reply) =>
      takeSmsReply(serviceClient(), reply, `${timerSiteUrl()}/portal`),
    );

  registerHealth(app, db);
  await registerAuth(app, { db, config, jwtSecret, mail });
  registerRest(app, {
    db,
    schema: () => schema,
    jwtSecret: secret,
    submissionLimit: perFiveMinutes(config.submissionRateLimit.per5Min, config.submissionRateLimit.burst),
  });
  const files = new FileStore(path.join(config.dataDir, 'storage'));
  await registerStorage(app, {
    db,
    jwtSecret: secret,
    files,
    maxUploadBytes: MAX_UPLOAD_BYTES,
    uploadLimits: config.uploadLimits,
  });
  registerBackupRoute(app, {
    db,
    dataDir: config.dataDir,
    files,
    jwtSecret: secret,
    jwtSecretConfigured: Boolean(config.jwtSecret),
  });

  // Functions call back into this server with the service role, as hosted functions call their project.
  let service: SupabaseClient | undefined;
  const serviceClient = () => (service ??= createServiceClient(internalUrl(app), keys.serviceRoleKey));
  const sendMail: SendMail = (message) => mail.send(message);
  // How texts go (server/'s timer and the send-sms function alike): Twilio reports each one's delivery to sms-webhook.
  const sms = {
    provider: config.sms.twilio ? twilioSmsProvider(config.sms.twilio) : devSmsProvider(),
    limits: config.sms.limits,
    quietHours: config.sms.quietHours,
    statusCallbackUrl: config.sms.twilio ? (config.sms.webhookUrl ?? null) : null,
  };
  await registerFunctions(app, (origin) =>
    createFunctionHandlers({
      service: serviceClient(),
      siteUrl: config.siteUrl ?? origin,
      sendMail,
      limits: {
        perSender: { limit: config.emailSendLimits.perSenderPerHour, windowSeconds: 3600 },
        perRecipient: { limit: config.emailSendLimits.perRecipientPerHour, windowSeconds: 3600 },
      },
      policy: config.documentEmails,
      twilioAuthToken: config.sms.twilio?.authToken,
      webhookUrl: config.sms.webhookUrl,
      sms,
      testEmails: localMode,
    }),
  );
  // Documents uploaded and never filed are removed while the server runs too, not only at start.
  runWhileListening(app, config.storageSweepInterval, 'Removing unfiled documents', async () => {
    const removed = await removeUnfiledDocuments(db, config.storageSweepGrace);
    await Promise.all(removed.map((id) => files.remove('documents', id)));
    if (removed.length > 0) console.warn(`Removed ${removed.length} uploaded document(s) that were never filed.`);
  });
  // What e-mails sent on a timer link to: SITE_URL, else this server as it listens (no request tells its origin),
  // the address an e-mail sent during a request names too ('localhost' when it listens on every interface).
  const timerSiteUrl = () => config.siteUrl ?? `http://${listenedHost(config.host)}:${new URL(internalUrl(app)).port}`;
  // An applicant's e-mail about an officer's change is sent by the officer's browser right after the change;
  // when that call fails (the officer's session was signed out elsewhere, the connection dropped), this sends it.
  runWhileListening(app, config.notificationRetryInterval, "Retrying the applicants' e-mails", async () => {
    const sent = await notifyHeldBackApplicantEvents(
      { service: serviceClient(), siteUrl: timerSiteUrl(), sendMail },
      config.notificationRetryInterval,
    );
    if (sent > 0) console.log(`Sent ${sent} e-mail(s) to applicants about changes that had not been e-mailed yet.`);
  });
  // The officers' requests and reviews, a batch at a time, the reminders of outstanding documents and the officers'
  // e-mails of the files that answer them (a hosted project runs the same from pg_cron through the document-emails
  // function).
  runWhileListening(
    app,
    config.documentEmails.reviewBatchSeconds,
    'E-mailing applicants about their documents',
    async () => {
      const { updateEmails, reminders, officerEmails } = await sendDocumentEmails(
        { service: serviceClient(), siteUrl: timerSiteUrl(), sendMail },
        config.documentEmails,
      );
      if (updateEmails + reminders + officerEmails > 0) {
        console.log(
          `E-mailed ${updateEmails} batch(es) of document requests and reviews and ${reminders} reminder(s) to applicants, ` +
            `and ${officerEmails} e-mail(s) of uploaded answers to loan officers.`,
        );
      }
    },
  );
  // Texts to applicants who asked for them (a hosted project runs the same from pg_cron through send-sms).
  runWhileListening(app, config.sms.interval, 'Sending texts to applicants', async () => {
    const { sent, failed } = await sendDueTexts({ service: serviceClient(), siteUrl: timerSiteUrl(), ...sms });
    if (sent + failed > 0) console.log(`Texted ${sent} applicant(s) (${sms.provider.name}); ${failed} text(s) failed.`);
  });
  // The planner's statistics and the dead rows' space, which Postgres's autovacuum sees to (server/db/statistics.ts).
  if (db.kind === 'pglite') {
    runWhileListening(app, STATISTICS_INTERVAL_SECONDS, 'Vacuuming and analysing the tables that changed', async () => {
      await vacuumDeadRows(db);
      await refreshStatistics(db);
    });
  }
  await registerStaticSite(app, config.webDir);

  return app;
}

/** How long a stopping server waits for requests under way before closing their connections. */
const SHUTDOWN_GRACE_MS = 5_000;

/**
 * Takes DATA_DIR's lock (refusing, with a ServerLockError, when another process holds it), opens the database,
 * applies platform objects and migrations, and listens on config.port.
 */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  // Before the database opens: PGlite does not lock its folder, and the storage check below removes files it
  // finds no row for, so a second server on this DATA_DIR (PGlite or Postgres) and the CLI must wait for this one.
  const lock = takeServerLock(config.dataDir);
  let db: Database;
  try {
    db = await bootDatabase(config);
  } catch (error) {
    lock.release();
    throw error;
  }
  let opened: FastifyInstance | undefined;
  try {
    const jwtSecret = loadJwtSecret(config.dataDir, config.jwtSecret);
    const keys = await createApiKeys(jwtSecret);
    const admin = await bootstrapAdmin(db, config.adminEmail, config.dataDir);
    // What an interrupted upload or delete left is repaired (or reported) before any request is answered.
    const swept = sweepSummary(await sweepStorage(db, path.join(config.dataDir, 'storage'), config.storageSweepGrace));
    if (swept) console.warn(swept);
    const app = await createApp(config, db, keys, jwtSecret);
    opened = app;
    await app.listen({ port: config.port, host: config.host });
    lock.recordAddress(internalUrl(app));
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    announceAdmin(admin, config.dataDir);
    const mailboxNotice = devMailboxNotice(config, port);
    if (mailboxNotice) console.warn(mailboxNotice);
    if (config.autoconfirm) console.warn(AUTOCONFIRM_WARNING);
    return {
      url,
      app,
      db,
      keys,
      async close() {
        const started = performance.now();
        // Requests under way get a few seconds to finish; then every connection is closed, so a client that
        // keeps one open (or a stalled upload) cannot hold the shutdown.
        const deadline = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        await app.close();
        clearTimeout(deadline);
        const http = performance.now() - started;
        await db.close();
        lock.release();
        console.log(
          `Stopped in ${Math.round(performance.now() - started)} ms (connections ${Math.round(http)} ms, database ${Math.round(performance.now() - started - http)} ms)`,
        );
      },
    };
  } catch (error) {
    await opened?.close();
    await db.close();
    lock.release();
    throw error;
  }
}

/**
 * One line at start-up whenever the dev mailbox is not simply on for this machine alone: off because the server
 * is reachable from other machines (and how to turn it on), on although it is (and who can read it), or
 * turned off or ignored by DEV_MAILBOX.
 */
/** AUTOCONFIRM skips the proof that a person owns the address they sign up with. */
export const AUTOCONFIRM_WARNING =
  'Warning: AUTOCONFIRM is on: accounts are confirmed without an e-mail, so whoever signs up first with an address holds that account and the applications made with it. Use it for development only.';

function devMailboxNotice(config: ServerConfig, port: number): string | undefined {
  const where = `${config.host}:${port}`;
  if (config.smtpUrl) {
    return config.devMailbox
      ? 'DEV_MAILBOX is ignored: SMTP_URL is set, so e-mail goes to the SMTP server.'
      : undefined;
  }
  const served = servesDevMailbox(config);
  if (isLoopbackHost(config.host)) {
    return served ? undefined : 'Dev mailbox: off (DEV_MAILBOX=off). E-mails are kept in the database but not served.';
  }
  return served
    ? `Warning: dev mailbox ON and exposed (DEV_MAILBOX=on): SMTP_URL is not set, so every e-mail, password-reset links included, is readable at /_dev/mailbox by anyone who can reach ${where}. Set SMTP_URL and remove DEV_MAILBOX before real users sign up.`
    : `Dev mailbox: off. SMTP_URL is not set and ${where} is reachable from other machines, so e-mails (password-reset links included) are kept in the database but /_dev/mailbox is not served, and nobody receives them. Set SMTP_URL to deliver them, or DEV_MAILBOX=on to serve the mailbox to anyone who can reach the server.`;
}

/**
 * Prints the first-run administrator credentials once (they are also in DATA_DIR, owner-only); on a later
 * start, as long as that file is there, one line says where they are (a first start that failed after
 * creating the account printed nothing).
 */
function announceAdmin(admin: BootstrapResult, dataDir: string): void {
  if (admin.outcome === 'created') {
    const line = '='.repeat(72);
    console.log(
      [
        line,
        'First start: created the administrator account (there was none).',
        `  e-mail:    ${admin.email}`,
        `  password:  ${admin.password}`,
        `Also saved to ${admin.file} (readable by you only).`,
        `To choose another password: npm run admin -- create --email ${admin.email} --password <new password>`,
        line,
      ].join('\n'),
    );
    return;
  }
  if (admin.outcome === 'email-taken') {
    console.warn(
      `No administrator account exists, and ADMIN_EMAIL (${admin.email}) belongs to an ordinary account, which is not promoted automatically. Create one with: npm run admin -- create --email <e-mail> --password <password>`,
    );
  }
  const credentials = path.join(dataDir, ADMIN_CREDENTIALS_FILE);
  if (existsSync(credentials)) {
    console.log(
      `The first administrator's e-mail and password are in ${credentials}; delete the file once you have stored them.`,
    );
  }
}
