// Builds the API client from the global flags and the environment (credentials, base URL, timeouts).
import { type Connection, type ConnectionFlags, resolveConnection } from '../config/credentials.ts';
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

function positiveNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw usageError(`${name} must be a non-negative number (got "${value}")`);
  return n;
}

export async function connect(
  flags: GlobalFlags,
  env: Record<string, string | undefined>,
  out: Diagnostics,
): Promise<{ client: ApiClient; connection: Connection }> {
  const connection = await resolveConnection(flags, env);
  const timeoutSeconds = positiveNumber(flags.timeout ?? env.HOMEROUNDS_TIMEOUT, '--timeout');
  const retries = positiveNumber(flags.retries ?? env.HOMEROUNDS_RETRIES, '--retries');
  const backoff = positiveNumber(env.HOMEROUNDS_BACKOFF_MS, 'HOMEROUNDS_BACKOFF_MS');
  const client = new ApiClient({
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    timeoutMs: timeoutSeconds !== undefined ? timeoutSeconds * 1000 : undefined,
    retries,
    backoffMs: backoff,
    debug: flags.debug
      ? (line) => out.stderr(`[debug] ${line.split(connection.apiKey).join('[REDACTED]')}\n`)
      : undefined,
    notice: (line) => out.stderr(`${line}\n`),
    userAgent: 'homerounds/0.1.0',
  });
  return { client, connection };
}
