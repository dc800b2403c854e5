// The Route view journey: sign in as Maya → Plan route for the next weekday with visits → the visits
// in optimised order, the saving line and the schematic map, planned in the browser from the events
// already loaded → axe-core → Back to calendar. Nothing leaves the platform's origin (no map tiles).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSeed } from '../../fixtures/seed.ts';
import { launchBrowser, newJourney, screenshot, seriousAxeViolations, VIEWPORT_NAMES } from '../support/browser.ts';
import { seedTodayOfSnapshot } from '../support/db-snapshot.ts';
import type { TestPlatform } from '../support/local-platform.ts';
import { MAYA, signInFromLanding, startPlatform, waitForScheduleLoaded } from './e2e-kit.ts';

let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

/** Maya's seeded visits (events with coordinates) on a Chicago calendar day. */
function seededVisitTitles(day: string): string[] {
  const seed = generateSeed({ today: seedTodayOfSnapshot() });
  const maya = seed.clinicians.find((c) => c.email === MAYA);
  return seed.events
    .filter(
      (e) =>
        e.clinicianId === maya?.id &&
        e.extendedProperties?.private.lat !== undefined &&
        'dateTime' in e.start &&
        e.start.dateTime.startsWith(day),
    )
    .map((e) => e.summary ?? 'No Title');
}

const SAVING =
  /^(Saves \d+ min of driving \(-?\d+ %\) against your calendar order\.|Your calendar order is already the shortest\.|Saves less than a minute of driving against your calendar order\.|Drives \d+ min more than your calendar order.*|No order meets every patient window.*)$/;

describe.each(VIEWPORT_NAMES)('route view (%s)', (viewport) => {
  it('plans the next weekday with visits, draws the map, passes axe and goes back to the calendar', async () => {
    const { context, page, blockedRequests, consoleErrors } = await newJourney(browser, platform.url, viewport);
    try {
      await signInFromLanding(page, platform.url, MAYA);
      await waitForScheduleLoaded(page);

      // The picker starts on the next day with visits, a weekday in the seed.
      const dayInput = page.getByLabel('Route for');
      const day = await dayInput.inputValue();
      expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      expect(weekday).toBeGreaterThanOrEqual(1);
      expect(weekday).toBeLessThanOrEqual(5);
      const titles = seededVisitTitles(day);
      expect(titles.length).toBeGreaterThanOrEqual(2);

      await page.getByRole('button', { name: 'Plan route' }).click();
      const heading = page.getByRole('heading', { level: 3, name: /^Route for / });
      await heading.waitFor();
      await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByRole('tab', { name: 'Month view' }).isVisible()).toBe(false);

      // Every seeded visit of the day, once, in some order; legs from the second stop on.
      const stops = page.getByRole('list', { name: 'Optimised order' }).getByRole('listitem');
      expect(await stops.count()).toBe(titles.length);
      const shown = await stops.locator('.route-stop__title').allTextContents();
      expect([...shown].sort()).toEqual([...titles].sort());
      expect(await stops.first().textContent()).toContain('First visit');
      expect(await stops.nth(1).textContent()).toMatch(/Drive \d+ min from the previous visit/);
      expect(await page.getByRole('list', { name: 'Calendar order' }).getByRole('listitem').count()).toBe(
        titles.length,
      );

      // An honest plan: no seeded visit is marked flexible, so every visit starts at its booked time
      // ("Start 8:30 AM · … · Booked 8:30 AM"), in the app's one time format, and the waits are shown.
      for (const text of await stops.allTextContents()) {
        const start = /Start (\d{1,2}:\d{2}\s[AP]M)/.exec(text)?.[1];
        const booked = /Booked (\d{1,2}:\d{2}\s[AP]M)/.exec(text)?.[1];
        expect(start).toBeTruthy();
        expect(start).toBe(booked);
        expect(text).not.toMatch(/\b\d{1,2}:\d{2}\b(?!\s[AP]M)/);
      }
      expect(await page.locator('.route-summary__totals').textContent()).toMatch(/Last visit ends\d{1,2}:\d{2}\s[AP]M/);

      const saving = (await page.locator('.route-summary__saving').textContent()) ?? '';
      expect(saving).toMatch(SAVING);
      // The dashboard does not know the clinician's home yet: the page says the home drives are not counted.
      await page.getByText('the drive from and back home is not counted', { exact: false }).waitFor();

      const map = page.getByRole('img', { name: /^Schematic map of the route for / });
      await map.waitFor();
      expect(await map.locator('.route-map__stop').count()).toBe(titles.length);
      const box = await map.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(200);

      // No horizontal scrolling at either viewport.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, 'route-view', viewport);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Back to the calendar, focus on Plan route.
      await page.getByRole('button', { name: 'Back to calendar' }).click();
      await page.getByRole('tab', { name: 'Month view' }).waitFor();
      expect(await heading.count()).toBe(0);
      await expect
        .poll(() => page.getByRole('button', { name: 'Plan route' }).evaluate((el) => el === document.activeElement))
        .toBe(true);

      // Escape closes it too.
      await page.getByRole('button', { name: 'Plan route' }).press('Enter');
      await heading.waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Month view' }).waitFor();

      expect(blockedRequests).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
