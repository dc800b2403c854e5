// Voice and chat journeys in Chromium with a fake microphone: Start → Connecting... → Call Active, a
// typed turn answered from the calendar, mute/unmute, end → Ready; a failure injected at every start
// stage → the catalogue's message, the stage timeline in the debug details, and a clean Ready after Try
// Again; missing credentials; a blocked microphone; the text chat answering from the seeded calendar.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapProviderEvent } from '../../core/calendar/map-events.ts';
import { patientName } from '../../emulators/assistant/brain.ts';
import { generateSeed } from '../../fixtures/seed.ts';
import { addDays, chicagoDate } from '../../fixtures/time.ts';
import { FAKE_MEDIA_FLAGS, launchBrowser, newJourney, screenshot, seriousAxeViolations } from '../support/browser.ts';
import { seedTodayOfSnapshot } from '../support/db-snapshot.ts';
import type { TestPlatform } from '../support/local-platform.ts';
import { MAYA, signInFromLanding, startPlatform } from './e2e-kit.ts';

let platform: TestPlatform;
let browser: Browser;
let blockedMicBrowser: Browser;

beforeAll(async () => {
  [platform, browser, blockedMicBrowser] = await Promise.all([
    startPlatform(),
    launchBrowser({ extraArgs: FAKE_MEDIA_FLAGS }),
    // No fake UI: the permission prompt is refused.
    launchBrowser({ extraArgs: ['--use-fake-device-for-media-stream'] }),
  ]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), blockedMicBrowser?.close()]);
  await setFault(null).catch(() => {});
  await platform?.close();
});

function setFault(stage: string | null): Promise<Response> {
  return fetch(`${platform.url}/__local/voice-faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ stage }),
  });
}

const widget = (page: Page) => page.locator('[data-machine="voice-widget"]');
const statusPill = (page: Page) => widget(page).getByRole('status');

/** Records every status text the pill shows, so a short-lived "Connecting..." is not missed. */
async function recordStatuses(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __statuses: string[] }).__statuses = seen;
    const pill = () => document.querySelector('[data-machine="voice-widget"] [role="status"]');
    const note = () => {
      const text = pill()?.textContent ?? '';
      if (seen.at(-1) !== text) seen.push(text);
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const statuses = (page: Page) => page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses);

async function openDashboard(which: Browser, override?: unknown) {
  const journey = await newJourney(which, platform.url, 'desktop');
  if (override) {
    await journey.context.addInitScript((value) => {
      (window as unknown as { __HOMEROUNDS_TEST_CONFIG__: unknown }).__HOMEROUNDS_TEST_CONFIG__ = value;
    }, override);
  }
  await signInFromLanding(journey.page, platform.url, MAYA);
  await widget(journey.page).getByRole('heading', { name: 'Talk with AI' }).waitFor();
  return journey;
}

/** Maya's visits tomorrow (Chicago), from the seed the snapshot was made with. */
function mayasVisitsTomorrow(): string[] {
  const seed = generateSeed({ today: seedTodayOfSnapshot() });
  const maya = seed.clinicians.find((c) => c.email === MAYA);
  const tomorrow = addDays(chicagoDate(new Date()), 1);
  return seed.events
    .filter((e) => e.clinicianId === maya?.id && e.kind === 'visit' && chicagoDate(new Date(e.startsAt)) === tomorrow)
    .map((e) => patientName(mapProviderEvent({ id: e.id, summary: e.summary })));
}

async function startCall(page: Page): Promise<void> {
  await widget(page).getByRole('button', { name: 'Start call' }).click();
}

describe('voice widget on the local platform', () => {
  it('starts a call, answers a typed turn, mutes and unmutes, ends; the chat answers from the calendar', async () => {
    const { context, page, consoleErrors } = await openDashboard(browser);
    try {
      expect(
        await widget(page).getByText('Click to start a voice conversation with your digital assistant').isVisible(),
      ).toBe(true);
      await recordStatuses(page);
      await startCall(page);
      await widget(page).getByRole('heading', { name: 'Call Active' }).waitFor({ timeout: 20_000 });
      await expect.poll(() => statusPill(page).textContent()).toBe('Connected');
      expect(await statuses(page)).toEqual(['Ready', 'Connecting...', 'Connected']);
      expect(await widget(page).getAttribute('data-state')).toBe('running.connected');
      expect(
        await widget(page)
          .getByText('Speak naturally to schedule appointments, ask questions, or get help')
          .isVisible(),
      ).toBe(true);
      const log = page.getByRole('log', { name: 'Conversation with the assistant' });
      await log.getByText(/^Hi Maya, I'm your HomeRounds assistant/).waitFor();

      // What the user would say, typed into the call: answered from Maya's calendar.
      await widget(page)
        .getByLabel(/what you would say/)
        .fill('What are my appointments tomorrow?');
      await widget(page).getByRole('button', { name: 'Say' }).click();
      const visits = mayasVisitsTomorrow();
      if (visits.length > 0)
        await log
          .getByText(visits[0] as string, { exact: false })
          .first()
          .waitFor();
      else await log.getByText('You have no appointments tomorrow').first().waitFor();
      await screenshot(page, 'voice-call-active', 'desktop');
      expect(await seriousAxeViolations(page)).toEqual([]);

      const mute = widget(page).getByRole('button', { name: 'Mute' });
      await mute.click();
      const unmute = widget(page).getByRole('button', { name: 'Unmute' });
      expect(await unmute.getAttribute('aria-pressed')).toBe('true');
      await unmute.click();
      expect(await widget(page).getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe('false');

      await widget(page).getByRole('button', { name: 'End call' }).click();
      await widget(page).getByRole('heading', { name: 'Talk with AI' }).waitFor();
      await expect.poll(() => statusPill(page).textContent()).toBe('Ready');

      // The text chat: typed, and through the example phrases.
      await page.getByLabel('Message to the assistant').fill('What are my appointments tomorrow?');
      await page.getByRole('button', { name: 'Send' }).click();
      const chatAnswer = log.locator('[data-role="assistant"]').last();
      await expect
        .poll(() => chatAnswer.textContent())
        .toMatch(/You have (\d+ appointments?|no appointments) tomorrow/);
      for (const name of visits) expect(await chatAnswer.textContent()).toContain(name);

      await page.getByRole('button', { name: /Optimize my route for tomorrow/ }).click();
      await expect
        .poll(() => log.locator('[data-role="assistant"]').last().textContent(), { timeout: 15_000 })
        .toMatch(/(Best order for tomorrow|already the best|save less than a minute|nothing to reorder)/);
      const route = (await log.locator('[data-role="assistant"]').last().textContent()) ?? '';
      if (visits.length >= 2) {
        expect(route).toMatch(/1\. .+ at \d{1,2}:\d\d (AM|PM)/);
        expect(route).toMatch(/you save \d+ min \(\d+%\)|already the best|save less than a minute/);
      }
      expect(await log.locator('script, b').count()).toBe(0);
      await screenshot(page, 'assistant-chat', 'desktop');
      expect(consoleErrors.filter((line) => !/favicon/.test(line))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the catalogue message for a failure at each start stage and is clean after Try Again', async () => {
    const { context, page } = await openDashboard(browser);
    const cases: Array<[string, string]> = [
      ['web-call-creation', 'Authentication failed. Please check your Public Key in the .env file.'],
      ['daily-call-object-creation', 'Network error. Please check your connection and try again.'],
      ['daily-call-join', 'The room refused the join'],
      ['video-recording-setup', 'Video recording could not start'],
      ['audio-observer-setup', 'Audio level observer could not start'],
      ['audio-processing-setup', 'Noise cancellation could not start'],
    ];
    try {
      for (const [stage, message] of cases) {
        expect((await setFault(stage)).ok).toBe(true);
        await startCall(page);
        const error = widget(page).getByRole('alert');
        await error.getByRole('heading', { name: 'AI Assistant Error' }).waitFor({ timeout: 20_000 });
        expect(await error.locator('.voice-widget__message').textContent()).toBe(message);
        expect(await error.getByText('Allowed').isVisible()).toBe(true);
        await error.getByText('Debug details').click();
        await error.getByRole('cell', { name: stage, exact: true }).first().waitFor();
        if (stage === 'web-call-creation') {
          await screenshot(page, 'voice-error', 'desktop');
          expect(await seriousAxeViolations(page)).toEqual([]);
        }
        await setFault(null);
        await error.getByRole('button', { name: 'Try Again' }).click();
        await widget(page).getByRole('heading', { name: 'Talk with AI' }).waitFor();
        await expect.poll(() => statusPill(page).textContent()).toBe('Ready');
      }
      // After all that, a call still starts and ends cleanly.
      await startCall(page);
      await widget(page).getByRole('heading', { name: 'Call Active' }).waitFor({ timeout: 20_000 });
      await widget(page).getByRole('button', { name: 'End call' }).click();
      await widget(page).getByRole('heading', { name: 'Talk with AI' }).waitFor();
    } finally {
      await setFault(null);
      await context.close();
    }
  });

  it('explains missing credentials (test override on the local platform only)', async () => {
    const { context, page } = await openDashboard(browser, { voice: { publicKey: null, assistantId: null } });
    try {
      await startCall(page);
      const error = widget(page).getByRole('alert');
      await error
        .getByText('Missing voice-AI credentials. Please add them to your .env file and restart the dev server.')
        .waitFor();
      expect(await error.getByText('Missing', { exact: true }).count()).toBe(2);
      expect(await error.getByText('Unknown').isVisible()).toBe(true);
      await error.getByRole('button', { name: 'Try Again' }).click();
      await expect.poll(() => statusPill(page).textContent()).toBe('Ready');
    } finally {
      await context.close();
    }
  });

  it('shows Blocked and the microphone text when the microphone is refused', async () => {
    const { context, page } = await openDashboard(blockedMicBrowser);
    try {
      await startCall(page);
      const error = widget(page).getByRole('alert');
      await error.getByText('Microphone access denied. Please allow microphone access and try again.').waitFor({
        timeout: 20_000,
      });
      expect(await error.getByText('Blocked').isVisible()).toBe(true);
      await screenshot(page, 'voice-microphone-blocked', 'desktop');
      await error.getByRole('button', { name: 'Try Again' }).click();
      await expect.poll(() => statusPill(page).textContent()).toBe('Ready');
    } finally {
      await context.close();
    }
  });
});
