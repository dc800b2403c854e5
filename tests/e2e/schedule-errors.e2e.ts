// Calendar failures as the clinician sees them: the provider answering 500 shows "Calendar Error"
// and Try Again recovers; Google access gone for good (the grant revoked, so the token broker cannot
// replace the expired token) asks to sign in again, and signing in again brings the calendar back.
// (An expired token alone no longer interrupts: see google-access.e2e.ts.) Faults are global to the
// platform, so these journeys run one at a time.
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_PROVIDER_TOKEN_MESSAGE } from '../../machines/schedule/index.ts';
import { launchBrowser, newJourney, screenshot, VIEWPORT_NAMES } from '../support/browser.ts';
import type { TestPlatform } from '../support/local-platform.ts';
import {
  chooseAccount,
  expireProviderTokens,
  MAYA,
  revokeGoogleGrant,
  scheduleState,
  setCalendarFault,
  signInFromLanding,
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

describe.each(VIEWPORT_NAMES)('schedule errors (%s)', (viewport) => {
  it('shows "Calendar Error" when the calendar fails, and Try Again recovers', async () => {
    const { context, page } = await newJourney(browser, platform.url, viewport);
    try {
      await signInFromLanding(page, platform.url, MAYA);
      await waitForScheduleLoaded(page);

      await setCalendarFault(platform.url, '500');
      await page.getByRole('button', { name: 'Refresh' }).click();
      const alert = page.getByRole('alert');
      await alert.getByRole('heading', { name: 'Calendar Error' }).waitFor();
      await alert.getByText('Failed to load calendar events. Please try again.').waitFor();
      expect(await alert.getByRole('button', { name: 'Sign in again' }).count()).toBe(0);
      await screenshot(page, 'calendar-error', viewport);

      await setCalendarFault(platform.url, null);
      await alert.getByRole('button', { name: 'Try Again' }).click();
      await waitForScheduleLoaded(page);
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('asks to sign in again when Google access is revoked, and signing in again recovers', async () => {
    const { context, page } = await newJourney(browser, platform.url, viewport);
    try {
      await signInFromLanding(page, platform.url, MAYA);
      await waitForScheduleLoaded(page);

      await expireProviderTokens(platform.url, MAYA);
      await revokeGoogleGrant(platform.url, MAYA);
      await page.getByRole('button', { name: 'Refresh' }).click();
      const alert = page.getByRole('alert');
      await alert.getByRole('heading', { name: 'Calendar Error' }).waitFor();
      await alert.getByText(NO_PROVIDER_TOKEN_MESSAGE).waitFor();
      expect(await scheduleState(page).getAttribute('data-state')).toBe('failed');
      await screenshot(page, 'provider-token-expired', viewport);

      await alert.getByRole('button', { name: 'Sign in again' }).click();
      await chooseAccount(page, MAYA);
      await page.getByRole('heading', { level: 2, name: 'Your Schedule' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await waitForScheduleLoaded(page);
    } finally {
      await context.close();
    }
  });
});
