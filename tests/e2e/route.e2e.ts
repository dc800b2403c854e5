// The Route view journey, on the suite's clock (the seed's Wednesday morning): sign in as Maya → Plan route
// for tomorrow, the seed's Thursday (the day the picker offers: the next day with visits) → the visits
// in optimised order, the saving line and the schematic map, planned in the browser from the events
// already loaded, from the home her profile holds: the same drive totals as `homerounds route optimize
// --clinician` → axe-core → Back to calendar. Then forgetting that home and using this device's location as
// the start of the day instead. Nothing leaves the platform's origin (no map tiles, no geocoding).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SERVICE_ROLE_KEY } from '../../emulators/auth/keys.ts';
import { launchBrowser, newJourney, screenshot, seriousAxeViolations, VIEWPORT_NAMES } from '../support/browser.ts';
import type { TestPlatform } from '../support/local-platform.ts';
import { runHomerounds } from '../support/run-cli.ts';
import { DAYS, suiteSeed, visitsOn } from '../support/seed-calendar.ts';
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
  return visitsOn(MAYA, day)
    .filter((e) => e.extendedProperties?.private.lat !== undefined)
    .map((e) => e.summary ?? 'No Title');
}

/** The suite's clock starts on the seed's Wednesday morning: the picker offers Thursday, tomorrow's round. */
const ROUTE_DAY = DAYS.thursday;

const MAYA_SEEDED = suiteSeed().clinicians.find((c) => c.email === MAYA) as {
  id: string;
  home: { address: string; lat: number; lng: number };
};

interface CliReport {
  countsHomeLegs: boolean;
  legsNote: string;
  travelBeforeMinutes: number;
  travelAfterMinutes: number;
  roadDriveTimes: boolean;
  distanceBeforeKm: number;
  distanceAfterKm: number;
  optimized: { order: string[]; finish: number | string };
}

/** `homerounds route optimize --clinician <email> --date <day> --json` against this platform. */
async function cliReport(day: string): Promise<CliReport> {
  const run = await runHomerounds(['route', 'optimize', '--clinician', MAYA, '--date', day, '--json'], {
    env: { HOMEROUNDS_LOCAL_URL: platform.url },
    timeoutMs: 60_000,
  });
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as CliReport;
}

/** The Route view's totals: label → text. */
function shownTotals(page: Page): Promise<Record<string, string>> {
  return page
    .locator('.route-summary__totals > div')
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((row) => [row.querySelector('dt')?.textContent ?? '', row.querySelector('dd')?.textContent ?? '']),
      ),
    );
}

/** Puts Maya's seeded home back on her profile (service role), whatever a journey changed. */
async function restoreMayasHome(): Promise<void> {
  const response = await fetch(`${platform.url}/rest/v1/profiles?id=eq.${MAYA_SEEDED.id}`, {
    method: 'PATCH',
    headers: {
      apikey: LOCAL_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      home_label: MAYA_SEEDED.home.address,
      home_lat: MAYA_SEEDED.home.lat,
      home_lng: MAYA_SEEDED.home.lng,
    }),
  });
  expect(response.status).toBe(204);
}

const SAVING =
  /^(Saves \d+ min( and [\d.]+ miles?)? of driving \(-?\d+ %\) against your calendar order\.|Your calendar order is already the shortest\.|Saves less than a minute of driving against your calendar order\.|Drives \d+ min more than your calendar order.*|No order meets every patient window.*)$/;

describe.each(VIEWPORT_NAMES)('route view (%s)', (viewport) => {
  it('plans tomorrow (the next day with visits), draws the map, passes axe and goes back to the calendar', async () => {
    const { context, page, blockedRequests, consoleErrors } = await newJourney(browser, platform.url, viewport);
    try {
      await signInFromLanding(page, platform.url, MAYA);
      await waitForScheduleLoaded(page);

      // The picker starts on the next day with visits: on the seed's Wednesday, Thursday.
      const dayInput = page.getByLabel('Route for');
      const day = await dayInput.inputValue();
      expect(day).toBe(ROUTE_DAY);
      const titles = seededVisitTitles(day);
      expect(titles.length).toBeGreaterThanOrEqual(2);

      await page.getByRole('button', { name: 'Plan route' }).click();
      const heading = page.getByRole('heading', { level: 3, name: /^Route for / });
      await heading.waitFor();
      await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByRole('tab', { name: 'Month view' }).isVisible()).toBe(false);

      // Every seeded visit of the day, once, in some order; legs from the second stop on.
      const stops = page.getByRole('list', { name: 'Optimised order' }).getByRole('listitem');
      // The plan shows once the patient list and the drive times are in.
      await expect.poll(() => stops.count()).toBe(titles.length);
      const shown = await stops.locator('.route-stop__title').allTextContents();
      expect([...shown].sort()).toEqual([...titles].sort());
      // Her profile holds her home: the day starts with the drive from it.
      expect(await stops.first().textContent()).toMatch(/Drive \d+ min from home/);
      expect(await stops.nth(1).textContent()).toMatch(/Drive \d+ min from the previous visit/);
      expect(await page.getByRole('list', { name: 'Calendar order' }).getByRole('listitem').count()).toBe(
        titles.length,
      );

      // The default rule (the plan says it): tomorrow's visits may move up to 90 minutes from their booked
      // times ("Start 8:45 AM · … · Booked 8:30 AM"), in the app's one time format, and the waits are shown.
      await expect
        .poll(() => page.locator('.route-summary__rule').textContent())
        .toContain('Visits may move up to 90 minutes from their booked times');
      const minutes = (clock: string) => {
        const [, h, m, half] = /(\d{1,2}):(\d{2})\s([AP]M)/.exec(clock) ?? [];
        return ((Number(h) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(m);
      };
      for (const text of await stops.allTextContents()) {
        const start = /Start (\d{1,2}:\d{2}\s[AP]M)/.exec(text)?.[1];
        const booked = /Booked (\d{1,2}:\d{2}\s[AP]M)/.exec(text)?.[1];
        expect(start).toBeTruthy();
        expect(booked).toBeTruthy();
        expect(Math.abs(minutes(start as string) - minutes(booked as string))).toBeLessThanOrEqual(90);
        expect(text).not.toMatch(/\b\d{1,2}:\d{2}\b(?!\s[AP]M)/);
      }
      expect(await page.locator('.route-summary__totals').textContent()).toMatch(/Back home\d{1,2}:\d{2}\s[AP]M/);

      const saving = (await page.locator('.route-summary__saving').textContent()) ?? '';
      expect(saving).toMatch(SAVING);
      // The dashboard knows where her day starts (her profile, seeded with her home), and counts the same legs
      // as the CLI: the same drive totals for the same day.
      await page
        .getByText(
          `Your day starts and ends at ${MAYA_SEEDED.home.address}: the drives from and back home are counted.`,
        )
        .waitFor();
      const cli = await cliReport(day);
      expect(cli.countsHomeLegs).toBe(true);
      await page.getByText(cli.legsNote).waitFor();
      const totals = await shownTotals(page);
      expect(totals['Driving, optimised'] ?? totals['Driving, least-late order']).toBe(
        `${Math.round(cli.travelAfterMinutes)} min`,
      );
      expect(totals['Driving, calendar order']).toBe(`${Math.round(cli.travelBeforeMinutes)} min`);
      // Both with the platform's road drive times (its Routes stand-in), the same road miles too.
      expect(cli.roadDriveTimes).toBe(true);
      expect(await page.locator('.route-summary__meta').textContent()).toContain(
        'Drive times and miles are road drive times, with traffic for leaving around',
      );
      expect(totals['Miles, optimised'] ?? totals['Miles, least-late order']).toBe(
        `${(cli.distanceAfterKm / 1.609344).toFixed(1)} mi`,
      );
      expect(totals['Miles, calendar order']).toBe(`${(cli.distanceBeforeKm / 1.609344).toFixed(1)} mi`);
      // The map numbers both orders: solid for the optimised stops, small hollow numbers for the calendar's.
      expect(await page.locator('.route-map__calendar-stop').count()).toBe(titles.length);
      expect(await stops.evaluateAll((items) => items.map((li) => li.getAttribute('data-visit-id')))).toEqual(
        cli.optimized.order,
      );

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

describe('the start of the day from this device', () => {
  it('forgets the profile home, then saves the current location and counts the drives from and back home', async () => {
    const { context, page, blockedRequests, consoleErrors } = await newJourney(browser, platform.url, 'desktop');
    // The browser shares a position near the Loop when asked (the permission granted, as a clinician would).
    await context.grantPermissions(['geolocation'], { origin: platform.url });
    await context.setGeolocation({ latitude: 41.878123, longitude: -87.629812 });
    try {
      await signInFromLanding(page, platform.url, MAYA);
      await waitForScheduleLoaded(page);
      const day = await page.getByLabel('Route for').inputValue();
      await page.getByRole('button', { name: 'Plan route' }).click();
      await page.getByText('Driving counted from home, between visits and back home.').waitFor();

      await page.getByRole('button', { name: 'Forget this location' }).click();
      const message = page.locator('.route-home__message');
      await page.getByText('Forgotten: the drives from and back home are no longer counted.').waitFor();
      await page.getByText('the drive from and back home is not counted', { exact: false }).waitFor();
      expect(await page.locator('.route-summary__totals').textContent()).toContain('Last visit ends');
      await expect.poll(() => message.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.getByRole('button', { name: 'Use my current location as the start of the day' }).click();
      await page
        .getByText('Saved: your day starts and ends here, and the drives from and back home are now counted.')
        .waitFor();
      await page.getByText('Driving counted from home, between visits and back home.').waitFor();
      expect(await page.locator('.route-summary__totals').textContent()).toContain('Back home');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Saved on her profile, to about 10 m, and found there when the Route view opens again after a reload.
      const saved = await fetch(`${platform.url}/rest/v1/profiles?select=home_lat,home_lng&id=eq.${MAYA_SEEDED.id}`, {
        headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
      });
      expect(await saved.json()).toEqual([{ home_lat: 41.8781, home_lng: -87.6298 }]);
      await page.reload();
      await waitForScheduleLoaded(page);
      await page.getByLabel('Route for').fill(day);
      await page.getByRole('button', { name: 'Plan route' }).click();
      await page
        .getByText('Your day starts and ends at the location you saved: the drives from and back home are counted.')
        .waitFor();

      expect(blockedRequests).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
      await restoreMayasHome();
    }
  });
});
