// The tools webhook (server/functions/assistant-tools.ts) against the attacks of issue 23: a change only after the
// clinician's own yes (a proposal token bound to the call, the tool and its exact arguments; a user turn after the
// proposal where the conversation is sent; one change per yes), a message's calls limited in number and time, and
// failures that say what happened. Google is a fetch with Google's answers (tests/support/fake-google-calendar.ts).
import { describe, expect, it } from 'vitest';
import { signCallToken } from '../../../core/assistant/call-token.ts';
import { parseToolResult, type ToolResult } from '../../../core/assistant/contract.ts';
import { toolCallsMessage } from '../../../core/assistant/webhook-message.ts';
import type { ProviderEvent } from '../../../core/calendar/calendar.types.ts';
import { CALENDAR_EVENTS_SCOPE, type GoogleAccess } from '../../../core/google/access.ts';
import { createAssistantToolsHandler, MAX_TOOL_CALLS_PER_MESSAGE } from '../../../server/functions/assistant-tools.ts';
import { GoogleTokenError } from '../../../server/google/oauth-client.ts';
import { type Failure, fakeGoogleCalendar, GOOGLE_ERRORS } from '../../support/fake-google-calendar.ts';

const SECRET = 'a-test-call-token-secret-of-32-characters!';
const TOOLS_SECRET = 'tools-secret';
const USER = 'user-1';
/** Wednesday 28 October 2026, 06:00 in Chicago: the visits of Thursday are all ahead. */
const T0 = new Date('2026-10-28T11:00:00Z');
const DAY = '2026-10-29';
const DAISY = 'visitdaisy01';
const IDA = 'visitida0001';

const visit = (id: string, summary: string, from: string, to: string): ProviderEvent => ({
  id,
  summary,
  location: '1200 W Madison St, Chicago, IL 60607',
  start: { dateTime: `${DAY}T${from}:00-05:00`, timeZone: 'America/Chicago' },
  end: { dateTime: `${DAY}T${to}:00-05:00`, timeZone: 'America/Chicago' },
});

const writer: GoogleAccess = {
  accessToken: async () => ({ accessToken: 'google-access', scopes: [CALENDAR_EVENTS_SCOPE], expiresAt: 0 }),
};

type Entry = { toolCallId: string; name: string; result?: ToolResult; error?: string };
type Call = { id?: string; name: string; args: Record<string, unknown> };

function setup(options: { timeBudgetMs?: number; googleAccess?: GoogleAccess } = {}) {
  const calendar = fakeGoogleCalendar([
    visit(DAISY, 'PT visit — Daisy Lane', '09:00', '09:45'),
    visit(IDA, 'SN visit — Ida Winter', '11:00', '11:45'),
  ]);
  let now = T0;
  const logs: string[] = [];
  const handle = createAssistantToolsHandler({
    toolsSecret: TOOLS_SECRET,
    callTokenSecret: SECRET,
    calendarApiUrl: 'https://www.googleapis.com',
    googleAccess: writer,
    fetch: calendar.fetch,
    now: () => now,
    log: (line) => logs.push(line),
    ...options,
  });
  let token = '';
  let n = 0;
  const env = {
    calendar,
    logs,
    /** A new call (a new call token, so a new jti). */
    async newCall() {
      token = (await signCallToken(USER, SECRET, now)).token;
    },
    at(ms: number) {
      now = new Date(T0.getTime() + ms);
    },
    /** One tool-calls message; `conversation` becomes message.artifact.messages. */
    async send(calls: Call[], conversation?: Array<Record<string, unknown>>): Promise<Entry[]> {
      const { message } = toolCallsMessage({
        calls: calls.map((c) => ({ id: c.id ?? `call_${++n}`, name: c.name, args: c.args })),
        callId: 'vapi-call-1',
        orgId: 'org-1',
        callToken: token,
        now,
      });
      if (conversation) message.artifact = { messages: conversation };
      const response = await handle(
        new Request('https://project.supabase.co/functions/v1/assistant-tools', {
          method: 'POST',
          headers: { 'x-vapi-secret': TOOLS_SECRET, 'content-type': 'application/json' },
          body: JSON.stringify({ message }),
        }),
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as { results: Array<Record<string, unknown>> };
      return body.results.map((r) => ({
        toolCallId: r.toolCallId as string,
        name: r.name as string,
        ...(typeof r.result === 'string' ? { result: parseToolResult(r.result) as ToolResult } : {}),
        ...(typeof r.error === 'string' ? { error: r.error } : {}),
      }));
    },
    /** One call; its result. */
    async one(name: string, args: Record<string, unknown>, conversation?: Array<Record<string, unknown>>) {
      const [entry] = await env.send([{ name, args }], conversation);
      return entry as Entry;
    },
    status: (id: string) => calendar.events.get(id)?.status,
    deletes: () => calendar.requests.filter((r) => r.method === 'DELETE').length,
  };
  return env;
}

/** Proposes cancelling a visit; the confirmWith the proposal returned. */
async function proposeCancel(env: ReturnType<typeof setup>, id: string, conversation?: Array<Record<string, unknown>>) {
  const proposal = await env.one('cancel_visit', { visitId: id }, conversation);
  expect(proposal.result?.status).toBe('proposal');
  const confirmWith = proposal.result?.confirmWith as Record<string, unknown>;
  expect(typeof confirmWith.proposal).toBe('string');
  return confirmWith;
}

describe('a change only after the clinician’s own yes', () => {
  it('refuses confirm: true on a first call, with no proposal: nothing is cancelled', async () => {
    const env = setup();
    await env.newCall();
    const answer = await env.one('cancel_visit', { visitId: DAISY, confirm: true });
    expect(answer.result).toMatchObject({ status: 'confirmation_required', reason: 'missing', calendarChanged: false });
    expect(answer.result?.say).toMatch(/^Nothing was changed: .* only after proposing it and hearing your yes/);
    expect(answer.result?.next).toContain('Call cancel_visit without confirm');
    expect(env.status(DAISY)).toBe('confirmed');
    expect(env.deletes()).toBe(0);
  });

  it('cancels with exactly the proposal’s confirmWith, and a repeated yes writes nothing more', async () => {
    const env = setup();
    await env.newCall();
    const confirmWith = await proposeCancel(env, DAISY);
    expect(confirmWith).toMatchObject({ visitId: DAISY, confirm: true });
    const done = await env.one('cancel_visit', confirmWith);
    expect(done.result).toMatchObject({ status: 'done', calendarChanged: true });
    expect(env.status(DAISY)).toBe('cancelled');
    const again = await env.one('cancel_visit', confirmWith);
    expect(again.result).toMatchObject({ status: 'done', calendarChanged: false });
    expect(env.deletes()).toBe(1);
  });

  it('refuses the token with other arguments, for another tool, in another call, or forged', async () => {
    const env = setup();
    await env.newCall();
    const confirmWith = await proposeCancel(env, DAISY);
    const otherVisit = await env.one('cancel_visit', { ...confirmWith, visitId: IDA });
    expect(otherVisit.result).toMatchObject({ status: 'confirmation_required', reason: 'mismatch' });
    const otherTool = await env.one('move_visit', { ...confirmWith, date: DAY, time: '14:00' });
    expect(otherTool.result).toMatchObject({ status: 'confirmation_required', reason: 'mismatch' });
    const forged = await env.one('cancel_visit', { ...confirmWith, proposal: `${confirmWith.proposal}x` });
    expect(forged.result).toMatchObject({ status: 'confirmation_required', reason: 'invalid' });
    await env.newCall();
    const otherCall = await env.one('cancel_visit', confirmWith);
    expect(otherCall.result).toMatchObject({ status: 'confirmation_required', reason: 'mismatch' });
    expect([env.status(DAISY), env.status(IDA)]).toEqual(['confirmed', 'confirmed']);
    expect(env.calendar.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('refuses a proposal 10 minutes old, and takes it a second before', async () => {
    const env = setup();
    await env.newCall();
    const confirmWith = await proposeCancel(env, DAISY);
    env.at(10 * 60_000);
    expect((await env.one('cancel_visit', confirmWith)).result).toMatchObject({ reason: 'expired' });
    expect(env.status(DAISY)).toBe('confirmed');
    env.at(10 * 60_000 - 1000);
    expect((await env.one('cancel_visit', confirmWith)).result?.status).toBe('done');
  });

  it('where the conversation is sent, confirms only after a user turn that follows the proposal', async () => {
    const env = setup();
    await env.newCall();
    const asked = { role: 'user', message: "Cancel Daisy's visit tomorrow", time: 1 };
    const proposal = await env.send([{ id: 'p1', name: 'cancel_visit', args: { visitId: DAISY } }], [asked]);
    const confirmWith = proposal[0]?.result?.confirmWith as Record<string, unknown>;
    const proposed = [
      asked,
      { role: 'tool_calls', toolCalls: [{ id: 'p1', type: 'function', function: { name: 'cancel_visit' } }] },
      { role: 'tool_call_result', toolCallId: 'p1', name: 'cancel_visit', result: '{}' },
      { role: 'bot', message: 'Shall I cancel it?' },
    ];
    // The model confirms on its own (e.g. told to by text in the calendar): no clinician turn since.
    const unasked = await env.one('cancel_visit', confirmWith, [
      ...proposed,
      { role: 'tool_calls', toolCalls: [{ id: 'c1' }] },
    ]);
    expect(unasked.result).toMatchObject({ status: 'confirmation_required', reason: 'no_user_turn' });
    expect(env.status(DAISY)).toBe('confirmed');
    const yes = await env.one('cancel_visit', confirmWith, [...proposed, { role: 'user', message: 'yes' }]);
    expect(yes.result).toMatchObject({ status: 'done', calendarChanged: true });
  });

  it('where the conversation lists only what was said, needs more user turns than at the proposal', async () => {
    const env = setup();
    await env.newCall();
    const said = [
      { role: 'user', message: 'What is on tomorrow?' },
      { role: 'bot', message: 'Two visits.' },
      { role: 'user', message: "Cancel Daisy's" },
    ];
    const confirmWith = await proposeCancel(env, DAISY, said);
    const sameTurn = await env.one('cancel_visit', confirmWith, said);
    expect(sameTurn.result).toMatchObject({ status: 'confirmation_required', reason: 'no_user_turn' });
    const next = [...said, { role: 'bot', message: 'Shall I?' }, { role: 'user', message: 'yes' }];
    expect((await env.one('cancel_visit', confirmWith, next)).result?.status).toBe('done');
  });

  it('takes a proposal made where no conversation was sent on its token alone', async () => {
    const env = setup();
    await env.newCall();
    const confirmWith = await proposeCancel(env, DAISY);
    const answer = await env.one('cancel_visit', confirmWith, [{ role: 'user', message: 'yes' }]);
    expect(answer.result).toMatchObject({ status: 'done', calendarChanged: true });
  });

  it('refuses in Spanish when the call asks for Spanish', async () => {
    const env = setup();
    await env.newCall();
    const answer = await env.one('cancel_visit', { visitId: DAISY, confirm: true, language: 'es' });
    expect(answer.result?.say).toBe(
      'No se cambió nada: Todavía no te he propuesto este cambio. Hago un cambio solo después de proponerlo y de oír tu sí a esa propuesta.',
    );
  });

  it('makes one change per yes: a second confirmed change in the same message is refused', async () => {
    const env = setup();
    await env.newCall();
    const daisy = await proposeCancel(env, DAISY);
    const ida = await proposeCancel(env, IDA);
    const [first, second] = await env.send([
      { name: 'cancel_visit', args: daisy },
      { name: 'cancel_visit', args: ida },
    ]);
    expect(first?.result).toMatchObject({ status: 'done', calendarChanged: true });
    expect(second?.result).toMatchObject({ status: 'confirmation_required', reason: 'one_per_turn' });
    expect([env.status(DAISY), env.status(IDA)]).toEqual(['cancelled', 'confirmed']);
  });

  it('and across messages: after a change made since the clinician last spoke, the next is refused', async () => {
    const env = setup();
    await env.newCall();
    const ida = await proposeCancel(env, IDA);
    const done = JSON.stringify({ status: 'done', say: 'Cancelled.', calendarChanged: true });
    const conversation = [
      { role: 'user', message: 'yes, cancel both' },
      { role: 'tool_calls', toolCalls: [{ id: 'c1' }] },
      { role: 'tool_call_result', toolCallId: 'c1', name: 'cancel_visit', result: done },
    ];
    const answer = await env.one('cancel_visit', ida, conversation);
    expect(answer.result).toMatchObject({ status: 'confirmation_required', reason: 'one_per_turn' });
    expect(env.status(IDA)).toBe('confirmed');
    // A result that changed nothing (a repeated yes) is not a change: the next one is allowed.
    const unchanged = JSON.stringify({ status: 'done', say: 'Already off.', calendarChanged: false });
    const after = await env.one('cancel_visit', ida, [
      ...conversation.slice(0, 2),
      { role: 'tool_call_result', toolCallId: 'c1', name: 'cancel_visit', result: unchanged },
    ]);
    expect(after.result?.status).toBe('done');
  });
});

describe('limits of a message', () => {
  it(`answers 1,000 tool calls at once, running only the first ${MAX_TOOL_CALLS_PER_MESSAGE}`, async () => {
    const env = setup();
    await env.newCall();
    const calls = Array.from({ length: 1000 }, (_, i) => ({ id: `c${i}`, name: 'list_visits', args: { date: DAY } }));
    const results = await env.send(calls);
    expect(results.map((r) => r.toolCallId)).toEqual(calls.map((c) => c.id));
    const ran = results.filter((r) => r.result?.status === 'answer');
    expect(ran.map((r) => r.toolCallId)).toEqual(calls.slice(0, MAX_TOOL_CALLS_PER_MESSAGE).map((c) => c.id));
    const refused = results.slice(MAX_TOOL_CALLS_PER_MESSAGE);
    expect(refused).toHaveLength(1000 - MAX_TOOL_CALLS_PER_MESSAGE);
    for (const r of refused) expect(r.error).toMatch(/^Not run: a message may carry at most 8 tool calls/);
    // Work done: one read of the zone and one read per call run, nothing for the rest.
    expect(env.calendar.requests.length).toBe(1 + MAX_TOOL_CALLS_PER_MESSAGE);
  });

  it('answers a call that runs out of time as too long, aborts its request, and runs nothing after it', async () => {
    const env = setup({ timeBudgetMs: 50 });
    await env.newCall();
    env.calendar.failWhen = ({ method, id }) => (method === 'GET' && id === DAISY ? 'hang' : undefined);
    const [slow, next] = await env.send([
      { name: 'cancel_visit', args: { visitId: DAISY } },
      { name: 'list_visits', args: { date: DAY } },
    ]);
    expect(slow?.error).toMatch(/^That took too long \(over 0\.05 seconds\) and was stopped\. Nothing was changed/);
    expect(next?.error).toMatch(/^Not run: this message's 0.05 seconds ran out/);
    expect(env.calendar.requests.find((r) => r.path.endsWith(DAISY))?.aborted).toBe(true);
    expect(env.logs.some((l) => l.includes('took longer than 50 ms'))).toBe(true);
  });

  it('says a confirmed change that ran out of time may or may not have been made', async () => {
    const env = setup({ timeBudgetMs: 50 });
    await env.newCall();
    const confirmWith = await proposeCancel(env, DAISY);
    env.calendar.failWhen = ({ method }) => (method === 'DELETE' ? 'hang' : undefined);
    const answer = await env.one('cancel_visit', confirmWith);
    expect(answer.error).toMatch(/The change may or may not have been made: check before asking again/);
  });
});

describe('failures that say what happened', () => {
  it('answers not_found for a cancel of an id that was never on the calendar', async () => {
    const env = setup();
    await env.newCall();
    const answer = await env.one('cancel_visit', { visitId: 'nosuchvisit1' });
    expect(answer.result).toMatchObject({ status: 'not_found', visitId: 'nosuchvisit1' });
    expect(answer.result?.say).toMatch(/^There is no visit with that id on your calendar\. Nothing was changed/);
  });

  it('books a slot again after its booking was cancelled (Google keeps the deleted event under its id)', async () => {
    const env = setup();
    await env.newCall();
    const book = async () => {
      const proposal = await env.one('book_visit', { newPatient: true, date: DAY, time: '15:00' });
      return env.one('book_visit', proposal.result?.confirmWith as Record<string, unknown>);
    };
    const first = await book();
    expect(first.result).toMatchObject({ status: 'done', calendarChanged: true });
    const id = String((first.result?.visit as { id?: string } | undefined)?.id);
    await env.one('cancel_visit', await proposeCancel(env, id));
    expect(env.status(id)).toBe('cancelled');
    const again = await book();
    expect(again.result).toMatchObject({ status: 'done', calendarChanged: true });
    expect(again.result?.say).toMatch(/^Booked: /);
    expect(env.status(id)).toBe('confirmed');
  });

  const readFailures: Array<[string, Failure, string, RegExp]> = [
    ['no answer (network)', 'network', 'unavailable', /^Google Calendar could not be reached just now\./],
    ['a 5xx', GOOGLE_ERRORS.backend(), 'unavailable', /^Google Calendar is having a problem/],
    ['a rate limit', GOOGLE_ERRORS.rateLimited(), 'unavailable', /^Google Calendar is limiting requests/],
    ['a 400', GOOGLE_ERRORS.badRequest(), 'invalid', /^Google Calendar refused the request as invalid/],
  ];
  for (const [what, failure, status, say] of readFailures) {
    it(`answers ${what} on a read as ${status}`, async () => {
      const env = setup();
      await env.newCall();
      env.calendar.failWhen = ({ method, id }) => (method === 'GET' && id === DAISY ? failure : undefined);
      const answer = await env.one('move_visit', { visitId: DAISY, time: '14:00' });
      expect(answer.result?.status).toBe(status);
      expect(answer.result?.say).toMatch(say);
      expect(answer.result?.say).toMatch(/try again in a moment\.$|Nothing was changed\.$/i);
    });
  }

  const writeFailures: Array<[string, () => Response, string, RegExp]> = [
    ['a 403 for an event it may not change', GOOGLE_ERRORS.forbidden, 'not_allowed', /^Google Calendar does not allow/],
    ['a 412 (changed meanwhile)', GOOGLE_ERRORS.preconditionFailed, 'conflict', /^The event changed on your calendar/],
    ['a 404 (gone meanwhile)', GOOGLE_ERRORS.notFound, 'not_found', /^That event is not on your calendar/],
    ['a 5xx', GOOGLE_ERRORS.backend, 'unavailable', /The change may not have been made: ask me again/],
  ];
  for (const [what, failure, status, say] of writeFailures) {
    it(`answers ${what} on a confirmed move as ${status}`, async () => {
      const env = setup();
      await env.newCall();
      const proposal = await env.one('move_visit', { visitId: DAISY, time: '14:00' });
      env.calendar.failWhen = ({ method }) => (method === 'PATCH' ? failure() : undefined);
      const answer = await env.one('move_visit', proposal.result?.confirmWith as Record<string, unknown>);
      expect(answer.result?.status).toBe(status);
      expect(answer.result?.say).toMatch(say);
      expect(answer.result?.say).not.toMatch(/could not be reached/);
    });
  }

  it('answers Google’s token endpoint being down as unavailable, and an unexpected failure as such', async () => {
    let failure: Error | null = null;
    const env = setup({
      googleAccess: {
        accessToken: async (userId, need) => {
          if (failure) throw failure;
          return writer.accessToken(userId, need);
        },
      },
    });
    await env.newCall();
    const confirmWith = await proposeCancel(env, DAISY);
    failure = new GoogleTokenError(0, 'unreachable', 'The Google token endpoint could not be reached');
    const down = await env.one('list_visits', { date: DAY });
    expect(down.result).toMatchObject({ status: 'unavailable', timeZone: 'UTC' });
    expect(down.result?.say).toBe(
      'Google could not be reached just now to open your calendar. Please try again in a moment.',
    );
    failure = new Error('a bug');
    const unexpected = await env.one('list_visits', { date: DAY });
    expect(unexpected.error).toBe(
      'Something unexpected went wrong on the HomeRounds server. Nothing was changed; please try again.',
    );
    const change = await env.one('cancel_visit', confirmWith);
    expect(change.error).toBe(
      'Something unexpected went wrong on the HomeRounds server. The change may not have been made: check the calendar before asking again (it is never made twice).',
    );
    expect(env.status(DAISY)).toBe('confirmed');
    expect(env.logs).toEqual([
      'assistant-tools: list_visits failed: GoogleTokenError (unavailable)',
      'assistant-tools: list_visits failed: Error (unexpected)',
      'assistant-tools: cancel_visit failed: Error (unexpected)',
    ]);
  });

  it('never answers bad input with "could not be reached"', async () => {
    const env = setup();
    await env.newCall();
    const bad: Array<[string, Record<string, unknown>]> = [
      ['list_visits', { date: '2026-02-30' }],
      ['list_visits', { date: 'no day at all' }],
      ['list_visits', { from: DAY, to: 42 }],
      ['find_visit', { time: '25:99', date: DAY }],
      ['list_visits', { date: DAY, after: 'noonish' }],
      ['find_free_slots', { date: DAY, durationMinutes: 5000 }],
      ['book_visit', { date: 'someday' }],
      ['book_visit', { date: DAY, time: '14:00', durationMinutes: -5, newPatient: true }],
      ['move_visit', {}],
      ['move_visit', { visitId: DAISY, time: 'teatime' }],
      ['cancel_visit', { visitId: 42 }],
      ['drive_time', { fromVisitId: DAISY, toVisitId: ['x'] }],
    ];
    const answers = [];
    for (const [name, args] of bad) {
      const answer = await env.one(name, args);
      answers.push({ name, args, status: answer.result?.status, say: answer.result?.say ?? answer.error });
    }
    expect(answers).toEqual(bad.map(([name, args]) => ({ name, args, status: 'invalid', say: expect.any(String) })));
    for (const answer of answers) expect(answer.say).not.toMatch(/could not be reached/);
    expect(env.calendar.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
