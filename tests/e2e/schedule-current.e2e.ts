// The calendar stays current, at 1440×900 and 390×844: a failed Refresh keeps the last good calendar
// on screen with the error and Try Again beside it (and says when it was last updated); a change the
// assistant makes appears in the agenda without anyone pressing Refresh.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SeedEvent } from '../../fixtures/seed.ts';
import { launchBrowser, newJourney, screenshot, seriousAxeViolations, VIEWPORT_NAMES } from '../support/browser.ts';
import type { TestPlatform } from '../support/local-platform.ts';
import { DAYS, visitsOn } from '../support/seed-calendar.ts';
import {
  chooseAccount,
  MAYA,
  scheduleState,
  setCalendarFault,
  startPlatform,
  waitForScheduleLoaded,
} from './e2e-kit.ts';

let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
});

afterEach(async () => {
  await setCalendarFault(platform.url, null);
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

async function signInToDashboard(page: Page): Promise<void> {
  await page.goto(`${platform.url}/dashboard`);
  await chooseAccount(page, MAYA);
  await page.getByRole('heading', { level: 2, name: 'Your Schedule' }).waitFor();
  await waitForScheduleLoaded(page);
}

async function showAgenda(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: 'Agenda view' });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await page.locator('.agenda-event').first().waitFor();
}

/** The first of Maya's seeded visits tomorrow (the seed's Thursday; the suite's clock is on its Wednesday): its patient. */
function mayasFirstPatientTomorrow(): string {
  const summary = (visitsOn(MAYA, DAYS.thursday)[0] as SeedEvent).summary ?? '';
  return (
    summary
      .split(/\s+[—–-]\s+/)
      .at(-1)
      ?.trim() ?? summary
  );
}

describe.each(VIEWPORT_NAMES)('an always-current calendar (%s)', (viewport) => {
  it('keeps the last good calendar when a refresh fails, with the error and Try Again beside it', async () => {
    const { context, page } = await newJourney(browser, platform.url, viewport);
    try {
      await signInToDashboard(page);
      await showAgenda(page);
      const visits = await page.locator('.agenda-event').count();
      expect(visits).toBeGreaterThan(0);
      const updated = page.locator('.schedule-updated');
      expect(await updated.textContent()).toMatch(/^Updated \d{1,2}:\d{2}\s[AP]M$/);

      await setCalendarFault(platform.url, '500');
      await page.getByRole('button', { name: 'Refresh' }).click();
      const alert = page.getByRole('alert');
      await alert.getByRole('heading', { name: 'Calendar Error' }).waitFor();
      await alert.getByText('Failed to load calendar events. Please try again.').waitFor();
      // The events are still there, and the panel says they are not current.
      expect(await page.locator('.agenda-event').count()).toBe(visits);
      expect(await updated.textContent()).toContain('not current: the last refresh failed');
      expect(await scheduleState(page).getAttribute('data-state')).toBe('failed');
      await screenshot(page, 'refresh-failed-keeps-calendar', viewport);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await setCalendarFault(platform.url, null);
      await alert.getByRole('button', { name: 'Try Again' }).click();
      // Focus does not fall to <body> when Try Again leaves with the error block.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Your Schedule');
      await waitForScheduleLoaded(page);
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await updated.textContent()).toMatch(/^Updated \d{1,2}:\d{2}\s[AP]M$/);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows a change the assistant made without Refresh', async () => {
    const { context, page, consoleErrors } = await newJourney(browser, platform.url, viewport);
    const patient = mayasFirstPatientTomorrow();
    const when = 'tomorrow';
    const log = page.getByRole('log', { name: 'Conversation with the assistant' });
    const ask = async (text: string, answer: RegExp) => {
      const before = await log.locator('[data-role="assistant"]').count();
      await page.getByLabel('Message to the assistant').fill(text);
      await page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => log.locator('[data-role="assistant"]').count(), { timeout: 20_000 }).toBe(before + 1);
      expect(await log.locator('[data-role="assistant"]').last().textContent()).toMatch(answer);
    };
    // Each viewport moves the visit to another hour (the platform is shared by both runs).
    const hour = viewport === 'desktop' ? 3 : 4;
    const lastAnswer = () => log.locator('[data-role="assistant"]').last().textContent();
    try {
      await signInToDashboard(page);
      await ask(`Move ${patient} ${when} to ${hour} pm`, /./);
      if (/Allow calendar changes/.test((await lastAnswer()) ?? '')) {
        // Read-only so far: Google's consent (the local account chooser), back on the dashboard.
        await page.getByRole('button', { name: 'Allow calendar changes' }).click();
        await chooseAccount(page, MAYA);
        await page.getByRole('heading', { level: 2, name: 'Your Schedule' }).waitFor();
        await waitForScheduleLoaded(page);
        await ask(`Move ${patient} ${when} to ${hour} pm`, /yes/i);
      } else {
        expect(await lastAnswer()).toMatch(/yes/i);
      }
      await showAgenda(page);
      const line = page.locator('.agenda-event').filter({ hasText: patient }).first();
      const newTime = new RegExp(`^${hour}:00\\sPM – `);
      expect(await line.locator('.agenda-event__time').textContent()).not.toMatch(newTime);

      const refresh = page.getByRole('button', { name: 'Refresh' });
      await refresh.evaluate((el) => el.addEventListener('click', () => el.setAttribute('data-clicked', '1')));
      await ask('yes', new RegExp(`${patient}.*${hour}:00 PM`));
      // The agenda shows the visit at its new time by itself: nobody pressed Refresh.
      await expect.poll(() => line.locator('.agenda-event__time').textContent(), { timeout: 15_000 }).toMatch(newTime);
      expect(await refresh.getAttribute('data-clicked')).toBeNull();
      await screenshot(page, 'assistant-change-in-agenda', viewport);
      expect(consoleErrors.filter((text) => !/favicon/.test(text))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
