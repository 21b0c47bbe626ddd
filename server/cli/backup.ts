import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ArchiveError } from '../backup/archive.ts';
import { BackupError, describeBackup } from '../backup/contents.ts';
import { backupFileName, createBackup } from '../backup/create.ts';
import { PostgresProgramError } from '../backup/postgres-tools.ts';
import { ConfigError, loadConfig } from '../config.ts';

const usage = `Usage: npm run backup [-- FILE | FOLDER/]

Writes one archive (.tar.gz) of the database and the stored files, while the server runs or not.
Without FILE: backups/loan-match-<date>-<time>Z.tar.gz (UTC). A FOLDER/ (ending in /, created when missing)
or an existing folder gets that name inside it. An existing file is never overwritten.
Restore with: npm run restore -- FILE`;

class UsageError extends Error {}

function parse(argv: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
    if (positionals.length > 1) throw new Error('Give at most one FILE.');
    return { help: values.help, target: positionals[0] };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function megabytes(file: string): string {
  return `${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
}

async function main(): Promise<number> {
  const args = parse(process.argv.slice(2));
  if (args.help) {
    console.log(usage);
    return 0;
  }
  const config = loadConfig();
  const file = backupFileName(args.target);
  const manifest = await createBackup(config, file);
  console.log(
    `Backup written to ${file} (${megabytes(file)}): ${describeBackup(manifest)}; checked against its manifest.`,
  );
  if (manifest.jwtSecret === 'environment') {
    console.warn('The JWT secret comes from JWT_SECRET and is not in the archive: keep it with your backups.');
  }
  if (manifest.missingFiles.length > 0) {
    console.warn(
      `${manifest.missingFiles.length} stored object(s) had no file already before this backup: ${manifest.missingFiles.slice(0, 5).join(', ')}`,
    );
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
    else if (
      error instanceof ConfigError ||
      error instanceof BackupError ||
      error instanceof ArchiveError ||
      error instanceof PostgresProgramError
    ) {
      console.error(error.message);
    } else console.error('Backup failed:', error);
    process.exit(1);
  },
);
