// A calendar written by people, not by HomeRounds (issue 21), in the browser: a new user (Erin: no HomeRounds data,
// no patient list) whose Saturday holds four visits (to patients at Maya's seeded addresses)
// typed the way clinicians type them ("PT eval - …", "SN f/u: LAST, FIRST", "… ROC", "OT tx – …"), addresses in
// `location` and no HomeRounds property, booked zig-zagging west ↔ east, with a lunch among them. Signed in, the
// schedule shows the patients, the Patients view suggests each of them once (not the lunch) and they are confirmed
// onto the list (public.patients); the Route view has the addresses located by the server's `locations` function (the
// local geocoding stand-in), leaves the lunch out, follows the default rule (tomorrow on: up to 90 minutes) and
// proposes a shorter order. "Use this order" first asks for calendar-change consent (signed in read-only), then moves
// the events in one step: the calendar reloads in the new order, and Undo restores the booked times. Nothing leaves
// the platform's origin.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newJourney, seriousAxeViolations } from '../support/browser.ts';
import type { TestPlatform } from '../support/local-platform.ts';
import { DAYS, suiteSeed } from '../support/seed-calendar.ts';
import { chooseAccount, MAYA, signInFromLanding, startPlatform, waitForScheduleLoaded } from './e2e-kit.ts';

/** The seeded clinician with no HomeRounds data: no events, no patient list (a new user). */
const ERIN = 'erin.walsh@homerounds.test';

let platform: TestPlatform;
let browser: Browser;
const SATURDAY = DAYS.saturday; // no seeded visits
const WRITE_SCOPE = 'https://www.googleapis.com/auth/calendar.events';

const mayaId = suiteSeed().clinicians.find((c) => c.email === MAYA)?.id;
const patients = suiteSeed()
  .patients.filter((p) => p.clinicianId === mayaId)
  .sort((a, b) => a.lng - b.lng);
/** West, east, west, east: the calendar order drives across town three times. */
const ZIGZAG = [patients[0], patients.at(-1), patients[1], patients.at(-2)].map((p) => {
  if (!p) throw new Error('the seed gives Maya at least four patients');
  return p;
});
const [first = '', last = ''] = [ZIGZAG[1]?.fullName.split(' ')[0], ZIGZAG[1]?.fullName.split(' ').at(-1)];
const TYPED = [
  { summary: `PT eval - ${ZIGZAG[0]?.fullName}`, location: ZIGZAG[0]?.address, start: '09:00', end: '09:45' },
  {
    summary: `SN f/u: ${last.toUpperCase()}, ${first.toUpperCase()}`,
    location: ZIGZAG[1]?.address,
    start: '10:30',
    end: '11:15',
  },
  { summary: 'Lunch', location: '3400 N Clark St, Chicago, IL 60657', start: '11:30', end: '12:00' },
  { summary: `${ZIGZAG[2]?.fullName} ROC`, location: ZIGZAG[2]?.address, start: '12:15', end: '13:00' },
  { summary: `OT tx – ${ZIGZAG[3]?.fullName}`, location: ZIGZAG[3]?.address, start: '13:45', end: '14:30' },
];

let token: string;

/** The day's events as Google lists them, by start: [summary, start instant]. */
async function dayOnGoogle(): Promise<Array<[string, string]>> {
  const url = new URL(`${platform.url}/calendar/v3/calendars/primary/events`);
  url.searchParams.set('timeMin', `${SATURDAY}T00:00:00-05:00`);
  url.searchParams.set('timeMax', `${SATURDAY}T23:59:00-05:00`);
  url.searchParams.set('singleEvents', 'true');
  url.searchParams.set('orderBy', 'startTime');
  const listed = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const { items } = (await listed.json()) as { items: Array<{ summary: string; start: { dateTime: string } }> };
  return items.map((e) => [e.summary, new Date(e.start.dateTime).toISOString()]);
}

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  // Written through Google Calendar's API, as Google's own client writes them: no extended properties.
  const minted = await fetch(`${platform.url}/__local/provider-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ERIN, scopes: [WRITE_SCOPE] }),
  });
  token = ((await minted.json()) as { access_token: string }).access_token;
  for (const event of TYPED) {
    const created = await fetch(`${platform.url}/calendar/v3/calendars/primary/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        summary: event.summary,
        location: event.location,
        start: { dateTime: `${SATURDAY}T${event.start}:00-05:00` },
        end: { dateTime: `${SATURDAY}T${event.end}:00-05:00` },
      }),
    });
    expect(created.status).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

describe('a calendar written by people', () => {
  it('shows the visits with their patients, and the Route view proposes a shorter order from their addresses', async () => {
    const { context, page, blockedRequests, consoleErrors } = await newJourney(browser, platform.url, 'desktop');
    try {
      await signInFromLanding(page, platform.url, ERIN);
      await waitForScheduleLoaded(page);
      // The schedule names the patients, not the typed titles ("SN f/u: LAST, FIRST" shows as "First Last").
      await expect
        .poll(async () => ((await page.locator('.schedule-calendar').textContent()) ?? '').toLowerCase())
        .toContain(ZIGZAG[1]?.fullName.toLowerCase());
      expect(((await page.locator('.schedule-calendar').textContent()) ?? '').toLowerCase()).toContain(
        ZIGZAG[0]?.fullName.toLowerCase(),
      );

      // The patient list: the calendar suggests each of the four patients once (not the lunch); all are confirmed.
      await page.getByRole('button', { name: 'Patients', exact: true }).click();
      const suggested = page.getByRole('list', { name: 'Suggested patients' });
      await expect.poll(() => suggested.getByRole('listitem').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
      const suggestedText = ((await suggested.textContent()) ?? '').toLowerCase();
      for (const patient of ZIGZAG) expect(suggestedText).toContain(patient.fullName.split(' ').at(-1)?.toLowerCase());
      expect(suggestedText).not.toContain('lunch');
      expect(await seriousAxeViolations(page)).toEqual([]);
      for (const patient of ZIGZAG) {
        const last = patient.fullName.split(' ').at(-1) ?? '';
        const card = suggested.getByRole('listitem').filter({ hasText: new RegExp(last, 'i') });
        await card.getByRole('button', { name: 'Add to my patients' }).click();
        await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(0);
      }
      const confirmed = page.getByRole('list', { name: 'Patients', exact: true });
      expect(await confirmed.getByRole('listitem').count()).toBe(4);
      const rows = await platform.db.query<{ full_name: string }>(
        `select p.full_name from public.patients p join auth.users u on u.id = p.user_id where u.email = $1`,
        [ERIN],
      );
      expect(rows.rows).toHaveLength(4);
      await page.getByRole('button', { name: 'Back to calendar' }).click();

      const dayInput = page.getByLabel('Route for');
      await dayInput.fill(SATURDAY);
      await page.getByRole('button', { name: 'Plan route' }).click();
      await page.getByRole('heading', { level: 3, name: /^Route for / }).waitFor();

      // The four visits, located by the server, in some order; the lunch is left out and says why.
      const stops = page.getByRole('list', { name: 'Optimised order' }).getByRole('listitem');
      await expect.poll(() => stops.count(), { timeout: 15_000 }).toBe(4);
      const shown = (await stops.locator('.route-stop__title').allTextContents()).join(' | ').toLowerCase();
      for (const patient of ZIGZAG) expect(shown).toContain(patient.fullName.split(' ').at(-1)?.toLowerCase());
      expect(shown).not.toContain('Lunch');
      expect(await page.getByRole('list', { name: 'Not planned' }).textContent()).toContain('Lunch: not a visit');
      // The rule it followed, and a real saving: each side of town in one go.
      expect(await page.locator('.route-summary__rule').textContent()).toContain(
        'Visits may move up to 90 minutes from their booked times',
      );
      expect(await page.locator('.route-summary__saving').textContent()).toMatch(
        /^Saves \d+ min( and [\d.]+ miles?)? of driving/,
      );
      // Planned with the server's road drive times (the platform's Routes stand-in), as the assistant plans it.
      expect(await page.locator('.route-summary__meta').textContent()).toContain(
        'Drive times and miles are road drive times',
      );

      expect(await seriousAxeViolations(page)).toEqual([]);

      // "Use this order": signed in read-only, it asks for calendar-change consent first (Google's, the local chooser).
      const booked = await dayOnGoogle();
      const route = page.locator('.route-view');
      await route.getByRole('button', { name: 'Use this order' }).click();
      await route.getByText(/^HomeRounds may not change your calendar yet/).waitFor();
      await route.getByRole('button', { name: 'Allow calendar changes' }).click();
      await chooseAccount(page, ERIN);
      await page.getByRole('heading', { level: 2, name: 'Your Schedule' }).waitFor();
      await waitForScheduleLoaded(page);
      expect(await dayOnGoogle()).toEqual(booked);

      await page.getByLabel('Route for').fill(SATURDAY);
      await page.getByRole('button', { name: 'Plan route' }).click();
      await expect.poll(() => stops.count(), { timeout: 15_000 }).toBe(4);
      const proposed = await stops.locator('.route-stop__title').allTextContents();
      await route.getByRole('button', { name: 'Use this order' }).click();
      await route.getByText(/^Moved \d visits? to the new order\./).waitFor({ timeout: 20_000 });
      // Moved on Google, all of them: the visits now follow the proposed order; the lunch stays where it was.
      const moved = await dayOnGoogle();
      const visitsInOrder = moved.map(([summary]) => summary).filter((summary) => summary !== 'Lunch');
      expect(visitsInOrder).toEqual(proposed);
      expect(moved.find(([s]) => s === 'Lunch')).toEqual(booked.find(([s]) => s === 'Lunch'));
      // The calendar reloads by itself: the Route view's calendar order is now the proposed one.
      await expect
        .poll(
          async () =>
            page.getByRole('list', { name: 'Calendar order' }).locator('.route-calendar__title').allTextContents(),
          {
            timeout: 15_000,
          },
        )
        .toEqual(proposed);

      await route.getByRole('button', { name: 'Undo' }).click();
      await route.getByText('Your visits are back at their booked times.').waitFor({ timeout: 20_000 });
      expect(await dayOnGoogle()).toEqual(booked);
      expect(blockedRequests).toEqual([]);
      // The one error the browser logs is the server's 403 that asked for calendar-change consent.
      expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
    } finally {
      await context.close();
    }
  }, 180_000);
});
