// Every placement is checked on the server right before it is sent, not only when the call list was made (issue 23):
// the real runner and store on the seeded database, Maya's calendar in memory, a voice platform that records what it
// is asked to place. The campaign is placed late (the platform was down at 5 pm) after one patient withdrew their
// consent and another's number became a premium-rate one: neither is dialled. An hour and more later, the no-answers
// are called again, each in their own patient's hours: at 8:05 pm in Chicago the Chicago patient is, the New York
// patient (9:05 pm there) is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchState } from '../../core/confirmations/contract.ts';
import type { PgliteDb } from '../../emulators/db/pglite.ts';
import { createBatchRunner } from '../../server/confirmations/runner.ts';
import { createConfirmationStore } from '../../server/confirmations/store.ts';
import { VoicePlatformError } from '../../server/confirmations/voice-port.ts';
import { patientRecords } from '../../server/patients/records.ts';
import { loadSnapshotDb } from '../support/db-snapshot.ts';
import { memoryCalendar } from '../support/memory-calendar.ts';
import { DAYS, suiteSeed, visitsOn } from '../support/seed-calendar.ts';
import { chicago } from '../support/test-clock.ts';

const MAYA = 'maya.patel@homerounds.test';
const DAY = DAYS.thursday;
const at = (hhmm: string) => chicago(DAYS.wednesday, hhmm).getTime();

let db: PgliteDb;
const clock = { t: at('17:00') };
const voice = {
  down: true,
  campaigns: [] as Array<Record<string, unknown>>,
  calls: [] as Array<Record<string, unknown>>,
};
/** Maya's Thursday visits by what happens to their patient. */
const roles = {} as Record<'withdrawn' | 'premium' | 'newYork' | 'chicago' | 'other', string>;
const phoneOf = {} as Record<keyof typeof roles, string>;

const query = (sql: string, params: readonly unknown[]) => db.query(sql, params as unknown[]);
const store = () => createConfirmationStore(query);

function runner() {
  return createBatchRunner({
    store: store(),
    calendarFor: () => memoryCalendar(suiteSeed(), MAYA),
    patients: (userId) => patientRecords(query, userId),
    voice: {
      createCampaign: async (body) => {
        if (voice.down) throw new VoicePlatformError(503, 'the platform is down');
        voice.campaigns.push(body);
        return { id: `campaign-${voice.campaigns.length}` };
      },
      createCall: async (body) => {
        voice.calls.push(body);
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

async function patientOf(eventId: string): Promise<string> {
  const { rows } = await db.query<{ patient_id: string }>(
    'select patient_id::text from fixtures.visits where event_id = $1',
    [eventId],
  );
  return rows[0]?.patient_id as string;
}

async function visit(eventId: string) {
  const { rows } = await db.query<{ status: string; detail: string | null; attempts: number; time_zone: string }>(
    `select status, detail, attempts, time_zone from public.visit_confirmations where event_id = $1 and visit_date = $2`,
    [eventId, DAY],
  );
  return rows[0];
}

const numbersOf = (customers: unknown) => (customers as Array<{ number: string }>).map((c) => c.number).sort();

beforeAll(async () => {
  db = await loadSnapshotDb();
  const visits = visitsOn(MAYA, DAY);
  expect(visits.length).toBeGreaterThanOrEqual(5);
  const [a, b, c, d, e] = visits.map((v) => v.id) as [string, string, string, string, string];
  Object.assign(roles, { withdrawn: a, premium: b, newYork: c, chicago: d, other: e });
  for (const [role, eventId] of Object.entries(roles)) {
    const { rows } = await db.query<{ phone: string }>('select phone from public.patients where id = $1', [
      await patientOf(eventId),
    ]);
    phoneOf[role as keyof typeof roles] = `+1${String(rows[0]?.phone).replace(/\D/g, '')}`;
  }
  // This patient lives in New York (their list's place), though the clinician's calendar is Chicago's.
  await db.query('update public.patients set lat = 40.7128, lng = -74.006 where id = $1', [
    await patientOf(roles.newYork),
  ]);
  await db.query(
    `insert into public.google_grants (user_id, refresh_token_ciphertext, scopes, calendar_time_zone,
       calendar_time_zone_read_at)
     select id, 'v1.test', '{}', 'America/Chicago', $2 from auth.users where email = $1 on conflict (user_id) do nothing`,
    [MAYA, new Date(clock.t).toISOString()],
  );
});

afterAll(async () => {
  await db?.close();
});

describe('each call is checked right before it is placed', () => {
  it('makes the list at 5 pm; the platform is down, nothing is placed', async () => {
    const status = await runner().run(MAYA, DAY);
    expect(status.state).toBe<BatchState>('platformDown');
    expect(voice.campaigns).toEqual([]);
    expect((await visit(roles.newYork))?.time_zone).toBe('America/New_York');
    expect((await visit(roles.withdrawn))?.status).toBe('pending');
  });

  it('places the campaign later without the patient who withdrew consent or the number that became premium-rate', async () => {
    await db.query('update public.patients set automated_calls_consent = false where id = $1', [
      await patientOf(roles.withdrawn),
    ]);
    await db.query(`update public.patients set phone = '(900) 555-0123' where id = $1`, [
      await patientOf(roles.premium),
    ]);
    voice.down = false;
    clock.t = at('17:05');
    await runner().tick();
    expect(voice.campaigns).toHaveLength(1);
    const campaign = voice.campaigns[0] as { customers: unknown; schedulePlan: { latestAt: string } };
    expect(numbersOf(campaign.customers)).toEqual([phoneOf.newYork, phoneOf.chicago, phoneOf.other].sort());
    // The New York patient's hours end first: 9 pm there is 8 pm in Chicago.
    expect(campaign.schedulePlan.latestAt).toBe(new Date(at('20:00')).toISOString());
    expect(await visit(roles.withdrawn)).toMatchObject({ status: 'skipped', attempts: 0 });
    expect((await visit(roles.withdrawn))?.detail).toContain('not agreed to automated calls');
    expect(await visit(roles.premium)).toMatchObject({ status: 'skipped', attempts: 0 });
    expect((await visit(roles.premium))?.detail).toContain('premium-rate');
  });

  it('calls a no-answer again only in its patient’s hours: Chicago at 8:05 pm yes, New York (9:05 pm) no', async () => {
    const records = store();
    const userId = (await records.clinician(MAYA))?.userId as string;
    for (const role of ['newYork', 'chicago'] as const) {
      await records.recordOutcome(userId, DAY, roles[role], {
        status: 'no-answer',
        newStart: null,
        detail: null,
        late: false,
      });
    }
    await records.recordOutcome(userId, DAY, roles.other, {
      status: 'confirmed',
      newStart: null,
      detail: null,
      late: false,
    });
    clock.t = at('17:10');
    await runner().tick();
    clock.t = at('20:05');
    await runner().tick();
    expect(voice.calls.map((c) => (c.customer as { number: string }).number)).toEqual([phoneOf.chicago]);
    expect(await visit(roles.chicago)).toMatchObject({ status: 'calling', attempts: 2 });
    // Not called a second time, and it stays what it was: a no-answer.
    expect(await visit(roles.newYork)).toMatchObject({
      status: 'no-answer',
      attempts: 1,
      detail: 'Not called again: outside calling hours in the patient’s time zone',
    });
  });
});
