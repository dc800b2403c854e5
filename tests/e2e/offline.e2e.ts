// Installable, and useful without signal (issue 27, docs/offline.md), on a phone (390×844, touch, mobile): the
// dashboard loads, the service worker takes control, the phone goes offline and the page is reloaded: today's agenda
// and a visit sheet still show, with "Offline — updated at …"; the assistant says it needs a connection (no chat to
// send); back online the schedule reloads by itself and the banner goes. The same in Spanish (es-MX), axe clean.
// After sign-out, IndexedDB holds nothing of it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, seriousAxeViolations } from '../support/browser.ts';
import type { TestPlatform } from '../support/local-platform.ts';
import { testNow } from '../support/test-clock.ts';
import { chooseAccount, MAYA, scheduleState } from './e2e-kit.ts';

let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  const { startPlatform } = await import('./e2e-kit.ts');
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

const TEXTS = {
  'en-US': {
    banner: /^Offline — updated at \d{1,2}:\d{2}\s[AP]M$/,
    assistant: 'You are offline: the assistant needs a connection.',
    // Offline the profile was not read: the menu names the clinician by email until the next sign-in.
    account: /^Account menu for /,
    signOut: 'Sign out',
    agenda: 'Agenda view',
  },
  'es-MX': {
    banner: /^Sin conexión — actualizado a las \d{1,2}:\d{2}(\s?[ap]\.?\s?m\.?)?$/i,
    assistant: 'No tiene conexión: el asistente necesita conexión a internet.',
    account: /^Menú de la cuenta de /,
    signOut: 'Cerrar sesión',
    agenda: null,
  },
} as const;

type Locale = keyof typeof TEXTS;

async function phone(locale: Locale): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale,
    timezoneId: 'America/Chicago',
    deviceScaleFactor: 1,
    serviceWorkers: 'allow',
  });
  await context.clock.install({ time: testNow() });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text().slice(0, 300));
  });
  return { context, page, errors };
}

async function scheduleLoaded(page: Page): Promise<void> {
  await expect.poll(() => scheduleState(page).getAttribute('data-state'), { timeout: 20_000 }).toBe('loaded');
}

/** The offline copy's records in IndexedDB (the encrypted store's one object store). */
function keptRecords(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('homerounds-offline');
        req.onupgradeneeded = () => req.result.createObjectStore('kept');
        req.onsuccess = () => {
          const db = req.result;
          const count = db.transaction('kept').objectStore('kept').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
      }),
  );
}

/** Signed in on the dashboard, the schedule loaded and kept, the service worker in control. */
async function dashboardKept(page: Page): Promise<void> {
  await page.goto(`${platform.url}/dashboard`);
  await chooseAccount(page, MAYA);
  await scheduleLoaded(page);
  // A phone opens on the agenda, today first.
  await page.locator('.agenda-event').first().waitFor();
  // The service worker has the app shell and controls the page.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
  expect(await keptRecords(page)).toBeGreaterThanOrEqual(2); // the key and the schedule
}

describe.each(Object.keys(TEXTS) as Locale[])('the dashboard without signal, on a phone (%s)', (locale) => {
  const text = TEXTS[locale];

  it('shows today’s agenda and a visit sheet offline, says what needs a connection, and refreshes back online', {
    timeout: 120_000,
  }, async () => {
    const { context, page, errors } = await phone(locale);
    try {
      await dashboardKept(page);

      await context.setOffline(true);
      await page.reload();
      await scheduleLoaded(page);
      const banner = page.getByTestId('offline-banner');
      await banner.waitFor();
      expect((await banner.textContent())?.trim()).toMatch(text.banner);
      // Today's agenda, from the copy kept on the device.
      const first = page.locator('.agenda-event').first();
      await first.waitFor();
      expect(await page.locator('.agenda-event').count()).toBeGreaterThan(0);
      // A visit sheet opens with the visit's details.
      const who = (await first.locator('.agenda-event__who').textContent())?.trim() ?? '';
      await first.tap();
      const sheet = page.getByRole('dialog');
      await sheet.waitFor();
      expect(await sheet.textContent()).toContain(who);
      await screenshot(page, `offline-visit-sheet-${locale}`, 'phone');
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });
      // The assistant says it needs a connection; there is nothing to send.
      await page.getByText(text.assistant).waitFor();
      expect(await page.locator('.assistant-panel textarea, .assistant-panel input[type="text"]').count()).toBe(0);
      expect(await page.getByTestId('voice-widget-slot').count()).toBe(0);
      await screenshot(page, `offline-dashboard-${locale}`, 'phone');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Back online: the schedule reloads by itself and the banner goes.
      const reload = page.waitForRequest((request) => request.url().includes('/calendar/v3/calendars/primary/events'));
      await context.setOffline(false);
      await reload;
      await banner.waitFor({ state: 'detached', timeout: 20_000 });
      await page.getByTestId('voice-widget-slot').waitFor();
      await scheduleLoaded(page);

      // Sign-out leaves nothing of it on the device.
      await page.getByRole('button', { name: text.account }).click();
      await page.getByRole('button', { name: text.signOut }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => keptRecords(page), { timeout: 10_000 }).toBe(0);
    } catch (error) {
      await screenshot(page, `offline-failed-${locale}`, 'phone').catch(() => undefined);
      throw new Error(`${(error as Error).message}\npage errors: ${errors.join(' | ')}`);
    } finally {
      await context.close();
    }
  });
});

describe('hours later, without signal', () => {
  it('the access token expired meanwhile: the stored session still opens the kept schedule', {
    timeout: 120_000,
  }, async () => {
    const { context, page, errors } = await phone('en-US');
    try {
      await dashboardKept(page);
      await context.setOffline(true);
      // Two hours on the page's clock: the session's access token (one hour) has expired and cannot be refreshed.
      await page.clock.fastForward('02:00:00');
      await page.reload();
      await scheduleLoaded(page);
      const banner = page.getByTestId('offline-banner');
      await banner.waitFor();
      expect((await banner.textContent())?.trim()).toMatch(TEXTS['en-US'].banner);
      await page.locator('.agenda-event').first().waitFor();
    } catch (error) {
      await screenshot(page, 'offline-expired-failed', 'phone').catch(() => undefined);
      throw new Error(`${(error as Error).message}\npage errors: ${errors.join(' | ')}`);
    } finally {
      await context.close();
    }
  });
});
