// Shared steps of the browser journeys: the local platform (in-process, random port, shared DB
// snapshot, the built app from dist/web), sign-in through the local account chooser, fault hooks.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { addDays, zonedDate } from '../../core/assistant/zoned-time.ts';
import { generateSeed } from '../../fixtures/seed.ts';
import { seedTodayOfSnapshot } from '../support/db-snapshot.ts';
import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';

/** The built app (`npm run build:web`); HOMEROUNDS_E2E_WEB_ROOT points a run at another build. */
export const WEB_ROOT = process.env.HOMEROUNDS_E2E_WEB_ROOT || join(import.meta.dirname, '..', '..', 'dist', 'web');

export const MAYA = 'maya.patel@homerounds.test';
/** Seeded without a profile row: the profile query answers 406 PGRST116. */
export const SAM_NO_PROFILE = 'sam.novak@homerounds.test';

export async function startPlatform(options: { now?: () => Date } = {}): Promise<TestPlatform> {
  if (!existsSync(join(WEB_ROOT, 'index.html'))) {
    throw new Error(`${WEB_ROOT} is missing: run \`npm run build:web\` first (\`npm test\` does it).`);
  }
  return startLocalPlatform({ webRoot: WEB_ROOT, now: options.now });
}

/**
 * A clock that starts at `start` and runs at the real pace: the local platform reads it (`now`) and a
 * journey's browser gets the same time (`install`), so tokens, "tomorrow" and the calendar's range agree
 * whatever day the test runs.
 */
export function testClock(start: Date): { now(): Date; install(context: BrowserContext): Promise<void> } {
  const offset = start.getTime() - Date.now();
  const now = () => new Date(Date.now() + offset);
  return { now, install: (context) => context.clock.install({ time: now() }) };
}

/** The first day after the snapshot's seed day on which the clinician has at least `min` visits (Chicago). */
export function firstDayWithVisits(email: string, min = 1): string {
  const seed = generateSeed({ today: seedTodayOfSnapshot() });
  const clinician = seed.clinicians.find((c) => c.email === email);
  for (let ahead = 1; ahead <= 6; ahead++) {
    const day = addDays(seed.today, ahead);
    const visits = seed.events.filter(
      (e) =>
        e.clinicianId === clinician?.id && e.kind === 'visit' && zonedDate(new Date(e.startsAt), seed.timeZone) === day,
    );
    if (visits.length >= min) return day;
  }
  throw new Error(`${email} has no day with ${min} visits in the seed's coming week`);
}

/** The first seeded event of a clinician still ahead of `now` (what the month view shows first). */
export function firstUpcomingTitle(email: string, now: Date = new Date()): string {
  const seed = generateSeed({ today: seedTodayOfSnapshot() });
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
