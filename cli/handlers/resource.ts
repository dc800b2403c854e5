// One handler for every registry endpoint: path parameters, query, body (JSON or multipart) in; the
// platform's JSON out. Lists follow pagination with --all. Never prints, never exits.
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { type Endpoint, fillPath, pathParams } from '../../core/voice-platform/registry.ts';
import { type ApiClient, FormData, type Query } from '../api/client.ts';
import { listItems } from '../api/paginate.ts';
import { CliError, EXIT, usageError } from '../errors.ts';

export interface EndpointInput {
  params: readonly string[];
  query: Query;
  body?: unknown;
  /** Multipart: a file to upload and extra fields. */
  upload?: string;
  fields?: Record<string, string>;
  all?: boolean;
  limit?: number;
  cwd: string;
  progress?: (line: string) => void;
  /** With --all/--limit: each page's new items as they arrive (NDJSON), instead of returning them. */
  onItems?: (items: unknown[]) => void;
  /** Notes for the user (stderr), e.g. that a list has more items than shown. */
  notice?: (line: string) => void;
  /** A JSON body is checked against the platform's published schema before sending unless false (--no-validate). */
  validate?: boolean;
  /** Where the body came from (--file, --data), so problems name `file:line`. */
  bodyFrom?: { file?: string; data?: string };
}

/** `key=value` pairs → a query object (repeatable --query). */
export function parsePairs(pairs: readonly string[] | undefined, flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const i = pair.indexOf('=');
    if (i <= 0) throw usageError(`${flag} expects key=value (got "${pair}")`);
    out[pair.slice(0, i)] = pair.slice(i + 1);
  }
  return out;
}

export function parseLimit(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw usageError(`--limit must be a positive integer (got "${value}")`);
  return n;
}

async function buildForm(input: EndpointInput): Promise<FormData> {
  const form = new FormData();
  if (input.upload) {
    const path = resolve(input.cwd, input.upload);
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (error) {
      throw usageError(`cannot read ${input.upload}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    form.append('file', new Blob([new Uint8Array(bytes)]), basename(path));
  }
  for (const [key, value] of Object.entries(input.fields ?? {})) form.append(key, value);
  if (input.body && typeof input.body === 'object') {
    for (const [key, value] of Object.entries(input.body as Record<string, unknown>)) {
      form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  return form;
}

/**
 * What a 404 means for an endpoint: the resource and id it names ("assistant 1234 not found", parents in
 * parentheses), or for a path without ids, that the server has no such path (a wrong base URL, an old server).
 */
export function notFoundMessage(
  endpoint: Endpoint,
  names: readonly string[],
  values: readonly string[],
  baseUrl: string,
): string {
  if (values.length === 0) return `${endpoint.method} ${endpoint.path}: not found on ${baseUrl}`;
  // `{id}` is the endpoint's own resource; `{testSuiteId}` a test-suite, `{provider}` a provider.
  const label = (name: string) =>
    name === 'id'
      ? endpoint.resource
      : name
          .replace(/Id$/, '')
          .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
          .toLowerCase();
  const named = names.map((name, i) => `${label(name)} ${values[i]}`);
  const parents = named.slice(0, -1);
  return `${named.at(-1)}${parents.length ? ` (${parents.join(', ')})` : ''} not found`;
}

export interface DeleteConsent {
  /** --yes: delete without asking. */
  yes?: boolean;
  /** Whether there is a terminal to ask on (default: stdin and stderr are TTYs). */
  interactive?: boolean;
  /** Reads one answer line (default: readline on stdin). */
  ask?: (question: string) => Promise<string>;
}

async function askOnTerminal(question: string): Promise<string> {
  const { createInterface } = await import('node:readline/promises');
  // Only reached on a terminal (stdin and stderr are TTYs): the question goes where diagnostics go.
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

/**
 * A DELETE asks first on a terminal ("Delete assistant 1234? [y/N]"); without one it needs --yes (exit 2, nothing
 * sent), so a script never deletes by accident and never hangs on a question nobody sees.
 */
export async function confirmDeletion(endpoint: Endpoint, params: readonly string[], consent: DeleteConsent) {
  if (endpoint.method !== 'DELETE' || consent.yes) return;
  const names = pathParams(endpoint.path);
  const what = params.length
    ? notFoundMessage(endpoint, names, params, '').replace(/ not found$/, '')
    : `${endpoint.method} ${endpoint.path}`;
  const command = `homerounds ${endpoint.resource} ${endpoint.verb}`;
  const interactive = consent.interactive ?? Boolean(process.stdin.isTTY && process.stderr.isTTY);
  if (!interactive) {
    throw usageError(`${command} deletes ${what}: pass --yes to confirm (there is no terminal to ask on)`);
  }
  const question = `${endpoint.verb === 'delete' ? 'Delete' : `${endpoint.verb}:`} ${what}? This cannot be undone. [y/N] `;
  const answer = await (consent.ask ?? askOnTerminal)(question);
  if (!/^\s*y(es)?\s*$/i.test(answer)) throw new CliError(`not confirmed: ${what} was not deleted`, EXIT.error);
}

export async function runEndpoint(client: ApiClient, endpoint: Endpoint, input: EndpointInput): Promise<unknown> {
  const names = pathParams(endpoint.path);
  if (input.params.length !== names.length) {
    throw usageError(
      `${endpoint.resource} ${endpoint.verb} needs ${names.map((n) => `<${n}>`).join(' ') || 'no arguments'}`,
    );
  }
  const path = fillPath(endpoint.path, input.params);
  const notFound = notFoundMessage(endpoint, names, input.params, client.baseUrl);
  if (endpoint.list) {
    return listItems(client, {
      path,
      style: endpoint.list,
      query: input.query,
      all: input.all ?? false,
      limit: input.limit,
      progress: input.progress,
      notice: input.notice,
      notFound,
      onItems: input.onItems,
    });
  }
  if (endpoint.body === 'multipart') {
    if (!input.upload && endpoint.method === 'POST')
      throw usageError(`${endpoint.resource} ${endpoint.verb} needs --upload <path>`);
    const form = await buildForm(input);
    const { data } = await client.request({
      method: endpoint.method,
      path,
      query: input.query,
      form,
      retry: false,
      notFound,
    });
    return data;
  }
  const body = endpoint.body === 'json' ? (input.body ?? {}) : input.body;
  if (endpoint.body === 'json' && input.validate !== false) {
    const { assertValidBody } = await import('./validate-body.ts');
    await assertValidBody(endpoint, body, { ...input.bodyFrom, cwd: input.cwd });
  }
  const { data } = await client.request({
    method: endpoint.method,
    path,
    query: input.query,
    body,
    createsCall: endpoint.createsCall,
    notFound,
  });
  return data;
}
