// The API client's errors say what to do: one deadline bounds a request with its retries (a hanging server ends
// at --timeout, not after every attempt's own timeout), a 404 names what was not found, a 401 where the key came
// from, an unreachable server which setting chose it, and a call creation that may have happened says to look
// at `call list` before retrying.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, CALL_MAY_EXIST } from '../../../cli/api/client.ts';
import { CliError, EXIT } from '../../../cli/errors.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function failure(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof CliError)) throw new Error(`expected a CliError, got ${String(error)}`);
  return error;
}

describe('one deadline per request, retries included', () => {
  it('a hanging server ends at the deadline (exit 5) even with retries left', async () => {
    const s = await serve(() => undefined); // accepts, never answers
    const client = new ApiClient({ baseUrl: s.url, timeoutMs: 600, retries: 3, backoffMs: 10 });
    const started = performance.now();
    const error = await failure(client.request({ method: 'GET', path: '/assistant' }));
    const elapsed = performance.now() - started;
    await client.close();
    expect(error.exitCode).toBe(EXIT.timeout);
    expect(error.message).toMatch(/^GET \/assistant timed out: no answer from http:\/\/127\.0\.0\.1:\d+ within 0\.6 s/);
    expect(error.message).toContain('raise --timeout');
    expect(elapsed).toBeGreaterThanOrEqual(550);
    expect(elapsed).toBeLessThan(3000);
  });

  it('stops retrying when the next wait would pass the deadline, saying so', async () => {
    const s = await serve((_req, res) => send(res, 503, { message: 'busy' }, { 'retry-after': '5' }));
    const waits: number[] = [];
    const client = new ApiClient({
      baseUrl: s.url,
      timeoutMs: 2000,
      sleep: async (ms) => void waits.push(ms),
    });
    const error = await failure(client.request({ method: 'GET', path: '/tool' }));
    await client.close();
    expect(waits).toEqual([]);
    expect(s.requests).toHaveLength(1);
    expect(error.message).toBe('503 busy (not retried: the wait of 5 s would pass the 2 s --timeout)');
  });
});

describe('errors with context', () => {
  it('a 404 names the resource and id; a 401 says where the key came from', async () => {
    const s = await serve((req, res) =>
      req.url === '/assistant/1234'
        ? send(res, 404, { statusCode: 404, message: 'Not Found' })
        : send(res, 401, { statusCode: 401, message: 'Invalid Key' }),
    );
    const client = new ApiClient({
      baseUrl: s.url,
      apiKey: 'sk-x',
      authHint: 'the key came from the VAPI_API_KEY environment variable',
    });
    const missing = await failure(
      client.request({ method: 'GET', path: '/assistant/1234', notFound: 'assistant 1234 not found' }),
    );
    const rejected = await failure(client.request({ method: 'GET', path: '/org' }));
    await client.close();
    expect([missing.exitCode, missing.message]).toEqual([EXIT.notFound, 'assistant 1234 not found (404 Not Found)']);
    expect([rejected.exitCode, rejected.message]).toEqual([
      EXIT.auth,
      '401 Invalid Key: the key came from the VAPI_API_KEY environment variable',
    ]);
  });

  it('a call creation answered 429 is sent once and says to check call list before retrying', async () => {
    const s = await serve((_req, res) => send(res, 429, { message: 'Too Many Requests' }, { 'retry-after': '0' }));
    const client = new ApiClient({ baseUrl: s.url, retries: 3 });
    const error = await failure(client.request({ method: 'POST', path: '/call', body: {}, createsCall: true }));
    await client.close();
    expect(s.requests).toEqual(['POST /call']);
    expect(error.message).toBe(`429 Too Many Requests; ${CALL_MAY_EXIST}`);
    expect(error.message).toContain('homerounds call list');
  });

  it('an unreachable server gets the hint of the setting that chose the URL', async () => {
    const client = new ApiClient({
      baseUrl: 'http://127.0.0.1:9',
      retries: 0,
      unreachableHint: 'set HOMEROUNDS_LOCAL_URL to the URL npm start prints',
    });
    const error = await failure(client.request({ method: 'GET', path: '/assistant' }));
    await client.close();
    expect(error.message).toBe(
      'cannot reach http://127.0.0.1:9 (ECONNREFUSED); set HOMEROUNDS_LOCAL_URL to the URL npm start prints',
    );
  });
});
