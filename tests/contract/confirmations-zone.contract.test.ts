// Which day is "tomorrow" for a clinician depends on their time zone: their calendar's (never a setting they type).
// The runner reads the calendar's zone from Google at most once a day and keeps it with the grant (the cron asks
// on every tick, for every clinician); when Google cannot be reached it keeps the last zone read rather than
// falling back to the agency's default. Runs the real runner and store on the seeded database, with a calendar
// port that counts its time-zone reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarPort } from '../../core/calendar/google-calendar.ts';
import type { PgliteDb } from '../../emulators/db/pglite.ts';
import { CALENDAR_ZONE_MAX_AGE_MS, createBatchRunner } from '../../server/confirmations/runner.ts';
import { createConfirmationStore } from '../../server/confirmations/store.ts';
import { loadSnapshotDb } from '../support/db-snapshot.ts';

const MAYA = 'maya.patel@homerounds.test';
const LUIS = 'luis.garcia@homerounds.test';
const HOUR = 3600_000;

let db: PgliteDb;
const clock = { t: Date.parse('2026-11-23T15:00:00Z') };
/** What the calendar answers for its zone (an error: Google cannot be reached), and how often it was asked. */
const calendar = { zone: 'America/New_York' as string | Error, reads: 0 };

function fakeCalendar(): CalendarPort {
  const unused = () => Promise.reject(new Error('not used by plan'));
  return {
    list: async () => [],
    timeZone: async () => {
      calendar.reads++;
      if (calendar.zone instanceof Error) throw calendar.zone;
      return calendar.zone;
    },
    get: unused,
    insert: unused,
    move: unused,
    remove: unused,
  };
}

function runner(overrides: Partial<Parameters<typeof createBatchRunner>[0]> = {}) {
  return createBatchRunner({
    store: createConfirmationStore((sql, params) => db.query(sql, params)),
    calendarFor: fakeCalendar,
    voice: {
      createCampaign: () => Promise.reject(new Error('no calls here')),
      createCall: () => Promise.reject(new Error('no calls here')),
      getCall: () => Promise.reject(new Error('no calls here')),
    },
    assistantId: async () => 'a',
    phoneNumberId: async () => 'p',
    callTokenSecret: 'x'.repeat(32),
    defaultCallbackNumber: '+13125550100',
    defaultTimeZone: 'America/Chicago',
    now: () => new Date(clock.t),
    ...overrides,
  });
}

/** The zone the runner plans Maya's evening in. */
async function zone(who = MAYA): Promise<string> {
  return (await runner().plan(who, '2026-11-24')).timeZone;
}

async function grant(email: string): Promise<void> {
  await db.query(
    `insert into public.google_grants (user_id, refresh_token_ciphertext, scopes)
     select id, 'v1.test', '{}' from auth.users where email = $1 on conflict (user_id) do nothing`,
    [email],
  );
}

beforeAll(async () => {
  db = await loadSnapshotDb();
  await grant(MAYA);
});

afterAll(async () => {
  await db?.close();
});

describe("a clinician's time zone for the evening calls", () => {
  it('reads the calendar’s zone once, then uses the kept one until a day has passed', async () => {
    calendar.reads = 0;
    expect(await zone()).toBe('America/New_York');
    expect(calendar.reads).toBe(1);
    clock.t += 5 * 60_000; // the next cron tick
    expect(await zone()).toBe('America/New_York');
    clock.t += 20 * HOUR;
    expect(await zone()).toBe('America/New_York');
    expect(calendar.reads).toBe(1);
    // A day after the read, the calendar is asked again and a changed zone is taken.
    calendar.zone = 'America/Denver';
    clock.t += CALENDAR_ZONE_MAX_AGE_MS;
    expect(await zone()).toBe('America/Denver');
    expect(calendar.reads).toBe(2);
  });

  it('keeps the last zone read when Google cannot be reached, not the agency default', async () => {
    calendar.zone = new Error('503 from Google');
    clock.t += CALENDAR_ZONE_MAX_AGE_MS + HOUR;
    const reads = calendar.reads;
    expect(await zone()).toBe('America/Denver');
    expect(calendar.reads).toBe(reads + 1);
  });

  it('uses the agency default only for a clinician whose calendar zone was never read', async () => {
    calendar.zone = new Error('503 from Google');
    await grant(LUIS);
    expect(await zone(LUIS)).toBe('America/Chicago');
    // Once Google answers, it is kept for Luis too.
    calendar.zone = 'America/Los_Angeles';
    expect(await zone(LUIS)).toBe('America/Los_Angeles');
    const reads = calendar.reads;
    calendar.zone = new Error('503 from Google');
    expect(await zone(LUIS)).toBe('America/Los_Angeles');
    expect(calendar.reads).toBe(reads);
  });

  it('has no zone setting of the clinician’s any more: the calendar’s zone stands (issue 23)', async () => {
    // Set to Pacific/Kiritimati, it once had Chicago patients called after 9 pm: the column is gone.
    await expect(
      db.query(
        `insert into public.confirmation_settings (user_id, time_zone) select id, 'Pacific/Kiritimati' from auth.users
         where email = $1`,
        [MAYA],
      ),
    ).rejects.toThrow(/time_zone/);
    calendar.zone = 'America/Phoenix';
    clock.t += 10 * CALENDAR_ZONE_MAX_AGE_MS;
    expect(await zone()).toBe('America/Phoenix');
  });

  it("keeps the zone with the clinician's grant (server-only, as the grant)", async () => {
    const { rows } = await db.query<{ calendar_time_zone: string }>(
      `select g.calendar_time_zone from public.google_grants g join auth.users u on u.id = g.user_id
       where u.email = $1`,
      [LUIS],
    );
    expect(rows.map((r) => r.calendar_time_zone)).toEqual(['America/Los_Angeles']);
  });
});

describe('an evening whose calendar never answers', () => {
  it('gives up after the settle time with a plain error and places no call', async () => {
    const placed: string[] = [];
    const stuck = runner({
      // The visits are asked for and never come: the machine stays busy.
      calendarFor: () => ({ ...fakeCalendar(), list: () => new Promise(() => {}) }),
      voice: {
        createCampaign: async () => {
          placed.push('campaign');
          return { id: 'c' };
        },
        createCall: async () => {
          placed.push('call');
          return { id: 'k' };
        },
        getCall: async () => null,
      },
      settleTimeoutMs: 200,
    });
    calendar.zone = 'America/Chicago';
    clock.t = Date.parse('2026-11-23T18:00:00Z'); // noon in Chicago: within calling hours in every US zone
    await expect(stuck.run(MAYA, '2026-11-24')).rejects.toThrow('the batch did not settle in time');
    expect(placed).toEqual([]);
  });
});
