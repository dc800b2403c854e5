// Journeys of a clinician: sign in through the local account chooser, see the seeded schedule in
// month/week/day views, open a day's "more" popover, refresh, sign out; the clinician without a
// profile row; a signed-out visit to /dashboard comes back to /dashboard after signing in.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newJourney, screenshot, VIEWPORT_NAMES } from '../support/browser.ts';
import type { TestPlatform } from '../support/local-platform.ts';
import { testNow } from '../support/test-clock.ts';
import {
  chooseAccount,
  firstUpcomingTitle,
  MAYA,
  SAM_NO_PROFILE,
  scheduleState,
  startPlatform,
  waitForScheduleLoaded,
} from './e2e-kit.ts';

let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

describe.each(VIEWPORT_NAMES)('clinician journeys (%s)', (viewport) => {
  it('signs in, browses the schedule in every view, refreshes and signs out', async () => {
    const { context, page, blockedRequests, consoleErrors } = await newJourney(browser, platform.url, viewport);
    try {
      await page.goto(`${platform.url}/`);
      await page.getByRole('heading', { level: 1, name: 'Your home visits, planned in minutes' }).waitFor();
      await screenshot(page, 'landing', viewport);

      await page.getByRole('button', { name: 'Start with Google' }).click();
      await chooseAccount(page, MAYA);
      await page.getByRole('heading', { level: 2, name: 'Your Schedule' }).waitFor();
      await waitForScheduleLoaded(page);
      expect(new URL(page.url()).search).toBe('');
      await expect.poll(() => page.getByRole('button', { name: 'Account menu for Maya Patel' }).isVisible()).toBe(true);

      // The clinician's seeded events, blue, with untrusted text rendered as text.
      const calendar = page.locator('.schedule-calendar');
      // The calendar names the patient (a title "Wound care — Jane Doe" reads "Jane Doe", the type beside it).
      const patient =
        firstUpcomingTitle(MAYA, testNow())
          .split(/\s+[—–-]\s+/)
          .at(-1) ?? '';
      await calendar.getByText(patient, { exact: true }).first().waitFor();
      expect(await calendar.locator('script, b').count()).toBe(0);
      await screenshot(page, 'dashboard-month', viewport);

      await page.getByRole('tab', { name: 'Week view' }).click();
      await expect.poll(() => page.getByRole('tab', { name: 'Week view' }).getAttribute('aria-selected')).toBe('true');
      await screenshot(page, 'dashboard-week', viewport);
      await page.getByRole('tab', { name: 'Day view' }).click();
      await expect.poll(() => page.getByRole('tab', { name: 'Day view' }).getAttribute('aria-selected')).toBe('true');
      await screenshot(page, 'dashboard-day', viewport);
      await page.getByRole('tab', { name: 'Month view' }).click();

      // A day with more than three visits: "+N more" opens a popover listing all of them.
      const more = calendar.getByText(/^\+\d+( more)?$/).first();
      await more.waitFor();
      const hidden = Number((await more.textContent())?.match(/\d+/)?.[0]);
      await more.click();
      const popover = page.getByRole('dialog');
      await popover.waitFor();
      expect(await popover.getByRole('listitem').count()).toBeGreaterThanOrEqual(3 + hidden);
      await screenshot(page, 'dashboard-more-popover', viewport);
      await popover.getByRole('button', { name: 'Close' }).click();

      // Refresh reloads the events from the calendar.
      const reload = page.waitForRequest((request) => request.url().includes('/calendar/v3/calendars/primary/events'));
      await page.getByRole('button', { name: 'Refresh' }).click();
      await reload;
      await waitForScheduleLoaded(page);

      // Sign out through the user menu.
      await page.getByRole('button', { name: 'Account menu for Maya Patel' }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your home visits, planned in minutes' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('sb-127-auth-token'))).toBeNull();

      expect(blockedRequests).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lets the clinician without a profile row reach the dashboard, with their email in the menu', async () => {
    const { context, page, blockedRequests } = await newJourney(browser, platform.url, viewport);
    try {
      // Signed out, /dashboard sends the visitor to sign in (and back to /dashboard afterwards).
      await page.goto(`${platform.url}/dashboard`);
      await page.waitForURL(/\/__google\//);
      // Cancelling on the account chooser comes back signed out, the error only in the console, and the
      // page now asks instead of sending the visitor back to the provider (no loop).
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign in to continue' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await expect.poll(() => new URL(page.url()).search).toBe('');
      expect(await page.getByRole('alert').count()).toBe(0);

      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await chooseAccount(page, SAM_NO_PROFILE);
      await page.getByRole('heading', { level: 2, name: 'Your Schedule' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await waitForScheduleLoaded(page);
      const menu = page.getByRole('button', { name: /^Account menu for / });
      // No profile row, so no full name: the header names the clinician by email (spec §2).
      expect(await menu.textContent()).toContain(SAM_NO_PROFILE);
      await menu.click();
      await page.getByText(SAM_NO_PROFILE).first().waitFor();
      await screenshot(page, 'dashboard-no-profile', viewport);
      expect(await scheduleState(page).getAttribute('data-state')).toBe('loaded');
      expect(blockedRequests).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
