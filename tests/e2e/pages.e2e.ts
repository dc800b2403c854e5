// Static pages, the not-found page, Watch Demo, the user menu by keyboard, and an axe-core check of
// every route (no serious or critical violation) at both viewports.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newJourney, screenshot, seriousAxeViolations, VIEWPORT_NAMES } from '../support/browser.ts';
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

async function expectAccessible(page: Page, route: string): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${route}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

const LANDING_TITLE = 'Your home visits, planned in minutes';

describe.each(VIEWPORT_NAMES)('pages (%s)', (viewport) => {
  it('shows the legal pages, the not-found page and the demo, all accessible and offline', async () => {
    const { context, page, blockedRequests, consoleErrors } = await newJourney(browser, platform.url, viewport);
    try {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`${platform.url}/`);
      await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();
      // The landing page loads neither the dashboard, FullCalendar nor supabase-js (nor calls any API).
      expect(
        requested.filter((path) => /dashboard-page|schedule-calendar|supabase-sdk|vapi|\/v1\/|\/v3\//.test(path)),
      ).toEqual([]);
      await expectAccessible(page, '/');

      await page.getByRole('button', { name: 'Watch Demo' }).click();
      const dialog = page.getByRole('dialog', { name: 'See HomeRounds in action' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText('Step 2 of 4:').waitFor();
      await screenshot(page, 'watch-demo', viewport);
      await expectAccessible(page, '/ (demo dialog)');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Watch Demo');

      await page.getByRole('link', { name: 'Privacy Policy' }).click();
      await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
      await page.getByText('Last updated: January 2025').waitFor();
      expect(await page.getByRole('heading', { level: 2 }).count()).toBe(8);
      await screenshot(page, 'privacy', viewport);
      await expectAccessible(page, '/privacy');
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();

      await page.goto(`${platform.url}/terms`);
      await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
      expect(await page.getByRole('heading', { level: 2 }).count()).toBe(13);
      await page.getByText('[Jurisdiction]').waitFor();
      await screenshot(page, 'terms', viewport);
      await expectAccessible(page, '/terms');

      // An unknown route answers HTTP 404, and the app still renders its page.
      const notFound = await page.goto(`${platform.url}/no/such/page`);
      expect(notFound?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await screenshot(page, 'not-found', viewport);
      await expectAccessible(page, '/no/such/page');
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();

      // As right after a cancelled sign-in: the guard asks instead of redirecting to the provider. The stamp is
      // taken in the page, on the clock the app itself reads (the journey's, installed by newJourney), not on this
      // worker's: two processes' clocks may stand apart.
      await page.evaluate(() => window.sessionStorage.setItem('homerounds:auto-sign-in-at', String(window.Date.now())));
      await page.goto(`${platform.url}/dashboard`);
      await page.getByRole('heading', { level: 1, name: 'Sign in to continue' }).waitFor();
      await screenshot(page, 'dashboard-signed-out', viewport);
      await expectAccessible(page, '/dashboard (signed out)');

      expect(blockedRequests).toEqual([]);
      // Chromium logs the 404 document itself; nothing else may reach the console.
      expect(consoleErrors.filter((line) => !/status of 404 \(Not Found\)/.test(line))).toEqual([]);
      expect(consoleErrors.filter((line) => /status of 404/.test(line))).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('operates the user menu by keyboard, and the dashboard is accessible in every view', async () => {
    const { context, page } = await newJourney(browser, platform.url, viewport);
    try {
      await signInFromLanding(page, platform.url, MAYA);
      await waitForScheduleLoaded(page);
      await expectAccessible(page, '/ (dashboard, month)');
      for (const view of ['Week view', 'Day view']) {
        await page.getByRole('tab', { name: view }).click();
        await expect.poll(() => page.getByRole('tab', { name: view }).getAttribute('aria-selected')).toBe('true');
        await expectAccessible(page, `/ (dashboard, ${view})`);
      }

      const menuButton = page.getByRole('button', { name: 'Account menu for Maya Patel' });
      // Start sequential navigation at the top of the page, as a keyboard user arriving at it would:
      // a click on the header's empty area moves the focus navigation starting point there.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page
        .locator('header')
        .first()
        .click({ position: { x: 2, y: 2 } });
      for (let i = 0; i < 5 && !(await menuButton.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press('Tab');
      }
      expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
      // The panel: the dashboard's language, then Sign out.
      await page.keyboard.press('Tab');
      expect(await page.getByLabel('Language').evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Tab');
      const signOut = page.getByRole('button', { name: 'Sign out' });
      expect(await signOut.evaluate((el) => el === document.activeElement)).toBe(true);
      await screenshot(page, 'user-menu-open', viewport);
      await expectAccessible(page, '/ (user menu open)');
      await page.keyboard.press('Escape');
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
      expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.press('Space');
      expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();
    } finally {
      await context.close();
    }
  });
});
