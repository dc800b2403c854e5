// `homerounds` run in-process (runCli, as main.ts does) against stub node:http servers: errors that say what to do
// and output that cannot be hijacked. Tables escape control characters (--json stays exact); keys are trimmed and
// a broken key names its source; bad dates exit 2 before anything is sent; 404/401/429/unreachable errors carry
// their context; one deadline bounds a hanging server; apply names the file the platform refused. Also the
// `npm start` banner, which tells the CLI's users about HOMEROUNDS_LOCAL_URL when the port is not the default.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeConfig } from '../../cli/config/credentials.ts';
import { runCli } from '../../cli/program.ts';
import { repoRoot } from '../support/run-cli.ts';
import { clockEnv, SEED_DAY } from '../support/test-clock.ts';

const tmp = mkdtempSync(join(tmpdir(), 'homerounds-errors-'));
const noConfig = join(tmp, 'none.json');
/** Whether text holds a raw C0 (but newline) or C1 control character, i.e. something that drives a terminal. */
function hasRawControl(text: string): boolean {
  return [...text].some((ch) => {
    const code = ch.charCodeAt(0);
    return (code < 0x20 && ch !== '\n') || (code >= 0x7f && code <= 0x9f);
  });
}

interface Seen {
  method: string;
  url: string;
  authorization?: string;
  body: string;
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A stub platform: records every request and answers with `handler` (which may never answer). */
async function stub(handler: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
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
    env: { HOMEROUNDS_CONFIG: noConfig, ...env },
    cwd: tmp,
  });
  return { code, stdout, stderr };
}

describe('control characters in human output', () => {
  const assistants = [
    { id: 'a1', name: 'evil\u001b[2J\u001b[H', createdAt: '2026-01-01T00:00:00Z' },
    { id: 'a2', name: 'two\nlines\u009b31m', createdAt: '2026-01-01T00:00:00Z' },
  ];

  it('a list prints one escaped row per item; --json is the exact value', async () => {
    const s = await stub((req, _body, res) =>
      send(res, 200, req.url?.startsWith('/assistant/a1') ? assistants[0] : assistants),
    );
    const env = { VAPI_API_KEY: 'k' };
    const table = await run(['assistant', 'list', '--base-url', s.url], env);
    expect(table.code).toBe(0);
    expect(hasRawControl(table.stdout)).toBe(false);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('evil\\x1b[2J\\x1b[H');
    expect(lines[2]).toContain('two\\nlines\\x9b31m');
    const json = await run(['assistant', 'list', '--json', '--base-url', s.url], env);
    expect(JSON.parse(json.stdout)).toEqual(assistants);
    const one = await run(['assistant', 'get', 'a1', '--base-url', s.url], env);
    expect(one.code).toBe(0);
    expect(hasRawControl(one.stdout)).toBe(false);
    expect(one.stdout).toContain('evil\\e[2J\\e[H');
  });
});

describe('API keys', () => {
  it('a key ending in a newline or spaces is trimmed, from the environment and from the flag', async () => {
    const s = await stub((_req, _body, res) => send(res, 200, []));
    expect((await run(['assistant', 'list', '--base-url', s.url], { VAPI_API_KEY: 'sk-env\n' })).code).toBe(0);
    expect((await run(['assistant', 'list', '--base-url', s.url, '--api-key', '  sk-flag \n'])).code).toBe(0);
    expect(s.seen.map((r) => r.authorization)).toEqual(['Bearer sk-env', 'Bearer sk-flag']);
  });

  it('a key with a space or a control character inside exits 3 naming its source, and sends nothing', async () => {
    const s = await stub((_req, _body, res) => send(res, 200, []));
    const env = await run(['assistant', 'list', '--base-url', s.url], { VAPI_API_KEY: 'sk-one two' });
    expect(env.code).toBe(3);
    expect(env.stderr).toContain('the API key from the VAPI_API_KEY environment variable has a space inside');
    expect(env.stderr).not.toContain('sk-one');
    const flag = await run(['assistant', 'list', '--base-url', s.url, '--api-key', 'sk-a\u001bb']);
    expect(flag.code).toBe(3);
    expect(flag.stderr).toContain('the API key from the --api-key flag has a control character (U+001B) inside');
    expect(s.seen).toEqual([]);
  });
});

describe('dates', () => {
  it('route optimize --date 2026-13-45 and 2026-02-30 exit 2 with the expected format, before any request', async () => {
    const s = await stub((_req, _body, res) => send(res, 500, {}));
    for (const date of ['2026-13-45', '2026-02-30']) {
      const result = await run(
        ['route', 'optimize', '--clinician', 'maya.patel@homerounds.test', '--date', date, '--local-url', s.url],
        { HOMEROUNDS_LOCAL_URL: s.url },
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`--date must be a calendar date as YYYY-MM-DD, e.g. 2026-11-24 (got "${date}")`);
    }
    expect(s.seen).toEqual([]);
  });

  it('local reset --today 2026-99-99 exits 2 and resets nothing; a real date is sent', async () => {
    const s = await stub((_req, body, res) => send(res, 200, { today: JSON.parse(body).today, clinicians: [] }));
    const bad = await run(['local', 'reset', '--today', '2026-99-99'], { HOMEROUNDS_LOCAL_URL: s.url });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--today must be a calendar date as YYYY-MM-DD');
    expect(s.seen).toEqual([]);
    const good = await run(['local', 'reset', '--today', '2028-02-29', '--json'], { HOMEROUNDS_LOCAL_URL: s.url });
    expect(good.code).toBe(0);
    expect(s.seen.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual(['POST /__local/reset {"today":"2028-02-29"}']);
  });

  it('route optimize --file with an impossible date exits 2 naming the file', async () => {
    const file = join(tmp, 'visits.json');
    writeFileSync(
      file,
      JSON.stringify({
        date: '2026-02-30',
        visits: [{ id: 'v1', title: 'A', lat: 32.78, lon: -96.8, start: '09:00', durationMinutes: 30 }],
      }),
    );
    const result = await run(['route', 'optimize', '--file', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}: date must be a calendar date as YYYY-MM-DD`);
  });
});

describe('errors with context', () => {
  it('a 404 names the resource and id (exit 4)', async () => {
    const s = await stub((_req, _body, res) => send(res, 404, { statusCode: 404, message: 'Not Found' }));
    const result = await run(['assistant', 'get', '1234abcd', '--base-url', s.url], { VAPI_API_KEY: 'k' });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe('homerounds: assistant 1234abcd not found (404 Not Found)\n');
  });

  it('a 401 says where the key came from and what to do (environment, config file)', async () => {
    const s = await stub((_req, _body, res) => send(res, 401, { statusCode: 401, message: 'Invalid Key' }));
    const env = await run(['assistant', 'list', '--base-url', s.url], { VAPI_API_KEY: 'sk-wrong' });
    expect(env.code).toBe(3);
    expect(env.stderr).toContain('401 Invalid Key: the key came from the VAPI_API_KEY environment variable');
    const config = join(tmp, 'cfg', 'config.json');
    await writeConfig(config, { apiKey: 'sk-saved', baseUrl: s.url });
    const saved = await run(['assistant', 'list'], { HOMEROUNDS_CONFIG: config });
    expect(saved.code).toBe(3);
    expect(saved.stderr).toContain(`the key came from the config file ${config}`);
    expect(saved.stderr).toContain('run homerounds login again');
    expect(env.stderr + saved.stderr).not.toMatch(/sk-wrong|sk-saved/);
  });

  it('--local with nothing listening hints at HOMEROUNDS_LOCAL_URL, not VAPI_BASE_URL', async () => {
    const result = await run(['assistant', 'list', '--local', '--retries', '0'], {
      HOMEROUNDS_LOCAL_URL: 'http://127.0.0.1:9',
    });
    // The first thing --local does is ask the platform for its key: that is what cannot reach it.
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'The local platform is not reachable at http://127.0.0.1:9. Start it with `npm start`',
    );
    expect(result.stderr).toContain('HOMEROUNDS_LOCAL_URL');
    expect(result.stderr).not.toContain('VAPI_BASE_URL');
  });

  it('call create answered 429 is sent once and says to check call list before retrying', async () => {
    const s = await stub((_req, _body, res) =>
      send(res, 429, { statusCode: 429, message: 'Too Many Requests' }, { 'retry-after': '0' }),
    );
    const result = await run(['call', 'create', '--data', '{"assistantId":"a"}', '--base-url', s.url], {
      VAPI_API_KEY: 'k',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('429 Too Many Requests; a call may have been created anyway');
    expect(result.stderr).toContain('check `homerounds call list` before retrying');
    expect(s.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /call']);
  });
});

describe('timeouts', () => {
  it('a hanging server ends at --timeout (exit 5), retries included', async () => {
    const s = await stub(() => undefined);
    const started = performance.now();
    const result = await run(['assistant', 'list', '--base-url', s.url, '--timeout', '1'], { VAPI_API_KEY: 'k' });
    const elapsed = performance.now() - started;
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(/GET \/assistant timed out: no answer from http:\/\/127\.0\.0\.1:\d+ within 1 s/);
    expect(elapsed).toBeLessThan(4000);
  });

  it('--timeout 0 (flag or HOMEROUNDS_TIMEOUT) is a usage error and sends nothing', async () => {
    const s = await stub((_req, _body, res) => send(res, 200, []));
    const flag = await run(['assistant', 'list', '--base-url', s.url, '--timeout', '0'], { VAPI_API_KEY: 'k' });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--timeout must be a number of seconds greater than 0');
    const env = await run(['assistant', 'list', '--base-url', s.url], { VAPI_API_KEY: 'k', HOMEROUNDS_TIMEOUT: '0' });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('HOMEROUNDS_TIMEOUT must be a number of seconds greater than 0');
    expect(s.seen).toEqual([]);
  });

  it('the help documents the deadline and that 0 is refused', async () => {
    const help = await run(['assistant', 'list', '--help']);
    const text = help.stdout.replace(/\s+/g, ' ');
    expect(text).toContain('--timeout <seconds> deadline per request in seconds, retries and their waits included');
    expect(text).toContain('(default 30, else HOMEROUNDS_TIMEOUT; must be > 0)');
  });
});

describe('apply names the bad file', () => {
  function folder(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmp, 'voice-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  }

  it('the file the platform refused, by the path the user gave, and how far the run got', async () => {
    const s = await stub((req, body, res) => {
      if (req.method === 'GET') return send(res, 200, []);
      if (JSON.parse(body).name === 'bad')
        return send(res, 400, { statusCode: 400, message: ['model must be an object'] });
      send(res, 201, { id: 'new', ...JSON.parse(body) });
    });
    const dir = folder({ 'assistants/bad.yaml': 'name: bad\nmodel: 42\n', 'assistants/good.yaml': 'name: good\n' });
    // --no-validate: the schema check would refuse `model: 42` before the platform does.
    const result = await run(['apply', '-f', dir, '--base-url', s.url, '--no-validate'], { VAPI_API_KEY: 'k' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${join(dir, 'assistants/bad.yaml')}: creating assistant "bad" failed: 400 model must be an object (0 of 2 change(s) applied before it`,
    );
  });

  it('a malformed file is named by its path with line and column, and nothing is sent', async () => {
    const s = await stub((_req, _body, res) => send(res, 200, []));
    const dir = folder({ 'assistants/a.yaml': 'name: a\n', 'tools/broken.yaml': 'name: x\nmodel: [gpt\n' });
    const result = await run(['apply', '-f', dir, '--base-url', s.url], { VAPI_API_KEY: 'k' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`${join(dir, 'tools/broken.yaml')}:\\d+:\\d+: malformed YAML`));
    expect(s.seen).toEqual([]);
  });
});

describe('npm start banner', () => {
  it('on a port other than 8787 it says to export HOMEROUNDS_LOCAL_URL, and names the clock it was given', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      HOMEROUNDS_DATA_DIR: ':memory:',
      ...clockEnv(),
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'emulators/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner in 60 s:\n${out}`)), 60_000);
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('Press Ctrl+C to stop.')) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out}`)));
      });
    } finally {
      child.kill('SIGTERM');
    }
    const url = /running at (http:\/\/\S+)/.exec(out)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(out).toContain(`export HOMEROUNDS_LOCAL_URL=${url}`);
    // The suite's clock (HOMEROUNDS_NOW, running), shown in Chicago time.
    expect(out).toMatch(new RegExp(`Clock: ${SEED_DAY}T\\S+ \\(America/Chicago\\), running from HOMEROUNDS_NOW`));
  }, 70_000);
});
