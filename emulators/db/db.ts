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

/**
 * The database cannot be reached (connection refused or lost, server shutting down, too many clients,
 * PGlite closed): the platform answers 503 with Retry-After until it comes back.
 */
export class DatabaseUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`The database is unavailable: ${reason}`);
    this.name = 'DatabaseUnavailableError';
  }
}

const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/** True for errors that mean "no database right now" rather than "this statement failed". */
export function isUnavailableError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_ERRNO.has(code)) return true;
    // SQLSTATE 08 (connection exception), 57P01-03 (shutdown, cannot connect now), 53300 (too many connections).
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300') return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|connection error|PGlite is closed|Cannot use a pool after calling end/i.test(
    message,
  );
}

/** Rethrows a driver error as DatabaseUnavailableError when it means the database is gone. */
export function classifyDbError(error: unknown): never {
  if (error instanceof DatabaseUnavailableError) throw error;
  if (isUnavailableError(error)) {
    throw new DatabaseUnavailableError(error instanceof Error ? error.message : String(error));
  }
  throw error;
}
