// `homerounds call watch` and `call end` against a stub platform with monitor URLs (a listen WebSocket that streams
// audio and JSON events, a control URL) and against the local platform (polling only): status and what is said as
// the call goes, each once, NDJSON with --json and escaped lines without; `end-call` posted to the control URL; the
// API key never sent to a monitor URL.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { runCli } from '../../cli/program.ts';
import { LOCAL_VOICE_PRIVATE_KEY, startVoicePlatform, type VoicePlatform } from '../support/voice-platform.ts';

type Json = Record<string, unknown>;

interface Stub {
  url: string;
  /** Authorization headers seen, by path ("GET /call/c1", "UPGRADE /monitor/c1/listen", "POST /monitor/c1/control"). */
  seen: Array<{ what: string; authorization?: string; body: string }>;
  calls: Map<string, Json>;
  /** What the listen socket does once open. */
  onListen: (id: string, send: (frame: string | Buffer) => void, stub: Stub) => void;
  close: () => Promise<void>;
}

async function stubPlatform(options: { listen: boolean }): Promise<Stub> {
  const seen: Stub['seen'] = [];
  const calls = new Map<string, Json>();
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ what: `${req.method} ${req.url}`, authorization: req.headers.authorization, body });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const get = /^\/call\/([^/]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && get) {
        const call = calls.get(get[1] as string);
        return call ? send(200, call) : send(404, { statusCode: 404, message: 'Call not found', error: 'Not Found' });
      }
      const control = /^\/monitor\/([^/]+)\/control$/.exec(req.url ?? '');
      if (req.method === 'POST' && control) return send(200, { ok: true });
      send(404, { statusCode: 404, message: `Cannot ${req.method} ${req.url}` });
    });
  });
  server.on('upgrade', (req, socket, head) => {
    seen.push({ what: `UPGRADE ${req.url}`, authorization: req.headers.authorization, body: '' });
    const listen = /^\/monitor\/([^/]+)\/listen$/.exec(req.url ?? '');
    if (!options.listen || !listen) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => stub.onListen(listen[1] as string, (frame) => ws.send(frame), stub));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stub: Stub = {
    url,
    seen,
    calls,
    onListen: () => {},
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return stub;
}

function call(stub: Stub, id: string, fields: Json): Json {
  const value = {
    id,
    orgId: 'org-1',
    type: 'outboundPhoneCall',
    monitor: {
      listenUrl: `${stub.url.replace('http', 'ws')}/monitor/${id}/listen`,
      controlUrl: `${stub.url}/monitor/${id}/control`,
    },
    ...fields,
  };
  stub.calls.set(id, value);
  return value;
}

async function run(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env: { HOMEROUNDS_CONFIG: '/nonexistent/homerounds.json', VAPI_API_KEY: 'sk-watch', ...env },
    cwd: process.cwd(),
  });
  return { code, stdout, stderr };
}

const events = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Json);

const stubs: Stub[] = [];
afterAll(async () => {
  await Promise.all(stubs.map((s) => s.close()));
});

describe('call watch', () => {
  it('follows the monitor stream: each status and final turn once, audio counted not printed, no key sent to it', async () => {
    const stub = await stubPlatform({ listen: true });
    stubs.push(stub);
    call(stub, 'c1', { status: 'in-progress', messages: [] });
    stub.onListen = (id, send, s) => {
      send(Buffer.alloc(640));
      send(
        JSON.stringify({
          type: 'transcript',
          role: 'assistant',
          transcriptType: 'final',
          transcript: 'Hello, this is HomeRounds.',
        }),
      );
      send(JSON.stringify({ type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'Yes' }));
      send(
        JSON.stringify({ type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'Yes, that works.' }),
      );
      // The stored call now has both turns (as the platform stores them: role "bot"): they must not repeat.
      call(s, id, {
        status: 'ended',
        endedReason: 'customer-ended-call',
        messages: [
          { role: 'system', message: 'You are…' },
          { role: 'bot', message: 'Hello, this is HomeRounds.', secondsFromStart: 0.5 },
          { role: 'user', message: 'Yes, that works.', secondsFromStart: 2 },
        ],
      });
      setTimeout(
        () =>
          send(
            JSON.stringify({ message: { type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' } }),
          ),
        50,
      );
    };
    const result = await run(['call', 'watch', 'c1', '--json', '--interval', '0.2', '--base-url', stub.url]);
    expect(result.code).toBe(0);
    const out = events(result.stdout);
    expect(out.map((e) => [e.event, e.status ?? e.text ?? e.endedReason])).toEqual([
      ['status', 'in-progress'],
      ['transcript', 'Hello, this is HomeRounds.'],
      ['transcript', 'Yes, that works.'],
      ['status', 'ended'],
      ['ended', 'customer-ended-call'],
    ]);
    expect(out[1]).toMatchObject({ role: 'assistant', source: 'listen', callId: 'c1' });
    expect(result.stderr).toContain('listening on the monitor stream');
    expect(result.stderr).toContain('audio is arriving');
    const upgrade = stub.seen.find((s) => s.what === 'UPGRADE /monitor/c1/listen');
    expect(upgrade).toBeDefined();
    expect(upgrade?.authorization).toBeUndefined();
    expect(stub.seen.find((s) => s.what === 'GET /call/c1')?.authorization).toBe('Bearer sk-watch');
  });

  it('without a stream it polls GET /call/<id>: turns as they are stored, escaped on one line each without --json', async () => {
    const stub = await stubPlatform({ listen: false });
    stubs.push(stub);
    call(stub, 'c2', { status: 'queued' });
    let polls = 0;
    const script: Json[] = [
      { status: 'queued' },
      { status: 'in-progress', messages: [{ role: 'bot', message: 'Hi\u001b[2J there', secondsFromStart: 0 }] },
      {
        status: 'ended',
        endedReason: 'assistant-ended-call',
        messages: [
          { role: 'bot', message: 'Hi\u001b[2J there' },
          { role: 'tool_calls', toolCalls: [] },
          { role: 'user', message: 'Bye\nnow' },
        ],
      },
    ];
    // Each GET moves the call one step on.
    const original = stub.calls.get.bind(stub.calls);
    stub.calls.get = (id: string) =>
      id === 'c2' ? call(stub, 'c2', script[Math.min(polls++, 2)] as Json) : original(id);
    const result = await run(['call', 'watch', 'c2', '--interval', '0.1', '--base-url', stub.url]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines.map((l) => l.replace(/^\d\d:\d\d:\d\d {2}/, ''))).toEqual([
      'status     queued',
      'status     in-progress',
      'assistant  Hi\\x1b[2J there',
      'user       Bye\\nnow',
      'status     ended',
      'ended      assistant-ended-call',
    ]);
    expect(result.stderr).toContain('answered 404');
    expect(result.stderr).toContain('by polling GET /call/c2');
  });

  it('a call that is not there exits 4 naming it; a bad --interval exits 2 before anything is sent', async () => {
    const stub = await stubPlatform({ listen: false });
    stubs.push(stub);
    const missing = await run(['call', 'watch', 'nope', '--base-url', stub.url]);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('call nope not found');
    const before = stub.seen.length;
    expect((await run(['call', 'watch', 'x', '--interval', '0', '--base-url', stub.url])).code).toBe(2);
    expect(stub.seen.length).toBe(before);
  });
});

describe('call end', () => {
  it('POSTs end-call to the control URL without the API key; an ended call is left alone', async () => {
    const stub = await stubPlatform({ listen: false });
    stubs.push(stub);
    call(stub, 'live', { status: 'in-progress' });
    const ended = await run(['call', 'end', 'live', '--json', '--base-url', stub.url]);
    expect(ended.code).toBe(0);
    expect(JSON.parse(ended.stdout)).toMatchObject({ callId: 'live', sent: true, status: 'in-progress' });
    const post = stub.seen.find((s) => s.what === 'POST /monitor/live/control');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ type: 'end-call' });
    expect(post?.authorization).toBeUndefined();

    call(stub, 'over', { status: 'ended', endedReason: 'customer-ended-call' });
    const again = await run(['call', 'end', 'over', '--base-url', stub.url]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('had already ended (customer-ended-call)');
    expect(stub.seen.some((s) => s.what === 'POST /monitor/over/control')).toBe(false);

    call(stub, 'bare', { status: 'queued', monitor: undefined });
    const bare = await run(['call', 'end', 'bare', '--base-url', stub.url]);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toContain('no monitor.controlUrl');
  });
});

describe('call watch on the local platform', () => {
  let platform: VoicePlatform;
  beforeAll(async () => {
    platform = await startVoicePlatform();
  }, 120_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('reads an outbound call through GET /call/<id> (no monitor stream served): the conversation, then the end', async () => {
    const api = async (path: string, body: unknown) => {
      const response = await fetch(`${platform.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${LOCAL_VOICE_PRIVATE_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as Json;
    };
    const assistant = await api('/assistant', { name: 'watcher', firstMessage: 'Hello from the watch test.' });
    // A seeded patient who answers (the local platform simulates the conversation).
    const { rows } = await platform.db.query<{ phone: string }>(
      "select phone from fixtures.patients where persona = 'confirms' order by id limit 1",
    );
    if (!rows[0]) throw new Error('the local platform has no seeded patient who answers');
    const created = await api('/call', { assistantId: assistant.id, customer: { number: rows[0].phone } });
    const result = await run(['call', 'watch', String(created.id), '--local', '--json', '--interval', '0.1'], {
      HOMEROUNDS_LOCAL_URL: platform.url,
    });
    expect(result.code, result.stderr).toBe(0);
    const out = events(result.stdout);
    expect(out.at(-1)).toMatchObject({ event: 'ended', callId: created.id, endedReason: expect.any(String) });
    expect(out.filter((e) => e.event === 'status').map((e) => e.status)).toContain('ended');
    expect(out.find((e) => e.event === 'transcript')).toMatchObject({
      role: 'assistant',
      text: 'Hello from the watch test.',
      source: 'poll',
    });
    expect(out.some((e) => e.event === 'transcript' && e.role === 'user')).toBe(true);
  }, 60_000);
});
