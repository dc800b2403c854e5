// Google access that outlives supabase-js's provider_token (issue 9): a clinician signs in (offline
// access: the refresh token goes to the server's token broker and leaves the browser), Google's access
// token expires, and after a reload the calendar still loads without signing in again. Only when Google
// has revoked the grant does the dashboard ask to sign in again — "Sign in again" first and primary —
// and one click (the account chooser's consent) brings the calendar back. Platform-wide token lifetime,
// so the journeys run one at a time.
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_PROVIDER_TOKEN_MESSAGE } from '../../machines/schedule/index.ts';
import { launchBrowser, newJourney, screenshot, VIEWPORT_NAMES } from '../support/browser.ts';
import type { TestPlatform } from '../support/local-platform.ts';
import {
  advanceClocks,
  chooseAccount,
  expireProviderTokens,
  MAYA,
  revokeGoogleGrant,
  scheduleState,
  setProviderTokenTtl,
  signInFromLanding,
  startPlatform,
  waitForScheduleLoaded,
} from './e2e-kit.ts';

/** Far longer than the first calendar load after sign-in; the clocks are moved past it, never waited out. */
const SHORT_TTL_S = 60;

let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
});

afterEach(async () => {
  await setProviderTokenTtl(platform.url, null);
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

function brokerCall(page: Page, method: 'PUT' | 'POST'): Promise<Response> {
  return page.waitForResponse(
    (response) => response.url().endsWith('/functions/v1/google-token') && response.request().method() === method,
    { timeout: 15_000 },
  );
}

function storedSession(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('sb-127-auth-token') ?? '{}'));
}

describe.each(VIEWPORT_NAMES)('Google access after the provider token is gone (%s)', (viewport) => {
  it('keeps the calendar through expiry and reload; asks to sign in again only once Google revoked the grant', async () => {
    const { context, page, blockedRequests } = await newJourney(browser, platform.url, viewport);
    try {
      await setProviderTokenTtl(platform.url, SHORT_TTL_S);
      const authorize = page.waitForRequest(/\/auth\/v1\/authorize\?/);
      const handedOver = brokerCall(page, 'PUT');
      await signInFromLanding(page, platform.url, MAYA);
      // Sign-in asks for offline access with a fresh consent, and still only the read-only calendar scope.
      const query = new URL((await authorize).url()).searchParams;
      expect(query.get('access_type')).toBe('offline');
      expect(query.get('prompt')).toBe('consent');
      expect(query.get('scopes')).toBe('https://www.googleapis.com/auth/calendar.readonly');
      expect((await handedOver).status()).toBe(200);
      await waitForScheduleLoaded(page);
      // The Google refresh token lives on the server only.
      const stored = await storedSession(page);
      expect(stored.provider_token).toMatch(/^ya29\.local-/);
      expect(stored).not.toHaveProperty('provider_refresh_token');

      // Google's access token expires (what happens every hour): the platform's clock and the page's move past
      // its lifetime; tokens issued from now on are normal.
      await advanceClocks(page, (SHORT_TTL_S + 1) * 1000);
      await setProviderTokenTtl(platform.url, null);
      const brokered = brokerCall(page, 'POST');
      await page.reload();
      expect((await brokered).status()).toBe(200);
      await waitForScheduleLoaded(page);
      expect(await page.getByRole('alert').count()).toBe(0);
      // Refresh keeps working on the broker's token.
      await page.getByRole('button', { name: 'Refresh' }).click();
      await waitForScheduleLoaded(page);
      await screenshot(page, 'google-access-after-expiry', viewport);

      // The clinician removes HomeRounds in their Google account: now only signing in again helps.
      await revokeGoogleGrant(platform.url, MAYA);
      await page.getByRole('button', { name: 'Refresh' }).click();
      const alert = page.getByRole('alert');
      await alert.getByRole('heading', { name: 'Calendar Error' }).waitFor();
      await alert.getByText(NO_PROVIDER_TOKEN_MESSAGE).waitFor();
      expect(await scheduleState(page).getAttribute('data-state')).toBe('failed');
      expect(await alert.getByRole('button').allTextContents()).toEqual(['Sign in again', 'Try Again']);
      expect(await alert.getByRole('button', { name: 'Sign in again' }).getAttribute('class')).toContain(
        'button--primary',
      );
      expect(await alert.getByRole('button', { name: 'Try Again' }).getAttribute('class')).toContain(
        'button--secondary',
      );
      await screenshot(page, 'google-access-revoked', viewport);

      // One click: Google's consent again (the local chooser), back on the dashboard with the calendar.
      const consent = page.waitForRequest(/\/auth\/v1\/authorize\?/);
      const reconsented = brokerCall(page, 'PUT');
      await alert.getByRole('button', { name: 'Sign in again' }).click();
      expect(new URL((await consent).url()).searchParams.get('prompt')).toBe('consent');
      await chooseAccount(page, MAYA);
      expect((await reconsented).status()).toBe(200);
      await waitForScheduleLoaded(page);
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      expect(await page.getByRole('alert').count()).toBe(0);

      // The new grant carries the calendar past the next expiry too.
      await expireProviderTokens(platform.url, MAYA);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await waitForScheduleLoaded(page);
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(blockedRequests).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
