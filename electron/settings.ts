import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { ConnectionSettings } from '../shared/ipc/channels.ts';

/**
 * The server the desktop app talks to, remembered in a small JSON file beside the cache (owner-only,
 * written to a temporary file and renamed, so a crash never leaves half a file).
 */
export class ConnectionStore {
  constructor(private readonly file: string) {}

  read(): ConnectionSettings | null {
    if (!existsSync(this.file)) return null;
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<ConnectionSettings>;
      return typeof parsed.supabaseUrl === 'string' && typeof parsed.anonKey === 'string'
        ? { supabaseUrl: parsed.supabaseUrl, anonKey: parsed.anonKey }
        : null;
    } catch {
      return null;
    }
  }

  save(connection: ConnectionSettings): void {
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify({ supabaseUrl: connection.supabaseUrl, anonKey: connection.anonKey }), {
      mode: 0o600,
    });
    renameSync(temporary, this.file);
  }
}
