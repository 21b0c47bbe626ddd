import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupFileName } from './create.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'loan-match-backup-name-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const now = new Date('2026-03-04T05:06:07.890Z');
const name = 'loan-match-20260304-050607Z.tar.gz';

describe('backupFileName', () => {
  it('names the default file backups/loan-match-<date>-<time>Z.tar.gz, in UTC', () => {
    expect(backupFileName(undefined, now)).toBe(path.resolve('backups', name));
  });

  it('writes the default name inside a folder that exists, with or without a trailing separator', () => {
    const existing = path.join(folder, 'existing');
    mkdirSync(existing);
    expect(backupFileName(existing, now)).toBe(path.join(existing, name));
    expect(backupFileName(`${existing}/`, now)).toBe(path.join(existing, name));
  });

  it('takes a missing target that ends in a separator for a folder (created by the backup), not a file name', () => {
    const missing = path.join(folder, 'not-yet', 'nested');
    expect(backupFileName(`${missing}/`, now)).toBe(path.join(missing, name));
    expect(backupFileName(`${missing}${path.sep}`, now)).toBe(path.join(missing, name));
  });

  it('keeps a missing target without a trailing separator as the file name', () => {
    expect(backupFileName(path.join(folder, 'nightly.tar.gz'), now)).toBe(path.join(folder, 'nightly.tar.gz'));
    expect(backupFileName(path.join(folder, 'no-extension'), now)).toBe(path.join(folder, 'no-extension'));
  });
});
