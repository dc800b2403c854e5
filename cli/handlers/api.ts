// `homerounds api <METHOD> <path>`: any request to the voice platform with the CLI's credentials, deadline,
// retries and exit codes (as `gh api`), and the call artifacts that answer 302 to a presigned URL (printed, or
// downloaded with --save). Never prints, never exits.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { type Endpoint, matchEndpoint, pathParams } from '../../core/voice-platform/registry.ts';
import type { ApiClient, Query } from '../api/client.ts';
import { listItems } from '../api/paginate.ts';
import { CliError, EXIT, usageError } from '../errors.ts';
import { notFoundMessage } from './resource.ts';

export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ApiMethod = (typeof API_METHODS)[number];

export function parseMethod(value: string): ApiMethod {
  const method = value.toUpperCase();
  if (!(API_METHODS as readonly string[]).includes(method)) {
    throw usageError(`unknown method "${value}": use one of ${API_METHODS.join(', ')}`);
  }
  return method as ApiMethod;
}

/**
 * `/assistant?limit=5` → path and query. A full URL is refused: the base URL comes from --base-url, --local or
 * the profile, so that the API key is only ever sent where the user pointed the CLI.
 */
export function parseApiPath(value: string): { path: string; query: Record<string, string> } {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) {
    throw usageError(
      `give a path such as /assistant, not a URL ("${value}"); choose the server with --base-url or --local`,
    );
  }
  const url = new URL(value.startsWith('/') ? value : `/${value}`, 'http://path.invalid');
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    throw usageError(`malformed percent-escape in ${value}`);
  }
  const unfilled = /\{[^}]*\}/.exec(decoded);
  if (unfilled) throw usageError(`fill the path parameter ${unfilled[0]} in ${value}`);
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

export interface ApiInput {
  method: ApiMethod;
  path: string;
  /** Query from the path and -q (-q wins). */
  query: Query;
  body?: unknown;
  paginate?: boolean;
  progress?: (line: string) => void;
  notice?: (line: string) => void;
  /** With --paginate: each page's new items as they arrive (NDJSON), instead of returning them. */
  onItems?: (items: unknown[]) => void;
}

export interface ApiResult {
  /** The registry endpoint the request matched, if any. */
  endpoint?: Endpoint;
  status: number;
  data: unknown;
}

/** The registry's reading of a concrete request, and what its 404 means. */
function describe(client: ApiClient, method: string, path: string): { endpoint?: Endpoint; notFound: string } {
  let match: ReturnType<typeof matchEndpoint>;
  try {
    match = matchEndpoint(method, path);
  } catch {
    match = undefined; // a malformed percent-escape: the server will say what it makes of it
  }
  if (!match) return { notFound: `${method} ${path}: not found on ${client.baseUrl}` };
  const names = pathParams(match.endpoint.path);
  return {
    endpoint: match.endpoint,
    notFound: notFoundMessage(match.endpoint, names, match.params, client.baseUrl),
  };
}

export async function runApi(client: ApiClient, input: ApiInput): Promise<ApiResult> {
  const { endpoint, notFound } = describe(client, input.method, input.path);
  if (input.paginate) {
    if (input.method !== 'GET') throw usageError('--paginate follows the pages of a GET list');
    // A list the registry knows pages in its own style. Otherwise the first answer decides: a path the registry
    // knows as unpaged, or an answer that is no list, is the whole result.
    let style = endpoint?.list;
    if (!style) {
      const first = await client.request({ method: 'GET', path: input.path, query: input.query, notFound });
      if (!endpoint && Array.isArray(first.data)) style = 'v1';
      else if (!endpoint && isPaginated(first.data)) style = 'paginated';
      else return { endpoint, status: first.status, data: first.data };
    }
    const data = await listItems(client, {
      path: input.path,
      style,
      query: input.query,
      all: true,
      progress: input.progress,
      notice: input.notice,
      notFound,
      onItems: input.onItems,
    });
    return { endpoint, status: 200, data };
  }
  const response = await client.request({
    method: input.method,
    path: input.path,
    query: input.query,
    body: input.body,
    // A call creation is never retried, whichever command sends it.
    createsCall: endpoint?.createsCall,
    notFound,
  });
  const location = header(response.headers.location);
  if (response.status >= 300 && response.status < 400 && location) {
    return { endpoint, status: response.status, data: { status: response.status, location } };
  }
  return { endpoint, status: response.status, data: response.data };
}

function isPaginated(data: unknown): boolean {
  return !!data && typeof data === 'object' && Array.isArray((data as { results?: unknown }).results);
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export interface ArtifactResult {
  url: string;
  /** Where it was saved (--save), and how many bytes. */
  file?: string;
  bytes?: number;
}

/**
 * A call artifact (recording, pcap, logs): the platform answers 302 to a short-lived presigned URL. Returns the
 * URL, or with `save` downloads it there (`-` = stdout). The storage host never sees the API key: the download
 * is a plain GET of the presigned URL. `idleMs` bounds each wait for the storage host (a long recording may
 * take longer in total).
 */
export async function fetchArtifact(
  client: ApiClient,
  endpoint: Endpoint,
  callId: string,
  options: { save?: string; cwd: string; idleMs: number; stdout?: NodeJS.WritableStream },
): Promise<ArtifactResult> {
  const path = endpoint.path.replace('{id}', encodeURIComponent(callId));
  const notFound = notFoundMessage(endpoint, pathParams(endpoint.path), [callId], client.baseUrl);
  const response = await client.request({ method: 'GET', path, notFound });
  const location = header(response.headers.location);
  if (!location) {
    throw new CliError(
      `GET ${path} answered ${response.status} without a Location header; the platform gives artifacts as a 302 to a download URL (try homerounds api GET ${path})`,
    );
  }
  const url = new URL(location, `${client.baseUrl}/`).toString();
  if (!options.save) return { url };
  const bytes = await download(url, options.save === '-' ? '-' : resolve(options.cwd, options.save), options);
  return { url, file: options.save, bytes };
}

async function download(
  url: string,
  target: string,
  options: { idleMs: number; stdout?: NodeJS.WritableStream },
): Promise<number> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const idle = () => {
    clearTimeout(timer);
    timer = setTimeout(() => abort.abort(), options.idleMs);
  };
  const shown = new URL(url);
  const where = `${shown.origin}${shown.pathname}`; // the query holds the signature: not shown
  idle();
  let bytes = 0;
  try {
    const response = await fetch(url, { redirect: 'follow', signal: abort.signal });
    if (!response.ok || !response.body) {
      throw new CliError(
        `download from ${where} answered ${response.status}; presigned URLs are short-lived, so run the command again`,
      );
    }
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        idle();
        done(null, chunk);
      },
    });
    const source = Readable.fromWeb(response.body as WebReadableStream);
    if (target === '-') {
      await pipeline(source, count, options.stdout ?? process.stdout, { end: false });
      return bytes;
    }
    // Written beside the target and renamed when complete: a failed download leaves no half file, and never
    // removes a file that was there before.
    const partial = `${target}.${process.pid}.part`;
    try {
      await pipeline(source, count, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return bytes;
  } catch (error) {
    if (error instanceof CliError) throw error;
    if (abort.signal.aborted) {
      throw new CliError(
        `download from ${where} stalled: nothing received for ${options.idleMs / 1000} s (--timeout)`,
        EXIT.timeout,
      );
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code && target !== '-' && /^E(ACCES|NOENT|ISDIR|ROFS|NOTDIR)$/.test(code)) {
      throw usageError(`cannot write ${target}: ${code}`);
    }
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new CliError(`download from ${where} failed: ${cause ?? code ?? (error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
