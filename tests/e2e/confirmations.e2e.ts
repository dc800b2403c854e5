// The morning after the confirmation calls, on a phone: the evening ran on the local platform (its clock
// moved through the evening, then back to the real time), and Maya opens her dashboard: each of the next
// visit day's visits in the agenda carries its status — confirmed, moved, wants another time, no answer,
// voicemail, wrong number, opted out — as words a screen reader reads too, and the confirmations card says
// what needs her and shows the re-planned order.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate } from '../../core/assistant/zoned-time.ts';
import { eveningCallTime } from '../../core/confirmations/call-list.ts';
import { type BatchStatus, STATUS_LABELS } from '../../core/confirmations/contract.ts';
import { CALENDAR_EVENTS_SCOPE } from '../../core/google/access.ts';
import { CALENDAR_READONLY_SCOPE } from '../../fixtures/local-keys.ts';
import { LOCAL_ADMIN_SECRET } from '../../fixtures/local-secrets.ts';
import { generateSeed } from '../../fixtures/seed.ts';
import { launchBrowser, newJourney, SCREENSHOT_DIR, screenshot, seriousAxeViolations } from '../support/browser.ts';
import { seedTodayOfSnapshot } from '../support/db-snapshot.ts';
import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { chooseAccount, MAYA, WEB_ROOT, waitForScheduleLoaded } from './e2e-kit.ts';

const ZONE = 'America/Chicago';
const seed = generateSeed({ today: seedTodayOfSnapshot() });
const maya = seed.clinicians.find((c) => c.email === MAYA);
/** The first coming day with Maya's visits: the agenda (today + 6 days) shows it. */
const DAY = (() => {
  for (let i = 1; i < 7; i++) {
    const day = addDays(seed.today, i);
    const visits = seed.events.filter(
      (e) => e.clinicianId === maya?.id && e.kind === 'visit' && zonedDate(new Date(e.startsAt), ZONE) === day,
    );
    if (visits.length) return day;
  }
  throw new Error('Maya has no visits in the coming week');
})();

/** null: the real time (the browser's); a number: the evening the test walks through. */
const clock: { t: number | null } = { t: null };
let platform: TestPlatform;
let browser: Browser;
let evening: BatchStatus;

async function tickAt(hhmm: string): Promise<void> {
  clock.t = eveningCallTime(DAY, hhmm, ZONE).getTime();
  await platform.tick();
}

beforeAll(async () => {
  [platform, browser] = await Promise.all([
    startLocalPlatform({ webRoot: WEB_ROOT, now: () => (clock.t === null ? new Date() : new Date(clock.t)) }),
    launchBrowser(),
  ]);
  const grant = await fetch(`${platform.url}/__local/google-grants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: MAYA, scopes: [CALENDAR_READONLY_SCOPE, CALENDAR_EVENTS_SCOPE] }),
  });
  expect(grant.status).toBe(200);
  // The evening before DAY: calls at 5 pm, reports, the no-answers again at 6, the batch ends at 9.
  for (const at of ['17:00', '17:02', '18:05', '18:07', '21:00']) await tickAt(at);
  const answer = await fetch(
    `${platform.url}/functions/v1/confirmations/status?clinician=${encodeURIComponent(MAYA)}&date=${DAY}`,
    { headers: { authorization: `Bearer ${LOCAL_ADMIN_SECRET}` } },
  );
  evening = (await answer.json()) as BatchStatus;
  clock.t = null; // the next morning: the real clock again
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

describe('the morning after the confirmation calls (phone)', () => {
  it('shows each visit’s status in the agenda, and what needs the clinician in the card', async () => {
    expect(evening.state).toBe('done');
    expect(evening.visits.length).toBeGreaterThan(0);
    const { context, page, consoleErrors, blockedRequests } = await newJourney(browser, platform.url, 'phone');
    try {
      await page.goto(`${platform.url}/dashboard`);
      await chooseAccount(page, MAYA);
      await waitForScheduleLoaded(page);
      const agenda = page.locator('.schedule-calendar');
      await agenda.locator('.agenda-event').first().waitFor();
      for (const visit of evening.visits) {
        // Each status is a mark whose accessible name starts with its label (a move names the old time).
        const expected = visit.status === 'moved' ? 'Moved from' : STATUS_LABELS[visit.status];
        // The line of that day's visit: the patient's name at the visit's (new) start, e.g. "9:30".
        const start = new Date(visit.status === 'moved' ? (visit.newStart as string) : visit.originalStart);
        const hm = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' })
          .format(start)
          .replace(/\s?[AP]M$/, '');
        const line = agenda
          .locator('.agenda-event')
          .filter({ hasText: visit.patientName })
          .filter({ has: page.locator('.agenda-event__time', { hasText: new RegExp(`^${hm}\\s`) }) })
          .first();
        await line.waitFor();
        const marks = await line
          .locator('[role="img"]')
          .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
        expect(
          marks.some((name) => name.startsWith(expected)),
          `${visit.patientName}: ${expected} among ${JSON.stringify(marks)}`,
        ).toBe(true);
      }
      const card = page.getByRole('region', { name: /Confirmations for/ });
      await card.waitFor();
      const needs = evening.visits.filter((v) =>
        ['move-requested', 'cancel-requested', 'wrong-number'].includes(v.status),
      );
      for (const visit of needs) await expect.poll(() => card.textContent()).toContain(visit.patientName);
      await screenshot(page, 'confirmations-morning', 'phone');
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'confirmations-first-screen-phone.png') });
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(consoleErrors).toEqual([]);
      expect(blockedRequests).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
