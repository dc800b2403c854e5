// The morning after the confirmation calls, on a phone: the evening before the seed's Thursday ran on the
// local platform (its clock, the worker's, moved through that Wednesday evening), and on Thursday morning
// Maya opens her dashboard: each of the day's visits in the agenda carries its status — confirmed, moved, wants another time, no answer,
// voicemail, wrong number, opted out — as words a screen reader reads too, and the confirmations card says
// what needs her and shows the re-planned order.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eveningCallTime } from '../../core/confirmations/call-list.ts';
import { type BatchStatus, STATUS_LABELS } from '../../core/confirmations/contract.ts';
import { CALENDAR_EVENTS_SCOPE, CALENDAR_READONLY_SCOPE } from '../../core/google/access.ts';
import { LOCAL_ADMIN_SECRET } from '../../emulators/local-secrets.ts';
import { launchBrowser, newJourney, SCREENSHOT_DIR, screenshot, seriousAxeViolations } from '../support/browser.ts';
import type { TestPlatform } from '../support/local-platform.ts';
import { DAYS, visitsOn } from '../support/seed-calendar.ts';
import { chicago, setTestNow } from '../support/test-clock.ts';
import { chooseAccount, MAYA, startPlatform, waitForScheduleLoaded } from './e2e-kit.ts';

const ZONE = 'America/Chicago';
/** The visit day: the seed's Thursday (five of Maya's visits); its confirmation calls run the evening before. */
const DAY = DAYS.thursday;

let platform: TestPlatform;
let browser: Browser;
let evening: BatchStatus;

/** The platform's clock (the worker's) at a time of the evening before DAY, and its clock work run once. */
async function tickAt(hhmm: string): Promise<void> {
  setTestNow(eveningCallTime(DAY, hhmm, ZONE));
  await platform.tick();
}

beforeAll(async () => {
  expect(visitsOn(MAYA, DAY).length).toBeGreaterThan(0);
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
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
  // The next morning, before the day's first visit: the browser opens on it (newJourney).
  setTestNow(chicago(DAY, '07:30'));
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
