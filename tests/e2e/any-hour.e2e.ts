// The dashboard at the instants that break products (issue "Time is an input"): just after midnight and late
// in the evening in Chicago, the last day of a month, the repeated hour of the fall DST change, the first working
// morning after it, the year's last evening and the spring DST change (the last two outside the suite's 30 days:
// the platform is reseeded for their day first). At each, Maya signs in and the schedule loads; FullCalendar
// marks the instant's Chicago date as today (month cell, agenda, week column, with the current-time line only
// within the hours shown); the agenda lists, for that day and the next, exactly the seed's events by time and
// patient (today's from the instant on: the calendar loads from now, spec §7) and nothing of another day under
// today; and "Plan route" offers the next day with visits. One platform, its clock and the browser's moved to
// each instant in turn.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSeed, type Seed, type SeedEvent } from '../../fixtures/seed.ts';
import { addDays, chicagoDate } from '../../fixtures/time.ts';
import { launchBrowser, newJourney, type ViewportName } from '../support/browser.ts';
import type { TestPlatform } from '../support/local-platform.ts';
import { DAYS, suiteSeed } from '../support/seed-calendar.ts';
import { chicago, SEED_DAY, setTestNow } from '../support/test-clock.ts';
import { chooseAccount, expectNowInTimeGrid, MAYA, reseed, startPlatform, waitForScheduleLoaded } from './e2e-kit.ts';

interface Instant {
  name: string;
  at: Date;
  /** The day the platform's seed starts on (the suite's seed day unless the instant lies beyond its 30 days). */
  seedDay: string;
  viewports: ViewportName[];
}

const INSTANTS: Instant[] = [
  {
    name: 'just after midnight',
    at: chicago(DAYS.wednesday, '00:10'),
    seedDay: SEED_DAY,
    viewports: ['desktop', 'phone'],
  },
  { name: 'late evening', at: chicago(DAYS.wednesday, '23:45'), seedDay: SEED_DAY, viewports: ['desktop', 'phone'] },
  { name: 'the last day of the month', at: chicago(DAYS.saturday, '12:00'), seedDay: SEED_DAY, viewports: ['desktop'] },
  {
    // chicago() takes the first 1:30 (CDT, UTC−5); the second comes an hour later in CST.
    name: 'the repeated hour of the fall DST change (first 1:30 am)',
    at: chicago(DAYS.sunday, '01:30'),
    seedDay: SEED_DAY,
    viewports: ['desktop'],
  },
  {
    name: 'the repeated hour of the fall DST change (second 1:30 am)',
    at: new Date(chicago(DAYS.sunday, '01:30').getTime() + 3_600_000),
    seedDay: SEED_DAY,
    viewports: ['desktop'],
  },
  {
    name: 'the first working morning after the change',
    at: chicago(DAYS.monday, '07:00'),
    seedDay: SEED_DAY,
    viewports: ['desktop'],
  },
  {
    name: "the year's last evening",
    at: chicago('2026-12-31', '23:45'),
    seedDay: '2026-12-31',
    viewports: ['desktop'],
  },
  {
    // 2 am does not exist that night (CST → CDT): 3:30 is half an hour after the change.
    name: 'the spring DST change',
    at: chicago('2027-03-14', '03:30'),
    seedDay: '2027-03-14',
    viewports: ['desktop'],
  },
];

let platform: TestPlatform;
let browser: Browser;
/** The day the platform's data is seeded for. */
let seededFor = SEED_DAY;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

const seeds = new Map<string, Seed>([[SEED_DAY, suiteSeed()]]);
function seedFor(day: string): Seed {
  let seed = seeds.get(day);
  if (!seed) {
    seed = generateSeed({ today: day });
    seeds.set(day, seed);
  }
  return seed;
}

/** The calendar day an event belongs to: its Chicago start date (an all-day event's date). */
function dayOf(event: SeedEvent): string {
  return 'date' in event.start ? event.start.date : chicagoDate(new Date(event.startsAt));
}

const TIME = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit' });
const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Maya's events of a day as the agenda should list them, in order: "<time range> <patient or title>"
 * (all-day first). Only those the calendar holds at `now`: they end after it (Google's timeMin).
 */
function expectedLines(seed: Seed, day: string, now: Date): string[] {
  const maya = seed.clinicians.find((c) => c.email === MAYA);
  return seed.events
    .filter((e) => e.clinicianId === maya?.id && dayOf(e) === day && Date.parse(e.endsAt) > now.getTime())
    .sort((a, b) => Number('date' in b.start) - Number('date' in a.start) || a.startsAt.localeCompare(b.startsAt))
    .map((e) => {
      const title = e.summary?.trim() ? e.summary : 'No Title';
      const who = e.kind === 'all-day' ? title : (title.split(/\s+—\s+/).at(-1) ?? title);
      const time =
        e.kind === 'all-day' ? 'All day' : `${TIME.format(new Date(e.startsAt))} – ${TIME.format(new Date(e.endsAt))}`;
      return normalize(`${time} ${who}`);
    });
}

/** The first day after `today` on which Maya has visits (tomorrow's round, what "Plan route" offers). */
function nextDayWithVisits(seed: Seed, today: string): string {
  const maya = seed.clinicians.find((c) => c.email === MAYA);
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = addDays(today, ahead);
    if (seed.events.some((e) => e.clinicianId === maya?.id && e.kind === 'visit' && dayOf(e) === day)) return day;
  }
  throw new Error(`Maya has no visits in the week after ${today}`);
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric' });
/** "October 28" for "2026-10-28". */
function monthAndDay(day: string): string {
  return LONG_DATE.format(new Date(`${day}T12:00:00Z`));
}

async function showView(page: Page, tab: 'Agenda view' | 'Month view' | 'Week view'): Promise<void> {
  const button = page.getByRole('tab', { name: tab });
  if ((await button.getAttribute('aria-selected')) !== 'true') await button.click();
  await expect.poll(() => button.getAttribute('aria-selected')).toBe('true');
}

/** The agenda's lines under a day's heading (none when the day has no group). */
function agendaLines(page: Page, day: string): Promise<string[]> {
  return page
    .locator(`.schedule-calendar [role=listitem]:has(> [data-date="${day}"]) .agenda-event`)
    .evaluateAll((lines) =>
      lines.map(
        (line) =>
          `${line.querySelector('.agenda-event__time')?.textContent ?? ''} ${line.querySelector('.agenda-event__who')?.textContent ?? ''}`,
      ),
    )
    .then((lines) => lines.map(normalize));
}

describe.each(INSTANTS)('the dashboard at $name', ({ at, seedDay, viewports }) => {
  const today = chicagoDate(at);
  const tomorrow = addDays(today, 1);

  it.each(viewports)('%s: today is the instant’s day, with that day’s visits only', async (viewport) => {
    setTestNow(at);
    if (seededFor !== seedDay) {
      await reseed(platform.url, seedDay);
      seededFor = seedDay;
    }
    const seed = seedFor(seedDay);
    const { context, page, blockedRequests, consoleErrors } = await newJourney(browser, platform.url, viewport);
    try {
      await page.goto(`${platform.url}/dashboard`);
      await chooseAccount(page, MAYA);
      await waitForScheduleLoaded(page);
      const calendar = page.locator('.schedule-calendar');
      // Opens on the agenda on a phone, on the month elsewhere (spec §2).
      const opening = viewport === 'phone' ? 'Agenda view' : 'Month view';
      expect(await page.getByRole('tab', { name: opening }).getAttribute('aria-selected')).toBe('true');

      // The agenda: today and the six days after it; today's lines, then tomorrow's, exactly the seed's.
      await showView(page, 'Agenda view');
      await expect
        .poll(() => calendar.getByRole('heading', { level: 2 }).textContent())
        .toMatch(new RegExp(`^${monthAndDay(today)}(, \\d{4})? – `));
      const marked = calendar.locator('[aria-current=date]');
      const todayLines = expectedLines(seed, today, at);
      if (todayLines.length > 0) {
        await expect.poll(() => marked.getAttribute('data-date')).toBe(today);
      }
      expect(await marked.count()).toBeLessThanOrEqual(1);
      const groups = await calendar
        .locator('[role=listitem] > [data-date]')
        .evaluateAll((days) => days.map((d) => d.getAttribute('data-date') ?? ''));
      expect(groups.length).toBeGreaterThan(0);
      expect(groups.every((day) => day >= today && day <= addDays(today, 6))).toBe(true);
      expect(await agendaLines(page, today)).toEqual(todayLines);
      expect(await agendaLines(page, tomorrow)).toEqual(expectedLines(seed, tomorrow, at));

      // The month: one cell marked today, the instant's date, holding today's events (chips and "+N more").
      await showView(page, 'Month view');
      const todayCell = calendar.locator('[role=cell][aria-current=date]');
      await expect.poll(() => todayCell.getAttribute('data-date')).toBe(today);
      expect(await todayCell.count()).toBe(1);
      const chips = await todayCell
        .locator('.schedule-event__title')
        .evaluateAll((titles) => titles.map((t) => t.textContent ?? ''));
      const more = Number(/\d+/.exec((await todayCell.getByText(/^\+\d+( more)?$/).allTextContents())[0] ?? '0')?.[0]);
      expect(chips.length + more).toBe(todayLines.length);
      for (const who of chips) expect(todayLines.some((line) => line.endsWith(` ${normalize(who)}`))).toBe(true);

      // The week: today's column marked, the current-time line only within the hours shown.
      await showView(page, 'Week view');
      await expectNowInTimeGrid(page, at);

      // "Plan route" offers tomorrow's round: the next day with visits.
      expect(await page.getByLabel('Route for').inputValue()).toBe(nextDayWithVisits(seed, today));

      expect(blockedRequests).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
