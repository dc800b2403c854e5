// "Call them now" (issue 21): after "Use this order" moved visits, the clinician may have the patients whose time moved
// called at once instead of in the evening. The real runner and store on the seeded database, Maya's calendar in
// memory (two of Thursday's visits moved, one not), a voice platform that records what it is asked to place. Only a
// moved, consenting patient on the list is called, on the list's number, told the new time; the evening batch then
// calls the others and not them again; the function refuses bad input with what to fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../core/calendar/calendar.types.ts';
import type { CallMovedResponse } from '../../core/confirmations/call-moved-contract.ts';
import { MOVED_FROM_PROPERTY } from '../../core/visits/visits.ts';
import type { PgliteDb } from '../../emulators/db/pglite.ts';
import { createBatchRunner } from '../../server/confirmations/runner.ts';
import { createConfirmationStore } from '../../server/confirmations/store.ts';
import { patientRecords } from '../../server/patients/records.ts';
import { loadSnapshotDb } from '../support/db-snapshot.ts';
import { memoryCalendar } from '../support/memory-calendar.ts';
import { DAYS, suiteSeed, visitsOn } from '../support/seed-calendar.ts';
import { chicago } from '../support/test-clock.ts';

const MAYA = 'maya.patel@homerounds.test';
const DAY = DAYS.thursday;

let db: PgliteDb;
const clock = { t: chicago(DAYS.wednesday, '14:00').getTime() };
const calls: Array<Record<string, unknown>> = [];
const campaigns: Array<Record<string, unknown>> = [];
const calendar = memoryCalendar(suiteSeed(), MAYA);
const query = (sql: string, params: readonly unknown[]) => db.query(sql, params as unknown[]);
let moved: [string, string];
let still: string;
let mayaId: string;

function runner() {
  return createBatchRunner({
    store: createConfirmationStore(query),
    calendarFor: () => calendar,
    patients: (userId) => patientRecords(query, userId),
    voice: {
      createCampaign: async (body) => {
        campaigns.push(body);
        return { id: `campaign-${campaigns.length}` };
      },
      createCall: async (body) => {
        calls.push(body);
        return { id: crypto.randomUUID() };
      },
      getCall: async () => null,
    },
    assistantId: async () => 'confirmation-assistant',
    phoneNumberId: async () => 'number',
    callTokenSecret: 'x'.repeat(40),
    defaultCallbackNumber: '+13125550100',
    defaultTimeZone: 'America/Chicago',
    now: () => new Date(clock.t),
  });
}

async function status(eventId: string) {
  const { rows } = await db.query<{ status: string; call_id: string | null }>(
    'select status, call_id from public.visit_confirmations where event_id = $1 and visit_date = $2',
    [eventId, DAY],
  );
  return rows[0];
}

beforeAll(async () => {
  db = await loadSnapshotDb();
  const visits = visitsOn(MAYA, DAY);
  const [a, b, c] = visits.map((v) => v.id) as [string, string, string];
  moved = [a, b];
  still = c;
  const { rows } = await db.query<{ id: string }>('select id from auth.users where email = $1', [MAYA]);
  mayaId = rows[0]?.id as string;
  await db.query(
    `insert into public.google_grants (user_id, refresh_token_ciphertext, scopes, calendar_time_zone,
       calendar_time_zone_read_at) values ($1, 'v1.test', '{}', 'America/Chicago', $2) on conflict (user_id) do nothing`,
    [mayaId, new Date(clock.t).toISOString()],
  );
  // "Use this order" moved two visits an hour later, each remembering the start the patient was told.
  for (const id of moved) {
    const event = (await calendar.get(id)) as CalendarEvent;
    const later = (iso: string) => new Date(Date.parse(iso) + 3600_000).toISOString();
    await calendar.move(id, later(event.start), later(event.end), 'America/Chicago', {
      properties: { [MOVED_FROM_PROPERTY]: event.start },
    });
  }
  // The second moved patient has not agreed to automated calls.
  await db.query(
    `update public.patients set automated_calls_consent = false
     where id = (select patient_id from fixtures.visits where event_id = $1)`,
    [moved[1]],
  );
});

afterAll(async () => {
  await db?.close();
});

describe('call them now', () => {
  it('calls the moved, consenting patient now with the new time, and says why the others are not called', async () => {
    const answer: CallMovedResponse = await runner().callMovedNow(mayaId, DAY, [...moved, still]);
    expect(answer.called).toEqual([moved[0]]);
    expect(answer.notCalled).toEqual(
      expect.arrayContaining([
        { eventId: moved[1], reason: expect.stringMatching(/agreed to automated calls/) },
        { eventId: still, reason: 'its time did not move' },
      ]),
    );
    expect(calls).toHaveLength(1);
    const overrides = calls[0]?.assistantOverrides as { variableValues: Record<string, string> } | undefined;
    const variables = overrides?.variableValues;
    expect(JSON.stringify(variables)).toMatch(/a new time, it was between/);
    expect(await status(moved[0])).toMatchObject({ status: 'calling', call_id: expect.any(String) });
    // Pressed again: nobody is called twice.
    const again = await runner().callMovedNow(mayaId, DAY, [moved[0]]);
    expect(again).toEqual({ date: DAY, called: [], notCalled: [{ eventId: moved[0], reason: 'already called' }] });
    expect(calls).toHaveLength(1);
  });

  it('leaves the patient already called out of the evening campaign, which calls the others', async () => {
    clock.t = chicago(DAYS.wednesday, '17:00').getTime();
    await runner().run(MAYA, DAY);
    const customers = (campaigns[0]?.customers ?? []) as Array<{ externalId: string }>;
    expect(customers.length).toBeGreaterThan(0);
    expect(customers.map((c) => c.externalId.split(':')[1])).not.toContain(moved[0]);
    expect(customers.map((c) => c.externalId.split(':')[1])).toContain(still);
  });

  it('calls nobody outside the patient’s calling hours', async () => {
    clock.t = chicago(DAYS.wednesday, '22:30').getTime();
    const other = visitsOn(MAYA, DAYS.friday)[0]?.id as string;
    const event = (await calendar.get(other)) as CalendarEvent;
    await calendar.move(other, event.end, new Date(Date.parse(event.end) + 1800_000).toISOString(), 'America/Chicago', {
      properties: { [MOVED_FROM_PROPERTY]: event.start },
    });
    const before = calls.length;
    const answer = await runner().callMovedNow(mayaId, DAYS.friday, [other]);
    expect(answer.called).toEqual([]);
    expect(answer.notCalled[0]?.reason).toMatch(/calling hours/);
    expect(calls.length).toBe(before);
  });
});
