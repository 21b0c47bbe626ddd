import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { developmentNativeBinding, packagedNativeBinding, sqliteNativeBinding } from './sqlite-native-binding.ts';

let base: string;
beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'native-binding-'));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function place(file: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '');
}

describe('the better-sqlite3 build the main process opens SQLite with', () => {
  it('is the one in resources/native in an installed app', () => {
    const resourcesPath = path.join(base, 'resources');
    place(packagedNativeBinding(resourcesPath));
    expect(sqliteNativeBinding({ packaged: true, resourcesPath, projectRoot: base })).toBe(
      path.join(resourcesPath, 'native', 'better_sqlite3.node'),
    );
  });

  it('is the one in .desktop-native in a checkout', () => {
    place(developmentNativeBinding(base));
    expect(
      sqliteNativeBinding({ packaged: false, resourcesPath: path.join(base, 'resources'), projectRoot: base }),
    ).toBe(path.join(base, '.desktop-native', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'));
  });

  it("is better-sqlite3's own when no Electron build exists, and a packaged app never reaches into a checkout", () => {
    place(developmentNativeBinding(base));
    expect(
      sqliteNativeBinding({ packaged: true, resourcesPath: path.join(base, 'resources'), projectRoot: base }),
    ).toBe(undefined);
    expect(sqliteNativeBinding({ packaged: false, resourcesPath: base, projectRoot: path.join(base, 'x') })).toBe(
      undefined,
    );
  });

  it('leaves the Node build the tests use working: undefined means better-sqlite3 loads its own', () => {
    const nativeBinding = sqliteNativeBinding({ packaged: false, resourcesPath: base, projectRoot: base });
    const db = new Database(':memory:', nativeBinding ? { nativeBinding } : {});
    expect(db.prepare('select 1 + 1 as two').get()).toEqual({ two: 2 });
    db.close();
  });
});
