// An unreachable auth service: the stored session needs a refresh that never answers. The loading
// screen gives up after 10 s (spec §4) and the landing page shows. Both viewports run at once.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH_TIMEOUT_MS } from '../../machines/auth/index.ts';
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

/** An expired session as supabase-js stores it: loading it requires POST /auth/v1/token?grant_type=refresh_token. */
function expiredSession(): string {
  const now = Math.floor(Date.now() / 1000);
  return JSON.stringify({
    access_token: 'expired.access.token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now - 600,
    refresh_token: 'stale-refresh-token',
    user: { id: '00000000-0000-4000-8000-00000000dead', aud: 'authenticated', role: 'authenticated', email: 'x@y.z' },
  });
}

async function journey(viewport: ViewportName): Promise<number> {
  const { context, page } = await newJourney(browser, platform.url, viewport);
  try {
    const authRequests: string[] = [];
    // The auth service never answers (requests hang until the context closes).
    await context.route('**/auth/v1/**', (route) => {
      authRequests.push(route.request().url());
    });
    await page.goto(`${platform.url}/privacy`);
    await page.evaluate((session) => localStorage.setItem('sb-127-auth-token', session), expiredSession());
    const started = Date.now();
    await page.goto(`${platform.url}/`);
    const spinner = page.getByRole('status').filter({ hasText: 'Loading...' });
    await spinner.waitFor();
    await screenshot(page, 'auth-loading', viewport);
    await page
      .getByRole('heading', { level: 1, name: 'Your home visits, planned in minutes' })
      .waitFor({ timeout: AUTH_TIMEOUT_MS + 3_000 });
    const elapsed = Date.now() - started;
    expect(await spinner.count()).toBe(0);
    expect(authRequests.some((url) => url.includes('/token?grant_type=refresh_token'))).toBe(true);
    await screenshot(page, 'auth-timeout-landing', viewport);
    return elapsed;
  } finally {
    await context.close();
  }
}

it('ends loading after 10 seconds when the auth service is unreachable and shows the landing page', {
  timeout: 45_000,
}, async () => {
  const elapsed = await Promise.all(VIEWPORT_NAMES.map((viewport) => journey(viewport)));
  for (const ms of elapsed) {
    expect(ms).toBeGreaterThanOrEqual(AUTH_TIMEOUT_MS - 500);
    expect(ms).toBeLessThan(AUTH_TIMEOUT_MS + 3_000);
  }
});
