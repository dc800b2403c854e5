// `homerounds confirmations run | status` against a stub of the confirmations function's HTTP API
// (core/confirmations/contract.ts): a batch that ends done over a few polls, one that fails, one that never
// ends, 401, 404 and 409. Exit codes, pure NDJSON with --json (plan → outcomes → summary), the human lines,
// masked phone numbers, usage errors that send nothing, and the admin secret never in any output.
// Most runs are in-process (runCli with its own environment); a few spawn the real launcher from source.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program.ts';
import type { BatchStatus, CallPlan, VisitConfirmation } from '../../core/confirmations/contract.ts';
import { LOCAL_ADMIN_SECRET, localCredentials } from '../../emulators/local-secrets.ts';
import { runHomerounds } from '../support/run-cli.ts';

const SECRET = 'hosted-admin-secret-0d9c8b7a6f5e';
const MAYA = 'maya.patel@homerounds.test';
const DATE = '2026-11-24';
const ZONE = 'America/Chicago';

// ─── The stub function ─────────────────────────────────────────────────────────────────────────────────

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | null;
  authorization: string | undefined;
}

const clinicianOf = (email: string) => ({ userId: `u-${email.split('@')[0]}`, email, name: 'Maya Patel' });

function planFor(email: string, date: string): CallPlan {
  return {
    clinician: clinicianOf(email),
    date,
    timeZone: ZONE,
    callAt: '2026-11-23T23:00:00Z', // 17:00 in Chicago
    latestAt: '2026-11-24T02:59:00Z', // 20:59
    entries: [
      entry('e1', 'Jane Doe', '+13125550142', '2026-11-24T15:00:00Z'),
      entry('e2', 'Robert Vance', '+13125550177', '2026-11-24T16:30:00Z'),
      entry('e3', 'Ana Lucía Gómez', '+13125550199', '2026-11-24T18:00:00Z'),
      { ...entry('e4', 'Tom Hale', null, '2026-11-24T20:00:00Z'), skip: 'no-phone' },
    ],
  };
}

function entry(eventId: string, patientName: string, phone: string | null, start: string) {
  return { eventId, patientName, phone, start, timeZone: ZONE, skip: null } as CallPlan['entries'][number];
}

function visit(plan: CallPlan, eventId: string, patch: Partial<VisitConfirmation>): VisitConfirmation {
  const e = plan.entries.find((x) => x.eventId === eventId);
  if (!e) throw new Error(eventId);
  return {
    eventId,
    visitDate: plan.date,
    patientName: e.patientName,
    phone: e.phone,
    status: e.skip ? 'skipped' : 'pending',
    attempts: 0,
    originalStart: e.start,
    newStart: null,
    detail: e.skip ? 'no phone number' : null,
    late: false,
    updatedAt: '2026-11-23T23:00:00Z',
    ...patch,
  };
}

/** The batch after `polls` status requests: calls go out, outcomes arrive, the day is re-optimised. */
type Ending = 'done' | 'closed' | 'failed' | 'never';

function progress(email: string, date: string, polls: number, ending: Ending): BatchStatus {
  const plan = planFor(email, date);
  const base = (state: BatchStatus['state'], visits: VisitConfirmation[]): BatchStatus => ({
    batchId: `b-${email}`,
    clinician: plan.clinician,
    date,
    state,
    finished: false,
    failure: null,
    campaignId: 'camp-1',
    visits,
    summary: null,
    updatedAt: '2026-11-23T23:10:00Z',
  });
  const skipped = visit(plan, 'e4', {});
  const calling = (id: string) =>
    visit(plan, id, { status: 'calling', attempts: 1, updatedAt: '2026-11-23T23:00:30Z' });
  if (polls === 0) return base('placing', [calling('e1'), calling('e2'), calling('e3'), skipped]);
  if (ending === 'never' || polls === 1) {
    return base('waitingForReports', [
      visit(plan, 'e1', { status: 'confirmed', attempts: 1, updatedAt: '2026-11-23T23:02:00Z' }),
      calling('e2'),
      calling('e3'),
      skipped,
    ]);
  }
  if (ending === 'failed') {
    return {
      ...base('failed', [
        visit(plan, 'e1', { status: 'confirmed', attempts: 1 }),
        calling('e2'),
        calling('e3'),
        skipped,
      ]),
      finished: true,
      failure: 'the voice platform refused the campaign for 30 minutes',
    };
  }
  const visits = [
    visit(plan, 'e1', { status: 'confirmed', attempts: 1, updatedAt: '2026-11-23T23:02:00Z' }),
    visit(plan, 'e2', {
      status: 'moved',
      attempts: 1,
      newStart: '2026-11-24T20:30:00Z',
      detail: 'later the same day',
      updatedAt: '2026-11-23T23:05:00Z',
    }),
    visit(plan, 'e3', { status: 'no-answer', attempts: 2, updatedAt: '2026-11-24T00:07:00Z' }),
    skipped,
  ];
  if (polls === 2) return base('retryWait', visits);
  // `closed`: the calls are over and the day re-planned; late answers are still taken until 9 pm.
  return {
    ...base(ending === 'closed' ? 'closed' : 'done', visits),
    finished: ending !== 'closed',
    summary: {
      counts: { confirmed: 1, moved: 1, 'no-answer': 1, skipped: 1 },
      moved: [{ eventId: 'e2', patientName: 'Robert Vance', from: '2026-11-24T16:30:00Z', to: '2026-11-24T20:30:00Z' }],
      plan: {
        order: [
          { eventId: 'e1', patientName: 'Jane Doe', start: '2026-11-24T15:00:00Z' },
          { eventId: 'e3', patientName: 'Ana Lucía Gómez', start: '2026-11-24T18:00:00Z' },
          { eventId: 'e2', patientName: 'Robert Vance', start: '2026-11-24T20:30:00Z' },
        ],
        driveMinutes: 84,
        confirmedTimesKept: true,
        feasible: true,
      },
      planNote: null,
    },
  };
}

const ENDINGS: Record<string, Ending> = {
  'closing@homerounds.test': 'closed',
  [MAYA]: 'done',
  'failing@homerounds.test': 'failed',
  'slow@homerounds.test': 'never',
  'ran@homerounds.test': 'done',
};

let server: Server;
let origin: string;
let seen: Seen[] = [];
const polls = new Map<string, number>();

function readBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => resolve(text ? (JSON.parse(text) as Record<string, unknown>) : null));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const body = await readBody(req);
    if (url.pathname === '/__local/credentials') {
      // The platform's answer to `--local` (the CLI carries no secret of its own); not a confirmations request.
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(localCredentials()));
    }
    const path = url.pathname.replace(/^\/functions\/v1\/confirmations/, '');
    const query = Object.fromEntries(url.searchParams);
    seen.push({ method: req.method ?? '', path, query, body, authorization: req.headers.authorization });
    const send = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    if (bearer !== SECRET && bearer !== LOCAL_ADMIN_SECRET) {
      return send(401, { error: 'unauthorized', message: 'invalid admin secret' });
    }
    const clinician = String(body?.clinician ?? query.clinician ?? '');
    const date = String(body?.date ?? query.date ?? DATE);
    const ending = ENDINGS[clinician];
    if (!ending) return send(404, { error: 'not-found', message: `no clinician ${clinician}` });
    if (req.method === 'POST' && path === '/plan') return send(200, planFor(clinician, date));
    if (req.method === 'POST' && path === '/run') {
      if (clinician === 'ran@homerounds.test' && body?.force !== true) {
        return send(409, { error: 'conflict', message: `a batch already ran for ${date}` });
      }
      polls.set(clinician, 0);
      return send(200, progress(clinician, date, 0, ending));
    }
    if (req.method === 'GET' && path === '/status') {
      const n = (polls.get(clinician) ?? 2) + 1;
      polls.set(clinician, n);
      return send(200, progress(clinician, date, n, ending));
    }
    send(404, { error: 'not-found', message: 'no such route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  polls.clear();
});

// ─── Running the CLI ───────────────────────────────────────────────────────────────────────────────────

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env,
    cwd: process.cwd(),
  });
  return { code, stdout, stderr };
}

const hosted = () => ['--url', `${origin}/functions/v1/confirmations`];
const withSecret = { HOMEROUNDS_ADMIN_SECRET: SECRET };
const fast = ['--poll-interval', '0.02'];

function ndjson(stdout: string): Array<Record<string, unknown>> {
  const lines = stdout.split('\n');
  expect(lines.pop()).toBe(''); // ends with a newline, nothing after it
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

function expectNoSecret(run: Run) {
  for (const secret of [SECRET, LOCAL_ADMIN_SECRET]) {
    expect(run.stdout).not.toContain(secret);
    expect(run.stderr).not.toContain(secret);
  }
}

// ─── run ───────────────────────────────────────────────────────────────────────────────────────────────

describe('homerounds confirmations run', () => {
  it('--json: pure NDJSON, the plan first, one outcome per change, the summary last; exit 0 when done', async () => {
    const run = await cli(['confirmations', 'run', '--clinician', MAYA, '--json', ...fast, ...hosted()], withSecret);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = ndjson(run.stdout);
    expect(lines.map((l) => l.type)).toEqual([
      'plan',
      'outcome', // e1 calling
      'outcome', // e2 calling
      'outcome', // e3 calling
      'outcome', // e1 confirmed
      'outcome', // e2 moved
      'outcome', // e3 no-answer
      'summary',
    ]);
    expect(lines[0]).toMatchObject({ type: 'plan', date: DATE, timeZone: ZONE, entries: expect.any(Array) });
    expect(lines.slice(1, -1).map((l) => `${l.eventId}:${l.status}`)).toEqual([
      'e1:calling',
      'e2:calling',
      'e3:calling',
      'e1:confirmed',
      'e2:moved',
      'e3:no-answer',
    ]);
    expect(lines.at(-1)).toMatchObject({ type: 'summary', state: 'done', finished: true, batchId: `b-${MAYA}` });
    // The plan, then the run (sent once, for the plan's date), then status polls for the same day.
    expect(seen.map((s) => `${s.method} ${s.path}`).slice(0, 2)).toEqual(['POST /plan', 'POST /run']);
    expect(seen[0]?.body).toEqual({ clinician: MAYA });
    expect(seen[1]?.body).toEqual({ clinician: MAYA, date: DATE });
    expect(seen.slice(2).every((s) => s.method === 'GET' && s.path === '/status')).toBe(true);
    expect(seen[2]?.query).toEqual({ clinician: MAYA, date: DATE });
    expect(seen.every((s) => s.authorization === `Bearer ${SECRET}`)).toBe(true);
    expectNoSecret(run);
  });

  it('prints the call list with masked phones, then one line per change in the clinician’s zone', async () => {
    const run = await cli(
      ['confirmations', 'run', '--clinician', MAYA, '--date', DATE, ...fast, ...hosted()],
      withSecret,
    );
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toContain('Calls start at 17:00; the last call starts by 20:59.');
    expect(out).toMatch(/09:00\s+Jane D\.\s+\+\*{7}0142\s+will call/);
    expect(out).toMatch(/14:00\s+Tom H\.\s+-\s+not called: no phone number/);
    expect(out).toContain('3 to call, 1 not called.');
    for (const full of ['3125550142', '3125550177', '3125550199']) expect(out).not.toContain(full);
    expect(out).toContain('17:02  Jane D.  Confirmed\n');
    expect(out).toContain('17:05  Robert V.  Moved → 14:30 (later the same day)\n');
    expect(out).toContain('18:07  Ana G.  No answer\n');
    // The summary: counts, what moved, the re-optimised order.
    expect(out).toContain('Counts: Confirmed 1 · Moved 1 · No answer 1 · Not called 1');
    expect(out).toContain('Robert V.  10:30 → 14:30');
    expect(out).toMatch(
      /Re-optimised order \(84 min of driving.*\):\n {2}1\. 09:00 {2}Jane D\.\n {2}2\. 12:00 {2}Ana G\.\n {2}3\. 14:30 {2}Robert V\./,
    );
    // A status line is printed once, when it changes: Jane's "Confirmed" comes once over several polls.
    expect(out.split('Jane D.  Confirmed').length).toBe(2);
    expectNoSecret(run);
  });

  it('--dry-run shows the plan and calls nothing (exit 0)', async () => {
    const human = await cli(['confirmations', 'run', '--clinician', MAYA, '--dry-run', ...hosted()], withSecret);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('will call');
    expect(human.stderr).toContain('nothing was called');
    const json = await cli(
      ['confirmations', 'run', '--clinician', MAYA, '--dry-run', '--json', ...hosted()],
      withSecret,
    );
    expect(json.code).toBe(0);
    expect(ndjson(json.stdout).map((l) => l.type)).toEqual(['plan']);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /plan', 'POST /plan']);
  });

  it('a failed batch exits 1 with the failure, and --json still ends with the summary', async () => {
    const clinician = 'failing@homerounds.test';
    const run = await cli(
      ['confirmations', 'run', '--clinician', clinician, '--json', ...fast, ...hosted()],
      withSecret,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the batch failed: the voice platform refused the campaign for 30 minutes');
    const lines = ndjson(run.stdout);
    expect(lines[0]?.type).toBe('plan');
    expect(lines.at(-1)).toMatchObject({ type: 'summary', state: 'failed', finished: true });
    const human = await cli(['confirmations', 'run', '--clinician', clinician, ...fast, ...hosted()], withSecret);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain(
      'homerounds confirmations status --clinician failing@homerounds.test --date 2026-11-24',
    );
  });

  it('stops with exit 0 once the calls are over and the day is re-planned, saying late answers still count', async () => {
    const run = await cli(
      ['confirmations', 'run', '--clinician', 'closing@homerounds.test', ...fast, ...hosted()],
      withSecret,
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('an answer that comes later (until calling hours end) still updates its visit');
    expect(run.stdout).toContain('Re-optimised order');
  });

  it('exits 5 when --timeout passes first, saying the batch keeps running and how to check it', async () => {
    const run = await cli(
      [
        'confirmations',
        'run',
        '--clinician',
        'slow@homerounds.test',
        '--timeout',
        '0.2',
        '--poll-interval',
        '0.05',
        ...hosted(),
      ],
      withSecret,
    );
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('keeps running on the server');
    expect(run.stderr).toContain(
      `homerounds confirmations status --clinician slow@homerounds.test --date ${DATE} --url ${origin}/functions/v1/confirmations`,
    );
    // It kept polling until then.
    expect(seen.filter((s) => s.path === '/status').length).toBeGreaterThanOrEqual(2);
  });

  it('409: exit 1 with the server’s message and how to see that batch; --force sends force: true', async () => {
    const clinician = 'ran@homerounds.test';
    const run = await cli(
      ['confirmations', 'run', '--clinician', clinician, '--date', DATE, ...fast, ...hosted()],
      withSecret,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('409 a batch already ran for 2026-11-24');
    expect(run.stderr).toContain(`homerounds confirmations status --clinician ${clinician} --date ${DATE}`);
    expect(run.stderr).toContain('--force');
    expect(seen.filter((s) => s.path === '/run')).toHaveLength(1); // never retried
    seen = [];
    const forced = await cli(
      ['confirmations', 'run', '--clinician', clinician, '--date', DATE, '--force', ...fast, ...hosted()],
      withSecret,
    );
    expect(forced.code).toBe(0);
    expect(seen.find((s) => s.path === '/run')?.body).toEqual({ clinician, date: DATE, force: true });
  });

  it('401 exits 3 naming where the secret came from, never the secret', async () => {
    const run = await cli(['confirmations', 'run', '--clinician', MAYA, ...hosted()], {
      HOMEROUNDS_ADMIN_SECRET: 'wrong-secret-value',
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('HOMEROUNDS_ADMIN_SECRET');
    expect(run.stderr).not.toContain('wrong-secret-value');
    expect(run.stdout).toBe('');
  });

  it('404 (unknown clinician) exits 4', async () => {
    const run = await cli(['confirmations', 'run', '--clinician', 'nobody@homerounds.test', ...hosted()], withSecret);
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('no clinician nobody@homerounds.test');
  });

  it.each([
    [['--date', '2026-13-45'], '--date must be a calendar date as YYYY-MM-DD'],
    [['--date', '2026-02-30'], '--date must be a calendar date as YYYY-MM-DD'],
    [['--clinician', 'maya.patel'], "--clinician must be the clinician's email address"],
    [['--poll-interval', '0'], '--poll-interval must be a number of seconds greater than 0'],
    [['--timeout', 'soon'], '--timeout must be a number of seconds greater than 0'],
    [['--bogus'], "unknown option '--bogus'"],
  ])('usage error %j exits 2 before any request', async (args, message) => {
    const run = await cli(['confirmations', 'run', '--clinician', MAYA, ...hosted(), ...args], withSecret);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(seen).toEqual([]);
  });

  it('needs a clinician, a place and a secret, each named, before any request', async () => {
    const noClinician = await cli(['confirmations', 'run', ...hosted()], withSecret);
    expect(noClinician.code).toBe(2);
    expect(noClinician.stderr).toContain('--clinician <email> (or set HOMEROUNDS_CLINICIAN)');
    const nowhere = await cli(['confirmations', 'run', '--clinician', MAYA], withSecret);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain('--url <url>, --local for the local platform, or set SUPABASE_URL');
    const noSecret = await cli(['confirmations', 'run', '--clinician', MAYA, ...hosted()], {
      HOMEROUNDS_ADMIN_SECRET: '  ',
    });
    expect(noSecret.code).toBe(3);
    expect(noSecret.stderr).toContain('set HOMEROUNDS_ADMIN_SECRET');
    expect(seen).toEqual([]);
  });

  it('the hosted project: SUPABASE_URL + /functions/v1/confirmations, a trimmed secret, HOMEROUNDS_CLINICIAN', async () => {
    const run = await cli(['confirmations', 'run', '--dry-run', '--json'], {
      SUPABASE_URL: `${origin}/`,
      HOMEROUNDS_ADMIN_SECRET: ` ${SECRET}\n`,
      HOMEROUNDS_CLINICIAN: MAYA,
    });
    expect(run.code).toBe(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ path: '/plan', body: { clinician: MAYA }, authorization: `Bearer ${SECRET}` });
  });

  it('--local: the local platform’s origin and development secret, Maya by default (said on stderr)', async () => {
    const run = await cli(['confirmations', 'run', '--local', '--dry-run'], { HOMEROUNDS_LOCAL_URL: origin });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`using ${MAYA}`);
    expect(seen[0]).toMatchObject({ path: '/plan', body: { clinician: MAYA } });
    expect(seen[0]?.authorization).toBe(`Bearer ${LOCAL_ADMIN_SECRET}`);
    expectNoSecret(run);
  });
});

// ─── status ────────────────────────────────────────────────────────────────────────────────────────────

describe('homerounds confirmations status', () => {
  it('prints the visits, counts, what moved and the re-optimised order', async () => {
    const run = await cli(['confirmations', 'status', '--clinician', MAYA, '--date', DATE, ...hosted()], withSecret);
    expect(run.code).toBe(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/status', query: { clinician: MAYA, date: DATE } });
    const out = run.stdout;
    expect(out).toContain('visits on 2026-11-24: done');
    expect(out).toMatch(/10:30\s+Robert V\.\s+\+\*{7}0177\s+Moved → 14:30 \(later the same day\)\s+1/);
    expect(out).toMatch(/12:00\s+Ana G\.\s+\+\*{7}0199\s+No answer\s+2/);
    expect(out).toContain('Counts: Confirmed 1 · Moved 1 · No answer 1 · Not called 1');
    expect(out).toContain('Moved tonight:');
    expect(out).toContain('Re-optimised order');
    expect(out).not.toContain('3125550177');
    expectNoSecret(run);
  });

  it('--json prints the BatchStatus as the function sent it', async () => {
    const run = await cli(['confirmations', 'status', '--clinician', MAYA, '--json', ...hosted()], withSecret);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(progress(MAYA, DATE, 3, 'done'));
  });

  it('reports a running batch as still running, and maps 401/404 to exits 3/4', async () => {
    polls.set('slow@homerounds.test', 0);
    const running = await cli(
      ['confirmations', 'status', '--clinician', 'slow@homerounds.test', ...hosted()],
      withSecret,
    );
    expect(running.code).toBe(0);
    expect(running.stdout).toContain('waitingForReports (still running)');
    const denied = await cli(['confirmations', 'status', '--clinician', MAYA, ...hosted()], {
      HOMEROUNDS_ADMIN_SECRET: 'x',
    });
    expect(denied.code).toBe(3);
    const unknown = await cli(
      ['confirmations', 'status', '--clinician', 'nobody@homerounds.test', ...hosted()],
      withSecret,
    );
    expect(unknown.code).toBe(4);
  });
});

// ─── The real launcher ─────────────────────────────────────────────────────────────────────────────────

describe('homerounds confirmations (spawned)', () => {
  const env = { HOMEROUNDS_FROM_SOURCE: '1', HOMEROUNDS_ADMIN_SECRET: SECRET };

  it('exits 0 with pure NDJSON on stdout, and 2 for a bad date without a request', async () => {
    const run = await runHomerounds(['confirmations', 'run', '--clinician', MAYA, '--json', ...fast, ...hosted()], {
      env,
    });
    expect(run.code).toBe(0);
    const types = ndjson(run.stdout).map((l) => l.type);
    expect(types[0]).toBe('plan');
    expect(types.at(-1)).toBe('summary');
    seen = [];
    const bad = await runHomerounds(
      ['confirmations', 'run', '--clinician', MAYA, '--date', '2026-13-45', ...hosted()],
      {
        env,
      },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--date must be a calendar date');
    expect(seen).toEqual([]);
  });

  it('has help with examples for the topic and each verb', async () => {
    for (const args of [['confirmations'], ['confirmations', 'run'], ['confirmations', 'status']]) {
      const run = await runHomerounds([...args, '--help'], { env });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Example');
      expect(run.stdout).toContain('$ homerounds confirmations');
    }
  });
});
