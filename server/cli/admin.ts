import { parseArgs } from 'node:util';
import { createOrPromoteAdmin } from '../auth/admin-accounts.ts';
import { AuthError } from '../auth/errors.ts';
import { checkPasswordStrength, generatePassword } from '../auth/passwords.ts';
import { normalizeAuthEmail } from '../auth/users.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { bootDatabase } from '../db/boot.ts';
import { ServerLockError, serverRunningRefusal, writeServerLock } from '../server-lock.ts';

const usage = `Usage: npm run admin -- create --email <e-mail> [--password <password>]

Creates an administrator account (confirmed, app_metadata.role = admin), or makes the existing account
with that e-mail an administrator: confirms it, sets the password and signs it out everywhere.
Without --password a random one is generated and printed.`;

class UsageError extends Error {}

function parse(argv: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
    });
    return { ...values, command: positionals[0], extra: positionals.slice(1) };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

async function main(): Promise<number> {
  const args = parse(process.argv.slice(2));
  if (args.help) {
    console.log(usage);
    return 0;
  }
  if (args.command !== 'create' || args.extra.length > 0) throw new UsageError('Unknown command: expected "create".');
  if (!args.email) throw new UsageError('Missing --email.');
  const email = normalizeAuthEmail(args.email);
  const generated = args.password === undefined;
  const password = args.password ?? generatePassword();
  checkPasswordStrength(password);

  const config = loadConfig();
  let releaseLock = () => {};
  const refusal = config.databaseUrl ? undefined : serverRunningRefusal(config.dataDir);
  if (refusal) {
    console.error(refusal);
    return 1;
  }
  // Taken before the database opens: a server starting meanwhile waits for this command (or refuses it).
  if (!config.databaseUrl) releaseLock = writeServerLock(config.dataDir);
  let db: Awaited<ReturnType<typeof bootDatabase>>;
  try {
    db = await bootDatabase(config);
  } catch (error) {
    releaseLock();
    throw error;
  }
  try {
    const { user, created } = await createOrPromoteAdmin(db, email, password);
    console.log(
      created
        ? `Created the administrator account ${user.email} (id ${user.id}).`
        : `${user.email} (id ${user.id}) is now an administrator: confirmed, password set, signed out everywhere.`,
    );
    if (generated) console.log(`Password: ${password}`);
    return 0;
  } finally {
    await db.close();
    releaseLock();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
    else if (error instanceof AuthError) console.error(error.message);
    else if (error instanceof ConfigError || error instanceof ServerLockError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
