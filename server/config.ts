import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { brand } from '../shared/brand/brand.ts';
import { EMAIL_PATTERN } from '../shared/validation/email.ts';
import {
  documentEmailPolicyOf,
  documentEmailSettings,
  type DocumentEmailPolicy,
} from '../supabase/functions/_shared/document-emails.ts';
import type { TwilioSettings } from '../supabase/functions/_shared/sms-sender.ts';

/** Per-IP limits of /auth/v1 (token buckets): each value is requests per 5 minutes; 0 turns a limit off. */
export type AuthRateLimits = {
  tokenBurst: number;
  tokenPer5Min: number;
  signupPer5Min: number;
  recoverPer5Min: number;
  verifyPer5Min: number;
  /** Per account (the address typed), not per IP: wrong passwords allowed at once, and per hour after that. */
  badPasswordsPerHour: number;
};

/**
 * Per-IP limit of what visitors submit through /rest/v1 (rows inserted into applications and
 * business_registrations, one budget for both): `burst` rows at once, refilled at `per5Min` rows per 5 minutes;
 * 0 turns it off.
 */
export type SubmissionRateLimit = { burst: number; per5Min: number };

/**
 * Per-account limits of uploads to storage: `quotaBytes` stored in all (0: no quota), and a token bucket of
 * `burst` uploads refilled at `perHour` (0: no rate limit).
 */
export type UploadLimits = { quotaBytes: number; burst: number; perHour: number };

/** Everything server/ reads from the environment, validated once at start. */
export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  siteUrl: string | undefined;
  /**
   * API_EXTERNAL_URL: the public address of this server's API, where e-mailed links go (`/auth/v1/verify`) and
   * the web app's supabase-js calls. Unset: SITE_URL (one origin serves the site and the API), else the origin a
   * request reached. Set it when the site is served elsewhere (a static host) and SITE_URL names that site.
   */
  apiExternalUrl: string | undefined;
  smtpUrl: string | undefined;
  /**
   * DEV_MAILBOX: whether /_dev/mailbox is served when e-mail goes to the dev mailbox (SMTP_URL unset).
   * Unset: only when HOST is loopback; true: also when the server is reachable from other machines; false: never.
   */
  devMailbox: boolean | undefined;
  autoconfirm: boolean;
  webDir: string;
  /** Fastify's trustProxy: which peers may set X-Forwarded-For / -Proto / -Host. */
  trustProxy: boolean | string;
  /** LOG_LEVEL: the server log's level (pino's). */
  logLevel: LogLevel;
  /** The account created on first start when no admin exists. */
  adminEmail: string;
  /** The From address of every e-mail the server sends. */
  mailFrom: string;
  /** Lifetime of e-mailed links (confirmation, recovery), in seconds. */
  emailLinkLifetime: number;
  /** Minimum seconds between two auth e-mails to the same address (extra requests send nothing). */
  emailMinInterval: number;
  /** Seconds during which a just-rotated refresh token may be used again without revoking the session. */
  refreshReuseInterval: number;
  rateLimits: AuthRateLimits;
  submissionRateLimit: SubmissionRateLimit;
  /** Hourly limits of the send-emails function: per calling address and per recipient. */
  emailSendLimits: { perSenderPerHour: number; perRecipientPerHour: number };
  /** Age after which an uploaded document nobody filed is removed (at start, then every storageSweepInterval). */
  storageSweepGrace: number;
  /** Seconds between two removals of unfiled documents while the server runs. */
  storageSweepInterval: number;
  /** What one applicant's account may store and upload (officers and the service role are not limited). */
  uploadLimits: UploadLimits;
  /** Seconds between two retries of the applicants' e-mails that could not be sent when their change was made. */
  notificationRetryInterval: number;
  /**
   * When applicants are e-mailed the officers' requests and reviews of their documents and reminded of what is
   * outstanding (checked every reviewBatchSeconds).
   */
  documentEmails: DocumentEmailPolicy;
  /** Texts: Twilio's settings (none: the dev SMS outbox), the limits per number, how often due texts are sent. */
  sms: {
    twilio: TwilioSettings | undefined;
    limits: { perHour: number; perDay: number };
    interval: number;
    /** No text between 9 pm and 8 am in the business's state (off: at any hour). */
    quietHours: boolean;
    /** Where Twilio sends replies and delivery reports (the sms-webhook function), as Twilio signs it. */
    webhookUrl: string | undefined;
  };
};

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const perFiveMinutes = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number of requests per 5 minutes (0 turns the limit off)` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`)
    .default(fallback);

const perHour = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number of e-mails per hour` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .default(fallback);

const seconds = (name: string, fallback: number, min: number) =>
  z.coerce
    .number({ error: `${name} must be a number of seconds` })
    .int(`${name} must be a whole number of seconds`)
    .min(min, `${name} must be at least ${min} second${min === 1 ? '' : 's'}`)
    .default(fallback);

/** The ranges TRUST_PROXY may name (those of Fastify's proxy-addr). */
const namedRanges = ['loopback', 'linklocal', 'uniquelocal'];

/** The netmask's prefix length (255.255.0.0: 16), or undefined when it is not one. */
function netmaskLength(mask: string): number | undefined {
  if (isIP(mask) !== 4) return undefined;
  const bits = mask
    .split('.')
    .map((part) => Number(part).toString(2).padStart(8, '0'))
    .join('');
  return /^1*0*$/.test(bits) ? bits.replace(/0+$/, '').length : undefined;
}

/** One TRUST_PROXY entry as Fastify reads it: a named range, an address, or address/prefix (or /netmask). */
function isTrustedProxyEntry(entry: string): boolean {
  if (namedRanges.includes(entry)) return true;
  const slash = entry.lastIndexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const kind = address.includes('%') ? 0 : isIP(address);
  if (kind === 0) return false;
  if (slash === -1) return true;
  const range = entry.slice(slash + 1);
  const bits = /^\d+$/.test(range) ? Number(range) : kind === 4 ? netmaskLength(range) : undefined;
  return bits !== undefined && bits > 0 && bits <= (kind === 4 ? 32 : 128);
}

const trustProxySchema = z
  .string()
  .trim()
  .transform((value, context): boolean | string => {
    const word = value.toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(word)) return true;
    if (['false', '0', 'no', 'off'].includes(word)) return false;
    if (value.split(',').every((entry) => isTrustedProxyEntry(entry.trim()))) return value;
    context.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY must be true, false, or addresses and CIDR ranges separated by commas (such as 10.0.0.0/8,192.168.1.5; or loopback, linklocal, uniquelocal)',
    });
    return z.NEVER;
  });

/** pino's levels, which the server log takes. */
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

const environmentSchema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT must be a number between 0 and 65535' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters long').optional(),
  SITE_URL: z.url({ error: 'SITE_URL must be an absolute URL such as https://loans.example.com' }).optional(),
  API_EXTERNAL_URL: z
    .url({ error: 'API_EXTERNAL_URL must be an absolute URL such as https://api.loans.example.com' })
    .optional(),
  STORAGE_SWEEP_GRACE: z.coerce
    .number({ error: 'STORAGE_SWEEP_GRACE must be a number of seconds' })
    .int('STORAGE_SWEEP_GRACE must be a whole number of seconds')
    .min(0, 'STORAGE_SWEEP_GRACE must be 0 or more')
    .default(600),
  STORAGE_SWEEP_INTERVAL: seconds('STORAGE_SWEEP_INTERVAL', 3600, 1),
  STORAGE_QUOTA_PER_ACCOUNT_MB: z.coerce
    .number({ error: 'STORAGE_QUOTA_PER_ACCOUNT_MB must be a number of megabytes (0 turns the quota off)' })
    .int('STORAGE_QUOTA_PER_ACCOUNT_MB must be a whole number of megabytes')
    .min(0, 'STORAGE_QUOTA_PER_ACCOUNT_MB must be 0 or more')
    .default(500),
  // An applicant uploads six documents, a few replacements and what an officer asks for: 20 at once and 60 an
  // hour leave them room, while a script storing 25 MB files as fast as the disk takes them is stopped.
  RATE_LIMIT_UPLOAD_BURST: z.coerce
    .number({ error: 'RATE_LIMIT_UPLOAD_BURST must be a number of uploads (0 turns the limit off)' })
    .int('RATE_LIMIT_UPLOAD_BURST must be a whole number')
    .min(0, 'RATE_LIMIT_UPLOAD_BURST must be 0 or more')
    .default(20),
  RATE_LIMIT_UPLOADS_PER_HOUR: z.coerce
    .number({ error: 'RATE_LIMIT_UPLOADS_PER_HOUR must be a number of uploads per hour (0 turns the limit off)' })
    .int('RATE_LIMIT_UPLOADS_PER_HOUR must be a whole number')
    .min(0, 'RATE_LIMIT_UPLOADS_PER_HOUR must be 0 or more')
    .default(60),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  AUTOCONFIRM: booleanFlag.default(false),
  DEV_MAILBOX: z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
      error: 'DEV_MAILBOX must be on or off (leave it unset to serve the dev mailbox only on a loopback HOST)',
    })
    .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))
    .optional(),
  WEB_DIR: z.string().min(1).optional(),
  TRUST_PROXY: trustProxySchema.default('loopback'),
  LOG_LEVEL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(logLevels, { error: `LOG_LEVEL must be one of ${logLevels.join(', ')}` }))
    .default('warn'),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .max(255, 'ADMIN_EMAIL is too long')
    .regex(EMAIL_PATTERN, 'ADMIN_EMAIL must be an e-mail address such as admin@example.com')
    .transform((value) => value.toLowerCase())
    .default('admin@example.com'),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(
      /^(?:[^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
      'MAIL_FROM must be an address, optionally with a name: "Loan Match <hello@example.com>"',
    )
    .default(`${brand.productName} <${brand.contactEmail}>`),
  AUTH_EMAIL_LINK_LIFETIME: seconds('AUTH_EMAIL_LINK_LIFETIME', 3600, 1),
  AUTH_EMAIL_MIN_INTERVAL: seconds('AUTH_EMAIL_MIN_INTERVAL', 60, 0),
  AUTH_REFRESH_REUSE_INTERVAL: seconds('AUTH_REFRESH_REUSE_INTERVAL', 10, 0),
  NOTIFICATION_RETRY_INTERVAL: seconds('NOTIFICATION_RETRY_INTERVAL', 60, 1),
  ...documentEmailSettings,
  // Texts (docs/product.md §12): Twilio when all three are set, else the dev SMS outbox.
  TWILIO_ACCOUNT_SID: z.string().trim().optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().optional(),
  TWILIO_FROM_NUMBER: z
    .string()
    .trim()
    .regex(/^\+1[2-9]\d{9}$/, 'TWILIO_FROM_NUMBER must be a US number in E.164, such as +12085550100')
    .optional(),
  TWILIO_API_URL: z.url('TWILIO_API_URL must be a URL').default('https://api.twilio.com'),
  SMS_WEBHOOK_URL: z.url('SMS_WEBHOOK_URL must be a URL').optional(),
  SMS_LIMIT_PER_HOUR: z.coerce.number().int('SMS_LIMIT_PER_HOUR must be a whole number').min(1).default(3),
  SMS_LIMIT_PER_DAY: z.coerce.number().int('SMS_LIMIT_PER_DAY must be a whole number').min(1).default(10),
  SMS_SEND_INTERVAL: seconds('SMS_SEND_INTERVAL', 30, 1),
  // Off only to try texts at any hour on a machine of one's own (and the end-to-end tests, which run at any hour).
  SMS_QUIET_HOURS: z.enum(['on', 'off'], { error: 'SMS_QUIET_HOURS must be on or off' }).default('on'),
  RATE_LIMIT_TOKEN_BURST: perFiveMinutes('RATE_LIMIT_TOKEN_BURST', 30),
  RATE_LIMIT_TOKEN_PER_5_MIN: perFiveMinutes('RATE_LIMIT_TOKEN_PER_5_MIN', 150),
  RATE_LIMIT_SIGNUP_PER_5_MIN: perFiveMinutes('RATE_LIMIT_SIGNUP_PER_5_MIN', 30),
  RATE_LIMIT_RECOVER_PER_5_MIN: perFiveMinutes('RATE_LIMIT_RECOVER_PER_5_MIN', 30),
  RATE_LIMIT_VERIFY_PER_5_MIN: perFiveMinutes('RATE_LIMIT_VERIFY_PER_5_MIN', 30),
  // Guesses at one account's password from many addresses: a person who forgot theirs tries a few, then resets
  // it; 10 at once and 10 an hour after that (one every 6 minutes) stops a guesser at 250 a day. It also lets a
  // stranger keep an account's password sign-in refused, one wrong try every 6 minutes: 'Forgot password?' still
  // signs its owner in, through the e-mailed link.
  RATE_LIMIT_BAD_PASSWORDS_PER_HOUR: z.coerce
    .number({ error: 'RATE_LIMIT_BAD_PASSWORDS_PER_HOUR must be a number of sign-ins (0 turns the limit off)' })
    .int('RATE_LIMIT_BAD_PASSWORDS_PER_HOUR must be a whole number')
    .min(0, 'RATE_LIMIT_BAD_PASSWORDS_PER_HOUR must be 0 or more')
    .default(10),
  // A person sends the wizard or the registration form once, a few times at most (a second business, a
  // correction): 5 at once and one more every 5 minutes leaves them room while a script filling the tables
  // from one address gets 12 rows an hour.
  RATE_LIMIT_SUBMISSION_BURST: perFiveMinutes('RATE_LIMIT_SUBMISSION_BURST', 5),
  RATE_LIMIT_SUBMISSIONS_PER_5_MIN: perFiveMinutes('RATE_LIMIT_SUBMISSIONS_PER_5_MIN', 1),
  EMAIL_LIMIT_PER_SENDER_PER_HOUR: perHour('EMAIL_LIMIT_PER_SENDER_PER_HOUR', 20),
  EMAIL_LIMIT_PER_RECIPIENT_PER_HOUR: perHour('EMAIL_LIMIT_PER_RECIPIENT_PER_HOUR', 5),
});

/** HOST as a URL names it: every interface ('0.0.0.0', '::') as localhost, an IPv6 address in brackets. */
export function listenedHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return 'localhost';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** True for a HOST only this machine can reach (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(?:\.\d{1,3}){3}$/.test(bare);
}

/**
 * Whether /_dev/mailbox is served. It holds every e-mail the server "sent" while SMTP_URL is unset, password
 * reset links included, so a server reachable from other machines serves it only when DEV_MAILBOX=on.
 */
export function servesDevMailbox(config: Pick<ServerConfig, 'smtpUrl' | 'devMailbox' | 'host'>): boolean {
  if (config.smtpUrl) return false;
  return config.devMailbox ?? isLoopbackHost(config.host);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The repository root: server/ sits one level below it. */
export const projectRoot = path.resolve(import.meta.dirname, '..');

/** Where `npm run build:web` builds the web app, and where the server serves it from unless WEB_DIR says otherwise. */
export const DEFAULT_WEB_DIR = path.join(projectRoot, 'dist', 'web');

/** The database's migrations, applied in file-name order (server/db/migrate.ts). */
export const MIGRATIONS_DIR = path.join(projectRoot, 'supabase', 'migrations');

/** Reads and validates the configuration; throws ConfigError listing every problem at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const twilio = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM_NUMBER];
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    // Half a provider would send nothing while the officer believes texts go out: said at once instead.
    throw new ConfigError([
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER go together: set all three, or none for the dev SMS outbox',
    ]);
  }
  if (twilio.every(Boolean) && !(e.SMS_WEBHOOK_URL ?? e.API_EXTERNAL_URL ?? e.SITE_URL)) {
    // Twilio signs each reply with the address it calls; without knowing that address every reply would be
    // refused, a STOP among them, and texts would go on to someone who asked them to stop.
    throw new ConfigError([
      'With Twilio set, set SMS_WEBHOOK_URL (or SITE_URL or API_EXTERNAL_URL): replies such as STOP are checked against that address',
    ]);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    siteUrl: e.SITE_URL?.replace(/\/$/, ''),
    apiExternalUrl: e.API_EXTERNAL_URL?.replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    storageSweepGrace: e.STORAGE_SWEEP_GRACE,
    storageSweepInterval: e.STORAGE_SWEEP_INTERVAL,
    uploadLimits: {
      quotaBytes: e.STORAGE_QUOTA_PER_ACCOUNT_MB * 1024 * 1024,
      burst: e.RATE_LIMIT_UPLOAD_BURST,
      perHour: e.RATE_LIMIT_UPLOADS_PER_HOUR,
    },
    devMailbox: e.DEV_MAILBOX,
    autoconfirm: e.AUTOCONFIRM,
    webDir: path.resolve(e.WEB_DIR ?? DEFAULT_WEB_DIR),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    adminEmail: e.ADMIN_EMAIL,
    mailFrom: e.MAIL_FROM,
    emailLinkLifetime: e.AUTH_EMAIL_LINK_LIFETIME,
    emailMinInterval: e.AUTH_EMAIL_MIN_INTERVAL,
    refreshReuseInterval: e.AUTH_REFRESH_REUSE_INTERVAL,
    notificationRetryInterval: e.NOTIFICATION_RETRY_INTERVAL,
    documentEmails: documentEmailPolicyOf(e),
    sms: {
      twilio:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM_NUMBER
          ? {
              accountSid: e.TWILIO_ACCOUNT_SID,
              authToken: e.TWILIO_AUTH_TOKEN,
              from: e.TWILIO_FROM_NUMBER,
              apiUrl: e.TWILIO_API_URL,
            }
          : undefined,
      limits: { perHour: e.SMS_LIMIT_PER_HOUR, perDay: e.SMS_LIMIT_PER_DAY },
      interval: e.SMS_SEND_INTERVAL,
      quietHours: e.SMS_QUIET_HOURS === 'on',
      // The address Twilio calls (replies, delivery reports) and signs: as set, else the public API's.
      webhookUrl:
        e.SMS_WEBHOOK_URL ??
        ((e.API_EXTERNAL_URL ?? e.SITE_URL)
          ? `${(e.API_EXTERNAL_URL ?? e.SITE_URL)!.replace(/\/$/, '')}/functions/v1/sms-webhook`
          : undefined),
    },
    rateLimits: {
      tokenBurst: e.RATE_LIMIT_TOKEN_BURST,
      tokenPer5Min: e.RATE_LIMIT_TOKEN_PER_5_MIN,
      signupPer5Min: e.RATE_LIMIT_SIGNUP_PER_5_MIN,
      recoverPer5Min: e.RATE_LIMIT_RECOVER_PER_5_MIN,
      verifyPer5Min: e.RATE_LIMIT_VERIFY_PER_5_MIN,
      badPasswordsPerHour: e.RATE_LIMIT_BAD_PASSWORDS_PER_HOUR,
    },
    submissionRateLimit: { burst: e.RATE_LIMIT_SUBMISSION_BURST, per5Min: e.RATE_LIMIT_SUBMISSIONS_PER_5_MIN },
    emailSendLimits: {
      perSenderPerHour: e.EMAIL_LIMIT_PER_SENDER_PER_HOUR,
      perRecipientPerHour: e.EMAIL_LIMIT_PER_RECIPIENT_PER_HOUR,
    },
  };
}
