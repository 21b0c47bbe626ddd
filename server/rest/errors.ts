import { databaseErrorFields } from '../db/database.ts';

/** A PostgREST error: the body is always {code, message, details, hint}. */
export class PostgrestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    /** Headers the answer carries besides the body (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'PostgrestError';
  }

  toJSON() {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** A malformed request (PGRST100). */
export function parseError(message: string, details: string | null = null): PostgrestError {
  return new PostgrestError(400, 'PGRST100', message, details);
}

/** HTTP status for a SQLSTATE, as PostgREST maps it. */
export function statusForSqlState(code: string, isAnon: boolean): number {
  // A function's own HTTP status: PostgREST answers SQLSTATE 'PTnnn' with status nnn.
  if (/^PT[1-5]\d\d$/.test(code)) return Number(code.slice(2));
  if (code === '23503' || code === '23505') return 409;
  if (code === '42501') return isAnon ? 401 : 403;
  if (code === '42P01' || code === '42883') return 404;
  if (code === 'P0001') return 400;
  if (code.startsWith('08') || code.startsWith('53') || code === '57P01') return 503;
  if (code.startsWith('XX') || code.startsWith('58') || code.startsWith('F0') || code.startsWith('HV')) return 500;
  if (code.startsWith('25') || code.startsWith('40')) return 500;
  return 400;
}

/** Turns a database error into the PostgREST error the client expects; anything else is rethrown. */
export function fromDatabaseError(error: unknown, isAnon: boolean): PostgrestError {
  if (error instanceof PostgrestError) return error;
  const fields = databaseErrorFields(error);
  if (!fields) throw error;
  return new PostgrestError(
    statusForSqlState(fields.code, isAnon),
    fields.code,
    fields.message,
    fields.detail ?? null,
    fields.hint ?? null,
  );
}
