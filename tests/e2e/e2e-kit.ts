// Shared steps of the browser journeys: the local platform (in-process, random port, shared DB
// snapshot, the built app from dist/web), the browser on the test's clock and moving it, sign-in through
// the local account chooser, what the time grid shows of "now", fault hooks and reseeding.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { zonedMinute } from '../../core/time/zoned-time.ts';
import { chicagoDate, SEED_TIME_ZONE } from '../../fixtures/time.ts';

import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { suiteSeed } from '../support/seed-calendar.ts';
import { setTestNow, testNow } from '../support/test-clock.ts';

/** The built app (`npm run build:web`); HOMEROUNDS_E2E_WEB_ROOT points a run at another build. */
export const WEB_ROOT = process.env.HOMEROUNDS_E2E_WEB_ROOT || join(import.meta.dirname, '..', '..', 'dist', 'web');

export const MAYA = 'maya.patel@homerounds.test';
/** Seeded without a profile row: the profile query answers 406 PGRST116. */
export const SAM_NO_PROFILE = 'sam.novak@homerounds.test';

export async function startPlatform(): Promise<TestPlatform> {
  if (!existsSync(join(WEB_ROOT, 'index.html'))) {
    throw new Error(`${WEB_ROOT} is missing: run \`npm run build:web\` first (\`npm test\` does it).`);
  }
  // The platform reads this worker's clock (tests/support/test-clock.ts): setTestNow moves it.
  return startLocalPlatform({ webRoot: WEB_ROOT });
}

/**
 * Lets `ms` pass at once on the platform's clock (the worker's) and the page's: every page timer due meanwhile
 * fires, in order (Playwright's clock.runFor), instead of the test waiting for them.
 */
export async function advanceClocks(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
  setTestNow(new Date(testNow().getTime() + ms));
}

/** The first seeded event of a clinician still ahead of `now` (what the month view shows first). */
export function firstUpcomingTitle(email: string, now: Date): string {
  const seed = suiteSeed();
  const clinician = seed.clinicians.find((c) => c.email === email);
  if (!clinician) throw new Error(`no seeded clinician ${email}`);
  const upcoming = seed.events
    .filter((e) => e.clinicianId === clinician.id && new Date(e.endsAt) > now && e.kind !== 'all-day')
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const first = upcoming[0];
  if (!first) throw new Error(`${email} has no upcoming events`);
  return first.summary ?? 'No Title';
}

/** On the local account chooser: picks the clinician (or cancels). */
export async function chooseAccount(page: Page, email: string): Promise<void> {
  await page.waitForURL(/\/__google\//);
  await page.getByRole('button', { name: new RegExp(email.replaceAll('.', '\\.')) }).click();
}

/** From the landing page: Start with Google → chooser → back on the app, signed in. */
export async function signInFromLanding(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByRole('button', { name: 'Start with Google' }).click();
  await chooseAccount(page, email);
  await page.getByRole('heading', { level: 2, name: 'Your Schedule' }).waitFor();
}

export function scheduleState(page: Page) {
  return page.locator('[data-machine="schedule"]');
}

export async function waitForScheduleLoaded(page: Page): Promise<void> {
  await expect.poll(() => scheduleState(page).getAttribute('data-state'), { timeout: 15_000 }).toBe('loaded');
  await page.getByRole('tab', { name: 'Month view' }).waitFor();
}

/** Minutes since midnight of a time-grid slot ("07:30:00"). */
function slotMinute(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

/**
 * What the week or day view shows of `now`, at any hour: today's column is the one FullCalendar marks as today
 * (aria-current="date", the highlighted column), and the current-time line is drawn when now falls within the
 * hours shown (working hours, widened to the visits) — not in the evening or at night, when it lies outside.
 */
export async function expectNowInTimeGrid(page: Page, now: Date): Promise<void> {
  const calendar = page.locator('.schedule-calendar');
  const today = calendar.locator('[role=columnheader][aria-current=date]');
  await expect.poll(() => today.getAttribute('data-date')).toBe(chicagoDate(now));
  expect(await today.count()).toBe(1);
  const slots = await calendar
    .locator('[data-time]')
    .evaluateAll((rows) => [...new Set(rows.map((row) => row.getAttribute('data-time') ?? ''))]);
  const [first, second] = slots;
  const last = slots.at(-1);
  if (first === undefined || second === undefined || last === undefined) throw new Error('no time grid shown');
  const from = slotMinute(first);
  const to = slotMinute(last) + (slotMinute(second) - from);
  const minute = zonedMinute(now, SEED_TIME_ZONE);
  const line = calendar.locator('.schedule-now');
  if (minute >= from && minute < to) {
    await expect.poll(() => line.count(), { message: `the current-time line at ${minute} min` }).toBeGreaterThan(0);
  } else {
    expect(await line.count(), `no current-time line at ${minute} min, outside ${from}–${to} min`).toBe(0);
  }
}

async function postHook(origin: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${origin}/__local/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`/__local/${path} answered ${response.status}: ${await response.text()}`);
}

export function setCalendarFault(origin: string, calendar: '500' | 'down' | null): Promise<void> {
  return postHook(origin, 'faults', { calendar });
}

export function expireProviderTokens(origin: string, email?: string): Promise<void> {
  return postHook(origin, 'expire-provider-tokens', email ? { email } : {});
}

/** The clinician removes HomeRounds in their Google account: the stored grant stops working. */
export function revokeGoogleGrant(origin: string, email: string): Promise<void> {
  return postHook(origin, 'revoke-google-grant', { email });
}

/** Google access tokens issued from now on live `seconds` (null: Google's 3599 s). */
export function setProviderTokenTtl(origin: string, seconds: number | null): Promise<void> {
  return postHook(origin, 'provider-token-ttl', { seconds });
}

/** Wipes the platform's data and seeds it again for `today` (Chicago), as `homerounds local reset` does. */
export function reseed(origin: string, today: string): Promise<void> {
  return postHook(origin, 'reset', { today });
}
