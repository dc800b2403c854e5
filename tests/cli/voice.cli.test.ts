// The built `homerounds` against the local voice platform: a round trip for every generic resource,
// --all over 1,000 assistants, every exit code, JSON purity, key redaction, malformed input (nothing sent),
// an unreachable server, credentials (login/whoami), apply/export and the built-in template.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS_SECRET_PLACEHOLDER, TOOLS_URL_PLACEHOLDER } from '../../cli/templates/tools-server.ts';
import { TOOL_NAMES } from '../../core/assistant/contract.ts';
import { runHomerounds } from '../support/run-cli.ts';
import { testNow } from '../support/test-clock.ts';
import {
  bulkInsert,
  LOCAL_VOICE_PRIVATE_KEY,
  LOCAL_VOICE_PUBLIC_KEY,
  runLocal,
  startVoicePlatform,
  type VoicePlatform,
} from '../support/voice-platform.ts';

let platform: VoicePlatform;
const tmp = mkdtempSync(join(tmpdir(), 'homerounds-cli-'));

beforeAll(async () => {
  platform = await startVoicePlatform();
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

function json<T = Record<string, unknown>>(stdout: string): T {
  return JSON.parse(stdout) as T;
}

async function ok<T = Record<string, unknown>>(
  args: string[],
  options: Parameters<typeof runLocal>[2] = {},
): Promise<T> {
  const run = await runLocal(platform, [...args, '--json'], options);
  if (run.code !== 0) throw new Error(`homerounds ${args.join(' ')} → ${run.code}\n${run.stderr}`);
  return json<T>(run.stdout);
}

/** A server that records requests and answers with the given handler (default: never answers). */
async function fakeServer(handler?: (n: number, res: import('node:http').ServerResponse) => void) {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    handler?.(seen.length, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// Concurrent: each case spawns the CLI ~6 times; the cases touch disjoint resources.
describe.concurrent('homerounds resource commands (generic round trip)', () => {
  const cases: Array<{
    resource: string;
    body: Record<string, unknown>;
    update?: Record<string, unknown>;
    args?: string[];
  }> = [
    { resource: 'assistant', body: { name: 'rt-assistant' }, update: { firstMessage: 'Hello' } },
    { resource: 'squad', body: { name: 'rt-squad', members: [] }, update: { name: 'rt-squad-2', members: [] } },
    { resource: 'workflow', body: { name: 'rt-workflow', nodes: [], edges: [] }, update: { name: 'rt-workflow-2' } },
    { resource: 'chat', body: { input: 'When is my next visit?' } },
    { resource: 'session', body: { name: 'rt-session' }, update: { name: 'rt-session-2' } },
    { resource: 'phone-number', body: { provider: 'vapi', name: 'rt-phone' }, update: { name: 'rt-phone-2' } },
    { resource: 'tool', body: { type: 'function', function: { name: 'lookup_calendar' } }, update: { async: true } },
    { resource: 'knowledge-base', body: { name: 'rt-kb', provider: 'trieve' }, update: { name: 'rt-kb-2' } },
    { resource: 'structured-output', body: { name: 'rt-so', schema: { type: 'object' } }, update: { name: 'rt-so-2' } },
    { resource: 'test-suite', body: { name: 'rt-suite' }, update: { name: 'rt-suite-2' } },
    { resource: 'template', body: { type: 'tool', details: {} }, update: { name: 'rt-template' } },
    { resource: 'token', body: { tag: 'public', name: 'rt-token' }, update: { name: 'rt-token-2' } },
    { resource: 'credential', body: { provider: 'twilio', name: 'rt-cred' }, update: { name: 'rt-cred-2' } },
    { resource: 'org', body: { name: 'rt-org' }, update: { name: 'rt-org-2' } },
    {
      resource: 'provider-resource',
      body: { resourceId: 'dict-1' },
      update: { resourceId: 'dict-2' },
      args: ['11labs', 'pronunciation-dictionary'],
    },
  ];

  it.each(cases)(
    '$resource: create, get, update, list, delete',
    async ({ resource, body, update, args = [] }) => {
      const created = await ok([resource, 'create', ...args, '--data', JSON.stringify(body)]);
      const id = String(created.id);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(created).toMatchObject({ ...body, orgId: expect.any(String) });
      expect(new Date(String(created.createdAt)).toISOString()).toBe(created.createdAt);
      expect(await ok([resource, 'get', ...args, id])).toEqual(created);
      if (update) {
        const updated = await ok([resource, 'update', ...args, id, '--data', JSON.stringify(update)]);
        expect(updated).toMatchObject({ ...body, ...update, id });
        expect(String(updated.updatedAt) >= String(created.updatedAt)).toBe(true);
      }
      const listed = await ok<Array<{ id: string }>>([resource, 'list', ...args]);
      expect(listed.map((x) => x.id)).toContain(id);
      expect(await ok([resource, 'delete', ...args, id, '--yes'])).toMatchObject({ id });
      // Gone from the database (the 404 exit code of `get` is checked in the exit-code test: spares ~20 spawns).
      const left = await platform.db.query('select 1 from voice.resources where id = $1', [id]);
      expect(left.rows).toHaveLength(0);
    },
    90_000,
  );

  it('call, test-suite tests and runs, and files: round trips with parents, references and multipart', async () => {
    const assistant = await ok(['assistant', 'create', '--data', '{"name":"caller"}']);
    const call = await ok([
      'call',
      'create',
      '--data',
      JSON.stringify({ assistantId: assistant.id, customer: { number: '+15555550100' } }),
    ]);
    expect(call).toMatchObject({
      assistantId: assistant.id,
      status: 'queued',
      monitor: { controlUrl: expect.any(String) },
    });
    expect(await ok(['call', 'update', String(call.id), '--data', '{"name":"renamed"}'])).toMatchObject({
      name: 'renamed',
    });
    expect(await ok(['call', 'list', '-q', `assistantId=${assistant.id}`])).toHaveLength(1);
    await ok(['call', 'delete', String(call.id), '--yes']);

    // A campaign needs an assistant and a phone number that exist (its round trip lives here, not in the table).
    const line = await ok(['phone-number', 'create', '--data', '{"provider":"vapi","name":"rt-line"}']);
    const earliestAt = new Date(testNow().getTime() + 7 * 86_400_000).toISOString(); // nothing is dialed
    const campaignBody = {
      name: 'rt-campaign',
      assistantId: assistant.id,
      phoneNumberId: line.id,
      customers: [{ number: '+15555550100' }],
      schedulePlan: { earliestAt },
    };
    const campaign = await ok(['campaign', 'create', '--data', JSON.stringify(campaignBody)]);
    expect(campaign).toMatchObject({ ...campaignBody, status: 'scheduled' });
    expect(await ok(['campaign', 'get', String(campaign.id)])).toEqual(campaign);
    expect(await ok(['campaign', 'update', String(campaign.id), '--data', '{"name":"rt-campaign-2"}'])).toMatchObject({
      name: 'rt-campaign-2',
    });
    expect((await ok<Array<{ id: string }>>(['campaign', 'list'])).map((c) => c.id)).toContain(campaign.id);
    await ok(['campaign', 'delete', String(campaign.id), '--yes']);

    const suite = await ok(['test-suite', 'create', '--data', '{"name":"suite"}']);
    for (const sub of ['test-suite-test', 'test-suite-run']) {
      const child = await ok([sub, 'create', String(suite.id), '--data', '{"name":"child"}']);
      expect(await ok([sub, 'get', String(suite.id), String(child.id)])).toEqual(child);
      expect(await ok([sub, 'update', String(suite.id), String(child.id), '--data', '{"name":"c2"}'])).toMatchObject({
        name: 'c2',
      });
      expect(await ok<unknown[]>([sub, 'list', String(suite.id)])).toHaveLength(1);
      await ok([sub, 'delete', String(suite.id), String(child.id), '--yes']);
      expect((await runLocal(platform, [sub, 'get', String(suite.id), String(child.id)])).code).toBe(4);
    }

    const path = join(tmp, 'visit-policy.txt');
    writeFileSync(path, 'Visits are scheduled between 8 am and 6 pm.\n');
    const file = await ok(['file', 'create', '--upload', path, '--field', 'purpose=assistant']);
    expect(file).toMatchObject({ originalName: 'visit-policy.txt', bytes: 44, purpose: 'assistant', status: 'done' });
    expect(await ok(['file', 'update', String(file.id), '--data', '{"name":"policy"}'])).toMatchObject({
      name: 'policy',
    });
    expect(await ok<unknown[]>(['file', 'list'])).toHaveLength(1);
    await ok(['file', 'delete', String(file.id), '--yes']);
    const noUpload = await runLocal(platform, ['file', 'create']);
    expect(noUpload.code).toBe(2);
  }, 120_000);

  it('creates a web call with the public key and returns a local room URL', async () => {
    const assistant = await ok(['assistant', 'create', '--data', '{"name":"web"}']);
    const run = await runLocal(platform, [
      'call',
      'web',
      '--data',
      JSON.stringify({ assistantId: assistant.id }),
      '--json',
      '--api-key',
      LOCAL_VOICE_PUBLIC_KEY,
    ]);
    expect(run.code).toBe(0);
    const call = json(run.stdout);
    expect(call).toMatchObject({ type: 'webCall', webCallUrl: `${platform.url}/__local/room/${call.id}` });
    // The public key opens nothing else.
    const denied = await runLocal(platform, ['assistant', 'list', '--api-key', LOCAL_VOICE_PUBLIC_KEY]);
    expect(denied.code).toBe(3);
  });
});

describe('homerounds list pagination', () => {
  it('follows v1 pagination (createdAtLt) over 1,000 assistants with --all, and --limit caps it', async () => {
    await bulkInsert(platform.db, 'assistant', 1000, 'bulk', new Date(testNow().getTime() - 60_000));
    const run = await runLocal(platform, ['assistant', 'list', '--all', '--json']);
    expect(run.code).toBe(0);
    const items = json<Array<{ id: string; name: string }>>(run.stdout);
    const bulk = items.filter((i) => i.name?.startsWith('bulk-'));
    expect(bulk).toHaveLength(1000);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(items.length).toBeGreaterThan(1000);
    const page = await runLocal(platform, ['assistant', 'list', '--json']);
    expect(json<unknown[]>(page.stdout)).toHaveLength(100); // the platform's default limit
    const capped = await ok<unknown[]>(['assistant', 'list', '--all', '--limit', '1001']);
    expect(capped).toHaveLength(1001);
    const tooMany = await runLocal(platform, ['assistant', 'list', '-q', 'limit=1001']);
    expect(tooMany.code).toBe(1);
    expect(tooMany.stderr).toContain('limit must not be greater than 1000');
  });

  it('follows page/limit pagination of {results, metadata} lists with --all', async () => {
    await bulkInsert(platform.db, 'session', 230, 'bulk-session');
    const run = await runLocal(platform, ['session', 'list', '--all', '--json']);
    expect(run.code).toBe(0);
    expect(json<unknown[]>(run.stdout).length).toBeGreaterThanOrEqual(230);
    const raw = await ok<{ results: unknown[]; metadata: Record<string, number> }>([
      'assistant',
      'list-v2',
      '-q',
      'limit=10',
    ]);
    expect(Array.isArray(raw)).toBe(true); // the CLI returns the items; the metadata shape is checked in the contract test
    expect(await ok<unknown[]>(['session', 'list', '--limit', '5'])).toHaveLength(5);
  });
});

describe('homerounds exit codes and output streams', () => {
  it('0 ok, 1 request rejected, 2 usage, 3 auth, 4 not found', async () => {
    expect((await runLocal(platform, ['assistant', 'list', '--limit', '1'])).code).toBe(0);
    const rejected = await runLocal(platform, ['squad', 'create', '--data', '{"name":"x"}', '--no-validate']);
    expect(rejected.code).toBe(1);
    expect(rejected.stderr).toContain('400 members must be an array');
    expect((await runLocal(platform, ['assistant', 'list', '--limit', 'many'])).code).toBe(2);
    expect((await runLocal(platform, ['assistant', 'frobnicate'])).code).toBe(2);
    const auth = await runLocal(platform, ['assistant', 'list', '--api-key', 'sk-wrong-key']);
    expect(auth.code).toBe(3);
    expect(auth.stderr).toContain('401 Invalid Key');
    const noKey = await runHomerounds(['assistant', 'list'], {
      env: { VAPI_API_KEY: '', HOMEROUNDS_CONFIG: join(tmp, 'none.json') },
    });
    expect(noKey.code).toBe(3);
    expect(noKey.stderr).toContain('no API key');
    expect((await runLocal(platform, ['assistant', 'get', '00000000-0000-4000-8000-000000000000'])).code).toBe(4);
  });

  it('5 on a timeout, and 1 with a clear message when the server is unreachable', async () => {
    const silent = await fakeServer();
    const timeout = await runHomerounds([
      'assistant',
      'list',
      '--base-url',
      silent.url,
      '--api-key',
      'k',
      '--timeout',
      '0.3',
      '--retries',
      '0',
    ]);
    await silent.close();
    expect(timeout.code).toBe(5);
    expect(timeout.stderr).toContain('timed out');
    const down = await runHomerounds([
      'assistant',
      'list',
      '--base-url',
      'http://127.0.0.1:9',
      '--api-key',
      'k',
      '--retries',
      '0',
    ]);
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:9 \(ECONNREFUSED\)/);
  });

  it('--json prints only JSON on stdout; progress goes to stderr', async () => {
    const run = await runLocal(platform, ['assistant', 'list', '--all', '--limit', '300', '--json']);
    expect(run.code).toBe(0);
    expect(() => JSON.parse(run.stdout)).not.toThrow();
    const human = await runLocal(platform, ['assistant', 'list', '--all', '--limit', '300']);
    expect(human.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+MODEL\s+VOICE\s+UPDATED_AT$/);
    expect(human.stderr).toContain('300 item(s)');
  });

  it('--debug logs requests on stderr with the key redacted', async () => {
    const run = await runLocal(platform, ['assistant', 'list', '--limit', '1', '--debug', '--json']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('[debug] > GET');
    expect(run.stderr).toContain('authorization: Bearer [REDACTED]');
    expect(run.stderr + run.stdout).not.toContain(LOCAL_VOICE_PRIVATE_KEY);
    const secret = 'sk-live-0123456789abcdef';
    const bad = await runLocal(platform, ['assistant', 'list', '--debug', '--api-key', secret]);
    expect(bad.code).toBe(3);
    expect(bad.stderr + bad.stdout).not.toContain(secret);
  });

  it('reports a malformed body with its position and exits 2 before sending anything', async () => {
    const server = await fakeServer((_n, res) => res.end('[]'));
    const badJson = join(tmp, 'bad.json');
    writeFileSync(badJson, '{\n  "name": "x",\n}\n');
    const badYaml = join(tmp, 'bad.yaml');
    writeFileSync(badYaml, 'name: x\nmodel: [gpt\nvoice: y\n');
    const env = { VAPI_API_KEY: 'k', HOMEROUNDS_CONFIG: join(tmp, 'none.json') };
    const j = await runHomerounds(['assistant', 'create', '--file', badJson, '--base-url', server.url], { env });
    const y = await runHomerounds(['assistant', 'create', '--file', badYaml, '--base-url', server.url], { env });
    const d = await runHomerounds(['assistant', 'create', '--data', '{"name": }', '--base-url', server.url], { env });
    const s = await runHomerounds(['assistant', 'create', '--base-url', server.url], { env, input: '{"name":\n' });
    await server.close();
    expect(j.code).toBe(2);
    expect(j.stderr).toContain(`${badJson}:3:1: malformed JSON`);
    expect(y.code).toBe(2);
    expect(y.stderr).toMatch(new RegExp(`${badYaml}:\\d+:\\d+: malformed YAML`));
    expect(d.code).toBe(2);
    expect(d.stderr).toContain(`--data:1:10: malformed JSON: unexpected "}"`);
    expect(s.code).toBe(2);
    expect(s.stderr).toContain('<stdin>:2:1: malformed JSON');
    expect(server.seen).toEqual([]);
  });

  it('never retries a call creation, retries idempotent reads on 503', async () => {
    const flaky = await fakeServer((n, res) => {
      res.writeHead(n === 1 ? 503 : 200, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end(n === 1 ? '{"statusCode":503,"message":"busy","error":"Service Unavailable"}' : '[]');
    });
    const env = { VAPI_API_KEY: 'k', HOMEROUNDS_CONFIG: join(tmp, 'none.json') };
    const read = await runHomerounds(['assistant', 'list', '--base-url', flaky.url], { env });
    expect(read.code).toBe(0);
    expect(read.stderr).toContain('503; retrying');
    flaky.seen.length = 0;
    const down = await fakeServer((_n, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"statusCode":503,"message":["busy","try later"],"error":"Service Unavailable"}');
    });
    const call = await runHomerounds(['call', 'create', '--data', '{"assistantId":"a"}', '--base-url', down.url], {
      env,
    });
    await flaky.close();
    await down.close();
    expect(call.code).toBe(1);
    expect(call.stderr).toContain('503 busy; try later');
    expect(down.seen).toEqual(['POST /call']);
  });
});

describe('homerounds credentials', () => {
  it('login stores the key 0600 from stdin; whoami names the source and the org; keys are never printed', async () => {
    const config = join(tmp, 'cfg', 'config.json');
    const env = { HOMEROUNDS_CONFIG: config, VAPI_API_KEY: '' };
    const login = await runHomerounds(['login', '--base-url', platform.url], {
      env,
      input: `${LOCAL_VOICE_PRIVATE_KEY}\n`,
    });
    expect(login.code).toBe(0);
    expect(login.stdout).toBe('');
    expect(login.stderr).toContain(`saved to ${config}`);
    expect(login.stderr).toContain('HomeRounds Local');
    expect(statSync(config).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(config, 'utf8'))).toMatchObject({
      apiKey: LOCAL_VOICE_PRIVATE_KEY,
      baseUrl: platform.url,
    });

    const who = await runHomerounds(['whoami'], { env });
    expect(who.code).toBe(0);
    expect(who.stdout).toContain(`from config file ${config}`);
    expect(who.stdout).toContain('HomeRounds Local');
    expect(who.stdout + who.stderr).not.toContain(LOCAL_VOICE_PRIVATE_KEY);
    const fromEnv = await runHomerounds(['whoami', '--json', '--base-url', platform.url], {
      env: { ...env, VAPI_API_KEY: LOCAL_VOICE_PRIVATE_KEY },
    });
    expect(json(fromEnv.stdout)).toMatchObject({ keySource: 'env', org: { name: 'HomeRounds Local' } });
    // A key given for this run never goes to the URL saved with another key: it comes with its own URL.
    const fromFlag = await runHomerounds(
      ['whoami', '--json', '--api-key', LOCAL_VOICE_PRIVATE_KEY, '--base-url', platform.url],
      { env },
    );
    expect(json(fromFlag.stdout)).toMatchObject({ keySource: 'flag', baseUrl: platform.url, baseUrlSource: 'flag' });
    expect(fromFlag.stdout).not.toContain(LOCAL_VOICE_PRIVATE_KEY);

    chmodSync(config, 0o644);
    const open = await runHomerounds(['whoami'], { env });
    expect(open.code).toBe(3);
    expect(open.stderr).toContain('readable by other users');
  });

  it('whoami --local prints the local private key; a bad --region is a usage error', async () => {
    const run = await runLocal(platform, ['whoami']);
    expect(run.stdout).toContain(`local private key: ${LOCAL_VOICE_PRIVATE_KEY}`);
    const badRegion = await runHomerounds(['whoami', '--region', 'mars', '--api-key', 'k']);
    expect(badRegion.code).toBe(2);
  });
});

describe('homerounds apply, export and the home-visit-scheduler template', () => {
  it('shows the template with the tools server and creates an assistant from it, the secret never printed', async () => {
    const noEnv = { SUPABASE_URL: '', HOMEROUNDS_TOOLS_URL: '', HOMEROUNDS_TOOLS_SECRET: '' };
    type Tool = { function: { name: string }; server: { url: string; timeoutSeconds: number; headers?: object } };
    type Body = { model: { messages: Array<{ content: string }>; tools: Tool[] }; clientMessages: string[] };
    const shown = await runHomerounds(['template', 'show', 'home-visit-scheduler', '--json'], { env: noEnv });
    const body = json<Body>(shown.stdout);
    expect(body.model.messages[0]?.content).toMatch(/never give medical advice/i);
    expect(body.model.messages[0]?.content).toMatch(/911/);
    expect(body.model.tools.map((t) => t.function.name)).toEqual([...TOOL_NAMES]);
    // No tools URL known: both placeholders stay for apply to fill in.
    expect(body.model.tools[0]?.server).toEqual({
      url: TOOLS_URL_PLACEHOLDER,
      timeoutSeconds: 20,
      headers: { 'X-Vapi-Secret': TOOLS_SECRET_PLACEHOLDER },
    });
    // SUPABASE_URL gives the Edge Function's URL; a secret in the environment is never shown.
    const project = await runHomerounds(['template', 'show', 'home-visit-scheduler'], {
      env: { ...noEnv, SUPABASE_URL: 'https://abcd.supabase.co', HOMEROUNDS_TOOLS_SECRET: 'env-secret-never-shown' },
    });
    expect(project.code).toBe(0);
    expect(project.stdout).toContain('url: https://abcd.supabase.co/functions/v1/assistant-tools');
    expect(project.stdout).toContain(`X-Vapi-Secret: ${TOOLS_SECRET_PLACEHOLDER}`);
    expect(project.stdout + project.stderr).not.toContain('env-secret-never-shown');
    const credential = json<Body>(
      (
        await runHomerounds(
          ['template', 'show', 'home-visit-scheduler', '--local', '--tools-credential-id', 'cred-1', '--json'],
          { env: { ...noEnv, HOMEROUNDS_LOCAL_URL: 'http://127.0.0.1:9999' } },
        )
      ).stdout,
    );
    expect(credential.model.tools[0]?.server).toEqual({
      url: 'http://127.0.0.1:9999/functions/v1/assistant-tools',
      timeoutSeconds: 20,
      credentialId: 'cred-1',
    });

    const created = await runLocal(
      platform,
      ['assistant', 'create', '--template', 'home-visit-scheduler', '--data', '{"name":"Scheduler Dallas"}', '--json'],
      { env: { ...noEnv, HOMEROUNDS_TOOLS_SECRET: 'created-secret-1234' } },
    );
    expect(created.code).toBe(0);
    expect(created.stdout + created.stderr).not.toContain('created-secret-1234');
    const answer = json<Body & { id: string; name: string }>(created.stdout);
    expect(answer).toMatchObject({ name: 'Scheduler Dallas', firstMessageMode: 'assistant-speaks-first' });
    expect(answer.clientMessages).toContain('tool-calls-result');
    expect(answer.model.tools[0]?.server).toEqual({
      url: `${platform.url}/functions/v1/assistant-tools`,
      timeoutSeconds: 20,
      headers: { 'X-Vapi-Secret': '[REDACTED]' },
    });
    // The platform got the real secret (read back with the API, which returns it as stored).
    const stored = await ok<Body>(['assistant', 'get', answer.id]);
    expect(
      stored.model.tools.every((t) => JSON.stringify(t.server.headers) === '{"X-Vapi-Secret":"created-secret-1234"}'),
    ).toBe(true);
    // Without a tools URL the template cannot be sent: a usage error before any request.
    const noUrl = await runHomerounds(
      [
        'assistant',
        'create',
        '--template',
        'home-visit-scheduler',
        '--base-url',
        'http://127.0.0.1:9',
        '--api-key',
        'k',
      ],
      { env: { ...noEnv, HOMEROUNDS_CONFIG: '/nonexistent/homerounds.json' } },
    );
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toContain(`${TOOLS_URL_PLACEHOLDER} (give --tools-url`);
    expect(noUrl.stderr).toContain(`${TOOLS_SECRET_PLACEHOLDER} (give --tools-secret`);
    expect((await runHomerounds(['template', 'show', 'nope'])).code).toBe(4);
  });

  it('apply fills the tools server into a shown template, compares and sends the secret, never prints it', async () => {
    const secret = 'apply-tools-secret-5678';
    const noEnv = { SUPABASE_URL: '', HOMEROUNDS_TOOLS_URL: '', HOMEROUNDS_TOOLS_SECRET: '' };
    const dir = mkdtempSync(join(tmp, 'apply-template-'));
    mkdirSync(join(dir, 'assistants'));
    const shown = await runHomerounds(
      [
        'template',
        'show',
        'home-visit-scheduler',
        '--tools-url',
        'https://abcd.supabase.co/functions/v1/assistant-tools',
      ],
      { env: noEnv },
    );
    writeFileSync(
      join(dir, 'assistants/scheduler.yaml'),
      shown.stdout.replace('name: home-visit-scheduler', 'name: apply-scheduler'),
    );

    // No secret anywhere: refused before anything is sent (not even the list).
    const refused = await runHomerounds(['apply', '-f', dir, '--base-url', 'http://127.0.0.1:9', '--api-key', 'k'], {
      env: { ...noEnv, HOMEROUNDS_CONFIG: '/nonexistent/homerounds.json' },
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`assistants/scheduler.yaml: no value for ${TOOLS_SECRET_PLACEHOLDER}`);

    const env = { ...noEnv, HOMEROUNDS_TOOLS_SECRET: secret };
    const dry = await runLocal(platform, ['apply', '-f', dir, '--dry-run', '--json', '--debug'], { env });
    expect(dry.code).toBe(0);
    expect(dry.stdout + dry.stderr).not.toContain(secret);
    expect(json<{ items: Array<{ action: string }> }>(dry.stdout).items.map((i) => i.action)).toEqual(['create']);
    const applied = await runLocal(platform, ['apply', '-f', dir], { env });
    expect(applied.code).toBe(0);
    expect(applied.stdout + applied.stderr).not.toContain(secret);
    type Stored = { id: string; model: { tools: Array<{ server: Record<string, unknown> }> } };
    const [stored] = await ok<Stored[]>(['assistant', 'list', '-q', 'name=apply-scheduler']);
    expect(stored?.model.tools[0]?.server).toEqual({
      url: 'https://abcd.supabase.co/functions/v1/assistant-tools',
      timeoutSeconds: 20,
      headers: { 'X-Vapi-Secret': secret },
    });
    // The same secret again: nothing to do; a new one (rotation) updates the model's tools.
    const again = await ok<{ items: Array<{ action: string }> }>(['apply', '-f', dir, '--dry-run'], { env });
    expect(again.items.map((i) => i.action)).toEqual(['unchanged']);
    const rotated = await ok<{ items: Array<{ action: string; changedFields: string[] }> }>(
      ['apply', '-f', dir, '--dry-run', '--tools-secret', 'rotated-secret-9012'],
      { env },
    );
    expect(rotated.items).toMatchObject([{ action: 'update', changedFields: ['model'] }]);

    // export writes the placeholder back, not the secret: the file round-trips through apply.
    const out = mkdtempSync(join(tmp, 'export-template-'));
    await ok(['export', out, '--kind', 'assistant']);
    const exported = readFileSync(join(out, 'assistants/apply-scheduler.yaml'), 'utf8');
    expect(exported).not.toContain(secret);
    expect(exported).toContain(`X-Vapi-Secret: ${TOOLS_SECRET_PLACEHOLDER}`);
  }, 90_000);

  it('apply --dry-run shows the diff, apply makes the platform match, export writes it back', async () => {
    const dir = mkdtempSync(join(tmp, 'apply-'));
    for (const sub of ['assistants', 'tools', 'phone-numbers']) mkdirSync(join(dir, sub));
    writeFileSync(join(dir, 'assistants/front-desk.yaml'), 'name: apply-front-desk\nfirstMessage: Hello\n');
    writeFileSync(join(dir, 'tools/lookup.json'), '{"type":"function","function":{"name":"apply_lookup"}}');
    writeFileSync(join(dir, 'phone-numbers/main.yml'), 'provider: vapi\nname: apply-line\n');

    const dry = await ok<{ dryRun: boolean; items: Array<{ action: string; kind: string }> }>([
      'apply',
      '-f',
      dir,
      '--dry-run',
    ]);
    // Dependency order: tools, then assistants (which refer to them), then phone numbers.
    expect(dry.items.map((i) => `${i.kind}:${i.action}`)).toEqual([
      'tool:create',
      'assistant:create',
      'phone-number:create',
    ]);
    expect((await ok<unknown[]>(['assistant', 'list', '-q', 'name=apply-front-desk'])).length).toBe(0);

    await ok(['apply', '-f', dir]);
    expect((await ok<unknown[]>(['assistant', 'list', '-q', 'name=apply-front-desk'])).length).toBe(1);
    const again = await ok<{ items: Array<{ action: string }> }>(['apply', '-f', dir, '--dry-run']);
    expect(again.items.map((i) => i.action)).toEqual(['unchanged', 'unchanged', 'unchanged']);

    writeFileSync(
      join(dir, 'assistants/front-desk.yaml'),
      'name: apply-front-desk\nfirstMessage: Hi there\nmaxDurationSeconds: 300\n',
    );
    const human = await runLocal(platform, ['apply', '-f', dir, '--dry-run']);
    expect(human.stdout).toMatch(
      /update \(dry run\)\s+assistant\s+apply-front-desk\s+firstMessage, maxDurationSeconds/,
    );
    await ok(['apply', '-f', dir]);
    const [assistant] = await ok<Array<Record<string, unknown>>>(['assistant', 'list', '-q', 'name=apply-front-desk']);
    expect(assistant).toMatchObject({ firstMessage: 'Hi there', maxDurationSeconds: 300 });

    const out = join(tmp, 'export');
    await ok(['export', out]);
    expect(readdirSync(join(out, 'assistants'))).toContain('apply-front-desk.yaml');
    expect(readFileSync(join(out, 'assistants/apply-front-desk.yaml'), 'utf8')).not.toMatch(/^(id|orgId|createdAt):/m);
    expect(readdirSync(join(out, 'tools'))).toContain('apply_lookup.yaml');

    writeFileSync(join(dir, 'tools/broken.yaml'), 'type: function\nfunction: [\n');
    const broken = await runLocal(platform, ['apply', '-f', dir]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('tools/broken.yaml:');
  }, 90_000);
});

describe('homerounds --help', () => {
  it('lists the resources and shows an example for a generated command', async () => {
    const top = await runHomerounds(['--help']);
    for (const topic of [
      'assistant',
      'squad',
      'phone-number',
      'voice-library',
      'provider-resource',
      'analytics',
      'apply',
      'export',
      'login',
      'whoami',
    ]) {
      expect(top.stdout).toContain(topic);
    }
    const sub = await runHomerounds(['assistant', 'list', '--help']);
    expect(sub.stdout).toContain('$ homerounds assistant list --all --json');
    expect(sub.stdout).toContain('Calls GET /assistant');
    const call = await runHomerounds(['call', 'create', '--help']);
    expect(call.stdout).toContain('never retried automatically');
  });
});
