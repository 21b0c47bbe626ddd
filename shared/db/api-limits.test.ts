import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_MAX_ROWS } from './api-limits.ts';

describe('API_MAX_ROWS', () => {
  it('is the max_rows the hosted project is deployed with (supabase/config.toml)', () => {
    const config = readFileSync(path.join(import.meta.dirname, '../../supabase/config.toml'), 'utf8');
    const api = config.slice(config.indexOf('[api]'), config.indexOf('\n[', config.indexOf('[api]') + 1));
    expect(/^max_rows = (\d+)$/m.exec(api)?.[1]).toBe(String(API_MAX_ROWS));
  });
});
