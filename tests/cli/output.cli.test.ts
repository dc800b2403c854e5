// `--output json|yaml|ndjson|table` and `--fields` (in-process, as main.ts runs it) against a stub platform:
// resource lists and objects in every format, projections by dotted paths, tables of chosen columns (escaped),
// NDJSON with --all printed page by page while the next page is still on its way, `homerounds api` honouring
// --output, the commands that know only --json (machines, template builtin), and usage errors that send nothing.
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { runCli } from '../../cli/program.ts';

const tmp = mkdtempSync(join(tmpdir(), 'homerounds-output-'));

const assistants = [
  { id: 'a1', name: 'Front desk', model: { provider: 'openai', model: 'gpt-4o' }, createdAt: '2026-01-03T00:00:00Z' },
  {
    id: 'a2',
    name: 'Night\u001b[2J line',
    model: { provider: 'openai', model: 'gpt-4.1' },
    createdAt: '2026-01-02T00:00:00Z',
  },
  { id: 'a3', name: 'Spare', createdAt: '2026-01-01T00:00:00Z' },
];

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;
let server: Server;
let base: string;
const seen: string[] = [];
let handler: Handler = () => undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    res.setHeader('content-type', 'application/json');
    void handler(req, res, new URL(req.url ?? '/', 'http://x'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    server?.close(() => resolve());
    server?.closeAllConnections();
  });
});

/** The platform's v1 assistant list and get, and a paginated /chat of two pages. */
const platform: Handler = (_req, res, url) => {
  if (url.pathname === '/assistant') return void res.end(JSON.stringify(assistants));
  if (url.pathname.startsWith('/assistant/')) {
    return void res.end(JSON.stringify(assistants.find((a) => a.id === url.pathname.split('/')[2])));
  }
  res.statusCode = 404;
  res.end('{"message":"no"}');
};

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(args: string[], onStdout?: (text: string, all: string) => void): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli([...args, '--base-url', base], {
    stdout: (t) => {
      stdout += t;
      onStdout?.(t, stdout);
    },
    stderr: (t) => {
      stderr += t;
    },
    env: { VAPI_API_KEY: 'k', HOMEROUNDS_CONFIG: join(tmp, 'none.json') },
    cwd: tmp,
  });
  return { code, stdout, stderr };
}

/** Runs a command that sends nothing (local commands): no --base-url. */
async function runOffline(args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env: { HOMEROUNDS_CONFIG: join(tmp, 'none.json') },
    cwd: tmp,
  });
  return { code, stdout, stderr };
}

describe('resource commands: --output and --fields', () => {
  beforeAll(() => {
    handler = platform;
  });

  it('--output json is --json: the platform JSON untouched; --fields projects by dotted paths', async () => {
    const json = await run(['assistant', 'list', '--json']);
    const output = await run(['assistant', 'list', '--output', 'json']);
    expect(output.code).toBe(0);
    expect(output.stdout).toBe(json.stdout);
    expect(JSON.parse(output.stdout)).toEqual(assistants);
    const picked = await run(['assistant', 'list', '--json', '--fields', 'id,model.model']);
    expect(JSON.parse(picked.stdout)).toEqual([
      { id: 'a1', model: { model: 'gpt-4o' } },
      { id: 'a2', model: { model: 'gpt-4.1' } },
      { id: 'a3' }, // a path the item lacks is left out, not invented
    ]);
  });

  it('yaml reads back to the same values (escape sequences included); one object prints as one document', async () => {
    const list = await run(['assistant', 'list', '-o', 'yaml']);
    expect(list.code).toBe(0);
    expect(parse(list.stdout)).toEqual(assistants);
    expect(list.stdout).not.toContain('\u001b');
    const one = await run(['assistant', 'get', 'a1', '-o', 'yaml', '-F', 'name,model.provider']);
    expect(parse(one.stdout)).toEqual({ name: 'Front desk', model: { provider: 'openai' } });
  });

  it('ndjson prints one object per line (a list item by item, an object as one line)', async () => {
    const list = await run(['assistant', 'list', '-o', 'ndjson', '-F', 'id,name']);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual(assistants.map(({ id, name }) => ({ id, name })));
    const one = await run(['assistant', 'get', 'a2', '--output', 'ndjson']);
    expect(one.stdout.split('\n')).toHaveLength(2);
    expect(JSON.parse(one.stdout)).toEqual(assistants[1]);
  });

  it('a table of the chosen columns, control characters escaped; --fields alone chooses the columns', async () => {
    const table = await run(['assistant', 'list', '--output', 'table', '--fields', 'id,name,model.model']);
    expect(table.code).toBe(0);
    const rows = table.stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^ID\s+NAME\s+MODEL$/);
    expect(rows[2]).toMatch(/^a2\s+Night\\x1b\[2J line\s+gpt-4\.1$/);
    expect(rows).toHaveLength(4);
    expect(table.stderr).toContain('3 item(s)');
    const fieldsOnly = await run(['assistant', 'list', '-F', 'name']);
    expect(fieldsOnly.stdout.split('\n')[0]).toBe('NAME');
    // One object as a one-row table (the resource's columns unless chosen).
    const one = await run(['assistant', 'get', 'a1', '-o', 'table']);
    expect(one.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+MODEL\s+VOICE\s+UPDATED_AT$/);
    expect(one.stdout).toContain('Front desk');
  });

  it('usage errors exit 2 before anything is sent', async () => {
    seen.length = 0;
    const unknown = await run(['assistant', 'list', '--output', 'xml']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--output must be one of json, yaml, ndjson, table (got "xml")');
    const both = await run(['assistant', 'list', '--json', '--output', 'yaml']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--json is --output json');
    const empty = await run(['assistant', 'list', '--fields', 'id,,name']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--fields expects comma-separated dotted paths');
    expect(seen).toEqual([]);
  });
});

describe('ndjson with --all streams page by page', () => {
  it('prints the first page before the second one is answered (paginated list)', async () => {
    let releaseSecond: () => void = () => undefined;
    const secondAsked = new Promise<void>((resolve) => {
      handler = (_req, res, url) => {
        const page = Number(url.searchParams.get('page') ?? 1);
        const results = [1, 2].map((n) => ({ id: `c${page}-${n}`, assistantId: 'a1', cost: n }));
        const body = JSON.stringify({ results, metadata: { currentPage: page, totalPages: 2 } });
        if (page === 1) return void res.end(body);
        resolve();
        releaseSecond = () => res.end(body);
      };
    });
    let printed = '';
    const done = run(['chat', 'list', '--all', '-o', 'ndjson', '-F', 'id'], (_text, all) => {
      printed = all;
    });
    await secondAsked;
    // The server holds the second page: what is on stdout now came from the first page alone.
    const linesBeforeSecondAnswer = printed.trimEnd().split('\n').filter(Boolean).length;
    releaseSecond();
    const finished = await done;
    expect(finished.code).toBe(0);
    expect(linesBeforeSecondAnswer).toBe(2);
    expect(
      finished.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([{ id: 'c1-1' }, { id: 'c1-2' }, { id: 'c2-1' }, { id: 'c2-2' }]);
  });

  it('v1 lists too, and --limit stays a total across pages', async () => {
    handler = platform;
    const all = await run(['assistant', 'list', '--all', '-o', 'ndjson', '-q', 'limit=2']);
    expect(all.code).toBe(0);
    expect(
      all.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(['a1', 'a2', 'a3']);
    const limited = await run(['assistant', 'list', '--limit', '2', '-o', 'ndjson', '-F', 'id']);
    expect(limited.stdout).toBe('{"id":"a1"}\n{"id":"a2"}\n');
  });
});

describe('homerounds api honours --output', () => {
  beforeAll(() => {
    handler = (_req, res, url) => {
      if (url.pathname === '/v2/call') {
        const page = Number(url.searchParams.get('page') ?? 1);
        return void res.end(
          JSON.stringify({
            results: [{ id: `v${page}`, status: 'ended', endedReason: 'hangup' }],
            metadata: { currentPage: page, totalPages: 2 },
          }),
        );
      }
      platform(_req, res, url);
    };
  });

  it('json by default; yaml, ndjson and table on request, with --fields', async () => {
    const json = await run(['api', 'GET', '/assistant']);
    expect(JSON.parse(json.stdout)).toEqual(assistants);
    const yaml = await run(['api', 'GET', '/assistant/a1', '-o', 'yaml', '-F', 'id,model.model']);
    expect(parse(yaml.stdout)).toEqual({ id: 'a1', model: { model: 'gpt-4o' } });
    const projected = await run(['api', 'GET', '/assistant', '--fields', 'id']);
    expect(JSON.parse(projected.stdout)).toEqual([{ id: 'a1' }, { id: 'a2' }, { id: 'a3' }]);
    // ndjson and table print a page's results item by item.
    const ndjson = await run(['api', 'GET', '/v2/call', '-o', 'ndjson', '-F', 'id,status']);
    expect(ndjson.stdout).toBe('{"id":"v1","status":"ended"}\n');
    const table = await run(['api', 'GET', '/assistant', '-o', 'table']);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+MODEL\s+VOICE\s+UPDATED_AT$/);
    const paged = await run(['api', 'GET', '/v2/call', '--paginate', '-o', 'ndjson', '-F', 'id']);
    expect(paged.stdout).toBe('{"id":"v1"}\n{"id":"v2"}\n');
  });
});

describe('commands that know only --json take --output and --fields too', () => {
  it('machines list: yaml, ndjson, a table of chosen columns, projected json', async () => {
    const json = JSON.parse((await runOffline(['machines', 'list', '--json'])).stdout) as Array<{ name: string }>;
    expect(json.length).toBeGreaterThan(0);
    const yaml = await runOffline(['machines', 'list', '-o', 'yaml']);
    expect(parse(yaml.stdout)).toEqual(json);
    const ndjson = await runOffline(['machines', 'list', '-o', 'ndjson', '-F', 'name']);
    expect(
      ndjson.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(json.map((m) => ({ name: m.name })));
    const table = await runOffline(['machines', 'list', '--fields', 'name,states']);
    expect(table.stdout.split('\n')[0]).toMatch(/^NAME\s+STATES$/);
    expect(table.stdout).toContain(json[0]?.name);
    const projected = await runOffline(['template', 'builtin', '--output', 'json', '-F', 'name']);
    expect(JSON.parse(projected.stdout)).toEqual(expect.arrayContaining([{ name: 'home-visit-scheduler' }]));
    // --output table alone is the command's own view for people.
    const own = await runOffline(['machines', 'list', '-o', 'table']);
    expect(own.stdout).toBe((await runOffline(['machines', 'list'])).stdout);
  });

  it('a stream of NDJSON events stays a stream: each event converted as it is written', async () => {
    const { convertingStdout, loadYaml } = await import('../../cli/output/format.ts');
    await loadYaml();
    let out = '';
    const io = {
      stdout: (t: string) => {
        out += t;
      },
      stderr: () => undefined,
      env: {},
      cwd: tmp,
    };
    const write = convertingStdout(io, { format: 'yaml', fields: ['event', 'status'] });
    write('{"event":"status","status":"ringing","at":1}\n');
    expect(parseAllDocuments(out).map((d) => d.toJS())).toEqual([{ event: 'status', status: 'ringing' }]);
    write('{"event":"ended","endedReason":"hangup"}\n');
    expect(parseAllDocuments(out).map((d) => d.toJS())).toEqual([
      { event: 'status', status: 'ringing' },
      { event: 'ended' },
    ]);
  });

  it('bad values are usage errors here too (exit 2)', async () => {
    const bad = await runOffline(['machines', 'list', '--output', 'csv']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--output must be one of');
  });
});
