// The database seam of the local platform: PGlite by default, any PostgreSQL via DATABASE_URL.
// Adding a driver means one file implementing `Db` (see postgres.ts).

export interface QueryResult<T> {
  rows: T[];
  affectedRows: number;
}

export interface DbExecutor {
  /** One statement with $1… parameters (values are never interpolated into SQL). */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends DbExecutor {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: DbExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A Postgres error as drivers report it (SQLSTATE in `code`). */
export interface PgError {
  code: string;
  message: string;
  detail?: string | null;
  hint?: string | null;
}

export function isPgError(error: unknown): error is PgError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
  );
}
