// Outbound calls on the local voice platform: a campaign of the visit-confirmation assistant calls seeded
// patients, each persona plays its part against a tools server (here a recording stand-in), and every call's
// end-of-call report reaches the assistant's server URL with the ended reason and the structured output the
// confirmation batch reads. Also: the schedule plan (nothing before earliestAt, nothing after latestAt), the
// campaign's 400s, single outbound calls (retries) and a failing report webhook. The voice API runs on the
// seeded snapshot with a clock the test moves; the Campaign body is checked against the published OpenAPI
// document when ../shared/contracts is there.
import { existsSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CALL_TOKEN_VARIABLE } from '../../core/assistant/contract.ts';
import { visitConfirmationAssistant } from '../../core/confirmations/assistant-template.ts';
import { CONFIRMATION_OUTPUT_NAME, type Persona } from '../../core/confirmations/contract.ts';
import { toE164 } from '../../core/confirmations/phone.ts';
import type { PgliteDb } from '../../emulators/db/pglite.ts';
import { createVoiceApi, type VoiceApi } from '../../emulators/voice/index.ts';
import { LOCAL_VOICE_PRIVATE_KEY } from '../../emulators/voice/keys.ts';
import { loadSnapshotDb } from '../support/db-snapshot.ts';
import { loadOpenApi, OpenApiValidator } from '../support/openapi-validate.ts';
import { repoRoot } from '../support/run-cli.ts';

type Json = Record<string, unknown>;
/** A resource or an error body of the voice API (only the fields the tests read are typed). */
interface ApiBody extends Json {
  id: string;
  status: string;
  calls: Json;
  message: string | string[];
}
interface ServerMessage extends Json {
  type: string;
  endedReason: string;
  customer: { number: string };
  call: Json & { id: string; campaignId?: string; assistantOverrides: { variableValues: Record<string, string> } };
  artifact: {
    messages: Array<{ role: string; message: string }>;
    transcript: string;
    structuredOutputs?: Record<string, { name: string; result: unknown }>;
  };
  toolCallList: Array<{ id: string; function: { name: string; arguments: string } }>;
}
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: { message: ServerMessage };
}
interface Customer {
  number: string;
  name: string;
  assistantOverrides: { variableValues: Record<string, string> };
}

const SECRET = 'outbound-test-secret';
const SLOTS = [
  { start: '2026-11-24T14:30:00-06:00', label: '2:30 PM' },
  { start: '2026-11-24T15:00:00-06:00', label: '3:00 PM' },
];
const VARIABLES = {
  clinicianName: 'Maya Patel, your nurse',
  visitDay: 'Tuesday, November 24',
  visitWindow: 'between 9 and 11 AM',
};
const CAMPAIGN_VARIABLES = { agencyName: 'Lakeshore Home Health', callbackNumber: '+13125550199' };

const contract = join(repoRoot, '../shared/contracts/vapi-openapi.json');
const openapi = existsSync(contract) ? new OpenApiValidator(loadOpenApi(contract)) : null;

let db: PgliteDb;
let voice: VoiceApi;
let platform: Server;
let platformUrl = '';
let hooks: Server;
let hooksUrl = '';
let received: Received[] = [];
let noSlots = false;
const logs: string[] = [];
const clock = { t: Date.parse('2026-11-23T23:00:00Z') };
let assistantId = '';
let phoneNumberId = '';
/** One seeded patient per persona whose number no other patient has. */
const patients = new Map<Persona, { number: string; firstName: string }>();

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; data: ApiBody }> {
  const response = await fetch(`${platformUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${LOCAL_VOICE_PRIVATE_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, data: (await response.json()) as ApiBody };
}

/** A tools server's answers: ToolResult JSON strings, as the assistant-tools function gives them. */
function toolResult(name: string, args: Json): Json {
  if (name === 'offer_visit_times') {
    return noSlots
      ? { status: 'answer', say: 'There is no later time that day.', slots: [] }
      : { status: 'answer', say: 'I can offer 2:30 PM or 3:00 PM.', slots: SLOTS };
  }
  if (name === 'reschedule_visit')
    return { status: 'done', say: 'Your visit is now at 2:30 PM.', newStart: args.start };
  return { status: 'done', say: "You won't get these calls again." };
}

function customer(persona: Persona): Customer {
  const patient = patients.get(persona);
  if (!patient) throw new Error(`no seeded patient with the persona ${persona}`);
  return {
    number: patient.number,
    name: patient.firstName,
    assistantOverrides: {
      variableValues: { ...VARIABLES, patientFirstName: patient.firstName, [CALL_TOKEN_VARIABLE]: `token-${persona}` },
    },
  };
}

function campaignBody(customers: object[], extra: Json = {}): Json {
  return {
    name: 'Confirmations 2026-11-24',
    assistantId,
    phoneNumberId,
    customers,
    assistantOverrides: { variableValues: CAMPAIGN_VARIABLES },
    ...extra,
  };
}

const reports = () => received.filter((r) => r.body.message?.type === 'end-of-call-report');
const toolCalls = () => received.filter((r) => r.body.message?.type === 'tool-calls');
const reportFor = (persona: Persona) => {
  const found = reports().filter((r) => r.body.message.customer?.number === patients.get(persona)?.number);
  expect(found, `reports for ${persona}`).toHaveLength(1);
  return found[0]?.body.message as ServerMessage;
};
const outputOf = (report: ServerMessage) => Object.values(report.artifact.structuredOutputs ?? {});

async function callsOf(campaignId: string): Promise<Json[]> {
  const { rows } = await db.query<{ data: Json }>(
    "select data from voice.resources where kind = 'call' and data->>'campaignId' = $1",
    [campaignId],
  );
  return rows.map((r) => r.data);
}

async function run(): Promise<void> {
  await voice.dialer.tick();
  await voice.dialer.idle();
}

beforeAll(async () => {
  db = await loadSnapshotDb();
  voice = createVoiceApi({
    db,
    origin: () => platformUrl,
    now: () => new Date(clock.t),
    log: (line) => logs.push(line),
  });
  await voice.migrate();
  platform = createServer((req, res) => {
    voice.handle(req, res, new URL(`http://local${req.url ?? '/'}`)).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  platformUrl = await listen(platform);
  hooks = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(text) as Received['body'];
      received.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.url === '/fail') return res.writeHead(500).end('down');
      const list = body.message?.toolCallList ?? [];
      const results = list.map((call) => ({
        toolCallId: call.id,
        result: JSON.stringify(toolResult(call.function.name, JSON.parse(call.function.arguments))),
      }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list.length ? { results } : {}));
    });
  });
  hooksUrl = await listen(hooks);

  const assistant = await api(
    'POST',
    '/assistant',
    visitConfirmationAssistant({ toolsUrl: `${hooksUrl}/tools`, reportUrl: `${hooksUrl}/report`, secret: SECRET }),
  );
  assistantId = assistant.data.id;
  phoneNumberId = (await api('POST', '/phone-number', { provider: 'vapi', name: 'Confirmations' })).data.id;

  const { rows } = await db.query<{ full_name: string; phone: string; persona: Persona }>(
    'select full_name, phone, persona from fixtures.patients order by full_name',
  );
  const uses = new Map<string, number>();
  for (const row of rows) uses.set(String(toE164(row.phone)), (uses.get(String(toE164(row.phone))) ?? 0) + 1);
  for (const row of rows) {
    const number = String(toE164(row.phone));
    if (uses.get(number) === 1 && !patients.has(row.persona)) {
      patients.set(row.persona, { number, firstName: row.full_name.split(' ')[0] ?? '' });
    }
  }
});

afterAll(async () => {
  await voice?.dialer.idle();
  await new Promise<void>((resolve) => (platform ? platform.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (hooks ? hooks.close(() => resolve()) : resolve()));
  await db?.close();
});

beforeEach(() => {
  received = [];
  noSlots = false;
  logs.length = 0;
});

describe('a confirmation campaign on the local voice platform', () => {
  it('calls every persona and reports each call with its ended reason and structured output', async () => {
    const personas: Persona[] = [
      'confirms',
      'wants-later',
      'wants-another-day',
      'no-answer',
      'voicemail',
      'wrong-number',
      'says-stop',
    ];
    const unknown = { number: '+13125559876', name: 'Nobody' };
    const created = await api('POST', '/campaign', campaignBody([...personas.map(customer), unknown]));
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      name: 'Confirmations 2026-11-24',
      status: 'scheduled',
      calls: {},
      callsCounterScheduled: 8,
      callsCounterQueued: 0,
      callsCounterInProgress: 0,
      callsCounterEndedVoicemail: 0,
      callsCounterEnded: 0,
    });
    if (openapi) expect(openapi.validate(created.data, openapi.schema('Campaign'))).toEqual([]);
    await run();

    expect(reports()).toHaveLength(8);
    for (const report of reports()) {
      expect(report.headers['x-vapi-secret']).toBe(SECRET);
      expect(report.path).toBe('/report');
      expect(report.body.message).toMatchObject({
        call: { type: 'outboundPhoneCall', status: 'ended', campaignId: created.data.id, assistantId, phoneNumberId },
        assistant: { id: assistantId, name: 'visit-confirmation' },
        phoneNumber: { id: phoneNumberId },
        cost: 0,
        costs: [],
        analysis: { summary: expect.any(String) },
        startedAt: expect.any(String),
        endedAt: expect.any(String),
      });
    }

    const confirms = reportFor('confirms');
    expect(confirms.endedReason).toBe('assistant-ended-call');
    expect(outputOf(confirms)).toEqual([{ name: CONFIRMATION_OUTPUT_NAME, result: { outcome: 'confirmed' } }]);
    const first = patients.get('confirms')?.firstName;
    // The first message with the campaign's and the customer's variables filled in.
    expect(confirms.artifact.messages[0]).toMatchObject({
      role: 'bot',
      message: `Hi ${first}, this is Lakeshore Home Health calling about your visit with Maya Patel, your nurse on Tuesday, November 24, between 9 and 11 AM. Can you confirm that time works for you?`,
    });
    expect(confirms.artifact.transcript).toContain('User: Yes, that works. See you then.');

    const later = reportFor('wants-later');
    expect(later.endedReason).toBe('assistant-ended-call');
    expect(outputOf(later)).toEqual([
      { name: CONFIRMATION_OUTPUT_NAME, result: { outcome: 'rescheduled', newStart: SLOTS[0]?.start } },
    ]);
    expect(later.artifact.transcript).toContain('AI: I can offer 2:30 PM or 3:00 PM.');

    expect(outputOf(reportFor('wants-another-day'))[0]?.result).toEqual({
      outcome: 'wants-another-day',
      preferredDay: 'Thursday morning',
    });
    expect(outputOf(reportFor('wrong-number'))[0]?.result).toEqual({ outcome: 'wrong-number' });
    expect(outputOf(reportFor('says-stop'))[0]?.result).toEqual({ outcome: 'opt-out' });

    const noAnswer = reportFor('no-answer');
    expect(noAnswer.endedReason).toBe('customer-did-not-answer');
    expect(noAnswer.artifact.messages).toEqual([]);
    expect(noAnswer.artifact.structuredOutputs).toBeUndefined();

    const voicemail = reportFor('voicemail');
    expect(voicemail.endedReason).toBe('voicemail');
    expect(voicemail.artifact.messages.map((m) => [m.role, m.message])).toEqual([
      ['bot', 'This is Lakeshore Home Health. Please call us back at +13125550199. Thank you.'],
    ]);
    expect(voicemail.artifact.structuredOutputs).toBeUndefined();

    const stranger = reports().find((r) => r.body.message.customer.number === unknown.number)?.body.message;
    expect(stranger?.endedReason).toBe('customer-did-not-answer');

    // The tools were called as the platform calls them: the secret, the call token in the call's overrides.
    const calls = toolCalls().map((r) => ({
      path: r.path,
      secret: r.headers['x-vapi-secret'],
      token: r.body.message.call.assistantOverrides.variableValues[CALL_TOKEN_VARIABLE],
      name: r.body.message.toolCallList[0]?.function.name,
      args: JSON.parse(r.body.message.toolCallList[0]?.function.arguments ?? 'null'),
    }));
    expect(calls).toHaveLength(3);
    expect(calls).toEqual(
      expect.arrayContaining([
        {
          path: '/tools',
          secret: SECRET,
          token: 'token-wants-later',
          name: 'offer_visit_times',
          args: { preference: 'later' },
        },
        {
          path: '/tools',
          secret: SECRET,
          token: 'token-wants-later',
          name: 'reschedule_visit',
          args: { start: SLOTS[0]?.start },
        },
        { path: '/tools', secret: SECRET, token: 'token-says-stop', name: 'stop_calls', args: {} },
      ]),
    );

    const campaign = await api('GET', `/campaign/${created.data.id}`);
    expect(campaign.data).toMatchObject({
      status: 'ended',
      endedReason: 'campaign.ended.success',
      callsCounterScheduled: 0,
      callsCounterInProgress: 0,
      callsCounterEnded: 8,
      callsCounterEndedVoicemail: 1,
    });
    expect(Object.keys(campaign.data.calls)).toHaveLength(8);
    if (openapi) expect(openapi.validate(campaign.data, openapi.schema('Campaign'))).toEqual([]);
    const stored = await api('GET', `/call/${Object.keys(campaign.data.calls)[0]}`);
    expect(stored.data).toMatchObject({ status: 'ended', type: 'outboundPhoneCall', artifact: expect.any(Object) });
  });

  it('falls back to another day when no later time is offered', async () => {
    noSlots = true;
    await api('POST', '/campaign', campaignBody([customer('wants-later')]));
    await run();
    expect(toolCalls().map((r) => r.body.message.toolCallList[0]?.function.name)).toEqual(['offer_visit_times']);
    expect(outputOf(reportFor('wants-later'))[0]?.result).toEqual({
      outcome: 'wants-another-day',
      preferredDay: 'any afternoon later this week',
    });
  });

  it('places nothing before earliestAt, then calls once it is due', async () => {
    const earliestAt = new Date(clock.t + 60 * 60_000).toISOString();
    const created = await api(
      'POST',
      '/campaign',
      campaignBody([customer('confirms'), customer('wrong-number')], { schedulePlan: { earliestAt } }),
    );
    await run();
    expect(await callsOf(created.data.id)).toEqual([]);
    expect(reports()).toEqual([]);
    expect((await api('GET', `/campaign/${created.data.id}`)).data.status).toBe('scheduled');

    clock.t += 60 * 60_000 + 1_000;
    await run();
    expect(await callsOf(created.data.id)).toHaveLength(2);
    expect(reports().map((r) => r.body.message.endedReason)).toEqual(['assistant-ended-call', 'assistant-ended-call']);
    expect((await api('GET', `/campaign/${created.data.id}`)).data).toMatchObject({
      status: 'ended',
      contactCounters: { completed: 2, skipped: 0 },
    });
  });

  it('skips the customers still waiting once latestAt has passed', async () => {
    const schedulePlan = {
      earliestAt: new Date(clock.t + 10 * 60_000).toISOString(),
      latestAt: new Date(clock.t + 20 * 60_000).toISOString(),
    };
    const created = await api(
      'POST',
      '/campaign',
      campaignBody([customer('confirms'), customer('says-stop')], { schedulePlan }),
    );
    clock.t += 30 * 60_000;
    await run();
    expect(await callsOf(created.data.id)).toEqual([]);
    expect(received).toEqual([]);
    expect((await api('GET', `/campaign/${created.data.id}`)).data).toMatchObject({
      status: 'ended',
      endedReason: 'campaign.ended.success',
      callsCounterEnded: 0,
      contactCounters: { skipped: 2, completed: 0 },
    });
  });

  it('keeps to maxConcurrency and still calls everyone', async () => {
    const created = await api(
      'POST',
      '/campaign',
      campaignBody([customer('confirms'), customer('wrong-number'), customer('voicemail')], { maxConcurrency: 1 }),
    );
    await run();
    const calls = await callsOf(created.data.id);
    expect(calls).toHaveLength(3);
    // One at a time: each call started after the previous one had ended.
    const spans = calls
      .map((c) => [Date.parse(String(c.startedAt)), Date.parse(String(c.endedAt))] as const)
      .sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) expect(spans[i]?.[0]).toBeGreaterThanOrEqual(spans[i - 1]?.[1] ?? 0);
    expect(reports()).toHaveLength(3);
  });

  it('answers 400 with the platform-shaped messages for bad campaign bodies', async () => {
    const campaignCount = async () =>
      (await db.query<{ n: number }>("select count(*)::int as n from voice.resources where kind = 'campaign'")).rows[0]
        ?.n;
    const before = await campaignCount();
    const bad = async (body: Json) => {
      const { status, data } = await api('POST', '/campaign', body);
      expect(status).toBe(400);
      expect(data).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      return ([] as string[]).concat(data.message);
    };
    expect(await bad({})).toEqual(
      expect.arrayContaining([
        'name should not be empty',
        'phoneNumberId should not be empty',
        'customers should not be empty',
      ]),
    );
    expect(await bad(campaignBody([{ number: '(312) 555-0123' }]))).toEqual([
      'customers.0.number must be a valid phone number in the E.164 format. Hot tip, you may be missing the country code (Eg. US: +1).',
    ]);
    expect(await bad(campaignBody([{ name: 'no number' }]))).toEqual(['customers.0.number should not be empty']);
    expect(
      await bad(campaignBody([customer('confirms')], { schedulePlan: { latestAt: '2026-11-24T02:00:00Z' } })),
    ).toEqual(['schedulePlan.earliestAt must be a valid ISO 8601 date string']);
    expect(
      await bad(campaignBody([customer('confirms')], { schedulePlan: { earliestAt: 'tomorrow evening' } })),
    ).toEqual(['schedulePlan.earliestAt must be a valid ISO 8601 date string']);
    const many = Array.from({ length: 10_001 }, (_, i) => ({
      number: `+1312555${String(i % 10_000).padStart(4, '0')}`,
    }));
    expect(await bad(campaignBody(many))).toEqual(['customers must contain no more than 10000 elements']);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await bad(campaignBody([customer('confirms')], { assistantId: missing }))).toEqual([
      `Couldn't Get Assistant. \`assistantId\` ${missing} Does Not Exist.`,
    ]);
    expect(await bad(campaignBody([customer('confirms')], { phoneNumberId: missing }))).toEqual([
      `Couldn't Get Phone Number. \`phoneNumberId\` ${missing} Does Not Exist.`,
    ]);
    await voice.dialer.idle();
    expect(await campaignCount()).toBe(before);
    expect(received).toEqual([]);
  });
});

describe('single outbound calls (retries)', () => {
  it('answers 201 at once, then simulates the call and reports it', async () => {
    const { number, ...rest } = customer('confirms');
    const created = await api('POST', '/call', {
      assistantId,
      phoneNumberId,
      customer: { number, name: rest.name },
      assistantOverrides: {
        variableValues: { ...rest.assistantOverrides.variableValues, ...CAMPAIGN_VARIABLES },
      },
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ type: 'outboundPhoneCall', status: 'queued' });
    await voice.dialer.idle();
    expect(reports()).toHaveLength(1);
    const report = reportFor('confirms');
    expect(report).toMatchObject({ endedReason: 'assistant-ended-call', call: { id: created.data.id } });
    expect(report.call.campaignId).toBeUndefined();
    expect(outputOf(report)[0]?.result).toEqual({ outcome: 'confirmed' });
    expect((await api('GET', `/call/${created.data.id}`)).data).toMatchObject({
      status: 'ended',
      endedReason: 'assistant-ended-call',
    });
  });

  it('logs a failing report webhook without its secret or the call token, and ends the call anyway', async () => {
    const failing = await api('POST', '/assistant', {
      ...visitConfirmationAssistant({ toolsUrl: `${hooksUrl}/tools`, reportUrl: `${hooksUrl}/fail`, secret: SECRET }),
      name: 'failing-report',
    });
    const created = await api('POST', '/call', {
      assistantId: failing.data.id,
      phoneNumberId,
      ...(({ assistantOverrides, ...c }) => ({ customer: c, assistantOverrides }))(customer('says-stop')),
    });
    await voice.dialer.idle();
    expect(received.map((r) => r.path)).toEqual(['/tools', '/fail']);
    expect((await api('GET', `/call/${created.data.id}`)).data.status).toBe('ended');
    expect(logs.join('\n')).toMatch(/end-of-call-report of call .* 500/);
    expect(logs.join('\n')).not.toContain(SECRET);
    expect(logs.join('\n')).not.toContain('token-says-stop');
  });
});
