// The clinician's day as a clinician lives it, at 1440×900 and 390×844, on the suite's clock (the seed's
// Wednesday, 9:30 am): the phone opens on the agenda (today and the coming days, one readable line per
// visit), week and day at working hours with today's column marked, the current-time line and the patient,
// the visit sheet by touch/click and by keyboard (focus returns), the view tabs by arrow keys, one time
// format, and sign-out from /dashboard that lands on `/` and stays signed out (the sign-in is never started
// again).
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newJourney,
  SCREENSHOT_DIR,
  screenshot,
  seriousAxeViolations,
  VIEWPORT_NAMES,
} from '../support/browser.ts';
import type { TestPlatform } from '../support/local-platform.ts';
import { testNow } from '../support/test-clock.ts';
import { chooseAccount, expectNowInTimeGrid, MAYA, startPlatform, waitForScheduleLoaded } from './e2e-kit.ts';

let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

/** "8:30 AM – 9:00 AM" (Chromium may put a narrow no-break space before AM/PM). */
const RANGE = /^\d{1,2}:\d{2}\s[AP]M – \d{1,2}:\d{2}\s[AP]M$/;

async function signInToDashboard(page: Page): Promise<void> {
  await page.goto(`${platform.url}/dashboard`);
  await chooseAccount(page, MAYA);
  await page.getByRole('heading', { level: 2, name: 'Your Schedule' }).waitFor();
  await waitForScheduleLoaded(page);
}

/** Waits for a visit in the calendar's week or day view (the suite's Wednesday has visits all morning). */
async function showAVisit(calendar: Locator): Promise<void> {
  await calendar.locator('.schedule-event__who').first().waitFor();
}

/** Records every state the auth machine shows (its data-state), from now on, in the page. */
async function recordAuthStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __authStates: string[] }).__authStates = seen;
    const root = document.querySelector('[data-machine="auth"]');
    const note = () => {
      const state = root?.getAttribute('data-state') ?? '';
      if (seen.at(-1) !== state) seen.push(state);
    };
    note();
    if (root) new MutationObserver(note).observe(root, { attributes: true, attributeFilter: ['data-state'] });
  });
}

const authStates = (page: Page) => page.evaluate(() => (window as unknown as { __authStates: string[] }).__authStates);

describe.each(VIEWPORT_NAMES)('the clinician day (%s)', (viewport) => {
  it('opens on today (agenda on a phone), shows visits readably, and opens a visit sheet by touch and by keyboard', async () => {
    const { context, page, blockedRequests, consoleErrors } = await newJourney(browser, platform.url, viewport);
    try {
      await signInToDashboard(page);
      const calendar = page.locator('.schedule-calendar');
      const agendaTab = page.getByRole('tab', { name: 'Agenda view' });
      // What the README shows: the dashboard as it opens, the first screen only (phone: the agenda).
      await calendar.locator('.agenda-event, .schedule-event').first().waitFor();
      await page.screenshot({ path: join(SCREENSHOT_DIR, `readme-dashboard-${viewport}.png`) });
      if (viewport === 'phone') {
        // Today first: the agenda is the selected tab, listing today and the coming days.
        expect(await agendaTab.getAttribute('aria-selected')).toBe('true');
      } else {
        expect(await page.getByRole('tab', { name: 'Month view' }).getAttribute('aria-selected')).toBe('true');
        await agendaTab.click();
        await expect.poll(() => agendaTab.getAttribute('aria-selected')).toBe('true');
      }
      const lines = calendar.locator('.agenda-event');
      await lines.first().waitFor();
      const first = lines.first();
      // One line per visit: time range, patient, visit type, address and window, nothing cut off.
      expect((await first.locator('.agenda-event__time').textContent())?.trim()).toMatch(RANGE);
      expect(await first.locator('.agenda-event__who').textContent()).toBeTruthy();
      expect(await first.locator('.agenda-event__address').textContent()).toMatch(/Chicago, IL/);
      expect(await first.locator('.agenda-event__window').textContent()).toMatch(/^Window \d{1,2}:\d{2}\s[AP]M – /);
      const truncated = await lines.evaluateAll((els) =>
        els.some((el) => [...el.querySelectorAll('span')].some((s) => s.scrollWidth > s.clientWidth + 1)),
      );
      expect(truncated).toBe(false);
      // No horizontal scroll on the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, 'agenda', viewport);

      // A tap / click opens the visit sheet: time, patient, type, address + directions, tel:, window.
      const patient = (await first.locator('.agenda-event__who').textContent()) ?? '';
      // On the phone a real touch (the context has a touch screen), on the desktop a click.
      if (viewport === 'phone') await first.tap();
      else await first.click();
      const sheet = page.getByRole('dialog', { name: patient });
      await sheet.waitFor();
      expect(await sheet.getByRole('link', { name: /^Directions to / }).getAttribute('href')).toMatch(
        /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
      );
      expect(await sheet.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:\d{10}$/);
      const sheetText = (await sheet.textContent()) ?? '';
      for (const label of ['Time', 'Patient', 'Visit type', 'Address', "Patient's time window", 'Booked by']) {
        expect(sheetText).toContain(label);
      }
      expect(await sheet.locator('b, script, img').count()).toBe(0);
      await screenshot(page, 'visit-sheet', viewport);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await sheet.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => sheet.isVisible()).toBe(false);

      // By keyboard: Enter on a visit opens it, Escape closes it and focus returns to that visit.
      const eventButton = calendar
        .locator('[role=button]')
        .filter({ has: page.locator('.agenda-event') })
        .nth(1);
      await eventButton.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expect
        .poll(() => eventButton.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
        .toBe(true);

      // The view tabs follow the WAI-ARIA tabs pattern: one tab stop, arrow keys select.
      await agendaTab.focus();
      await page.keyboard.press('ArrowRight');
      const month = page.getByRole('tab', { name: 'Month view' });
      await expect.poll(() => month.getAttribute('aria-selected')).toBe('true');
      expect(await month.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await agendaTab.getAttribute('tabindex')).toBe('-1');
      await page.keyboard.press('ArrowRight');
      const week = page.getByRole('tab', { name: 'Week view' });
      await expect.poll(() => week.getAttribute('aria-selected')).toBe('true');

      // Week: working hours (no midnight row), today's column marked and — now being within the hours shown, at
      // the suite's 9:30 — the current-time line; the patient on each visit.
      await expectNowInTimeGrid(page, testNow());
      await showAVisit(calendar);
      expect(await calendar.getByText(/^12(:00)?\s?am$/i).count()).toBe(0);
      // The hour labels in the same format: "7:00 AM" first (working hours), never "12am" or "7am".
      expect(await calendar.getByText(/^7:00\sAM$/).count()).toBeGreaterThan(0);
      expect(await calendar.getByText(/^\d{1,2}(am|pm)$/).count()).toBe(0);
      expect(await calendar.locator('.schedule-event--block .schedule-event__time').first().textContent()).toMatch(
        RANGE,
      );
      await screenshot(page, 'week-working-hours', viewport);
      // Back on the tab list, End selects the last tab.
      await week.focus();
      await page.keyboard.press('End');
      await expect.poll(() => page.getByRole('tab', { name: 'Day view' }).getAttribute('aria-selected')).toBe('true');
      await showAVisit(calendar);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The assistant: no empty conversation bar before the first message; the skip link reaches it;
      // an example phrase keeps focus while the assistant answers (it never drops to <body>).
      const log = page.getByRole('log', { name: 'Conversation with the assistant' });
      expect(await log.isVisible()).toBe(false);
      await page.reload();
      await waitForScheduleLoaded(page);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the assistant');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => document.getElementById('assistant')?.contains(document.activeElement) ?? false),
      ).toBe(true);
      const phrase = page.getByRole('button', { name: /What are my appointments tomorrow/ });
      await phrase.click();
      await expect.poll(() => log.locator('[data-role="assistant"]').count(), { timeout: 20_000 }).toBe(1);
      expect(await phrase.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await log.isVisible()).toBe(true);
      // Every time the assistant says is in the same format as the calendar ("9:15 AM", never "09:15").
      expect(await log.textContent()).not.toMatch(/\b\d{1,2}:\d{2}\b(?!\s?[AP]M)/);
      await screenshot(page, 'assistant-answer', viewport);

      expect(blockedRequests).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('signs out from /dashboard to `/` and stays signed out (the sign-in never starts again)', async () => {
    const { context, page, blockedRequests } = await newJourney(browser, platform.url, viewport);
    try {
      await signInToDashboard(page);
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      const chooserVisits: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && frame.url().includes('/__google/')) chooserVisits.push(frame.url());
      });
      const signInStarts: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/auth/v1/authorize')) signInStarts.push(request.url());
      });
      // A sign-in started by mistake goes through the auth machine's signingIn and redirecting states before
      // the provider page opens: every state it shows from here on is recorded.
      await recordAuthStates(page);
      await page.getByRole('button', { name: 'Account menu for Maya Patel' }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      const landing = page.getByRole('heading', { level: 1, name: 'Your home visits, planned in minutes' });
      await landing.waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      // Settled: the machine rests signed out, and never went on to sign in (signingIn, redirecting).
      const authState = () => page.locator('[data-machine="auth"]').getAttribute('data-state');
      await expect.poll(authState).toBe('signedOut');
      const states = await authStates(page);
      expect(states.at(-1)).toBe('signedOut');
      expect(states.filter((state) => /^(signingIn|redirecting)/.test(state))).toEqual([]);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.getByRole('button', { name: 'Start with Google' }).count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => localStorage.getItem('sb-127-auth-token'))).toBeNull();
      // A reload finds no session and stays on the landing page, signed out; the page that signed out never
      // started a sign-in, not even after settling.
      await page.reload();
      await landing.waitFor();
      await expect.poll(authState).toBe('signedOut');
      expect(new URL(page.url()).pathname).toBe('/');
      expect(signInStarts).toEqual([]);
      expect(chooserVisits).toEqual([]);
      expect(blockedRequests).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
