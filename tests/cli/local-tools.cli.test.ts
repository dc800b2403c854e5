// The built `homerounds` against the local platform for what engineers do beside the voice platform:
// optimise a seeded clinician's day, solve a benchmark instance, reseed the platform, simulate calls.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_VOICE_PUBLIC_KEY } from '../../config/local-platform.ts';
import { CALENDAR_EVENTS_SCOPE, CALENDAR_READONLY_SCOPE } from '../../core/google/access.ts';
import { nameKey } from '../../core/patients/patients.ts';
import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { repoRoot, runHomerounds } from '../support/run-cli.ts';
import { DAYS, suiteSeed, visitsOn } from '../support/seed-calendar.ts';
import { SEED_DAY, testNow } from '../support/test-clock.ts';

const MAYA = 'maya.patel@homerounds.test';
const ERIN_NO_EVENTS = 'erin.walsh@homerounds.test';
let platform: TestPlatform;
let env: Record<string, string>;

beforeAll(async () => {
  platform = await startLocalPlatform();
  env = { HOMEROUNDS_LOCAL_URL: platform.url };
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

/** The day whose route is optimised: Thursday 29 October, the seed day's tomorrow (five visits for Maya). */
const VISIT_DAY = DAYS.thursday;

describe('homerounds route optimize --clinician', () => {
  it("compares Maya's calendar order with the optimised order, totals consistent", async () => {
    const date = VISIT_DAY;
    expect(visitsOn(MAYA, date).length).toBeGreaterThanOrEqual(2);
    const run = await runHomerounds(['route', 'optimize', '--clinician', MAYA, '--date', date, '--json'], { env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      calendar: { order: string[]; totalTravelMinutes: number; feasible: boolean };
      optimized: { order: string[]; totalTravelMinutes: number; feasible: boolean };
      travelBeforeMinutes: number;
      travelAfterMinutes: number;
      savedMinutes: number;
      provedOptimal: boolean;
    };
    expect(report.optimized.order.slice().sort()).toEqual(report.calendar.order.slice().sort());
    expect(report.optimized.order.length).toBeGreaterThanOrEqual(2);
    expect(report.provedOptimal).toBe(true);
    expect(report.optimized.feasible).toBe(true);
    expect(report.savedMinutes).toBeCloseTo(report.travelBeforeMinutes - report.travelAfterMinutes, 5);
    // With a feasible calendar order, the proven optimum never drives more.
    if (report.calendar.feasible)
      expect(report.travelAfterMinutes).toBeLessThanOrEqual(report.travelBeforeMinutes + 1e-9);
  });

  it('prints a human report with each leg and the saving', async () => {
    const run = await runHomerounds(['route', 'optimize', '--clinician', MAYA, '--date', VISIT_DAY], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Travel: [\d.]+ min in calendar order → [\d.]+ min optimised/);
    expect(run.stdout).toContain('Calendar');
    expect(run.stdout).toContain('Optimised');
  });

  it('exits 4 for a clinician with no visits that day, 2 without a day or file', async () => {
    const none = await runHomerounds(['route', 'optimize', '--clinician', ERIN_NO_EVENTS, '--date', VISIT_DAY], {
      env,
    });
    expect(none.code).toBe(4);
    expect(none.stderr).toContain('has no routable visits');
    const usage = await runHomerounds(['route', 'optimize'], { env });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--clinician <email> --date <YYYY-MM-DD>');
  });

  it('plans a day written by people as the dashboard does: addresses located, the patient list and the rule read', async () => {
    // Erin (no HomeRounds data) types three visits on Saturday at seeded addresses, and a lunch.
    const token = (await (
      await fetch(`${platform.url}/__local/provider-tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ERIN_NO_EVENTS, scopes: ['https://www.googleapis.com/auth/calendar.events'] }),
      })
    ).json()) as { access_token: string };
    const day = DAYS.saturday;
    const [a, b, c] = suiteSeed().patients;
    const typed = [
      [`PT eval - ${a?.fullName}`, a?.address, '09:00', '09:45'],
      [`${b?.fullName} ROC`, b?.address, '10:30', '11:15'],
      ['Lunch', '3400 N Clark St, Chicago, IL 60657', '11:30', '12:00'],
      [`SN f/u ${c?.fullName}`, c?.address, '13:00', '13:45'],
    ];
    for (const [summary, location, from, to] of typed) {
      const created = await fetch(`${platform.url}/calendar/v3/calendars/primary/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          summary,
          location,
          start: { dateTime: `${day}T${from}:00-05:00` },
          end: { dateTime: `${day}T${to}:00-05:00` },
        }),
      });
      expect(created.status).toBe(200);
    }
    // Her rule: visits keep their times; and one of the three is "not a patient" on her list.
    await platform.db.query(
      `update public.profiles set move_rule_set = true, move_within_minutes = 0
       where id = (select id from auth.users where email = $1)`,
      [ERIN_NO_EVENTS],
    );
    await platform.db.query(
      `insert into public.patients (user_id, name_key, status, full_name)
       select id, $2, 'not_patient', $3 from auth.users where email = $1`,
      [ERIN_NO_EVENTS, nameKey(c?.fullName ?? ''), c?.fullName],
    );
    const run = await runHomerounds(['route', 'optimize', '--clinician', ERIN_NO_EVENTS, '--date', day, '--json'], {
      env,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      optimized: { stops: Array<{ title: string }> };
      skipped: Array<{ title: string; reason: string }>;
      rule: string;
    };
    expect(report.optimized.stops.map((s) => s.title).sort()).toEqual([typed[0]?.[0], typed[1]?.[0]].sort());
    expect(report.rule).toBe('Visits keep their booked times (your rule); only the drives between them are compared.');
    expect(report.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Lunch' }),
        { id: expect.any(String), title: typed[3]?.[0], reason: 'not a visit: you marked this name as not a patient' },
      ]),
    );
  });

  it('reports a malformed visits file with exit 2 and the field to fix', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'route-'));
    const file = join(dir, 'visits.json');
    writeFileSync(
      file,
      JSON.stringify({
        date: '2026-11-24',
        visits: [{ id: 'a', lat: 123, lon: 0, start: '09:00', durationMinutes: 30 }],
      }),
    );
    const run = await runHomerounds(['route', 'optimize', '--file', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('visits[0].lat must be a number between -90 and 90');
  });
});

const eil51 = join(repoRoot, '../shared/benchmarks/routing/tsplib/eil51.tsp');
describe.skipIf(!existsSync(eil51))(
  `homerounds route solve${existsSync(eil51) ? '' : ' (skipped: ../shared/benchmarks/routing not found)'}`,
  () => {
    // Decided by a budget of search rounds, with a time limit that never binds: the same answer on any machine.
    it('solves eil51 within 1 % of the known optimum 426, as JSON', async () => {
      const args = ['route', 'solve', eil51, '--format', 'tsplib', '--time-limit', '60000', '--max-iterations', '300'];
      const run = await runHomerounds([...args, '--json'], { timeoutMs: 60_000 });
      expect(run.code).toBe(0);
      const result = JSON.parse(run.stdout) as { cost: number; order: number[]; provedOptimal: boolean; ms: number };
      expect(result.cost).toBeGreaterThanOrEqual(426);
      expect(result.cost).toBeLessThanOrEqual(427);
      expect(new Set(result.order).size).toBe(51);
      // A budget is a budget: another run with the same seed gives the same tour.
      const again = JSON.parse((await runHomerounds([...args, '--json'], { timeoutMs: 60_000 })).stdout) as {
        order: number[];
      };
      expect(again.order).toEqual(result.order);
    });
  },
);

describe('homerounds local', () => {
  it('reports status and reseeds', async () => {
    const status = await runHomerounds(['local', 'status', '--json'], { env });
    expect(status.code).toBe(0);
    expect((JSON.parse(status.stdout) as { clinicians: string[] }).clinicians).toContain(MAYA);
    const reset = await runHomerounds(['local', 'reset', '--today', SEED_DAY, '--json'], { env });
    expect(reset.code).toBe(0);
    expect(JSON.parse(reset.stdout)).toMatchObject({ today: SEED_DAY });
  });

  it('says how to start the platform when it is not running', async () => {
    const run = await runHomerounds(['local', 'status'], { env: { HOMEROUNDS_LOCAL_URL: 'http://127.0.0.1:9' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Start it with `npm start`');
  });
});

describe('homerounds call simulate', () => {
  it('walks every start stage, detects speech from the scripted levels and ends as the customer', async () => {
    const run = await runHomerounds(['call', 'simulate', '--assistant', 'a1', '--offline']);
    expect(run.code).toBe(0);
    for (const stage of ['web-call-creation', 'daily-call-join', 'audio-processing-setup']) {
      expect(run.stdout).toMatch(new RegExp(`${stage}\\s+completed\\s+\\d+ ms`));
    }
    expect(run.stdout).toContain('call-start');
    expect(run.stdout).toContain('speech-start');
    expect(run.stdout).toContain('speech-end');
    expect(run.stdout).toContain('ended: customer-ended-call');
  });

  it('streams NDJSON with --json', async () => {
    const run = await runHomerounds(['call', 'simulate', '--assistant', 'a1', '--offline', '--json']);
    expect(run.code).toBe(0);
    const events = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; t: number });
    expect(events.map((e) => e.type)).toContain('call-start-success');
    expect(events.map((e) => e.type)).toContain('call-end');
    expect(events.every((e, i) => i === 0 || e.t >= (events[i - 1]?.t ?? 0))).toBe(true);
  });

  it('exits with the failed stage: 14 for daily-call-join, 11 for web-call-creation', async () => {
    const join14 = await runHomerounds([
      'call',
      'simulate',
      '--assistant',
      'a1',
      '--offline',
      '--fail-stage',
      'daily-call-join',
    ]);
    expect(join14.code).toBe(14);
    expect(join14.stderr).toContain('failed to start at daily-call-join');
    const web11 = await runHomerounds([
      'call',
      'simulate',
      '--assistant',
      'a1',
      '--offline',
      '--fail-stage',
      'web-call-creation',
    ]);
    expect(web11.code).toBe(11);
  });

  it('survives two bundle timeouts and fails the join after three', async () => {
    const two = await runHomerounds(['call', 'simulate', '--assistant', 'a1', '--offline', '--bundle-timeouts', '2']);
    expect(two.code).toBe(0);
    const three = await runHomerounds(['call', 'simulate', '--assistant', 'a1', '--offline', '--bundle-timeouts', '3']);
    expect(three.code).toBe(14);
    expect(three.stdout).toContain('Failed to load call object bundle');
  });

  it("answers the turns from a seeded clinician's calendar through the local assistant and its tools", async () => {
    // Thursday 29 October (Maya's five visits), asked the way a clinician would.
    const day = new Date(`${VISIT_DAY}T12:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const script = join(mkdtempSync(join(tmpdir(), 'homerounds-simulate-')), 'turns.json');
    writeFileSync(
      script,
      JSON.stringify({ turns: [`What are my appointments on ${day}?`, `Optimise my route for ${day}`] }),
    );
    const run = await runHomerounds(
      ['call', 'simulate', '--assistant', 'a1', '--clinician', MAYA, '--script', script],
      {
        env,
      },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // The day's visits with times, patient names and Chicago addresses, then the route.
    expect(run.stdout).toMatch(/assistant: You have \d+ visits /);
    expect(run.stdout).toMatch(/\d{1,2}:\d{2} [AP]M.*Chicago, IL/);
    expect(run.stdout).toMatch(/tool {5}: list_visits → answer/);
    expect(run.stdout).toMatch(/tool {5}: optimize_route → answer/);
    expect(run.stdout).toMatch(/assistant: (Best order for|Your calendar order)/);
    const unknown = await runHomerounds(['call', 'simulate', '--assistant', 'a1', '--clinician', 'nobody@x.test'], {
      env,
    });
    expect(unknown.code).toBe(4);
  });

  it('streams the tool results as tool-calls-result messages with --json', async () => {
    const run = await runHomerounds(['call', 'simulate', '--assistant', 'a1', '--clinician', MAYA, '--json'], { env });
    expect(run.code).toBe(0);
    const events = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; payload?: Record<string, unknown> });
    const results = events
      .filter((e) => e.type === 'message' && e.payload?.type === 'tool-calls-result')
      .map((e) => e.payload?.toolCallResult as { name: string; result: string });
    expect(results.map((r) => r.name)).toContain('optimize_route');
    for (const r of results)
      expect(JSON.parse(r.result)).toMatchObject({ status: 'answer', timeZone: 'America/Chicago' });
  });

  it('refuses an unknown stage and a malformed script before simulating', async () => {
    const stage = await runHomerounds(['call', 'simulate', '--assistant', 'a1', '--fail-stage', 'nope']);
    expect(stage.code).toBe(2);
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    writeFileSync(join(dir, 'script.yaml'), 'turns: [1, 2]\n');
    const script = await runHomerounds(['call', 'simulate', '--assistant', 'a1', '--script', join(dir, 'script.yaml')]);
    expect(script.code).toBe(2);
    expect(script.stderr).toContain('turns must be a list of strings');
  });
});

describe('homerounds call simulate speaks to the platform as the web app does', () => {
  interface Seen {
    path: string;
    headers: Record<string, string | string[] | undefined>;
    body: Record<string, unknown>;
  }

  /** A stand-in for the local platform that records every request and answers with canned bodies. */
  async function fakePlatform(grantStatus: number) {
    const seen: Seen[] = [];
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => {
        const path = req.url ?? '';
        seen.push({ path, headers: req.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (path === '/__local/sessions') return send(200, { access_token: 'SESSION-ACCESS-TOKEN' });
        if (path === '/functions/v1/google-token') {
          return grantStatus === 200
            ? send(200, { accessToken: 'g', expiresAt: testNow().toISOString(), scopes: ['calendar.readonly'] })
            : send(grantStatus, { code: grantStatus === 401 ? 'reauth_required' : 'write_access_required' });
        }
        if (path === '/__local/google-grants') return send(200, { userId: 'u', scopes: ['x'] });
        if (path === '/functions/v1/call-token') return send(200, { callToken: 'THE-CALL-TOKEN', expiresAt: 'x' });
        if (path === '/chat/web') {
          return send(201, {
            id: `chat-${seen.length}`,
            output: [
              { role: 'tool', name: 'list_visits', content: '{"status":"answer","say":"You have 2 visits."}' },
              { role: 'assistant', content: 'You have 2 visits.' },
            ],
          });
        }
        send(404, {});
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it('sends the public key and a call token to the assistant, never the session; a missing grant is stored', async () => {
    const fake = await fakePlatform(401);
    try {
      const run = await runHomerounds(['call', 'simulate', '--assistant', 'a1', '--clinician', MAYA], {
        env: { HOMEROUNDS_LOCAL_URL: fake.url },
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('tool     : list_visits → answer');
      expect(fake.seen.map((s) => s.path)).toEqual([
        '/__local/sessions',
        '/functions/v1/google-token',
        '/__local/google-grants',
        '/functions/v1/call-token',
        '/chat/web',
        '/chat/web',
      ]);
      const [, grantCheck, grant, callToken, ...chats] = fake.seen;
      for (const asSession of [grantCheck, callToken]) {
        expect(asSession?.headers).toMatchObject({
          apikey: LOCAL_ANON_KEY,
          authorization: 'Bearer SESSION-ACCESS-TOKEN',
        });
      }
      expect(grant?.body).toEqual({ email: MAYA, scopes: [CALENDAR_READONLY_SCOPE] });
      for (const chat of chats) {
        expect(chat.headers.authorization).toBe(`Bearer ${LOCAL_VOICE_PUBLIC_KEY}`);
        expect(chat.body.assistantOverrides).toEqual({ variableValues: { homeroundsCallToken: 'THE-CALL-TOKEN' } });
        expect(JSON.stringify(chat)).not.toContain('SESSION-ACCESS-TOKEN');
      }
      expect(chats[1]?.body.previousChatId).toBe('chat-5');
    } finally {
      await fake.close();
    }
  });

  it('keeps a stored grant that allows what is asked; --calendar-write asks for calendar changes', async () => {
    const kept = await fakePlatform(200);
    try {
      const run = await runHomerounds(['call', 'simulate', '--assistant', 'a1', '--clinician', MAYA], {
        env: { HOMEROUNDS_LOCAL_URL: kept.url },
      });
      expect(run.code).toBe(0);
      expect(kept.seen.map((s) => s.path)).not.toContain('/__local/google-grants');
      expect(kept.seen[1]?.body).toEqual({ need: 'read' });
    } finally {
      await kept.close();
    }
    const write = await fakePlatform(403);
    try {
      const run = await runHomerounds(
        ['call', 'simulate', '--assistant', 'a1', '--clinician', MAYA, '--calendar-write'],
        { env: { HOMEROUNDS_LOCAL_URL: write.url } },
      );
      expect(run.code).toBe(0);
      expect(write.seen[1]?.body).toEqual({ need: 'write' });
      expect(write.seen[2]).toMatchObject({
        path: '/__local/google-grants',
        body: { email: MAYA, scopes: [CALENDAR_READONLY_SCOPE, CALENDAR_EVENTS_SCOPE] },
      });
    } finally {
      await write.close();
    }
    const usage = await runHomerounds(['call', 'simulate', '--assistant', 'a1', '--calendar-write']);
    expect(usage.code).toBe(2);
  });
});
