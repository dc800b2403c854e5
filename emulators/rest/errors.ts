// PostgREST's error answers for the /rest/v1 stand-in, apart from the routes so reads and writes answer alike:
// the `{code, message, details, hint}` body and PostgREST's table from a Postgres SQLSTATE to an HTTP status
// (PostgREST src/PostgREST/Error.hs, `mapSQLtoHTTP`).
import type { PgError } from '../db/db.ts';

export interface PostgrestError {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: PostgrestError,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

export function fail(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): never {
  throw new RestError(status, { code, message, details, hint });
}

/** "Feature not implemented" (PGRST127, 400) for a PostgREST feature the stand-in does not serve, saying which. */
export function notServed(what: string): never {
  fail(400, 'PGRST127', 'Feature not implemented', `${what} is not served by the local platform`);
}

/**
 * The HTTP status PostgREST answers a Postgres error with. `authenticated`: the request's role is not the anonymous
 * one (PostgREST compares the JWT role with db-anon-role), which turns 42501 into 403 instead of 401.
 */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  switch (code) {
    case '23503': // foreign_key_violation
    case '23505': // unique_violation
      return 409;
    case '42501': // insufficient_privilege, including a row-level security `with check` refusal
      return authenticated ? 403 : 401;
    case '21000': // cardinality_violation: a client error only for pg-safeupdate's refusal
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '42883': // undefined_function
    case '42P01': // undefined_table
      return 404;
    case '25006': // read_only_sql_transaction
      return 405;
    case '42P17': // infinite recursion (e.g. in a policy)
      return 500;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case 'P0001': // a plain `raise exception`
      return 400;
  }
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53') return 503;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(cls)) {
    return 500;
  }
  return 400; // integrity (23), data (22), syntax and access (42) errors and the rest are the client's
}

/** A Postgres error as PostgREST passes it through: its SQLSTATE, message, detail and hint. */
export function restErrorFromPg(error: PgError, authenticated: boolean): RestError {
  const status = statusForSqlState(error.code, error.message, authenticated);
  return new RestError(
    status,
    { code: error.code, message: error.message, details: error.detail ?? null, hint: error.hint ?? null },
    // PostgREST adds a bare challenge to a 401 that comes from the database.
    status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
  );
}
