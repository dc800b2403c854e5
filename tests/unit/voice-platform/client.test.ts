// The CLI's API client against a local node:http server: retries and backoff, Retry-After, no retry of call
// creation, error mapping, redaction, connection reuse, pagination (cursor), credentials precedence.
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, ApiError, errorMessage, parseRetryAfter, redactHeaders } from '../../../cli/api/client.ts';
import { listItems } from '../../../cli/api/paginate.ts';
import { readConfig, resolveConnection, writeConfig } from '../../../cli/config/credentials.ts';
import { EXIT } from '../../../cli/errors.ts';
import { locateJsonError, parseDocumentText } from '../../../cli/handlers/input.ts';
import { LOCAL_VOICE_PRIVATE_KEY } from '../../../emulators/voice/keys.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;
const servers: Array<() => Promise<void>> = [];

async function serve(handler: Handler) {
  let n = 0;
  const sockets = new Set<unknown>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    n += 1;
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    handler(req, res, n);
  });
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, sockets };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

function client(url: string, extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) {
  const waits: number[] = [];
  const c = new ApiClient({
    baseUrl: url,
    apiKey: 'sk-test-secret',
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 1,
    ...extra,
  });
  return { c, waits };
}

describe('ApiClient', () => {
  it('retries 429 honouring Retry-After and 5xx with exponential backoff, then succeeds', async () => {
    const s = await serve((_req, res, n) => {
      if (n === 1) return send(res, 429, { statusCode: 429, message: 'slow down' }, { 'retry-after': '2' });
      if (n === 2) return send(res, 502, 'bad gateway');
      send(res, 200, [{ id: 'a', futureField: { nested: true } }]);
    });
    const { c, waits } = client(s.url, { backoffMs: 100 });
    const { data } = await c.request({ method: 'GET', path: '/assistant' });
    await c.close();
    expect(data).toEqual([{ id: 'a', futureField: { nested: true } }]);
    expect(waits).toEqual([2000, 200]);
    expect(s.requests).toHaveLength(3);
  });

  it('gives up after the retries with the platform message', async () => {
    const s = await serve((_req, res) => send(res, 503, { statusCode: 503, message: ['a', 'b'], error: 'x' }));
    const { c, waits } = client(s.url, { retries: 2, backoffMs: 10 });
    const error = await c.request({ method: 'GET', path: '/tool' }).catch((e: unknown) => e);
    await c.close();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('503 a; b');
    expect((error as ApiError).exitCode).toBe(EXIT.error);
    expect(waits).toHaveLength(2);
  });

  it('never retries a call creation, and POSTs only on 429', async () => {
    const s = await serve((req, res) =>
      send(res, req.url === '/tool' ? 429 : 500, { message: 'no' }, { 'retry-after': '0' }),
    );
    const { c } = client(s.url);
    await expect(c.request({ method: 'POST', path: '/call', body: {}, retry: false })).rejects.toThrow('500 no');
    await expect(c.request({ method: 'POST', path: '/squad', body: {} })).rejects.toThrow('500 no');
    await expect(c.request({ method: 'POST', path: '/tool', body: {} })).rejects.toThrow('429 no');
    await c.close();
    expect(s.requests.filter((r) => r === 'POST /call')).toHaveLength(1);
    expect(s.requests.filter((r) => r === 'POST /squad')).toHaveLength(1);
    expect(s.requests.filter((r) => r === 'POST /tool')).toHaveLength(4);
  });

  it('maps 401/403 to 3, 404 to 4, and reads raw bodies', async () => {
    const s = await serve((req, res) => {
      if (req.url === '/a') return send(res, 401, { statusCode: 401, message: 'Invalid Key', error: 'Unauthorized' });
      if (req.url === '/b') return send(res, 403, 'Forbidden by policy');
      send(res, 404, { statusCode: 404, message: 'Not Found', error: 'Not Found' });
    });
    const { c } = client(s.url);
    const codes = await Promise.all(
      ['/a', '/b', '/c'].map((path) =>
        c.request({ method: 'GET', path }).catch((e: ApiError) => [e.exitCode, e.message]),
      ),
    );
    await c.close();
    expect(codes).toEqual([
      [EXIT.auth, '401 Invalid Key'],
      [EXIT.auth, '403 Forbidden by policy'],
      [EXIT.notFound, '404 Not Found'],
    ]);
  });

  it('reuses one connection, redacts the key in debug logs, and times out with exit 5', async () => {
    const s = await serve((req, res) => {
      if (req.url === '/slow') return; // never answers
      send(res, 200, { ok: true });
    });
    const lines: string[] = [];
    const { c } = client(s.url, { debug: (l) => lines.push(l), timeoutMs: 200, retries: 0 });
    for (let i = 0; i < 6; i++) await c.request({ method: 'GET', path: '/org' });
    // One pool: sockets are kept alive and reused (undici may open a second while the first settles).
    expect(s.sockets.size).toBeLessThanOrEqual(2);
    expect(lines.join('\n')).toContain('authorization: Bearer [REDACTED]');
    expect(lines.join('\n')).not.toContain('sk-test-secret');
    const error = (await c.request({ method: 'GET', path: '/slow' }).catch((e: unknown) => e)) as ApiError;
    await c.close();
    expect(error.exitCode).toBe(EXIT.timeout);
  });

  it('follows cursors and page numbers of paginated lists', async () => {
    const s = await serve((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/v2/call') {
        const cursor = url.searchParams.get('cursor');
        if (!cursor) return send(res, 200, { results: [{ id: 1 }, { id: 2 }], metadata: { nextCursor: 'c2' } });
        return send(res, 200, { results: [{ id: 3 }], metadata: { nextCursor: null } });
      }
      const page = Number(url.searchParams.get('page'));
      send(res, 200, {
        results: page <= 3 ? [{ id: page }] : [],
        metadata: { currentPage: page, totalPages: 3, itemsPerPage: 1, totalItems: 3 },
      });
    });
    const { c } = client(s.url);
    expect(await listItems(c, { path: '/v2/call', style: 'paginated', query: {}, all: true })).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
    ]);
    expect(await listItems(c, { path: '/chat', style: 'paginated', query: { limit: 1 }, all: true })).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
    ]);
    await c.close();
  });

  it('formats messages and Retry-After', () => {
    expect(errorMessage(400, { statusCode: 400, message: ['name must be a string', 'x'] }, '')).toBe(
      '400 name must be a string; x',
    );
    expect(errorMessage(500, 'oops', 'oops')).toBe('500 oops');
    expect(errorMessage(502, null, '')).toBe('HTTP 502');
    const now = Date.parse('2026-10-28T14:30:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    // An HTTP date: the wait from `now` until then, never negative.
    expect(parseRetryAfter('Wed, 28 Oct 2026 14:30:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 28 Oct 2026 14:29:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(redactHeaders({ authorization: 'Bearer abc', accept: 'x' })).toEqual({
      authorization: 'Bearer [REDACTED]',
      accept: 'x',
    });
  });
});

describe('credentials', () => {
  it('prefers --api-key, then VAPI_API_KEY, then the config file; regions and --local', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'homerounds-cfg-'));
    const path = join(dir, 'sub', 'config.json');
    await writeConfig(path, { apiKey: 'from-config', baseUrl: 'https://example.test' });
    const env = { HOMEROUNDS_CONFIG: path };
    expect(await readConfig(path)).toMatchObject({ apiKey: 'from-config' });
    expect(await resolveConnection({}, env)).toMatchObject({
      apiKey: 'from-config',
      keySource: 'config',
      baseUrl: 'https://example.test',
    });
    expect(await resolveConnection({}, { ...env, VAPI_API_KEY: 'e' })).toMatchObject({ apiKey: 'e', keySource: 'env' });
    expect(await resolveConnection({ apiKey: 'f', region: 'eu' }, { ...env, VAPI_API_KEY: 'e' })).toMatchObject({
      apiKey: 'f',
      keySource: 'flag',
      baseUrl: 'https://api.eu.vapi.ai',
    });
    expect(
      await resolveConnection({ apiKey: 'f' }, { VAPI_BASE_URL: 'http://b/', HOMEROUNDS_CONFIG: join(dir, 'none') }),
    ).toMatchObject({
      baseUrl: 'http://b',
      baseUrlSource: 'env',
    });
    expect(await resolveConnection({ apiKey: 'f' }, { HOMEROUNDS_CONFIG: join(dir, 'none') })).toMatchObject({
      baseUrl: 'https://api.vapi.ai',
      baseUrlSource: 'default',
    });
    expect(
      await resolveConnection({ local: true }, { ...env, HOMEROUNDS_LOCAL_URL: 'http://127.0.0.1:9999' }, async () => ({
        voicePrivateKey: LOCAL_VOICE_PRIVATE_KEY,
        adminSecret: 'admin',
        toolsSecret: 'tools',
      })),
    ).toMatchObject({
      apiKey: LOCAL_VOICE_PRIVATE_KEY,
      keySource: 'local',
      baseUrl: 'http://127.0.0.1:9999',
    });
    await expect(resolveConnection({ region: 'mars', apiKey: 'k' }, env)).rejects.toMatchObject({
      exitCode: EXIT.usage,
    });
  });
});

describe('input parsing', () => {
  it('locates JSON errors by line and column', async () => {
    expect(locateJsonError('{"a": 1,}')).toEqual({ offset: 8, reason: 'expected a double-quoted property name' });
    expect(locateJsonError('[1, 2')).toEqual({ offset: 5, reason: 'unexpected end of input' });
    await expect(parseDocumentText('{\n  "a": tru\n}', 'x.json')).rejects.toThrow('x.json:2:8: malformed JSON');
    await expect(parseDocumentText('a: 1\nb: [\n', 'x.yaml')).rejects.toThrow(/x\.yaml:\d+:\d+: malformed YAML/);
    expect(await parseDocumentText('name: x\nlist: [1, 2]\n', 'x.yml')).toEqual({ name: 'x', list: [1, 2] });
  });
});
