// Builds the API client from the global flags and the environment (credentials, base URL, deadline, retries).
import {
  authHint,
  type Connection,
  type ConnectionFlags,
  resolveConnection,
  unreachableHint,
} from '../config/credentials.ts';
import { usageError } from '../errors.ts';
import { ApiClient } from './client.ts';

export interface GlobalFlags extends ConnectionFlags {
  debug?: boolean;
  timeout?: string;
  retries?: string;
  json?: boolean;
}

export interface Diagnostics {
  stderr: (text: string) => void;
}

/** The longest --timeout accepted: a day (timers cannot wait much beyond 24 days anyway). */
export const MAX_TIMEOUT_SECONDS = 86_400;

/**
 * `--timeout <seconds>` (or HOMEROUNDS_TIMEOUT): the deadline of each request, retries and their waits included.
 * It must be positive: 0 would mean waiting forever on a hanging server, which no script wants by accident.
 */
export function parseTimeoutSeconds(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > MAX_TIMEOUT_SECONDS) {
    throw usageError(
      `${name} must be a number of seconds greater than 0 and at most ${MAX_TIMEOUT_SECONDS} (got "${value}"); ` +
        'it bounds each request, retries included (default 30)',
    );
  }
  return n;
}

function count(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw usageError(`${name} must be a whole number ≥ 0 (got "${value}")`);
  return n;
}

export async function connect(
  flags: GlobalFlags,
  env: Record<string, string | undefined>,
  out: Diagnostics,
): Promise<{ client: ApiClient; connection: Connection }> {
  // Flags are checked before the credentials are read: a usage error never depends on the environment.
  // An empty environment variable counts as unset (`HOMEROUNDS_TIMEOUT= homerounds …`).
  const timeoutSeconds =
    parseTimeoutSeconds(flags.timeout, '--timeout') ??
    parseTimeoutSeconds(env.HOMEROUNDS_TIMEOUT || undefined, 'HOMEROUNDS_TIMEOUT');
  const retries = count(flags.retries, '--retries') ?? count(env.HOMEROUNDS_RETRIES || undefined, 'HOMEROUNDS_RETRIES');
  const backoff = count(env.HOMEROUNDS_BACKOFF_MS || undefined, 'HOMEROUNDS_BACKOFF_MS');
  const connection = await resolveConnection(flags, env);
  const client = new ApiClient({
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    timeoutMs: timeoutSeconds !== undefined ? timeoutSeconds * 1000 : undefined,
    retries,
    backoffMs: backoff,
    authHint: authHint(connection),
    unreachableHint: unreachableHint(connection),
    debug: flags.debug
      ? (line) => out.stderr(`[debug] ${line.split(connection.apiKey).join('[REDACTED]')}\n`)
      : undefined,
    notice: (line) => out.stderr(`${line}\n`),
    userAgent: 'homerounds/0.1.0',
  });
  return { client, connection };
}
