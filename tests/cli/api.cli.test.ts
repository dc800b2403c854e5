// `homerounds api <METHOD> <path>` spawned (from source) against the local platform: GET/POST/PATCH/DELETE, -q,
// --paginate over both list styles, exit 4 on a 404 and 2 on a bad method (nothing sent); against stub servers:
// a POST /call answered 503 is sent once, and the call artifacts' 302 is printed or downloaded without the key.
// In-process: the typed commands of the groups added for full coverage round-trip on the local platform.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program.ts';
import { type CliRun, runHomerounds } from '../support/run-cli.ts';
import { bulkInsert, runLocal, startVoicePlatform, type VoicePlatform } from '../support/voice-platform.ts';

// From source: the test needs no build (and writes nothing into dist/).
const FROM_SOURCE = { HOMEROUNDS_FROM_SOURCE: '1' };
const NO_CONFIG = { HOMEROUNDS_CONFIG: '/nonexistent/homerounds.json' };
const tmp = mkdtempSync(join(tmpdir(), 'homerounds-api-'));
let platform: VoicePlatform;

beforeAll(async () => {
  platform = await startVoicePlatform();
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

function api(args: string[], options: { input?: string } = {}): Promise<CliRun> {
  return runLocal(platform, ['api', ...args], { ...options, env: FROM_SOURCE });
}

function json<T = Record<string, unknown>>(run: CliRun): T {
  if (run.code !== 0) throw new Error(`exit ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

describe('homerounds api against the local platform', () => {
  it('creates, reads, updates and deletes through any path; a deleted one is a 404 (exit 4)', async () => {
    const created = json(await api(['POST', '/assistant', '--data', '{"name":"Passthrough"}']));
    expect(created).toMatchObject({ name: 'Passthrough' });
    const id = String(created.id);

    expect(json(await api(['GET', `/assistant/${id}`]))).toMatchObject({ id, name: 'Passthrough' });

    const body = join(tmp, 'patch.yaml');
    writeFileSync(body, 'name: Renamed\nfirstMessage: Hello\n');
    expect(json(await api(['PATCH', `/assistant/${id}`, '--file', body]))).toMatchObject({
      id,
      name: 'Renamed',
      firstMessage: 'Hello',
    });
    expect(json(await api(['GET', `/assistant/${id}`]))).toMatchObject({ name: 'Renamed' });

    expect(json(await api(['DELETE', `/assistant/${id}`]))).toMatchObject({ id });
    const gone = await api(['GET', `/assistant/${id}`]);
    expect(gone.code).toBe(4);
    expect(gone.stdout).toBe('');
    expect(gone.stderr).toContain(`assistant ${id} not found`);
  }, 60_000);

  it('passes -q parameters and the query of the path (-q wins)', async () => {
    await bulkInsert(platform.db, 'squad', 5, 'q-squad');
    expect(json<unknown[]>(await api(['GET', '/squad', '-q', 'limit=2']))).toHaveLength(2);
    expect(json<unknown[]>(await api(['GET', '/squad?limit=4']))).toHaveLength(4);
    expect(json<unknown[]>(await api(['GET', '/squad?limit=4', '-q', 'limit=1']))).toHaveLength(1);
  }, 60_000);

  it('--paginate follows both list styles to the end, one JSON array, each item once', async () => {
    await bulkInsert(platform.db, 'tool', 7, 'page-tool');
    // v1: a bare array paged by createdAtLe, 3 at a time.
    const v1 = json<Array<{ id: string; name: string }>>(
      await api(['GET', '/tool', '-q', 'limit=3', '--paginate']),
    ).filter((t) => t.name?.startsWith('page-tool-'));
    expect(v1).toHaveLength(7);
    expect(new Set(v1.map((t) => t.id)).size).toBe(7);
    // paginated: {results, metadata}, 2 a page.
    await bulkInsert(platform.db, 'session', 5, 'page-session');
    const run = await api(['GET', '/session', '-q', 'limit=2', '--paginate']);
    const sessions = json<Array<{ name: string }>>(run).filter((s) => s.name?.startsWith('page-session-'));
    expect(sessions.map((s) => s.name)).toEqual([1, 2, 3, 4, 5].map((n) => `page-session-${n}`));
    expect(run.stderr).toMatch(/fetched \d+ item\(s\)/);
  }, 60_000);

  it('a path the platform does not have exits 4 and names it', async () => {
    const run = await api(['GET', '/no-such-resource']);
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('GET /no-such-resource: not found on');
  }, 30_000);

  it('refuses a bad method, a URL in place of a path, and --paginate on a POST with exit 2, sending nothing', async () => {
    const before = json<unknown[]>(await api(['GET', '/structured-output']));
    for (const args of [
      ['FETCH', '/structured-output'],
      ['GET', 'https://api.example.com/structured-output'],
      ['POST', '/structured-output', '--paginate', '--data', '{"name":"x"}'],
      ['GET', '/structured-output', '--data', '{"name":"x"}'],
    ]) {
      const run = await api(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
    }
    expect(json<unknown[]>(await api(['GET', '/structured-output']))).toHaveLength(before.length);
    expect((await api(['FETCH', '/assistant'])).stderr).toContain('unknown method "FETCH"');
  }, 60_000);
});

// ─── Stub servers ──────────────────────────────────────────────────────────────────────────────────────────

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

async function stub(handler: (seen: Seen, res: ServerResponse, origin: string) => void) {
  const seen: Seen[] = [];
  let origin = '';
  const server: Server = createServer((req, res) => {
    const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers };
    seen.push(entry);
    req.resume();
    req.on('end', () => handler(entry, res, origin));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function hosted(args: string[], origin: string): Promise<CliRun> {
  return runHomerounds([...args, '--base-url', origin], {
    env: { ...FROM_SOURCE, ...NO_CONFIG, VAPI_API_KEY: 'sk-test-key', HOMEROUNDS_BACKOFF_MS: '1' },
  });
}

describe('homerounds api against a stub server', () => {
  it('never retries a POST /call (503 → one request, exit 1, says to check call list); retries a GET', async () => {
    const server = await stub((_seen, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 503, message: 'busy' }));
    });
    try {
      const post = await hosted(
        ['api', 'POST', '/call', '--data', '{"assistantId":"a"}', '--retries', '3'],
        server.origin,
      );
      expect(post.code).toBe(1);
      expect(post.stderr).toContain('call list');
      expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /call']);

      server.seen.length = 0;
      const get = await hosted(['api', 'GET', '/call', '--retries', '2'], server.origin);
      expect(get.code).toBe(1);
      expect(server.seen).toHaveLength(3);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('--paginate on a path the registry does not know pages in the style of the first answer', async () => {
    const server = await stub((seen, res) => {
      const page = Number(new URL(seen.url, 'http://x').searchParams.get('page') ?? '1');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ results: [{ id: `w${page}` }], metadata: { currentPage: page, totalPages: 3 } }));
    });
    try {
      const run = await hosted(['api', 'GET', '/future/widgets', '--paginate'], server.origin);
      expect(JSON.parse(run.stdout)).toEqual([{ id: 'w1' }, { id: 'w2' }, { id: 'w3' }]);
      expect(server.seen.map((s) => new URL(s.url, 'http://x').searchParams.get('page'))).toEqual([
        null,
        '1',
        '2',
        '3',
      ]);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('call artifacts: prints the presigned URL, or downloads it with --save without sending the key', async () => {
    const recording = Buffer.from([0x52, 0x49, 0x46, 0x46, 0x00, 0xff, 0x10, 0x80]);
    const server = await stub((seen, res, origin) => {
      if (seen.url === '/call/c-1/stereo-recording') {
        res.writeHead(302, { location: `${origin}/bucket/c-1.wav?X-Amz-Signature=abc` });
        res.end();
      } else if (seen.url.startsWith('/bucket/c-1.wav')) {
        res.writeHead(200, { 'content-type': 'audio/wav' });
        res.end(recording);
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ statusCode: 404, message: 'Artifact not found.' }));
      }
    });
    try {
      const printed = await hosted(['call', 'stereo-recording', 'c-1'], server.origin);
      expect(printed.code).toBe(0);
      expect(printed.stdout).toBe(`${server.origin}/bucket/c-1.wav?X-Amz-Signature=abc\n`);

      server.seen.length = 0;
      const file = join(tmp, 'c-1.wav');
      const saved = await hosted(['call', 'stereo-recording', 'c-1', '--save', file, '--json'], server.origin);
      expect(saved.code).toBe(0);
      expect(JSON.parse(saved.stdout)).toMatchObject({ file, bytes: recording.length });
      expect(readFileSync(file)).toEqual(recording);
      const [asked, fetched] = server.seen;
      expect(asked?.headers.authorization).toBe('Bearer sk-test-key');
      expect(fetched?.url).toBe('/bucket/c-1.wav?X-Amz-Signature=abc');
      expect(fetched?.headers.authorization).toBeUndefined();

      const missing = await hosted(['call', 'pcap', 'c-2'], server.origin);
      expect(missing.code).toBe(4);
      expect(missing.stderr).toContain('call c-2 not found');

      const raw = await hosted(['api', 'GET', '/call/c-1/stereo-recording'], server.origin);
      expect(JSON.parse(raw.stdout)).toEqual({
        status: 302,
        location: `${server.origin}/bucket/c-1.wav?X-Amz-Signature=abc`,
      });
    } finally {
      await server.close();
    }
  }, 60_000);
});

// ─── Typed commands of the groups added for coverage, in-process on the local platform ─────────────────────

async function local(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli([...args, '--local', '--json'], {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env: { HOMEROUNDS_LOCAL_URL: platform.url, ...NO_CONFIG },
    cwd: tmp,
  });
  return { code, stdout, stderr };
}

async function ok<T = Record<string, unknown>>(args: string[]): Promise<T> {
  const run = await local(args);
  if (run.code !== 0) throw new Error(`homerounds ${args.join(' ')} → ${run.code}\n${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

describe('typed commands of evals, simulations, reporting, scorecards, v2 knowledge bases and v2 campaigns', () => {
  const groups: Array<[topic: string, body: Record<string, unknown>, patch: Record<string, unknown>]> = [
    ['eval', { type: 'chat.mockConversation', messages: [], name: 'e' }, { name: 'e2' }],
    ['simulation-personality', { name: 'p', assistant: {} }, { name: 'p2' }],
    ['simulation-scenario', { name: 's', instructions: 'x', evaluations: [] }, { name: 's2' }],
    ['simulation-suite', { name: 'u', simulationIds: [] }, { name: 'u2' }],
    ['simulation', { name: 'm', scenarioId: randomUUID(), personalityId: randomUUID() }, { name: 'm2' }],
    ['insight', { name: 'i', type: 'bar', queries: [] }, { name: 'i2' }],
    ['board', { name: 'b', layout: { columns: 6 } }, { name: 'b2' }],
    ['scorecard', { name: 'c', metrics: [] }, { name: 'c2' }],
    ['knowledge-base-v2', { name: 'k' }, { name: 'k2' }],
  ];

  it.each(groups)('%s: create, list, get, update, delete', async (topic, body, patch) => {
    const created = await ok([topic, 'create', '--data', JSON.stringify(body)]);
    const id = String(created.id);
    expect((await ok<Array<{ id: string }>>([topic, 'list'])).map((x) => x.id)).toContain(id);
    expect(await ok([topic, 'get', id])).toMatchObject(body);
    expect(await ok([topic, 'update', id, '--data', JSON.stringify(patch)])).toMatchObject(patch);
    await ok([topic, 'delete', id, '--yes']);
    expect((await local([topic, 'get', id])).code).toBe(4);
  });

  it('eval runs and simulation runs are created, listed and read', async () => {
    const run = await ok(['eval-run', 'create', '--data', '{"type":"eval","target":{"type":"assistant"}}']);
    expect((await ok<Array<{ id: string }>>(['eval-run', 'list'])).map((r) => r.id)).toContain(run.id);
    expect(await ok(['eval-run', 'get', String(run.id)])).toMatchObject({ type: 'eval' });
    const sim = await ok(['simulation-run', 'create', '--data', '{"simulations":[],"target":{"type":"assistant"}}']);
    expect(await ok(['simulation-run', 'get', String(sim.id)])).toMatchObject({ simulations: [] });
  });

  it('v2 campaigns are the same campaigns as v1', async () => {
    const phone = await ok(['phone-number', 'create', '--data', '{"provider":"vapi","name":"Line"}']);
    const assistant = await ok(['assistant', 'create', '--data', '{"name":"Caller"}']);
    const created = await ok([
      'campaign',
      'create-v2',
      '--data',
      JSON.stringify({
        name: 'Reminders v2',
        phoneNumberId: phone.id,
        assistantId: assistant.id,
        customers: [{ number: '+15555550100' }],
        schedulePlan: { earliestAt: '2099-01-01T09:00:00Z' }, // never dialled during the test
      }),
    ]);
    const id = String(created.id);
    expect(await ok(['campaign', 'get', id])).toMatchObject({ name: 'Reminders v2' });
    expect((await ok<Array<{ id: string }>>(['campaign', 'list-v2'])).map((c) => c.id)).toContain(id);
    expect(await ok(['campaign', 'update-v2', id, '--data', '{"name":"Renamed"}'])).toMatchObject({ name: 'Renamed' });
    await ok(['campaign', 'delete-v2', id, '--yes']);
    expect((await local(['campaign', 'get-v2', id])).code).toBe(4);
  });
});
