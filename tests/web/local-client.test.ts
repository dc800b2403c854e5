// The machine-built voice client of the local platform (web/src/adapters/voice/local-client.ts) over
// fake transports: a scripted room (WebSocket), a fake /call/web, a microphone whose level is loud all
// the time, a fake speech recognition that behaves like Chrome's (start() while started throws
// InvalidStateError; abort() ends asynchronously) and a speech synthesis that fails at once (headless
// Chromium has no voices). Proves: the call token rides in assistantOverrides and no Supabase token
// reaches the room; the listening timeout reads as what happened, not as "Assistant not found";
// speech-start/end follow the assistant only; recognition starts once and survives the greeting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_TOKEN_VARIABLE } from '../../core/assistant/contract.ts';
import { LISTENING_TIMEOUT_MS } from '../../machines/call-session/index.ts';
import {
  ASSISTANT_NOT_FOUND_MESSAGE,
  type SdkNotification,
  toWidgetErrorMessage,
} from '../../machines/voice-widget/index.ts';
import { createLocalVoiceClient, LOCAL_ASSISTANT_DEFINITION } from '../../web/src/adapters/voice/local-client.ts';
import type { VoiceClient, VoiceClientEventName } from '../../web/src/adapters/voice/voice-client.ts';
import { createVoiceWidgetFace, NO_ANSWER_MESSAGE } from '../../web/src/adapters/voice/widget-ports.ts';
import { resetTestNow, SUITE_START, testNow, useFakeTimersAt } from '../support/test-clock.ts';

const ORIGIN = 'http://127.0.0.1:9999';
const PUBLIC_KEY = 'local-public-test';
const LOCAL_ASSISTANT_ID = 'homerounds-local-assistant';
/** Loud enough to count as speech (> 0.01) on its own. */
const MIC_LEVEL = 0.5;

// ─── The room ──────────────────────────────────────────────────────────────────────────────────────

interface RoomScript {
  /** Says "listening" after the join (false: the assistant never answers). */
  listening: boolean;
  greeting: string | null;
}

class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static script: RoomScript = { listening: true, greeting: null };
  static sockets: FakeSocket[] = [];

  readyState = FakeSocket.CONNECTING;
  readonly sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  private readonly closeListeners: Array<() => void> = [];

  constructor(readonly url: string) {
    FakeSocket.sockets.push(this);
    queueMicrotask(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    });
  }

  send(data: string): void {
    const frame = JSON.parse(data) as Record<string, unknown>;
    this.sent.push(frame);
    if (frame.type === 'hello') {
      queueMicrotask(() => {
        this.receive({ type: 'joined', callId: 'call-1', sessionId: 's-1' });
        if (FakeSocket.script.listening) this.appMessage('listening');
        if (FakeSocket.script.greeting) this.assistantSays(FakeSocket.script.greeting);
      });
    }
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    queueMicrotask(() => {
      this.onclose?.({ code, reason });
      for (const listener of this.closeListeners) listener();
    });
  }

  addEventListener(type: string, listener: () => void): void {
    if (type === 'close') this.closeListeners.push(listener);
  }

  receive(frame: Record<string, unknown>): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  appMessage(data: string | Record<string, unknown>): void {
    this.receive({
      type: 'app-message',
      from: 'assistant',
      data: typeof data === 'string' ? data : JSON.stringify(data),
    });
  }

  /** What the local room sends when the assistant speaks (emulators/assistant/routes.ts `say`). */
  assistantSays(text: string): void {
    this.appMessage({ type: 'speech-update', status: 'started', role: 'assistant' });
    this.appMessage({ type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: text });
    this.appMessage({ type: 'speech-update', status: 'stopped', role: 'assistant' });
  }
}

function fakeFetch() {
  return vi.fn(async (url: string | URL | Request, _init?: RequestInit) => {
    const href = String(url);
    if (href === `${ORIGIN}/call/web`) {
      return Response.json({ id: 'call-1', webCallUrl: `${ORIGIN}/__local/room/call-1` }, { status: 201 });
    }
    if (href === `${ORIGIN}/__local/room/call-1`) return Response.json({ callId: 'call-1', faults: {} });
    return Response.json({ message: 'not found' }, { status: 404 });
  });
}

// ─── The browser's media ───────────────────────────────────────────────────────────────────────────

class FakeAudioContext {
  createAnalyser() {
    return {
      fftSize: 0,
      getFloatTimeDomainData(samples: Float32Array) {
        samples.fill(MIC_LEVEL);
      },
    };
  }
  createMediaStreamSource() {
    return { connect() {} };
  }
  close() {
    return Promise.resolve();
  }
}

/** Chrome's recognition as far as the client can see it. */
class FakeRecognition {
  static instances: FakeRecognition[] = [];
  continuous = false;
  interimResults = false;
  lang = '';
  onresult: ((event: unknown) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  running = false;
  starts = 0;
  aborts = 0;
  readonly thrown: string[] = [];

  constructor() {
    FakeRecognition.instances.push(this);
  }

  start(): void {
    if (this.running) {
      this.thrown.push('InvalidStateError');
      throw new DOMException(
        "Failed to execute 'start' on 'SpeechRecognition': recognition has already started.",
        'InvalidStateError',
      );
    }
    this.running = true;
    this.starts += 1;
  }

  abort(): void {
    this.aborts += 1;
    if (!this.running) return;
    // Chrome ends an aborted recognition a little later, not inside abort().
    setTimeout(() => this.finish('aborted'), 150);
  }

  stop(): void {
    if (this.running) setTimeout(() => this.finish(null), 150);
  }

  /** The browser ends the session (after an error, or on its own). */
  finish(error: string | null): void {
    if (!this.running) return;
    if (error) this.onerror?.({ error });
    this.running = false;
    this.onend?.();
  }

  hear(transcript: string): void {
    const result = Object.assign([{ transcript }], { isFinal: true });
    this.onresult?.({ resultIndex: 0, results: [result] });
  }
}

/** Headless Chromium has no voices: every utterance fails at once. */
class FakeUtterance {
  lang = '';
  onend: (() => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  constructor(readonly text: string) {}
}
const failingSynthesis = {
  spoken: [] as string[],
  speak(utterance: FakeUtterance) {
    this.spoken.push(utterance.text);
    utterance.onerror?.({ error: 'synthesis-failed' });
  },
  cancel() {},
};

beforeEach(() => {
  // Timers and the clock are fake from the suite's start (seed day, 9:30 am in Chicago).
  useFakeTimersAt(SUITE_START);
  FakeSocket.sockets = [];
  FakeSocket.script = { listening: true, greeting: null };
  FakeRecognition.instances = [];
  failingSynthesis.spoken = [];
  vi.stubGlobal('navigator', {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) test',
    mediaDevices: { getUserMedia: async () => ({ getTracks: () => [{ stop() {} }] }) },
  });
  vi.stubGlobal('AudioContext', FakeAudioContext);
});

afterEach(() => {
  resetTestNow();
  vi.unstubAllGlobals();
});

function localClient(getCallToken: () => Promise<string | null> = async () => 'call-token-1') {
  const fetch = fakeFetch();
  const client = createLocalVoiceClient({
    apiBaseUrl: ORIGIN,
    publicKey: PUBLIC_KEY,
    localAssistantId: LOCAL_ASSISTANT_ID,
    getCallToken,
    fetch: fetch as unknown as typeof globalThis.fetch,
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    now: () => testNow().getTime(),
  });
  const events: string[] = [];
  for (const name of ['call-start', 'speech-start', 'speech-end', 'error', 'call-end'] as VoiceClientEventName[]) {
    client.on(name, () => events.push(name));
  }
  return { client, fetch, events };
}

async function startLiveCall(client: VoiceClient): Promise<FakeSocket> {
  const started = client.start(LOCAL_ASSISTANT_ID);
  await vi.advanceTimersByTimeAsync(50);
  expect(await started).toEqual({ id: 'call-1' });
  const socket = FakeSocket.sockets.at(-1);
  if (!socket) throw new Error('no room socket');
  return socket;
}

describe('local voice client: who is calling', () => {
  it('sends the call token as an assistant-overrides variable and never a Supabase token to the room', async () => {
    const { client, fetch } = localClient();
    const socket = await startLiveCall(client);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${ORIGIN}/call/web`);
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${PUBLIC_KEY}`);
    expect(JSON.parse(String(init.body))).toEqual({
      assistant: LOCAL_ASSISTANT_DEFINITION,
      assistantOverrides: { variableValues: { [CALL_TOKEN_VARIABLE]: 'call-token-1' } },
    });
    const hello = socket.sent.find((frame) => frame.type === 'hello');
    expect(hello).toEqual({ type: 'hello', publicKey: PUBLIC_KEY });
    await client.stop();
  });

  it('starts without overrides when signed out (no call token), and fails the start when the token cannot be had', async () => {
    const { client, fetch } = localClient(async () => null);
    await startLiveCall(client);
    expect(JSON.parse(String((fetch.mock.calls[0] as [string, RequestInit])[1].body))).toEqual({
      assistant: LOCAL_ASSISTANT_DEFINITION,
    });
    await client.stop();

    const failing = localClient(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(failing.client.start(LOCAL_ASSISTANT_ID)).rejects.toThrow('Failed to fetch');
    expect(failing.fetch).not.toHaveBeenCalled();
    expect(failing.client.isActive()).toBe(false);

    // Stopped while the token was on its way: no call is created.
    let release: (token: string) => void = () => {};
    const slow = localClient(() => new Promise<string>((resolve) => (release = resolve)));
    const starting = slow.client.start(LOCAL_ASSISTANT_ID);
    await slow.client.stop();
    release('call-token-1');
    expect(await starting).toBeNull();
    await vi.advanceTimersByTimeAsync(50);
    expect(slow.fetch).not.toHaveBeenCalled();
  });
});

describe('local voice client: the assistant never says "listening"', () => {
  it('reports the timeout as a no-answer the error catalogue passes through, not "Assistant not found"', async () => {
    FakeSocket.script = { listening: false, greeting: null };
    const { client, events } = localClient();
    const face = createVoiceWidgetFace(async () => client, {});
    await face.loadClient(new AbortController().signal);
    const notifications: SdkNotification[] = [];
    face.subscribe((notification) => notifications.push(notification));
    await startLiveCall(client);
    expect(events).not.toContain('call-start');

    await vi.advanceTimersByTimeAsync(LISTENING_TIMEOUT_MS - 100);
    expect(events).not.toContain('error');
    await vi.advanceTimersByTimeAsync(200);
    expect(events).toContain('error');
    const error = notifications.find((n) => n.type === 'sdk.error');
    expect(error).toEqual({ type: 'sdk.error', message: NO_ANSWER_MESSAGE });
    const shown = toWidgetErrorMessage((error as { message: string }).message);
    expect(shown).not.toBe(ASSISTANT_NOT_FOUND_MESSAGE);
    expect(shown).toBe(NO_ANSWER_MESSAGE);
    // The call is left and cleaned up: a new start is possible.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(client.isActive()).toBe(false);
  });
});

describe('local voice client: speaking detection', () => {
  it("derives speech-start/end from the assistant's speech only, never from the user's microphone", async () => {
    const { client, events } = localClient();
    const micLevels: number[] = [];
    client.on('local-volume-level', (level) => micLevels.push(level));
    const volume: number[] = [];
    client.on('volume-level', (level) => volume.push(level));
    const socket = await startLiveCall(client);
    expect(events).toContain('call-start');

    // The microphone is loud for 3 s: the user talking is not the assistant speaking.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(events.filter((e) => e === 'speech-start')).toHaveLength(0);
    expect(volume.length).toBeGreaterThan(20);
    expect(Math.max(...volume)).toBe(0);
    // The microphone still feeds a local level meter.
    expect(micLevels.length).toBeGreaterThan(20);
    expect(micLevels.at(-1)).toBeCloseTo(MIC_LEVEL);

    // The assistant speaks (four words, ≈ 2 s by the estimate): speech-start, then speech-end 1 s after.
    socket.assistantSays('Your next visit: Ana.');
    await vi.advanceTimersByTimeAsync(200);
    expect(events.filter((e) => e === 'speech-start')).toHaveLength(1);
    expect(events).not.toContain('speech-end');
    await vi.advanceTimersByTimeAsync(4_000);
    expect(events.filter((e) => e === 'speech-end')).toHaveLength(1);
    expect(events.filter((e) => e === 'speech-start')).toHaveLength(1);
    await client.stop();
  });
});

describe('local voice client: speech recognition', () => {
  beforeEach(() => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    vi.stubGlobal('speechSynthesis', failingSynthesis);
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  });

  it('starts once at call start, survives the greeting, restarts only after end, recovers from no-speech and aborted', async () => {
    FakeSocket.script = { listening: true, greeting: "Hi Maya, I'm your HomeRounds assistant." };
    const { client } = localClient();
    const socket = await startLiveCall(client);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(failingSynthesis.spoken).toEqual(["Hi Maya, I'm your HomeRounds assistant."]);
    const recognition = FakeRecognition.instances[0] as FakeRecognition;
    expect(FakeRecognition.instances).toHaveLength(1);
    expect(recognition.thrown).toEqual([]);
    expect(recognition.starts).toBe(1);
    expect(recognition.running).toBe(true);
    expect(client.canListen()).toBe(true);

    // What the user says goes into the call.
    recognition.hear('What are my appointments tomorrow?');
    expect(socket.sent.at(-1)).toEqual({
      type: 'add-message',
      message: { role: 'user', content: 'What are my appointments tomorrow?' },
    });

    // Chrome ends a silent session with no-speech: recognition comes back after the end, not before.
    recognition.finish('no-speech');
    expect(recognition.running).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(recognition.starts).toBe(2);
    expect(client.canListen()).toBe(true);
    recognition.finish('aborted');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(recognition.starts).toBe(3);
    expect(recognition.thrown).toEqual([]);
    expect(client.canListen()).toBe(true);
    await client.stop();
  });

  it('pauses while muted and never calls start() before the previous session ended', async () => {
    const { client } = localClient();
    await startLiveCall(client);
    await vi.advanceTimersByTimeAsync(500);
    const recognition = FakeRecognition.instances[0] as FakeRecognition;
    expect(recognition.starts).toBe(1);
    client.setMuted(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(recognition.aborts).toBe(1);
    // Unmuted again before the aborted session ended: no start() on a running recognition.
    client.setMuted(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(recognition.thrown).toEqual([]);
    expect(recognition.starts).toBe(2);
    expect(recognition.running).toBe(true);
    expect(client.canListen()).toBe(true);
    await client.stop();
  });

  it('drops what it hears while the assistant speaks (its own voice through the speakers)', async () => {
    vi.stubGlobal('speechSynthesis', undefined);
    const { client } = localClient();
    const socket = await startLiveCall(client);
    await vi.advanceTimersByTimeAsync(500);
    const recognition = FakeRecognition.instances[0] as FakeRecognition;
    socket.assistantSays('You have three appointments tomorrow and a long drive.');
    await vi.advanceTimersByTimeAsync(100);
    const sentBefore = socket.sent.length;
    recognition.hear('You have three appointments tomorrow');
    expect(socket.sent.length).toBe(sentBefore);
    await vi.advanceTimersByTimeAsync(6_000);
    recognition.hear('Thanks');
    expect(socket.sent.at(-1)).toEqual({ type: 'add-message', message: { role: 'user', content: 'Thanks' } });
    expect(recognition.starts).toBe(1);
    await client.stop();
  });
});
