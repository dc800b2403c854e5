// The local platform on the clock it is given (startLocalPlatform's `now`, as `npm start` builds it from
// HOMEROUNDS_NOW and HOMEROUNDS_CLOCK=frozen): its hooks report that instant and keep reporting it, the sessions
// and Google tokens it issues are dated from it, and the calendar read from it is the 30 days after it — neither
// the suite's clock nor the machine's date moves any of it.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUpcomingEvents } from '../../core/calendar/index.ts';
import { CALENDAR_READONLY_SCOPE } from '../../core/google/access.ts';
import { fixedNow } from '../../core/time/clock.ts';
import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { DAYS, suiteSeed } from '../support/seed-calendar.ts';
import { chicago, setTestNow } from '../support/test-clock.ts';

const MAYA = 'maya.patel@homerounds.test';
/**
 * Friday 30 October, 5:05 pm in Chicago: the day's visits are over, and ahead lie the weekend (no visits), the last
 * day of the month and the fall DST change (Sunday 1 November).
 */
const AT = chicago(DAYS.friday, '17:05');
const DAY_MS = 86_400_000;
let platform: TestPlatform;

beforeAll(async () => {
  platform = await startLocalPlatform({ now: fixedNow(AT) });
});
afterAll(async () => {
  await platform?.close();
});

async function state(): Promise<{ now: string; clinicians: string[] }> {
  const response = await fetch(`${platform.url}/__local/state`);
  expect(response.status).toBe(200);
  return (await response.json()) as { now: string; clinicians: string[] };
}

async function hook(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${platform.url}/__local/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('the local platform on a frozen clock', () => {
  it('GET /__local/state answers the instant, and still does once the suite’s clock has moved on', async () => {
    expect((await state()).now).toBe('2026-10-30T22:05:00.000Z');
    // A day later on the suite's clock (the worker's Date): the platform's own clock stays where it was put.
    setTestNow(new Date(AT.getTime() + DAY_MS));
    expect((await state()).now).toBe(AT.toISOString());
  });

  it('dates the sessions it issues from the instant', async () => {
    const session = await hook('sessions', { email: MAYA });
    const claims = decodeJwt(session.access_token as string);
    expect(claims.iat).toBe(AT.getTime() / 1000);
    expect(claims.exp).toBe(AT.getTime() / 1000 + 3600);
  });

  it('serves the calendar’s 30-day window from the instant: nothing on the weekend, then Monday after the DST change', async () => {
    const minted = await hook('provider-tokens', { email: MAYA, scopes: [CALENDAR_READONLY_SCOPE] });
    // What the dashboard does: its "now" is the platform's.
    const now = new Date((await state()).now);
    const events = await listUpcomingEvents({
      fetch,
      baseUrl: platform.url,
      providerToken: minted.access_token as string,
      now,
    });
    const maya = suiteSeed().clinicians.find((c) => c.email === MAYA);
    const expected = suiteSeed()
      .events.filter((e) => e.clinicianId === maya?.id)
      .filter((e) => Date.parse(e.endsAt) > AT.getTime() && Date.parse(e.startsAt) < AT.getTime() + 30 * DAY_MS)
      .sort(
        (a, b) => a.startsAt.localeCompare(b.startsAt) || a.endsAt.localeCompare(b.endsAt) || (a.id < b.id ? -1 : 1),
      )
      .map((e) => e.id);
    expect(events.map((e) => e.id)).toEqual(expected);
    expect(events.length).toBeGreaterThan(60);
    // Friday's last visit ended at 2:50 pm and the weekend is free: the first is Monday's 8:30 am, in CST.
    expect(events[0]?.start).toBe(`${DAYS.monday}T08:30:00-06:00`);
    expect(events.some((e) => e.start.startsWith(DAYS.friday))).toBe(false);
  });
});
