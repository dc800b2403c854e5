// The scheduling-tools server (/functions/v1/assistant-tools) as the voice platform calls it: the
// platform's server secret guards it, the call token names the clinician, and both directions of the
// webhook match the published schemas (ServerMessageToolCalls in, ServerMessageResponseToolCalls out).
// The schema checks skip, with the reason, where ../shared is absent.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCallToken } from '../../core/assistant/call-token.ts';
import { CALL_TOKEN_VARIABLE, parseToolResult } from '../../core/assistant/contract.ts';
import { toolCallsMessage } from '../../core/assistant/webhook-message.ts';
import { LOCAL_CALL_TOKEN_SECRET, LOCAL_TOOLS_SECRET } from '../../emulators/local-secrets.ts';
import { assistantSession } from '../support/assistant-session.ts';
import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { loadOpenApi, OpenApiValidator } from '../support/openapi-validate.ts';
import { repoRoot } from '../support/run-cli.ts';
import { DAYS, suiteSeed, visitsOn } from '../support/seed-calendar.ts';
import { chicago, setTestNow, testNow } from '../support/test-clock.ts';

const contract = join(repoRoot, '../shared/contracts/vapi-openapi.json');
const hasContract = existsSync(contract);

const MAYA = 'maya.patel@homerounds.test';
/** The seed day (Wednesday 28 October), the suite's "today". */
const today = DAYS.wednesday;
let platform: TestPlatform;
let maya: { callToken: string; userId: string; accessToken: string };

/** The day the route tools plan: Thursday 29 October, the seed day's tomorrow (five visits for Maya). */
const VISIT_DAY = DAYS.thursday;

beforeAll(async () => {
  // 06:00 in Chicago on the seed day: every visit of the day is still ahead. The platform runs on this clock.
  setTestNow(chicago(today, '06:00'));
  platform = await startLocalPlatform();
  const session = await assistantSession(platform, MAYA);
  const payload = JSON.parse(Buffer.from(session.accessToken.split('.')[1] as string, 'base64url').toString()) as {
    sub: string;
  };
  maya = { callToken: session.callToken, userId: payload.sub, accessToken: session.accessToken };
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

async function post(body: unknown, headers: Record<string, string> = { 'x-vapi-secret': LOCAL_TOOLS_SECRET }) {
  const response = await fetch(`${platform.url}/functions/v1/assistant-tools`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function message(calls: Array<{ name: string; args: Record<string, unknown> }>, callToken: string | null) {
  return toolCallsMessage({
    calls: calls.map((c, i) => ({ id: `call_${i}_${c.name}`, ...c })),
    callId: '3f0c1a7e-2b4d-4c8e-9f1a-5d6e7f8a9b0c',
    orgId: '00000000-0000-4000-8000-000000000001',
    callToken,
    now: testNow(),
  });
}

describe('authentication of the platform', () => {
  it('answers 401 without reading anything when the server secret is wrong or missing', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { 'x-vapi-secret': 'wrong' },
      { authorization: 'Bearer wrong' },
    ];
    for (const headers of attempts) {
      // Not even JSON: a 401 (not a 400) shows the body was never read.
      const answer = await post('{not json', headers);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: 'unauthorized', message: expect.stringContaining('secret') });
    }
  });

  it('accepts the secret as X-Vapi-Secret or as a Bearer credential', async () => {
    const body = message([{ name: 'list_visits', args: { date: today } }], maya.callToken);
    expect((await post(body)).status).toBe(200);
    expect((await post(body, { authorization: `Bearer ${LOCAL_TOOLS_SECRET}` })).status).toBe(200);
  });
});

describe('identification of the clinician by the call token', () => {
  it('refuses every call, per call, without a token, with an expired one or with a forged one', async () => {
    const expired = await signCallToken(
      maya.userId,
      LOCAL_CALL_TOKEN_SECRET,
      new Date(testNow().getTime() - 3 * 3600_000),
    );
    const forged = await signCallToken(maya.userId, 'another-secret-of-at-least-32-characters!!', testNow());
    for (const [token, reason] of [
      [null, 'No call token'],
      [expired.token, 'expired'],
      [forged.token, 'not valid'],
    ] as const) {
      const { status, body } = await post(message([{ name: 'list_visits', args: {} }], token));
      expect(status).toBe(200);
      const results = body.results as Array<Record<string, unknown>>;
      expect(results).toHaveLength(1);
      expect(results[0]?.toolCallId).toBe('call_0_list_visits');
      expect(results[0]?.result).toBeUndefined();
      expect(String(results[0]?.error)).toContain(reason);
    }
  });

  it("answers from the token's clinician's own calendar", async () => {
    // Thursday 29 October, the seed day's tomorrow: five visits for Maya.
    const expected = visitsOn(MAYA, DAYS.thursday)
      .map((e) => e.id)
      .sort();
    const { body } = await post(message([{ name: 'list_visits', args: { date: DAYS.thursday } }], maya.callToken));
    const result = parseToolResult((body.results as Array<{ result: string }>)[0]?.result);
    expect(result?.status).toBe('answer');
    expect(((result?.visits ?? []) as Array<{ id: string }>).map((v) => v.id).sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    expect(result?.timeZone).toBe('America/Chicago');
  });
});

describe('the webhook protocol', () => {
  it('answers each call in order, matched by toolCallId, with result strings', async () => {
    const { body } = await post(
      message(
        [
          // The seed day to the next Tuesday: a weekend, the month's end and the DST change in between.
          { name: 'summarize_days', args: { from: today, to: DAYS.tuesday } },
          { name: 'find_visit', args: { position: 'next' } },
          { name: 'no_such_tool', args: {} },
        ],
        maya.callToken,
      ),
    );
    const results = body.results as Array<Record<string, unknown>>;
    expect(results.map((r) => r.toolCallId)).toEqual([
      'call_0_summarize_days',
      'call_1_find_visit',
      'call_2_no_such_tool',
    ]);
    expect(results.map((r) => r.name)).toEqual(['summarize_days', 'find_visit', 'no_such_tool']);
    for (const r of results) expect(typeof r.result).toBe('string');
    expect(parseToolResult(results[2]?.result)?.status).toBe('invalid');
  });

  it('accepts arguments already parsed and the flattened call shape real payloads carry', async () => {
    const body = {
      message: {
        type: 'tool-calls',
        toolCallList: [
          { id: 'a', type: 'function', function: { name: 'list_visits', arguments: { date: VISIT_DAY } } },
          { id: 'b', name: 'find_visit', arguments: JSON.stringify({ position: 'first', date: VISIT_DAY }) },
        ],
        toolWithToolCallList: [],
        call: { id: 'c', assistantOverrides: { variableValues: { [CALL_TOKEN_VARIABLE]: maya.callToken } } },
      },
    };
    const results = (await post(body)).body.results as Array<Record<string, unknown>>;
    expect(results.map((r) => parseToolResult(r.result)?.status)).toEqual(['answer', 'answer']);
  });

  it('answers other server messages with an empty 200 and malformed bodies with a 400 in its error shape', async () => {
    expect(await post({ message: { type: 'status-update', status: 'in-progress' } })).toEqual({
      status: 200,
      body: {},
    });
    const bad = await post('{"nope": 1}');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('bad_request');
  });
});

describe.skipIf(!hasContract)('the published webhook schemas (skipped: ../shared/contracts not found)', () => {
  it('sends ServerMessageToolCalls and answers ServerMessageResponseToolCalls', async () => {
    const openapi = new OpenApiValidator(loadOpenApi(contract));
    const body = message(
      [
        { name: 'list_visits', args: { date: VISIT_DAY } },
        { name: 'optimize_route', args: { date: VISIT_DAY } },
      ],
      maya.callToken,
    );
    expect(openapi.validate(body.message, openapi.schema('ServerMessageToolCalls'))).toEqual([]);
    const answer = await post(body);
    expect(openapi.validate(answer.body, openapi.schema('ServerMessageResponseToolCalls'))).toEqual([]);
    // An error per call is in the same schema.
    const refused = await post(message([{ name: 'list_visits', args: {} }], null));
    expect(openapi.validate(refused.body, openapi.schema('ServerMessageResponseToolCalls'))).toEqual([]);
    // The validator is not a rubber stamp: a result that is not a string is refused.
    expect(
      openapi.validate(
        { results: [{ toolCallId: 'x', name: 'n', result: { a: 1 } }] },
        openapi.schema('ServerMessageResponseToolCalls'),
      ),
    ).not.toEqual([]);
  });
});

describe('the route tool and the place where the day starts', () => {
  /** Sets Maya's profile home through the local PostgREST as the dashboard does (her own session). */
  async function setHome(home: { home_label: string | null; home_lat: number | null; home_lng: number | null }) {
    const response = await fetch(`${platform.url}/rest/v1/profiles?id=eq.${maya.userId}`, {
      method: 'PATCH',
      headers: {
        apikey: platform.anonKey,
        authorization: `Bearer ${maya.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(home),
    });
    expect(response.status).toBeLessThan(300);
  }
  async function tool(name: string, args: Record<string, unknown>) {
    const answer = await post(message([{ name, args }], maya.callToken));
    const result = parseToolResult((answer.body.results as Array<{ result: string }>)[0]?.result);
    expect(result?.status).toBe('answer');
    return result as Record<string, unknown> & { say: string };
  }
  const optimize = () => tool('optimize_route', { date: VISIT_DAY });
  const drive = () => tool('drive_time', { date: VISIT_DAY });

  it('counts the drives from and back home when the profile has a home, and says it does not when none is saved', async () => {
    const seeded = suiteSeed().clinicians.find((c) => c.email === MAYA);
    const withHome = await optimize();
    expect(withHome.countsHomeLegs).toBe(true);
    expect(withHome.say).toMatch(/counting the drive from and back home/);
    await setHome({ home_label: null, home_lat: null, home_lng: null });
    try {
      const without = await optimize();
      expect(without.countsHomeLegs).toBe(false);
      expect(without.say).toMatch(/not counting the drive from and back home/);
      // The same calendar order costs more with the legs from and back home than between visits only.
      expect(withHome.travelBeforeMinutes as number).toBeGreaterThan(without.travelBeforeMinutes as number);
    } finally {
      if (seeded)
        await setHome({ home_label: seeded.home.address, home_lat: seeded.home.lat, home_lng: seeded.home.lng });
    }
  });

  it("counts a day's driving from and back home as the route tool does, and between visits only without a home", async () => {
    const seeded = suiteSeed().clinicians.find((c) => c.email === MAYA);
    type Leg = { from: string; to: string; minutes: number };
    const withHome = (await drive()) as Awaited<ReturnType<typeof drive>> & { legs: Leg[]; minutes: number };
    const route = await optimize();
    await setHome({ home_label: null, home_lat: null, home_lng: null });
    try {
      const without = (await drive()) as typeof withHome;
      expect(withHome.countsHomeLegs).toBe(true);
      expect(without.countsHomeLegs).toBe(false);
      expect(withHome.say).toMatch(/from home to \d+ visits and back, in your calendar order/);
      expect(without.say).toMatch(/not counting the drive from and back home/);
      // The same legs between visits, plus one from home before them and one back home after them.
      expect(withHome.legs.map((l) => [l.from, l.to])).toEqual([
        ['home', without.legs[0]?.from],
        ...without.legs.map((l) => [l.from, l.to]),
        [without.legs.at(-1)?.to, 'home'],
      ]);
      expect(withHome.legs.slice(1, -1).map((l) => l.minutes)).toEqual(without.legs.map((l) => l.minutes));
      expect(withHome.minutes).toBe(withHome.legs.reduce((sum, l) => sum + l.minutes, 0));
      // The route tool's calendar-order driving counts the same legs (each leg here is rounded up to a minute).
      const before = route.travelBeforeMinutes as number;
      expect(withHome.minutes).toBeGreaterThanOrEqual(before - 1);
      expect(withHome.minutes).toBeLessThanOrEqual(before + withHome.legs.length);
    } finally {
      if (seeded)
        await setHome({ home_label: seeded.home.address, home_lat: seeded.home.lat, home_lng: seeded.home.lng });
    }
  });
});

describe('a day written by people, not by HomeRounds (issue 21)', () => {
  const SATURDAY = DAYS.saturday; // no seeded visits
  const EVENTS = '/calendar/v3/calendars/primary/events';
  async function call(name: string, args: Record<string, unknown>) {
    const answer = await post(message([{ name, args }], maya.callToken));
    return parseToolResult((answer.body.results as Array<{ result: string }>)[0]?.result) as Record<string, unknown> & {
      say: string;
    };
  }

  it('recognises the visits, locates their addresses through the geocoding stand-in, and proposes a shorter order', async () => {
    const minted = await fetch(`${platform.url}/__local/provider-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: MAYA, scopes: ['https://www.googleapis.com/auth/calendar.events'] }),
    });
    const token = ((await minted.json()) as { access_token: string }).access_token;
    // Four of Maya's patients, booked zig-zagging west ↔ east, written as a clinician types them; and the rest of a day.
    const patients = suiteSeed()
      .patients.filter((p) => p.clinicianId === suiteSeed().clinicians.find((c) => c.email === MAYA)?.id)
      .sort((a, b) => a.lng - b.lng);
    const west = patients.slice(0, 2);
    const east = patients.slice(-2);
    const zigzag = [west[0], east[0], west[1], east[1]];
    const titles = [
      `PT eval - ${zigzag[0]?.fullName}`,
      `SN f/u: ${(zigzag[1]?.fullName.split(' ').at(-1) ?? '').toUpperCase()}, ${(zigzag[1]?.fullName.split(' ')[0] ?? '').toUpperCase()}`,
      `${zigzag[2]?.fullName} ROC`,
      `OT tx – ${zigzag[3]?.fullName}`,
    ];
    const hours = [
      ['09:00', '09:45'],
      ['10:30', '11:15'],
      ['12:15', '13:00'],
      ['13:45', '14:30'],
    ];
    for (const [i, patient] of zigzag.entries()) {
      const created = await fetch(`${platform.url}${EVENTS}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          summary: titles[i],
          location: patient?.address,
          start: { dateTime: `${SATURDAY}T${hours[i]?.[0]}:00-05:00` },
          end: { dateTime: `${SATURDAY}T${hours[i]?.[1]}:00-05:00` },
        }),
      });
      expect(created.status).toBe(200);
    }
    for (const other of [
      { summary: 'Lunch', location: '3400 N Clark St, Chicago, IL 60657', start: '11:45', end: '12:00' },
      { summary: 'Charting', start: '15:00', end: '16:00' },
    ]) {
      const created = await fetch(`${platform.url}${EVENTS}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          summary: other.summary,
          ...(other.location ? { location: other.location } : {}),
          start: { dateTime: `${SATURDAY}T${other.start}:00-05:00` },
          end: { dateTime: `${SATURDAY}T${other.end}:00-05:00` },
        }),
      });
      expect(created.status).toBe(200);
    }

    const listed = await call('list_visits', { date: SATURDAY });
    for (const patient of zigzag) expect(listed.say).toContain(patient?.fullName);

    const plan = await call('optimize_route', { date: SATURDAY });
    expect(plan.status).toBe('answer');
    expect(plan.say).toMatch(/Best order .*\(4 visits\)/);
    expect(plan.say).toMatch(/you save \d+ min/);
    expect(plan.say).toContain('Visits may move up to 90 minutes from their booked times');
    expect(plan.say).not.toContain('Lunch');
    expect(plan.order as string[]).toHaveLength(4);
    // West, west, then east, east (or the mirror): each side in one go.
    expect(plan.savedMinutes as number).toBeGreaterThan(0);
    // Free slots and drives count the located places, not an assumed drive.
    const slots = await call('find_free_slots', { date: SATURDAY, durationMinutes: 30 });
    expect(slots.say).toContain('(drives between visits included)');
    expect(slots.say).not.toContain('assumed');
  }, 60_000);
});
