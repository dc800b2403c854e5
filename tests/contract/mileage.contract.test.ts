// The mileage function (/functions/v1/mileage) on the local platform, as the dashboard's Mileage view and
// `homerounds mileage` call it: 401 without a session, 400 saying what to fix, a seeded clinician's month whose every
// day equals the Route view's plan of that day in calendar order (the same planDay, the same drive-times function,
// the same departure rule: here through `route optimize --clinician`, which plans as the Route view does), stops named
// by time and patient only, a day's edit saved and counted, and the edits owner-only (RLS and the function alike).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeOptimizeForClinician } from '../../cli/handlers/route-optimize.ts';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { FUNCTIONS_PATH } from '../../core/assistant/contract.ts';
import { MILEAGE_FUNCTION } from '../../core/mileage/contract.ts';
import type { MileageMonth } from '../../core/mileage/mileage.types.ts';
import { KM_PER_MILE } from '../../core/routing/index.ts';
import { minutesToHhmm, zonedMinute } from '../../core/time/zoned-time.ts';
import { assistantSession } from '../support/assistant-session.ts';
import { signIn, startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { DAYS, suiteSeed, visitsOn } from '../support/seed-calendar.ts';
import { testNow } from '../support/test-clock.ts';

const ZONE = 'America/Chicago';

const seed = suiteSeed();
const MAYA = 'maya.patel@homerounds.test';
const JORDAN = 'jordan.kim@homerounds.test';

let platform: TestPlatform;
let maya: string;
let jordan: string;
let jordanClient: SupabaseClient;
let mayaId: string;

beforeAll(async () => {
  platform = await startLocalPlatform();
  maya = (await assistantSession(platform, MAYA)).accessToken;
  jordan = (await assistantSession(platform, JORDAN)).accessToken;
  const signed = await signIn(platform, JORDAN);
  jordanClient = signed.client;
  mayaId = (await platform.db.query<{ id: string }>('select id from auth.users where lower(email) = $1', [MAYA]))
    .rows[0]?.id as string;
}, 120_000);
afterAll(async () => {
  await platform?.close();
});

async function mileage(
  body: unknown,
  token: string | null = maya,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${platform.url}${FUNCTIONS_PATH}/${MILEAGE_FUNCTION}`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_ANON_KEY,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('mileage function', () => {
  it('refuses a caller without a session (401) and says what to fix in a bad request (400)', async () => {
    expect((await mileage({ month: '2026-10' }, null)).status).toBe(401);
    const bad = await mileage({ month: '2026-13' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_request' });
    expect(bad.body.message).toContain('month must be a month as YYYY-MM');
    const edit = await mileage({ month: '2026-10', edit: { day: '2026-11-02', drivenMiles: 3, reason: 'x' } });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toContain('edit.day must be a date of 2026-10');
    const noReason = await mileage({ month: '2026-10', edit: { day: '2026-10-28', drivenMiles: 3 } });
    expect(noReason.body.message).toContain('edit.reason');
  });

  it("answers every day of a seeded clinician's month with the Route view's legs for the calendar order", async () => {
    for (const month of ['2026-10', '2026-11']) {
      const answer = await mileage({ month });
      expect(answer.status).toBe(200);
      const log = answer.body as unknown as MileageMonth;
      expect(log.days.length).toBeGreaterThan(2);
      // The platform has a road matrix (the Routes stand-in): the legs are road distances, as in the Route view.
      expect(log.days.some((d) => d.roadBased && d.legs.some((leg) => leg.roadBased))).toBe(true);
      for (const day of log.days) {
        const route = await routeOptimizeForClinician({
          baseUrl: platform.url,
          email: MAYA,
          date: day.day,
          now: testNow(),
        });
        // The same stops in the same (calendar) order, from home and back.
        expect(day.visits).toBe(route.calendar.stops.length);
        expect(day.countsHomeLegs).toBe(true);
        expect(day.legs.length).toBe(route.calendar.stops.length + 1);
        expect(day.legs[0]?.fromHome).toBe(true);
        expect(day.legs.at(-1)?.toHome).toBe(true);
        expect(day.legs.map((leg) => leg.minutes)).toEqual([
          ...route.calendar.stops.map((stop) => stop.travelFromPreviousMinutes),
          route.calendar.returnTravelMinutes,
        ]);
        // The day's miles are the Route view's miles for the calendar order, and the legs add up to them.
        expect(day.plannedMiles).toBe(Math.round((route.distanceBeforeKm / KM_PER_MILE) * 10) / 10);
        const legMiles = day.legs.reduce((sum, leg) => sum + leg.miles, 0);
        expect(Math.abs(legMiles - route.distanceBeforeKm / KM_PER_MILE)).toBeLessThan(0.01 * day.legs.length);
        expect(day.plannedMinutes).toBe(route.travelBeforeMinutes);
        expect(day.roadBased).toBe(route.roadDistances);
        // Stops named by booked time and patient, in the calendar's order.
        const booked = visitsOn(MAYA, day.day).map((v) => minutesToHhmm(zonedMinute(new Date(v.startsAt), ZONE)));
        expect(day.legs.slice(1).map((leg) => (leg.from.kind === 'visit' ? leg.from.time : null))).toEqual(booked);
      }
    }
  }, 120_000);

  it('lists the days of October with visits, counts today and leaves the days ahead out of the totals', async () => {
    const log = (await mileage({ month: '2026-10' })).body as unknown as MileageMonth;
    expect(log.days.map((d) => d.day)).toEqual([DAYS.wednesday, DAYS.thursday, DAYS.friday]);
    expect(log.days.map((d) => d.upcoming)).toEqual([false, true, true]);
    expect(log.totalMiles).toBe(log.days[0]?.plannedMiles);
    expect(log.rate).toMatchObject({ centsPerMile: 72.5, kind: 'irs', year: 2026 });
    expect(log.reimbursement).toBe(Math.round(log.totalMiles * 72.5) / 100);
  });

  it('names stops by time and patient only: no address, phone or note of the patient list or the calendar', async () => {
    const text = JSON.stringify((await mileage({ month: '2026-11' })).body);
    for (const patient of seed.patients.filter((p) => p.clinicianId === seed.clinicians[0]?.id)) {
      expect(text).not.toContain(patient.address);
      if (patient.phone) expect(text).not.toContain(patient.phone);
    }
    expect(text).not.toMatch(/"(address|phone|notes|lat|lon)"/);
  });

  it("saves a day not driven as planned, counts its miles and keeps the plan's for reference; clears it", async () => {
    const saved = await mileage({
      month: '2026-10',
      edit: { day: DAYS.wednesday, drivenMiles: 41.26, reason: 'Road closed on Halsted: detour' },
    });
    expect(saved.status).toBe(200);
    const day = (saved.body as unknown as MileageMonth).days.find((d) => d.day === DAYS.wednesday);
    expect(day?.edit).toEqual({ miles: 41.3, reason: 'Road closed on Halsted: detour' });
    expect(day?.miles).toBe(41.3);
    expect(day?.plannedMiles).not.toBe(41.3);
    expect((saved.body as unknown as MileageMonth).totalMiles).toBe(41.3);
    const again = (await mileage({ month: '2026-10' })).body as unknown as MileageMonth;
    expect(again.days[0]?.edit?.miles).toBe(41.3);

    // Another clinician neither reads nor changes it: not through PostgREST (RLS), not through the function.
    const read = await jordanClient.from('mileage_day_edits').select('*');
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
    const write = await jordanClient
      .from('mileage_day_edits')
      .insert({ user_id: mayaId, day: DAYS.thursday, driven_miles: 1, reason: 'not mine' });
    expect(write.error).not.toBeNull();
    const change = await jordanClient
      .from('mileage_day_edits')
      .update({ driven_miles: 999 })
      .eq('user_id', mayaId)
      .select();
    expect(change.data ?? []).toEqual([]);
    const theirs = (await mileage({ month: '2026-10' }, jordan)).body as unknown as MileageMonth;
    expect(theirs.days.every((d) => d.edit === null)).toBe(true);
    const rows = await platform.db.query<{ driven_miles: string }>(
      'select driven_miles::text from public.mileage_day_edits where user_id = $1',
      [mayaId],
    );
    expect(rows.rows).toEqual([{ driven_miles: '41.3' }]);

    const cleared = (await mileage({ month: '2026-10', edit: { day: DAYS.wednesday, drivenMiles: null } }))
      .body as unknown as MileageMonth;
    expect(cleared.days[0]?.edit).toBeNull();
    expect(cleared.days[0]?.miles).toBe(cleared.days[0]?.plannedMiles);
  });

  it("uses the agency's rate when an administrator set one", async () => {
    await platform.db.query('update public.mileage_settings set cents_per_mile = 65.5 where id');
    try {
      const log = (await mileage({ month: '2026-10' })).body as unknown as MileageMonth;
      expect(log.rate).toMatchObject({ centsPerMile: 65.5, kind: 'agency' });
      expect(log.reimbursement).toBe(Math.round(log.totalMiles * 65.5) / 100);
    } finally {
      await platform.db.query('update public.mileage_settings set cents_per_mile = null where id');
    }
  });
});
