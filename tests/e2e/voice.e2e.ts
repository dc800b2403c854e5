// Voice and chat journeys in Chromium with a fake microphone: Start → Connecting... → Call Active, a
// typed turn answered from the calendar, mute/unmute, end → Ready; a failure injected at every start
// stage → the catalogue's message, the stage timeline in the debug details, and a clean Ready after Try
// Again; missing credentials; a blocked microphone; the text chat answering from the seeded calendar;
// the call token (never a Supabase token) in every call and chat; the assistant never answering (the
// listening timeout says so, not "Assistant not found"); speech recognition started once and never
// while running; and a change made through the assistant — after "Allow calendar changes" and the
// consent — reloading the schedule by itself. The platform and the browsers run on the suite's clock, the
// seed's Wednesday morning: "tomorrow" is its Thursday, with five of Maya's visits.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_TOKEN_VARIABLE } from '../../core/assistant/contract.ts';
import { mapProviderEvent } from '../../core/calendar/map-events.ts';
import { SPEECH_END_DELAY_MS } from '../../machines/call-session/call-session.machine.ts';
import { LISTENING_TIMEOUT_MS } from '../../machines/shared/call-timeouts.ts';
import { ECHO_GRACE_MS } from '../../web/src/adapters/voice/local-client.ts';
import { NO_ANSWER_MESSAGE } from '../../web/src/adapters/voice/widget-ports.ts';
import { FAKE_MEDIA_FLAGS, launchBrowser, newJourney, screenshot, seriousAxeViolations } from '../support/browser.ts';
import type { TestPlatform } from '../support/local-platform.ts';
import { DAYS, visitsOn } from '../support/seed-calendar.ts';
import {
  advanceClocks,
  chooseAccount,
  MAYA,
  scheduleState,
  signInFromLanding,
  startPlatform,
  waitForScheduleLoaded,
} from './e2e-kit.ts';

/** "Tomorrow" of every journey: the suite's clock starts on the seed's Wednesday (9:30 am). */
const TOMORROW = DAYS.thursday;

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

/** The patient of a visit titled "<visit type> — <patient>" (the seed's titles). */
function patientName(title: string): string {
  const parts = title.split(/\s+[—–-]\s+/);
  return (parts.length > 1 ? parts.at(-1) : title)?.trim() ?? title;
}

/** The patients of Maya's visits on a day (Chicago), from the suite's seed. */
function mayasVisitsOn(day: string): string[] {
  return visitsOn(MAYA, day).map((e) => patientName(mapProviderEvent({ id: e.id, summary: e.summary }).title));
}

function mayasVisitsTomorrow(): string[] {
  return mayasVisitsOn(TOMORROW);
}

/** A visit of Maya's to move: her first one tomorrow. */
function aVisitToMove(): { patient: string; day: string } {
  const patient = mayasVisitsTomorrow()[0];
  if (!patient) throw new Error(`Maya has no visits on ${TOMORROW} in the seed`);
  return { patient, day: 'tomorrow' };
}

async function startCall(page: Page): Promise<void> {
  await widget(page).getByRole('button', { name: 'Start call' }).click();
}

describe('voice widget on the local platform', () => {
  it('starts a call, answers a typed turn, mutes and unmutes, ends; the chat answers from the calendar', async () => {
    const { context, page, consoleErrors } = await openDashboard(browser);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const roomFrames: string[] = [];
    page.on('websocket', (socket) => socket.on('framesent', (frame) => roomFrames.push(String(frame.payload))));
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
      await log.getByText(/^Hi( Maya)?, I'm your HomeRounds assistant/).waitFor();

      // What the user would say, typed into the call: answered from Maya's calendar.
      await widget(page)
        .getByLabel(/what you would say/)
        .fill('What are my appointments tomorrow?');
      await widget(page).getByRole('button', { name: 'Say' }).click();
      const visits = mayasVisitsTomorrow();
      expect(visits.length).toBeGreaterThanOrEqual(2);
      await log
        .getByText(visits[0] as string, { exact: false })
        .first()
        .waitFor({ timeout: 20_000 });
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
      await expect.poll(() => chatAnswer.textContent()).toMatch(/You have \d+ (appointments|visits) tomorrow/);
      for (const name of visits) expect(await chatAnswer.textContent()).toContain(name);

      await page.getByRole('button', { name: /Optimize my route for tomorrow/ }).click();
      await expect
        .poll(() => log.locator('[data-role="assistant"]').last().textContent(), { timeout: 15_000 })
        .toMatch(/(Best order for tomorrow|already the best|save less than a minute|nothing to reorder)/);
      const route = (await log.locator('[data-role="assistant"]').last().textContent()) ?? '';
      if (!/already the best/.test(route)) {
        expect(route).toMatch(/1\. .+\d{1,2}:\d\d (AM|PM)/);
        expect(route).toMatch(/you save \d+ min \(\d+%\)|save less than a minute/);
      }
      expect(await log.locator('script, b').count()).toBe(0);
      await screenshot(page, 'assistant-chat', 'desktop');

      // Who is asking travels as the call token, in the call's and every chat's assistantOverrides; the
      // Supabase access token goes to the call-token function only, never to the voice platform.
      const accessToken = await page.evaluate(
        () => (JSON.parse(localStorage.getItem('sb-127-auth-token') ?? '{}') as { access_token?: string }).access_token,
      );
      expect(accessToken).toBeTruthy();
      const tokenRequest = requests.find((r) => r.url().endsWith('/functions/v1/call-token'));
      expect(tokenRequest?.headers().authorization).toBe(`Bearer ${accessToken}`);
      const voiceRequests = requests.filter((r) => /\/(call|chat)\/web$/.test(new URL(r.url()).pathname));
      expect(voiceRequests.map((r) => new URL(r.url()).pathname)).toEqual(['/call/web', '/chat/web', '/chat/web']);
      for (const request of voiceRequests) {
        const body = request.postDataJSON() as { assistantOverrides?: { variableValues?: Record<string, unknown> } };
        expect(typeof body.assistantOverrides?.variableValues?.[CALL_TOKEN_VARIABLE]).toBe('string');
        expect(request.headers().authorization).not.toContain(accessToken as string);
        expect(request.postData()).not.toContain(accessToken as string);
      }
      expect(roomFrames.length).toBeGreaterThan(0);
      for (const frame of roomFrames) expect(frame).not.toContain(accessToken as string);
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

describe('voice widget: the assistant never answers, and speech recognition', () => {
  it('says the AI did not answer when "listening" never comes (not "Assistant not found")', async () => {
    const { context, page } = await openDashboard(browser);
    try {
      expect((await setFault('listening')).ok).toBe(true);
      await startCall(page);
      // Every start stage passed: the call waits for the assistant's "listening", which never comes; its time
      // limit passes on the page's clock (and the platform's) instead of being waited out.
      await expect
        .poll(() => widget(page).getAttribute('data-state'), { timeout: 20_000 })
        .toBe('running.connecting.waitingForCallStart');
      await advanceClocks(page, LISTENING_TIMEOUT_MS);
      const error = widget(page).getByRole('alert');
      await error.getByRole('heading', { name: 'AI Assistant Error' }).waitFor();
      expect(await error.locator('.voice-widget__message').textContent()).toBe(NO_ANSWER_MESSAGE);
      await setFault(null);
      await error.getByRole('button', { name: 'Try Again' }).click();
      await expect.poll(() => statusPill(page).textContent()).toBe('Ready');
    } finally {
      await setFault(null);
      await context.close();
    }
  });

  it('starts recognition once at call start and never while it runs, through the greeting and silences', async () => {
    const journey = await newJourney(browser, platform.url, 'desktop');
    // Chrome's recognition as the page sees it, minus the speech service headless Chromium lacks:
    // start() while started throws InvalidStateError; abort() ends the session a little later.
    await journey.context.addInitScript(() => {
      const stats = { starts: 0, aborts: 0, thrown: [] as string[], instances: [] as unknown[] };
      (window as unknown as { __recognition: typeof stats }).__recognition = stats;
      class FakeRecognition {
        continuous = false;
        interimResults = false;
        lang = '';
        onresult: ((event: unknown) => void) | null = null;
        onerror: ((event: { error: string }) => void) | null = null;
        onend: (() => void) | null = null;
        running = false;
        constructor() {
          stats.instances.push(this);
        }
        start() {
          if (this.running) {
            stats.thrown.push('InvalidStateError');
            throw new DOMException('recognition has already started.', 'InvalidStateError');
          }
          this.running = true;
          stats.starts += 1;
        }
        abort() {
          stats.aborts += 1;
          if (this.running) setTimeout(() => this.finish('aborted'), 150);
        }
        finish(error: string | null) {
          if (!this.running) return;
          if (error) this.onerror?.({ error });
          this.running = false;
          this.onend?.();
        }
      }
      const w = window as unknown as { SpeechRecognition: unknown; webkitSpeechRecognition: unknown };
      w.SpeechRecognition = FakeRecognition;
      w.webkitSpeechRecognition = FakeRecognition;
      // A voice that speaks each reply until the test ends it, so "the greeting is spoken" and "it is over"
      // are states the test sees and sets (headless Chromium has no voices).
      type Utterance = {
        text: string;
        onend: ((event: Event) => void) | null;
        onerror: ((event: Event) => void) | null;
      };
      const voice = { speaking: null as string | null, current: null as Utterance | null };
      const end = (kind: 'end' | 'error') => {
        const utterance = voice.current;
        voice.current = null;
        voice.speaking = null;
        if (kind === 'end') utterance?.onend?.(new Event('end'));
        else utterance?.onerror?.(new Event('error'));
      };
      (window as unknown as { __voice: unknown }).__voice = { state: voice, finish: () => end('end') };
      Object.defineProperty(window, 'speechSynthesis', {
        configurable: true,
        value: {
          speak(utterance: Utterance) {
            voice.current = utterance;
            voice.speaking = utterance.text;
          },
          cancel() {
            if (voice.current) end('error');
          },
          getVoices: () => [],
        },
      });
    });
    const { context, page } = journey;
    try {
      await signInFromLanding(page, platform.url, MAYA);
      await startCall(page);
      await widget(page).getByRole('heading', { name: 'Call Active' }).waitFor({ timeout: 20_000 });
      const log = page.getByRole('log', { name: 'Conversation with the assistant' });
      await log.getByText(/^Hi( Maya)?, I'm your HomeRounds assistant/).waitFor();
      type Stats = { starts: number; aborts: number; thrown: string[] };
      const stats = () => page.evaluate(() => (window as unknown as { __recognition: Stats }).__recognition);
      type Voice = { state: { speaking: string | null }; finish(): void };
      const speaking = () => page.evaluate(() => (window as unknown as { __voice: Voice }).__voice.state.speaking);
      // The greeting is being spoken: recognition runs, started once.
      await expect.poll(speaking).toMatch(/I'm your HomeRounds assistant/);
      expect(await stats()).toMatchObject({ starts: 1, thrown: [] });
      // The voice finishes it; then the echo grace and the session's speech end (a second of quiet) pass on the
      // page's clock, so whatever the end of the greeting sets off has happened.
      await page.evaluate(() => (window as unknown as { __voice: Voice }).__voice.finish());
      expect(await speaking()).toBeNull();
      await advanceClocks(page, ECHO_GRACE_MS + SPEECH_END_DELAY_MS + 100);
      expect(await stats()).toMatchObject({ starts: 1, thrown: [] });
      await expect
        .poll(() => widget(page).locator('.voice-widget__typed label').textContent())
        .toBe('Speak, or type what you would say');
      // A silence ends the session (no-speech): it comes back after its end.
      await page.evaluate(() => {
        const recognition = (window as unknown as { __recognition: { instances: Array<{ finish(e: string): void }> } })
          .__recognition.instances[0];
        recognition?.finish('no-speech');
      });
      await expect.poll(async () => (await stats()).starts).toBe(2);
      expect((await stats()).thrown).toEqual([]);
      await widget(page).getByRole('button', { name: 'End call' }).click();
      await widget(page).getByRole('heading', { name: 'Talk with AI' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('the dashboard follows the assistant', () => {
  it('asks for calendar changes, then reloads the schedule by itself after a change made in the chat', async () => {
    const { context, page, consoleErrors } = await openDashboard(browser);
    const { patient, day } = aVisitToMove();
    const log = page.getByRole('log', { name: 'Conversation with the assistant' });
    const lastAnswer = () => log.locator('[data-role="assistant"]').last().textContent();
    const ask = async (text: string, answer: RegExp) => {
      const before = await log.locator('[data-role="assistant"]').count();
      await page.getByLabel('Message to the assistant').fill(text);
      await page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => log.locator('[data-role="assistant"]').count(), { timeout: 20_000 }).toBe(before + 1);
      expect(await lastAnswer()).toMatch(answer);
    };
    const eventLoads = () =>
      page.waitForRequest((r) => r.method() === 'GET' && /\/calendar\/v3\/calendars\/[^/]+\/events\?/.test(r.url()), {
        timeout: 20_000,
      });
    try {
      await waitForScheduleLoaded(page);
      // Signed in with read-only access: the assistant cannot change the calendar yet.
      await ask(`Move ${patient} ${day} to 3 pm`, /Allow calendar changes/);
      const allow = page.getByRole('button', { name: 'Allow calendar changes' });
      await allow.waitFor();
      await screenshot(page, 'assistant-allow-calendar-changes', 'desktop');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await allow.click();
      // Google's consent (the local account chooser), then back on the dashboard.
      await chooseAccount(page, MAYA);
      await page.getByRole('heading', { level: 2, name: 'Your Schedule' }).waitFor();
      await waitForScheduleLoaded(page);

      await ask(`Move ${patient} ${day} to 3 pm`, /yes/i);
      const reload = eventLoads();
      await ask('yes', new RegExp(`${patient}.*3:00 PM`));
      // The schedule reloads without anyone pressing Refresh.
      await reload;
      await expect.poll(() => scheduleState(page).getAttribute('data-state'), { timeout: 15_000 }).toBe('loaded');
      expect(await page.getByRole('button', { name: 'Allow calendar changes' }).count()).toBe(0);
      expect(consoleErrors.filter((line) => !/favicon/.test(line))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
