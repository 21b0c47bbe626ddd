import path from 'node:path';
import { z } from 'zod';

/** Everything server/ reads from the environment, validated once at start. */
export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  siteUrl: string | undefined;
  smtpUrl: string | undefined;
  autoconfirm: boolean;
  webDir: string;
};

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

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
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  AUTOCONFIRM: booleanFlag.default(false),
  WEB_DIR: z.string().min(1).optional(),
});

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The repository root: server/ sits one level below it. */
export const projectRoot = path.resolve(import.meta.dirname, '..');

/** Reads and validates the configuration; throws ConfigError listing every problem at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    siteUrl: e.SITE_URL?.replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    autoconfirm: e.AUTOCONFIRM,
    webDir: path.resolve(e.WEB_DIR ?? path.join(projectRoot, 'dist', 'web')),
  };
}
