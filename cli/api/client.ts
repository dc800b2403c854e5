// The voice platform's HTTP client: one undici Agent (connection reuse), one deadline per request that covers
// its retries and their waits, retries with exponential backoff and full jitter on 429/5xx for idempotent
// requests (honouring Retry-After), never an automatic retry of a call creation, errors mapped to the CLI's exit
// codes with the platform's own message and what to do about it, and responses passed through untouched.
import { Agent, FormData, request, errors as undiciErrors } from 'undici';
import { systemMillis } from '../../core/time/system-clock.ts';
import { CliError, EXIT, type ExitCode } from '../errors.ts';
import { escapeControl } from '../output/escape.ts';

/** Default deadline of one request, retries and their waits included, ms. */
export const DEFAULT_TIMEOUT_MS = 30_000;

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
  /** Creates a call: never retried, and a failure that may have created one says to check `call list`. */
  createsCall?: boolean;
  /** What a 404 means for this request, e.g. "assistant 1234 not found"; the platform's message follows it. */
  notFound?: string;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  data: T;
}

export interface ClientOptions {
  baseUrl: string;
  apiKey?: string;
  /** Deadline of one request, ms: every attempt, retry wait and body read of it (default 30 s). */
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
  /** Appended to 401/403 messages: where the key came from and what to do (never the key itself). */
  authHint?: string;
  /** Appended to "cannot reach <url>": which setting chose the URL and how to change it. */
  unreachableHint?: string;
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
    if (message) return `${status} ${escapeControl(message)}`;
  }
  // The body is the server's text: shown on one line, its control characters escaped.
  const text = escapeControl(raw.trim());
  return text ? `${status} ${text.length > 500 ? `${text.slice(0, 500)}…` : text}` : `HTTP ${status}`;
}

/** Said when a call creation failed in a way that may still have created the call. */
export const CALL_MAY_EXIST =
  'a call may have been created anyway: check `homerounds call list` before retrying (call creation is never retried automatically)';

/** Network errors that happen before a request is sent: a call creation that met one certainly created nothing. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** Seconds or HTTP date → ms; undefined if absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
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
    const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
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
    const noRetry = req.retry === false || req.createsCall === true;
    const idempotent = !noRetry && method !== 'POST' && method !== 'PATCH';
    const maxRetries = noRetry ? 0 : (this.options.retries ?? 3);
    const url = this.url(req.path, req.query);
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    const random = this.options.random ?? Math.random;
    const debug = this.options.debug;
    const json = req.body !== undefined && !req.form;
    const headers = this.headers(json);
    const payload = req.form ?? (json ? JSON.stringify(req.body) : undefined);
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    // One deadline for the whole request: a hanging server or a long run of retries ends at the same time.
    const deadline = performance.now() + timeoutMs;
    const remaining = () => deadline - performance.now();
    const callHint = (sent: boolean) => (req.createsCall && sent ? `; ${CALL_MAY_EXIST}` : '');
    const timedOutError = (attempts: number) =>
      new CliError(
        `${method} ${req.path} timed out: no answer from ${this.baseUrl} within ${formatSeconds(timeoutMs)} ` +
          `(${attempts} attempt(s); --timeout covers retries and their waits); raise --timeout or check the server` +
          callHint(true),
        EXIT.timeout,
      );

    for (let attempt = 0; ; attempt++) {
      if (remaining() <= 0) throw timedOutError(attempt);
      const started = performance.now();
      debug?.(`> ${method} ${url}${attempt ? ` (retry ${attempt})` : ''}`);
      if (debug) for (const [k, v] of Object.entries(redactHeaders(headers))) debug(`> ${k}: ${v}`);
      const signal = AbortSignal.timeout(Math.max(1, Math.ceil(remaining())));
      let status: number;
      let responseHeaders: Record<string, string | string[] | undefined>;
      let raw: string;
      try {
        const response = await request(url, {
          method: method as 'GET',
          headers,
          body: payload,
          dispatcher: this.agent,
          signal,
        });
        status = response.statusCode;
        responseHeaders = response.headers;
        raw = await response.body.text();
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        const timedOut =
          signal.aborted ||
          error instanceof undiciErrors.HeadersTimeoutError ||
          error instanceof undiciErrors.BodyTimeoutError ||
          error instanceof undiciErrors.ConnectTimeoutError;
        debug?.(
          `< network error ${code || (error as Error).message} after ${Math.round(performance.now() - started)} ms`,
        );
        // Only idempotent requests are retried on network errors: a POST may have been applied.
        if (idempotent && attempt < maxRetries && (timedOut || NETWORK_CODES.has(code))) {
          const wait = this.backoff(attempt, undefined, random);
          if (wait < remaining()) {
            this.options.notice?.(
              `${method} ${req.path}: ${code || 'timeout'}; retrying in ${(wait / 1000).toFixed(1)} s`,
            );
            await sleep(wait);
            continue;
          }
        }
        if (timedOut) throw timedOutError(attempt + 1);
        const reason = code || escapeControl((error as Error).message);
        const hint = this.options.unreachableHint ?? 'check --base-url / VAPI_BASE_URL or start the local platform';
        throw new CliError(`cannot reach ${this.baseUrl} (${reason}); ${hint}${callHint(!NOT_SENT_CODES.has(code))}`);
      }
      debug?.(`< ${status} ${method} ${req.path} in ${Math.round(performance.now() - started)} ms`);
      if (status < 400) {
        return { status, headers: responseHeaders, data: parseBody(raw, responseHeaders) as T };
      }
      let note = '';
      if (RETRY_STATUSES.has(status) && (idempotent || (status === 429 && !noRetry)) && attempt < maxRetries) {
        const retryAfter = parseRetryAfter(responseHeaders['retry-after'], systemMillis());
        const wait = this.backoff(attempt, retryAfter, random);
        if (wait < remaining()) {
          this.options.notice?.(`${method} ${req.path}: ${status}; retrying in ${(wait / 1000).toFixed(1)} s`);
          await sleep(wait);
          continue;
        }
        note = ` (not retried: the wait of ${formatSeconds(wait)} would pass the ${formatSeconds(timeoutMs)} --timeout)`;
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      throw new ApiError(status, this.describeError(req, status, errorMessage(status, body, raw)) + note, body);
    }
  }

  /** The platform's message, with what it means for this request and what to do. */
  private describeError(req: ApiRequest, status: number, message: string): string {
    if (status === 404 && req.notFound) return `${req.notFound} (${message})`;
    if ((status === 401 || status === 403) && this.options.authHint) return `${message}: ${this.options.authHint}`;
    if (req.createsCall && (status === 429 || status === 408 || status >= 500)) return `${message}; ${CALL_MAY_EXIST}`;
    return message;
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

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
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
