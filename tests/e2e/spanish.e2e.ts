// The clinician's phone journey in Spanish: a phone whose browser speaks Spanish (es-MX: navigator.languages and
// Accept-Language) signs in and the dashboard opens in Spanish — the agenda, a visit sheet, the assistant panel,
// `<html lang="es">`, Spanish times — and axe finds nothing serious. Switching to English in the user menu shows
// English at once and is remembered after a reload, the browser still asking for Spanish.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newJourney, screenshot, seriousAxeViolations } from '../support/browser.ts';
import type { TestPlatform } from '../support/local-platform.ts';
import { chooseAccount, MAYA, scheduleState, startPlatform } from './e2e-kit.ts';

let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

/** "9:00 a.m. – 9:45 a.m." (Chromium may put a no-break space before "a. m."). */
const SPANISH_RANGE = /^\d{1,2}:\d{2}\s[ap]\.\s?m\. – \d{1,2}:\d{2}\s[ap]\.\s?m\.$/;

/** Texts of the English dashboard that must not be on the Spanish one. */
const ENGLISH = [
  'Your Schedule',
  'Refresh',
  'Updated',
  'Plan route',
  'Agenda view',
  'Month view',
  'Your AI Assistant',
  'AI Assistant Ready',
  'Try asking',
  'Start call',
  'Talk with AI',
  'Conversation',
  'Send',
];

async function expectNoEnglish(page: Page): Promise<void> {
  const said = await page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder'].map((name) => el.getAttribute(name) ?? ''),
    );
    return [document.body.textContent ?? '', ...attributes].join('\n');
  });
  expect(ENGLISH.filter((text) => new RegExp(`\\b${text}\\b`).test(said))).toEqual([]);
}

async function waitForLoaded(page: Page): Promise<void> {
  await expect.poll(() => scheduleState(page).getAttribute('data-state'), { timeout: 15_000 }).toBe('loaded');
}

describe('the dashboard in Spanish (phone)', () => {
  it('opens in the browser’s Spanish, passes axe, and switches to English for good from the user menu', async () => {
    const { context, page, consoleErrors } = await newJourney(browser, platform.url, 'phone', { locale: 'es-MX' });
    try {
      expect(await page.evaluate(() => navigator.languages[0])).toBe('es-MX');
      await page.goto(`${platform.url}/dashboard`);
      await chooseAccount(page, MAYA);
      await page.getByRole('heading', { level: 2, name: 'Su agenda' }).waitFor();
      await waitForLoaded(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(await page.title()).toBe('Panel · HomeRounds');

      // The phone opens on the agenda, in Spanish: the tab, the lines (Spanish times), "Actualizado".
      const agendaTab = page.getByRole('tab', { name: 'Vista de agenda' });
      expect(await agendaTab.getAttribute('aria-selected')).toBe('true');
      expect(await page.getByText(/^Actualizado: \d{1,2}:\d{2}\s[ap]\.\s?m\.$/).count()).toBe(1);
      const first = page.locator('.agenda-event').first();
      await first.waitFor();
      expect((await first.locator('.agenda-event__time').textContent())?.trim()).toMatch(SPANISH_RANGE);
      expect(await first.locator('.agenda-event__window').textContent()).toMatch(/^Horario \d{1,2}:\d{2}\s[ap]\./);
      expect(await page.getByRole('button', { name: 'Planear ruta' }).count()).toBe(1);
      await screenshot(page, 'spanish-agenda', 'phone');

      // A visit sheet, by touch: its labels, links and Close in Spanish.
      const patient = (await first.locator('.agenda-event__who').textContent()) ?? '';
      await first.tap();
      const sheet = page.getByRole('dialog', { name: patient });
      await sheet.waitFor();
      const sheetText = (await sheet.textContent()) ?? '';
      for (const label of ['Hora', 'Paciente', 'Tipo de visita', 'Dirección', 'Horario del paciente', 'Agendada por']) {
        expect(sheetText).toContain(label);
      }
      expect(await sheet.getByRole('link', { name: /^Cómo llegar a / }).count()).toBe(1);
      expect(await sheet.getByRole('link', { name: /^Llamar al / }).count()).toBe(1);
      await screenshot(page, 'spanish-visit-sheet', 'phone');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await sheet.getByRole('button', { name: 'Cerrar' }).click();
      await expect.poll(() => sheet.isVisible()).toBe(false);

      // The assistant panel in Spanish; an example phrase asks in Spanish.
      await page.getByRole('heading', { level: 2, name: 'Su asistente de IA' }).scrollIntoViewIfNeeded();
      expect(await page.getByRole('heading', { name: 'Pruebe con estas preguntas' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Iniciar llamada' }).count()).toBe(1);
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /^Listo$/ })
          .count(),
      ).toBe(1);
      await page.getByRole('button', { name: '“¿Qué citas tengo mañana?”' }).click();
      const log = page.getByRole('log', { name: 'Conversación con el asistente' });
      await log.locator('[data-role="assistant"]').first().waitFor({ timeout: 20_000 });
      expect(await log.locator('[data-role="user"]').first().textContent()).toContain('¿Qué citas tengo mañana?');
      await expectNoEnglish(page);
      await screenshot(page, 'spanish-assistant', 'phone');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // English from the user menu: at once, and still after a reload (the browser still asks for Spanish).
      await page.getByRole('button', { name: /^Menú de la cuenta de / }).click();
      await page.getByLabel('Idioma').selectOption('en');
      await page.getByRole('heading', { level: 2, name: 'Your Schedule' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await page.getByRole('heading', { level: 2, name: 'Your AI Assistant' }).count()).toBe(1);
      await page.reload();
      await page.getByRole('heading', { level: 2, name: 'Your Schedule' }).waitFor();
      await waitForLoaded(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await page.getByRole('tab', { name: 'Agenda view' }).getAttribute('aria-selected')).toBe('true');
      const time = await page.locator('.agenda-event__time').first().textContent();
      expect(time?.trim()).toMatch(/^\d{1,2}:\d{2}\s[AP]M – \d{1,2}:\d{2}\s[AP]M$/);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
