// A whole evening of confirmation calls on the local platform, with its clock moved by the test: the batch
// starts at the clinician's call time (not before), places the evening's calls as one campaign on the voice
// platform, the simulated patients answer as the seed marks them (personas), their end-of-call reports
// land on the visits through the same webhook and tools production uses, the no-answers are called once
// more an hour later, the route is re-planned keeping every confirmed time, and the batch ends when calling
// hours do. Seeded days are booked back to back (each visit spaced by the drive), so a later time exists only
// where a visit was cancelled: the test cancels one, as a patient would earlier that day. Then: an opted-out
// number is never called again, nothing is called outside calling hours, and a clinician reads only their own
// statuses through PostgREST.
// The evening is the seed day's (Wednesday 28 October, from 16:55 to 21:31 in Chicago), calling for Thursday
// 29 October's visits: the suite's clock is frozen at each instant the test names, and the platform reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCallToken } from '../../core/assistant/call-token.ts';
import { mapProviderEvent } from '../../core/calendar/map-events.ts';
import { withinCallingHours } from '../../core/confirmations/call-list.ts';
import {
  type BatchStatus,
  type CallPlan,
  CONFIRMATION_OUTPUT_NAME,
  type ConfirmationStatus,
  PERSONAS,
  type Persona,
} from '../../core/confirmations/contract.ts';
import { toE164 } from '../../core/confirmations/phone.ts';
import { CALENDAR_EVENTS_SCOPE, CALENDAR_READONLY_SCOPE } from '../../core/google/access.ts';
import { zonedMinute } from '../../core/time/zoned-time.ts';
import { toVisit } from '../../core/visits/visits.ts';
import { LOCAL_ADMIN_SECRET, LOCAL_CALL_TOKEN_SECRET, LOCAL_TOOLS_SECRET } from '../../emulators/local-secrets.ts';
import { signIn, startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { DAYS, visitsOn as seededVisitsOn, suiteSeed } from '../support/seed-calendar.ts';
import { chicago, setTestNow, testNow } from '../support/test-clock.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies read by the test, asserted field by field.
type Json = Record<string, any>;

const ZONE = 'America/Chicago';
const MAYA = 'maya.patel@homerounds.test';
const LUIS = 'luis.garcia@homerounds.test';
const GRACE = 'grace.okafor@homerounds.test';
const JORDAN = 'jordan.kim@homerounds.test';
/** The evening's clinicians: Maya and Luis allowed calendar changes, Grace only reading. */
const EVENING = [
  { email: MAYA, write: true },
  { email: LUIS, write: true },
  { email: GRACE, write: false },
] as const;

/** What each persona's visit shows once the evening is over (with calendar write access). */
const EXPECTED: Record<Persona, ConfirmationStatus> = {
  confirms: 'confirmed',
  'wants-later': 'moved',
  'wants-another-day': 'move-requested',
  'no-answer': 'no-answer',
  voicemail: 'voicemail',
  'wrong-number': 'wrong-number',
  'says-stop': 'opted-out',
};

let platform: TestPlatform;
const seed = suiteSeed();

/** Visits cancelled by the test before the evening (never called). */
const cancelled = new Set<string>();

/** A clinician's visits on a day, less those the test cancelled. */
function visitsOn(email: string, day: string) {
  return seededVisitsOn(email, day).filter((e) => !cancelled.has(e.id));
}

/** Minutes after midnight in Chicago. */
const minuteOf = (iso: string) => zonedMinute(new Date(iso), ZONE);
/** Do the evening's patients on `day`, without the visit `without`, together play every persona? */
function everyPersona(day: string, without?: string): boolean {
  const personas = new Set(
    EVENING.flatMap(({ email }) =>
      visitsOn(email, day)
        .filter((e) => e.id !== without)
        .map((e) => personaOf(e.id)),
    ),
  );
  return PERSONAS.every((p) => personas.has(p));
}

/**
 * A wants-later visit of a clinician who allowed changes whose window leaves it at least 15 minutes to move later
 * (the offers' spacing) and, when another visit follows it, that visit, to be cancelled: its time (at least 30
 * minutes, more than the spacing) is the room. When it is the day's last, the room is up to the tools' day end
 * (18:00).
 */
function roomOn(day: string): { email: string; wantsLater: string; cancel: string | null } | null {
  for (const { email, write } of EVENING) {
    if (!write) continue;
    const visits = visitsOn(email, day);
    for (const [i, visit] of visits.entries()) {
      if (personaOf(visit.id) !== 'wants-later' || !visit.window) continue;
      const [h, m] = visit.window.end.split(':').map(Number) as [number, number];
      const later = minuteOf(visit.endsAt) + 15;
      if (later > h * 60 + m) continue;
      const next = visits[i + 1];
      if (!next && later <= 18 * 60) return { email, wantsLater: visit.id, cancel: null };
      if (next && everyPersona(day, next.id)) return { email, wantsLater: visit.id, cancel: next.id };
    }
  }
  return null;
}

/** The persona of the patient behind a visit (the seed marks it). */
function personaOf(eventId: string): Persona {
  const event = seed.events.find((e) => e.id === eventId);
  const patient = seed.patients.find((p) => p.id === event?.patientId);
  if (!patient) throw new Error(`no patient for ${eventId}`);
  return patient.persona;
}

/**
 * The visits called for: Thursday 29 October, the seed day's tomorrow. Its patients (Maya's, Luis's and Grace's)
 * together play every persona, and Luis's wants-later patient has room once the visit after it is cancelled.
 */
const DAY = DAYS.thursday;
/** The evening of the calls: the seed day, Wednesday 28 October. */
const EVENING_OF = DAYS.wednesday;
const ROOM = roomOn(DAY) as NonNullable<ReturnType<typeof roomOn>>;
/** HH:MM in Chicago on the evening of the calls, as epoch milliseconds. */
const at = (hhmm: string) => chicago(EVENING_OF, hhmm).getTime();

async function post(path: string, body: unknown, token = LOCAL_ADMIN_SECRET): Promise<{ status: number; data: Json }> {
  const response = await fetch(`${platform.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, data: await response.json() };
}

async function status(email: string, date: string): Promise<{ status: number; data: BatchStatus }> {
  const response = await fetch(
    `${platform.url}/functions/v1/confirmations/status?clinician=${encodeURIComponent(email)}&date=${date}`,
    { headers: { authorization: `Bearer ${LOCAL_ADMIN_SECRET}` } },
  );
  return { status: response.status, data: (await response.json()) as BatchStatus };
}

/** Sets the suite's clock (which the platform reads), frozen at `t`. */
function freezeAt(t: number): void {
  setTestNow(new Date(t), { frozen: true });
}

/** Moves the clock to `t` and lets the platform do what is due (the cron, the dialer, the reports). */
async function tickAt(t: number): Promise<void> {
  freezeAt(t);
  await platform.tick();
}

async function calls(): Promise<Array<{ number: string; createdAt: number }>> {
  const { rows } = await platform.db.query<{ number: string; created_at: Date | string }>(
    `select data->'customer'->>'number' as number, created_at from voice.resources where kind = 'call'
     and data->>'type' = 'outboundPhoneCall'`,
  );
  return rows.map((r) => ({ number: r.number, createdAt: new Date(r.created_at).getTime() }));
}

async function calendarEvent(id: string) {
  const { rows } = await platform.db.query<{ resource: unknown }>(
    `select resource from calendar.events where id = $1`,
    [id],
  );
  const resource = rows[0]?.resource;
  return mapProviderEvent((typeof resource === 'string' ? JSON.parse(resource) : resource) as never);
}

/** An evening visit of the first clinician (not one the test cancels or moves), as if "Use this order" had moved it 90 minutes later. */
const MOVED = (() => {
  const email = EVENING[0].email;
  const first = seededVisitsOn(email, DAY).find((v) => v.id !== ROOM.cancel && v.id !== ROOM.wantsLater);
  if (!first) throw new Error(`the seed gives ${email} visits on ${DAY}`);
  return { email, id: first.id, knownStart: new Date(Date.parse(first.startsAt) - 90 * 60_000).toISOString() };
})();

beforeAll(async () => {
  // The seed's Thursday is what this evening is about: the test's premises hold there.
  expect(everyPersona(DAY), `every persona among the patients of ${DAY}`).toBe(true);
  expect(ROOM, `a wants-later visit with room on ${DAY}`).toBeTruthy();
  freezeAt(at('16:55'));
  platform = await startLocalPlatform();
  if (ROOM.cancel) {
    // Cancelled earlier that day, as the clinician would on Google Calendar: the evening never calls it.
    const { session } = await signIn(platform, ROOM.email, {
      scopes: `${CALENDAR_READONLY_SCOPE} ${CALENDAR_EVENTS_SCOPE}`,
    });
    const removed = await fetch(`${platform.url}/calendar/v3/calendars/primary/events/${ROOM.cancel}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${session.provider_token}` },
    });
    expect(removed.status).toBe(204);
    cancelled.add(ROOM.cancel);
  }
  // Each signed in with offline access (the server can read their calendar); Jordan only reads.
  const grants = [
    ...EVENING.map(
      ({ email, write }) =>
        [email, write ? [CALENDAR_READONLY_SCOPE, CALENDAR_EVENTS_SCOPE] : [CALENDAR_READONLY_SCOPE]] as const,
    ),
    [JORDAN, [CALENDAR_READONLY_SCOPE]] as const,
  ];
  for (const [email, scopes] of grants) {
    const granted = await fetch(`${platform.url}/__local/google-grants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, scopes }),
    });
    expect(granted.status).toBe(200);
  }
  // One visit moved by "Use this order" since the patient was told its time: booked 90 minutes earlier.
  const token = await fetch(`${platform.url}/__local/provider-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: MOVED.email, scopes: [CALENDAR_EVENTS_SCOPE] }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const marked = await fetch(`${platform.url}/calendar/v3/calendars/primary/events/${MOVED.id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ extendedProperties: { private: { homeroundsMovedFrom: MOVED.knownStart } } }),
  });
  expect(marked.status).toBe(200);
  // Jordan calls at 9:30 pm: after calling hours (the setting is the clinician's to make, the rule is ours).
  await platform.db.query(
    `insert into public.confirmation_settings (user_id, call_at) select id, '21:30' from auth.users where email = $1`,
    [JORDAN],
  );
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

describe('an evening of confirmation calls', () => {
  const plans = new Map<string, CallPlan>();
  const finals = new Map<string, BatchStatus>();
  /**
   * What a visit may show once its answer is in: a wants-later patient gets a later time only with write access and
   * where one fits (certainly the visit with room, ROOM; elsewhere it depends on the day), else the wish is passed on.
   */
  const expected = (email: string, persona: Persona, eventId: string): ConfirmationStatus[] => {
    if (persona !== 'wants-later') return [EXPECTED[persona]];
    if (!EVENING.find((c) => c.email === email)?.write) return ['move-requested'];
    return eventId === ROOM.wantsLater ? ['moved'] : ['moved', 'move-requested'];
  };
  const planned = () => [...plans.values()].reduce((n, p) => n + p.entries.length, 0);
  const allVisits = () =>
    [...finals.values()].flatMap((f) => f.visits.map((v) => ({ ...v, email: f.clinician.email })));

  it('shows the call list without calling anyone (dry run)', async () => {
    for (const { email } of EVENING) {
      const answer = await post('/functions/v1/confirmations/plan', { clinician: email, date: DAY });
      expect(answer.status).toBe(200);
      const plan = answer.data as CallPlan;
      expect(plan.date).toBe(DAY);
      expect(new Date(plan.callAt).getTime()).toBe(at('17:00'));
      expect(plan.entries.map((e) => e.eventId).sort()).toEqual(
        visitsOn(email, DAY)
          .map((v) => v.id)
          .sort(),
      );
      expect(plan.entries.every((e) => e.skip === null && e.phone === toE164(e.phone ?? ''))).toBe(true);
      plans.set(email, plan);
    }
    expect(await calls()).toEqual([]);
  });

  it('does not call before the clinicians’ call time', async () => {
    await tickAt(at('16:55'));
    for (const { email } of EVENING) expect((await status(email, DAY)).status).toBe(404);
    expect(await calls()).toEqual([]);
  });

  it('places each clinician’s calls as one campaign at 5 pm, and each answer lands on its visit', async () => {
    await tickAt(at('17:00'));
    const campaigns = await platform.db.query<{ data: Json }>(
      `select data from voice.resources where kind = 'campaign'`,
    );
    expect(campaigns.rows).toHaveLength(EVENING.length);
    expect(campaigns.rows.map((r) => r.data.customers.length).sort()).toEqual(
      [...plans.values()].map((p) => p.entries.length).sort(),
    );
    for (const { data } of campaigns.rows) {
      expect(new Date(data.schedulePlan.earliestAt).getTime()).toBe(at('17:00'));
      // Minimum necessary information: a first name, who comes, when; no visit type, no diagnosis.
      for (const customer of data.customers) {
        const values = customer.assistantOverrides.variableValues;
        expect(Object.keys(values).sort()).toEqual([
          'agencyName',
          'callbackNumber',
          'clinicianName',
          'homeroundsCallToken',
          'patientFirstName',
          'visitDay',
          'visitWindow',
        ]);
        expect(values.patientFirstName).not.toContain(' ');
      }
    }
    // The visit moved since the patient was told: the call says the new time and the one they knew.
    const movedCustomer = campaigns.rows
      .flatMap((r) => r.data.customers)
      .find((c: { externalId: string }) => c.externalId.endsWith(`:${MOVED.id}`));
    expect(movedCustomer?.assistantOverrides.variableValues.visitWindow).toMatch(
      /^between .+: a new time, it was between .+$/,
    );
    const others = campaigns.rows
      .flatMap((r) => r.data.customers)
      .filter((c: { externalId: string }) => !c.externalId.endsWith(`:${MOVED.id}`));
    expect(
      others.every((c: Json) => !String(c.assistantOverrides.variableValues.visitWindow).includes('new time')),
    ).toBe(true);
    // The reports came back while the batches waited; the next tick reads them.
    await tickAt(at('17:02'));
    for (const { email } of EVENING) {
      const { data } = await status(email, DAY);
      for (const visit of data.visits) {
        const persona = personaOf(visit.eventId);
        expect(visit.attempts, `${email} ${persona} ${visit.eventId}`).toBe(1);
        expect(visit.status, `${email} ${persona} ${visit.eventId}`).toBeOneOf(expected(email, persona, visit.eventId));
      }
    }
  });

  it('calls the no-answers once more an hour later, re-plans the day, and ends with calling hours', async () => {
    await tickAt(at('17:30'));
    expect((await calls()).length).toBe(planned()); // not yet
    await tickAt(at('18:05'));
    await tickAt(at('18:07'));
    await tickAt(at('21:00'));
    for (const { email } of EVENING) finals.set(email, (await status(email, DAY)).data);
    const noAnswers = allVisits().filter((v) => personaOf(v.eventId) === 'no-answer');
    expect(noAnswers.length).toBeGreaterThan(0);
    expect((await calls()).length).toBe(planned() + noAnswers.length);
    const seen = new Set<Persona>();
    for (const final of finals.values()) {
      expect(final.state).toBe('done');
      expect(final.finished).toBe(true);
    }
    for (const visit of allVisits()) {
      const persona = personaOf(visit.eventId);
      seen.add(persona);
      expect(visit.attempts, `${persona} ${visit.eventId}`).toBe(persona === 'no-answer' ? 2 : 1);
      expect(visit.status, `${persona} ${visit.eventId}`).toBeOneOf(expected(visit.email, persona, visit.eventId));
    }
    expect([...seen].sort()).toEqual([...PERSONAS].sort());
    for (const call of await calls()) expect(withinCallingHours(new Date(call.createdAt), ZONE)).toBe(true);
  });

  it('moves (or, without write access, requests) a later time within the window, and keeps every confirmed time', async () => {
    const wantsLater = allVisits().filter((v) => personaOf(v.eventId) === 'wants-later');
    expect(wantsLater.find((v) => v.eventId === ROOM.wantsLater)?.status).toBe('moved');
    for (const visit of wantsLater) {
      const seedEvent = seed.events.find((e) => e.id === visit.eventId);
      const now = await calendarEvent(visit.eventId);
      if (visit.newStart === null) {
        // No later time fit that day: the patient's wish goes to the clinician, the time stands.
        expect(visit).toMatchObject({ status: 'move-requested', detail: expect.stringMatching(/^Asked for /) });
        expect(Date.parse(now.start)).toBe(Date.parse(seedEvent?.startsAt as string));
        continue;
      }
      const asked = Date.parse(visit.newStart);
      expect(asked).toBeGreaterThan(Date.parse(seedEvent?.startsAt as string));
      const [h, m] = String(seedEvent?.window?.end).split(':').map(Number) as [number, number];
      expect(zonedMinute(new Date(asked), ZONE)).toBeLessThan(h * 60 + m);
      // Moved on the calendar only with write access; otherwise the booked time stands.
      expect(Date.parse(now.start)).toBe(visit.status === 'moved' ? asked : Date.parse(seedEvent?.startsAt as string));
    }
    for (const final of finals.values()) {
      const plan = final.summary?.plan;
      expect(plan?.confirmedTimesKept).toBe(true);
      for (const visit of final.visits.filter((v) => v.status === 'confirmed' || v.status === 'moved')) {
        const stop = plan?.order.find((s) => s.eventId === visit.eventId);
        const event = toVisit(await calendarEvent(visit.eventId), ZONE);
        expect(zonedMinute(new Date(String(stop?.start)), ZONE)).toBe(event.startMinute);
      }
      expect(final.summary?.moved.map((x) => x.eventId).sort()).toEqual(
        final.visits
          .filter((v) => v.status === 'moved')
          .map((v) => v.eventId)
          .sort(),
      );
    }
  });

  it('takes a report of a call it placed that comes after the batch ended, flagged late; a forged one changes nothing', async () => {
    // The platform delivers a no-answer's retry report late (after 9 pm), now saying the patient confirmed.
    const missed = allVisits().find((v) => v.status === 'no-answer');
    if (!missed) throw new Error('the evening left no no-answer to call back');
    const { rows } = await platform.db.query<{ call_id: string }>(
      'select call_id from public.visit_confirmations where event_id = $1 and visit_date = $2',
      [missed.eventId, DAY],
    );
    const placedCall = rows[0]?.call_id as string;
    expect(placedCall).toMatch(/^[0-9a-f-]{36}$/);
    const send = (
      callId: string,
      outcome: string,
      headers: Record<string, string> = { 'x-vapi-secret': LOCAL_TOOLS_SECRET },
    ) =>
      fetch(`${platform.url}/functions/v1/confirmations/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          message: {
            type: 'end-of-call-report',
            endedReason: 'customer-ended-call',
            call: { id: callId },
            artifact: { structuredOutputs: { late: { name: CONFIRMATION_OUTPUT_NAME, result: { outcome } } } },
            analysis: {},
          },
        }),
      });
    const visitNow = async () =>
      (await status(missed.email, DAY)).data.visits.find((v) => v.eventId === missed.eventId);
    // A report for a call no batch placed, even carrying this visit's own call token, is refused: nothing changes.
    const batch = finals.get(missed.email) as BatchStatus;
    const token = await signCallToken(batch.clinician.userId, LOCAL_CALL_TOKEN_SECRET, testNow(), 600, {
      eventId: missed.eventId,
      visitDate: DAY,
    });
    const forged = await fetch(`${platform.url}/functions/v1/confirmations/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-vapi-secret': LOCAL_TOOLS_SECRET },
      body: JSON.stringify({
        message: {
          type: 'end-of-call-report',
          endedReason: 'customer-ended-call',
          call: {
            id: '00000000-0000-4000-8000-00000000f00d',
            assistantOverrides: { variableValues: { homeroundsCallToken: token.token } },
            customer: { externalId: `${batch.batchId}:${missed.eventId}`, number: missed.phone },
          },
          artifact: { structuredOutputs: { f: { name: CONFIRMATION_OUTPUT_NAME, result: { outcome: 'cancel' } } } },
          analysis: {},
        },
      }),
    });
    expect(forged.status).toBe(404);
    expect(await visitNow()).toMatchObject({ status: 'no-answer', late: false });
    // Without the server secret: refused before anything is read.
    expect((await send(placedCall, 'cancel', {})).status).toBe(401);
    expect(await visitNow()).toMatchObject({ status: 'no-answer' });
    const report = await send(placedCall, 'confirmed');
    expect(report.status).toBe(200);
    expect(await visitNow()).toMatchObject({ status: 'confirmed', late: true });
  });

  it('never calls an opted-out number again', async () => {
    const optedOut = allVisits().filter((v) => v.status === 'opted-out');
    expect(optedOut.length).toBeGreaterThan(0);
    const { rows } = await platform.db.query<{ phone: string }>(`select phone from public.do_not_call`);
    expect(rows.map((r) => r.phone)).toEqual(expect.arrayContaining(optedOut.map((v) => v.phone)));
    const before = (await calls()).length;
    // An administrator runs the evening again at 8:30 pm: everyone else is called, the opted-out numbers are not.
    freezeAt(at('20:30'));
    for (const email of new Set(optedOut.map((v) => v.email))) {
      const rerun = await post('/functions/v1/confirmations/run', { clinician: email, date: DAY, force: true });
      expect(rerun.status).toBe(200);
    }
    await platform.tick();
    const numbers = (await calls()).slice(before).map((c) => c.number);
    expect(numbers.length).toBeGreaterThan(0);
    for (const visit of optedOut) {
      expect(numbers).not.toContain(visit.phone);
      const again = (await status(visit.email, DAY)).data;
      expect(again.visits.find((v) => v.eventId === visit.eventId)).toMatchObject({ status: 'skipped' });
    }
  });

  it('calls nobody outside calling hours', async () => {
    // Jordan's 9:30 pm call time, for his Thursday visits (six): the batch gives up without a call.
    expect(visitsOn(JORDAN, DAY).length).toBeGreaterThan(0);
    const before = (await calls()).length;
    await tickAt(at('21:30'));
    await tickAt(at('21:31'));
    const jordan = await status(JORDAN, DAY);
    expect(jordan.data.state).toBe('failed');
    expect(jordan.data.failure).toMatch(/Calling hours ended/);
    expect((await calls()).length).toBe(before);
    // And an administrator's run after 9 pm is refused, saying why (for Friday's visits, not yet called).
    const refused = await post('/functions/v1/confirmations/run', { clinician: MAYA, date: DAYS.friday });
    expect(refused.status).toBe(409);
    expect(refused.data.message).toMatch(/outside calling hours/);
  });

  it('says why, and calls nobody, when the server cannot read a clinician’s calendar', async () => {
    const before = (await calls()).length;
    const plan = await post('/functions/v1/confirmations/plan', { clinician: 'sam.novak@homerounds.test', date: DAY });
    expect(plan.status).toBe(409);
    expect(plan.data).toMatchObject({ code: 'no_calendar_access', message: expect.stringContaining('sign in once') });
    const unknown = await post('/functions/v1/confirmations/plan', { clinician: 'nobody@homerounds.test' });
    expect(unknown.status).toBe(404);
    const bad = await post('/functions/v1/confirmations/plan', { clinician: MAYA, date: '2026-13-45' });
    expect(bad.status).toBe(400);
    expect((await calls()).length).toBe(before);
  });

  it('lets a signed-in clinician read only their own statuses', async () => {
    const session = await post('/__local/sessions', { email: JORDAN }, '');
    const token = session.data.access_token as string;
    const rest = await fetch(`${platform.url}/rest/v1/visit_confirmations?select=event_id,status`, {
      headers: { apikey: platform.anonKey, authorization: `Bearer ${token}` },
    });
    expect(rest.status).toBe(200);
    const rows = (await rest.json()) as Array<{ event_id: string }>;
    const others = new Set(allVisits().map((v) => v.eventId));
    expect(rows.some((r) => others.has(r.event_id))).toBe(false);
    const dnc = await fetch(`${platform.url}/rest/v1/do_not_call?select=phone`, {
      headers: { apikey: platform.anonKey, authorization: `Bearer ${token}` },
    });
    expect(dnc.ok ? await dnc.json() : []).toEqual([]);
    const theirs = await fetch(
      `${platform.url}/functions/v1/confirmations/status?clinician=${encodeURIComponent(MAYA)}&date=${DAY}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    // The clinician parameter is replaced by the caller: Jordan gets Jordan's batch, never Maya's.
    expect(theirs.status).toBe(200);
    expect(((await theirs.json()) as BatchStatus).clinician.email).toBe(JORDAN);
  });
});
