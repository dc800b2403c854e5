// The voice platform's HTTP client: one undici Agent (connection reuse), per-request timeouts, retries
// with exponential backoff and full jitter on 429/5xx for idempotent requests (honouring Retry-After),
// never an automatic retry of a call creation, errors mapped to the CLI's exit codes with the platform's
// own message, and responses passed through untouched (never validated).
import { Agent, FormData, request, errors as undiciErrors } from 'undici';
import { CliError, EXIT, type ExitCode } from '../errors.ts';

export type Query = Record<string, string | number | boolean | undefined>;

export interface ApiRequest {
  method: string;
  path: string;
  query?: Query;
  /** JSON body (serialised) or multipart form. */
  body?: unknown;
  form?: FormData;
  /** False for requests that must never be retried automatically (call creation). */
  retry?: boolean;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  data: T;
}

export interface ClientOptions {
  baseUrl: string;
  apiKey?: string;
  /** Total time for one attempt (headers and body), ms. */
  timeoutMs?: number;
  /** Retries after the first attempt. */
  retries?: number;
  /** First backoff step, ms (doubles each retry, full jitter). */
  backoffMs?: number;
  /** Cap for one wait, including Retry-After, ms. */
  maxBackoffMs?: number;
  /** Debug log lines (stderr); the key is redacted before it gets here. */
  debug?: (line: string) => void;
  /** Progress notes (stderr), e.g. "retrying in 1.2 s". */
  notice?: (line: string) => void;
  userAgent?: string;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** An HTTP answer the CLI reports: status, the platform's message, and the exit code it maps to. */
export class ApiError extends CliError {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message, exitCodeForStatus(status));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export function exitCodeForStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404) return EXIT.notFound;
  if (status === 408 || status === 504) return EXIT.timeout;
  return EXIT.error;
}

/** The platform's message: NestJS `{statusCode, message: string | string[], error}`; else the raw body. */
export function errorMessage(status: number, body: unknown, raw: string): string {
  if (body && typeof body === 'object') {
    const record = body as { message?: unknown; error?: unknown };
    const message = Array.isArray(record.message)
      ? record.message.map(String).join('; ')
      : typeof record.message === 'string'
        ? record.message
        : typeof record.error === 'string'
          ? record.error
          : undefined;
    if (message) return `${status} ${message}`;
  }
  const text = raw.trim();
  return text ? `${status} ${text.length > 500 ? `${text.slice(0, 500)}…` : text}` : `HTTP ${status}`;
}

/** Seconds or HTTP date → ms; undefined if absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
]);

/** Redacts secrets in a header map for --debug. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = /^(authorization|x-api-key|cookie)$/i.test(name)
      ? value.replace(/^(Bearer\s+)?.*$/i, '$1[REDACTED]')
      : value;
  }
  return out;
}

export class ApiClient {
  readonly baseUrl: string;
  private readonly options: ClientOptions;
  private readonly agent: Agent;

  constructor(options: ClientOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    const timeout = options.timeoutMs ?? 30_000;
    this.agent = new Agent({
      keepAliveTimeout: 10_000,
      connections: 8,
      connectTimeout: Math.min(timeout, 10_000),
      headersTimeout: timeout,
      bodyTimeout: timeout,
    });
  }

  url(path: string, query?: Query): string {
    const url = new URL(this.baseUrl + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  private headers(json: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.options.userAgent ?? 'homerounds',
    };
    if (json) headers['content-type'] = 'application/json';
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    return headers;
  }

  async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    const method = req.method.toUpperCase();
    const idempotent = req.retry !== false && method !== 'POST' && method !== 'PATCH';
    const retryable = req.retry !== false && (idempotent || method === 'POST' || method === 'PATCH');
    const maxRetries = retryable ? (this.options.retries ?? 3) : 0;
    const url = this.url(req.path, req.query);
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    const random = this.options.random ?? Math.random;
    const debug = this.options.debug;
    const json = req.body !== undefined && !req.form;
    const headers = this.headers(json);
    const payload = req.form ?? (json ? JSON.stringify(req.body) : undefined);

    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      debug?.(`> ${method} ${url}${attempt ? ` (retry ${attempt})` : ''}`);
      if (debug) for (const [k, v] of Object.entries(redactHeaders(headers))) debug(`> ${k}: ${v}`);
      let status: number;
      let responseHeaders: Record<string, string | string[] | undefined>;
      let raw: string;
      try {
        const response = await request(url, {
          method: method as 'GET',
          headers,
          body: payload,
          dispatcher: this.agent,
        });
        status = response.statusCode;
        responseHeaders = response.headers;
        raw = await response.body.text();
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        const timedOut =
          error instanceof undiciErrors.HeadersTimeoutError ||
          error instanceof undiciErrors.BodyTimeoutError ||
          error instanceof undiciErrors.ConnectTimeoutError;
        debug?.(
          `< network error ${code || (error as Error).message} after ${Math.round(performance.now() - started)} ms`,
        );
        // Only idempotent requests are retried on network errors: a POST may have been applied.
        if (idempotent && attempt < maxRetries && (timedOut || NETWORK_CODES.has(code))) {
          const wait = this.backoff(attempt, undefined, random);
          this.options.notice?.(
            `${method} ${req.path}: ${code || 'timeout'}; retrying in ${(wait / 1000).toFixed(1)} s`,
          );
          await sleep(wait);
          continue;
        }
        if (timedOut) throw new CliError(`${method} ${url} timed out`, EXIT.timeout);
        const reason = code || (error as Error).message;
        throw new CliError(
          `cannot reach ${this.baseUrl} (${reason}); check --base-url / VAPI_BASE_URL or start the local platform`,
          EXIT.error,
        );
      }
      debug?.(`< ${status} ${method} ${req.path} in ${Math.round(performance.now() - started)} ms`);
      if (status < 400) {
        return { status, headers: responseHeaders, data: parseBody(raw, responseHeaders) as T };
      }
      const canRetry = RETRY_STATUSES.has(status) && (idempotent || status === 429) && attempt < maxRetries;
      if (canRetry) {
        const wait = this.backoff(attempt, parseRetryAfter(responseHeaders['retry-after']), random);
        this.options.notice?.(`${method} ${req.path}: ${status}; retrying in ${(wait / 1000).toFixed(1)} s`);
        await sleep(wait);
        continue;
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      throw new ApiError(status, errorMessage(status, body, raw), body);
    }
  }

  private backoff(attempt: number, retryAfterMs: number | undefined, random: () => number): number {
    const cap = this.options.maxBackoffMs ?? 30_000;
    if (retryAfterMs !== undefined) return Math.min(cap, retryAfterMs);
    const base = this.options.backoffMs ?? 500;
    return Math.round(Math.min(cap, base * 2 ** attempt) * (0.5 + random() / 2));
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

function parseBody(raw: string, headers: Record<string, string | string[] | undefined>): unknown {
  if (!raw) return null;
  const type = String(headers['content-type'] ?? '');
  if (type.includes('json') || /^\s*[[{"]/.test(raw)) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  return raw;
}

export { FormData };
