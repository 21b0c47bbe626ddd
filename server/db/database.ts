/** The one database interface server/ uses, implemented by PGlite (embedded) and by a Postgres server. */
export type Row = Record<string, unknown>;

export type QueryResult<T extends Row = Row> = { rows: T[]; affectedRows: number };

export type Queryable = {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
};

/** One SQL statement with its $1, $2... parameters. */
export type Statement = { sql: string; params: readonly unknown[] };

export type TransactionOptions = {
  /**
   * Statements run right after BEGIN, in the same round trip to a Postgres server (the request role
   * and claims, set for every API request).
   */
  setup?: Statement[];
};

export type ScriptOptions = {
  /**
   * The script sets everything it reads and only inserts: it may share its transaction with other such scripts
   * (script-groups.ts).
   */
  independent?: boolean;
};

export type Database = Queryable & {
  kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN/COMMIT; any throw rolls back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs statements known in advance in one transaction, sent together (one round trip to a Postgres
   * server), and returns each statement's result; an error rolls everything back and is thrown.
   */
  transactionScript(statements: Statement[], options?: ScriptOptions): Promise<QueryResult[]>;
  /**
   * PGlite only: a copy of the whole database (its data directory, as a tar) taken while no other
   * transaction runs, with what `alongside` reads in the same transaction just before: both show the
   * same moment.
   */
  snapshotDataDir?<T>(alongside: (tx: Queryable) => Promise<T>): Promise<{ tarball: Uint8Array; alongside: T }>;
  /** PGlite only: whether such a copy is being made (every query waits for it meanwhile). */
  copying?(): boolean;
  close(): Promise<void>;
};

/** A database error carrying its SQLSTATE, normalised across both drivers. */
export type DatabaseErrorFields = {
  code: string;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
};

export function databaseErrorFields(error: unknown): DatabaseErrorFields | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown };
  if (typeof e.code !== 'string' || !/^[0-9A-Z]{5}$/.test(e.code)) return undefined;
  return {
    code: e.code,
    message: typeof e.message === 'string' ? e.message : 'Database error',
    detail: typeof e.detail === 'string' ? e.detail : undefined,
    hint: typeof e.hint === 'string' ? e.hint : undefined,
  };
}

/**
 * A SQL string literal, for PGlite's scripts (a Postgres server gets parameters instead). PGlite runs with
 * standard_conforming_strings on (Postgres' default), so doubling single quotes is the whole escaping.
 */
export function sqlLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('A SQL literal cannot contain a NUL character');
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * A statement with its parameters written in as literals ($1 becomes '...'), for a script. Only the
 * builder's own placeholders are replaced, in one pass, so a value can never become SQL.
 */
export function inlineParameters(sql: string, params: readonly unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_match, index: string) => {
    const position = Number(index) - 1;
    if (position < 0 || position >= params.length) throw new Error(`No value for parameter $${index}`);
    const value = params[position];
    if (value === null || value === undefined) return 'null';
    return sqlLiteral(typeof value === 'object' ? JSON.stringify(value) : String(value));
  });
}
