import path from 'node:path';
import { parseArgs } from 'node:util';
import { PostgresProgramError } from '../backup/postgres-tools.ts';
import { restoreBackup, RestoreError } from '../backup/restore.ts';
import { ConfigError, loadConfig } from '../config.ts';

const usage = `Usage: npm run restore -- FILE [--force]

Restores a backup made by npm run backup into DATA_DIR (default ./data) and, when DATABASE_URL is set,
into that database. Both must be empty: --force replaces what they hold. The server must be stopped.`;

class UsageError extends Error {}

function parse(argv: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
    if (!values.help && positionals.length !== 1) throw new Error('Give the backup FILE to restore.');
    return { help: values.help, force: values.force ?? false, file: positionals[0] };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

async function main(): Promise<number> {
  const args = parse(process.argv.slice(2));
  if (args.help || !args.file) {
    console.log(usage);
    return 0;
  }
  const config = loadConfig();
  const manifest = await restoreBackup(config, path.resolve(args.file), args.force);
  const into = config.databaseUrl ? `${config.dataDir} and DATABASE_URL's database` : config.dataDir;
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.storedFiles} stored file(s)) into ${into}. Start the server with npm start.`,
  );
  if (manifest.jwtSecret === 'environment') {
    console.warn('The backed-up server took its JWT secret from JWT_SECRET: start this one with the same value.');
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
    else if (error instanceof ConfigError || error instanceof RestoreError || error instanceof PostgresProgramError) {
      console.error(error.message);
    } else console.error('Restore failed:', error);
    process.exit(1);
  },
);
