import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';

export const JWT_ISSUER = 'supabase';

/**
 * Writes a file readable by its owner only (0600), creating its folder when missing. An existing file
 * is replaced, not rewritten in place, so it never keeps looser permissions than 0600.
 */
export function writeSecretFile(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  rmSync(file, { force: true });
  writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
}

/** The file in DATA_DIR that keeps the generated JWT secret. */
export const JWT_SECRET_FILE = 'jwt-secret';

/** The installation's JWT secret if there is one yet: the configured one, else the one kept in DATA_DIR. */
export function readJwtSecret(dataDir: string, configured: string | undefined): string | undefined {
  if (configured) return configured;
  const file = path.join(dataDir, JWT_SECRET_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/**
 * The installation's JWT secret: the configured one, else the one kept in DATA_DIR/jwt-secret,
 * else a new random one written there (owner-only) on first start.
 */
export function loadJwtSecret(dataDir: string, configured: string | undefined): string {
  const existing = readJwtSecret(dataDir, configured);
  if (existing !== undefined) return existing;
  const secret = randomBytes(48).toString('base64url');
  writeSecretFile(path.join(dataDir, JWT_SECRET_FILE), `${secret}\n`);
  return secret;
}

export type ApiKeys = { anonKey: string; serviceRoleKey: string };

const TEN_YEARS_IN_SECONDS = 10 * 365 * 24 * 3600;

/** Signs an HS256 token with the installation's secret. */
export async function signToken(secret: string, claims: Record<string, unknown>, expiresInSeconds: number) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: JWT_ISSUER, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
}

/** The anon (public) and service-role keys: long-lived JWTs, as a Supabase project has. */
export async function createApiKeys(secret: string): Promise<ApiKeys> {
  return {
    anonKey: await signToken(secret, { role: 'anon' }, TEN_YEARS_IN_SECONDS),
    serviceRoleKey: await signToken(secret, { role: 'service_role' }, TEN_YEARS_IN_SECONDS),
  };
}
