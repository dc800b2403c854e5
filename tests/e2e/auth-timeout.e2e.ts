// An unreachable auth service: the stored session needs a refresh that never answers. The loading
// screen gives up after 10 s (spec §4) and the landing page shows. The page runs on Playwright's clock,
// paused from the start: still loading at 9 999 ms, the landing page at 10 000 ms, whatever the machine's
// load. Both viewports run at once.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, newJourney, screenshot, VIEWPORT_NAMES, type ViewportName } from '../support/browser.ts';
import type { TestPlatform } from '../support/local-platform.ts';
import { startPlatform } from './e2e-kit.ts';

let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

/** The page's clock: the app starts at this instant and time moves only when the test says so. */
const START = new Date('2026-03-03T15:00:00Z');
/** Spec §4: loading gives up 10 s after start (the specification's number, not the machine's constant). */
const LOADING_LIMIT_MS = 10_000;

/** An expired session as supabase-js stores it: loading it requires POST /auth/v1/token?grant_type=refresh_token. */
function expiredSession(): string {
  const now = Math.floor(START.getTime() / 1000);
  return JSON.stringify({
    access_token: 'expired.access.token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now - 600,
    refresh_token: 'stale-refresh-token',
    user: { id: '00000000-0000-4000-8000-00000000dead', aud: 'authenticated', role: 'authenticated', email: 'x@y.z' },
  });
}

async function journey(viewport: ViewportName): Promise<void> {
  const { context, page } = await newJourney(browser, platform.url, viewport, { clock: false });
  try {
    const authRequests: string[] = [];
    // The auth service never answers (requests hang until the context closes).
    await context.route('**/auth/v1/**', (route) => {
      authRequests.push(route.request().url());
    });
    // Installed a minute earlier, then paused at START before the app loads: its timers start at START. (pauseAt
    // only goes forward: with one second of margin, a loaded machine between the two calls had already passed START.)
    await page.clock.install({ time: START.getTime() - 60_000 });
    await page.clock.pauseAt(START);
    await page.goto(`${platform.url}/privacy`);
    await page.evaluate((session) => localStorage.setItem('sb-127-auth-token', session), expiredSession());
    await page.goto(`${platform.url}/`);
    const spinner = page.getByRole('status').filter({ hasText: 'Loading...' });
    const landing = page.getByRole('heading', { level: 1, name: 'Your home visits, planned in minutes' });
    await spinner.waitFor();
    await expect.poll(() => authRequests.some((url) => url.includes('/token?grant_type=refresh_token'))).toBe(true);
    await screenshot(page, 'auth-loading', viewport);
    await page.clock.runFor(LOADING_LIMIT_MS - 1);
    expect(await spinner.isVisible()).toBe(true);
    expect(await landing.count()).toBe(0);
    await page.clock.runFor(1);
    await landing.waitFor();
    expect(await spinner.count()).toBe(0);
    await screenshot(page, 'auth-timeout-landing', viewport);
  } finally {
    await context.close();
  }
}

it('ends loading after 10 seconds when the auth service is unreachable and shows the landing page', {
  timeout: 45_000,
}, async () => {
  await Promise.all(VIEWPORT_NAMES.map((viewport) => journey(viewport)));
});
