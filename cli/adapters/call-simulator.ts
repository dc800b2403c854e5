// The simulated voice client: the machines' voice-client factory (the web's local client is the same
// factory) over a scripted room — scripted audio levels, conversation turns and injected faults — all
// on XState's SimulatedClock so a 40-second call simulates in milliseconds and every duration
// reproduces. It emits the same events as the official SDK (call-start, call-end, speech-start, …) and
// returns the call session's own outcome.
import { SimulatedClock } from 'xstate';
import { assertVideoClientInput } from '../../core/video-client/input-schema/index.ts';
import {
  CALL_START_STAGES,
  type CallSessionEmitted,
  type CallSessionOutput,
  type CallStartStage,
  createVoiceClient,
} from '../../machines/call-session/index.ts';

/** Simulated durations of each step (ms of simulated time). */
export const SIMULATED_STEP_MS = {
  webCallCreation: 240,
  bundleLoad: 180,
  join: 420,
  recording: 30,
  audioObserver: 5,
  audioProcessing: 12,
  leave: 60,
  assistantReady: 300,
} as const;

/** One audio-level sample of the remote participants (the assistant) at a time after the call started. */
export interface LevelSample {
  atMs: number;
  levels: number[];
}

export interface SimulationScript {
  isMobile?: boolean;
  /** What the user says, in order; each gets an answer from `answer`. */
  turns?: string[];
  /** Remote audio levels; by default the assistant "speaks" for each answer. */
  levels?: LevelSample[];
  /** Simulated ms after call-start at which the user hangs up (default: after the last turn + 2 s). */
  hangUpAtMs?: number;
  /** The assistant ends the call instead of the user (a status-update ended arrives first). */
  assistantEnds?: boolean;
}

/** What the assistant answered a turn: what it said, and the results of the tools it called for it. */
export interface TurnAnswer {
  text: string;
  /** Each tool's result string, delivered as `tool-calls-result` client messages before the answer. */
  toolResults?: Array<{ name: string; result: string }>;
}

export interface SimulationOptions {
  assistantId: string;
  script: SimulationScript;
  /** Make this start stage fail. */
  failStage?: CallStartStage;
  /** How many call-object bundle loads time out (3 or more fails the call object's creation). */
  bundleTimeouts?: number;
  /**
   * The call object's properties (lang, userData, inputSettings, sendSettings, theme, …), validated as
   * the video-call client does when it creates the call object (spec §5): each problem is logged with
   * console.error and the daily-call-object-creation stage fails with the first one.
   */
  callObjectProperties?: Record<string, unknown>;
  /** The assistant's answer to a user turn (the local assistant, or an offline placeholder). */
  answer: (text: string) => Promise<string | TurnAnswer>;
  onEvent: (event: SimulationEvent) => void;
}

export interface SimulationEvent {
  /** Simulated milliseconds since the simulation began. */
  t: number;
  type: CallSessionEmitted['type'] | 'video-client-state' | 'turn';
  payload?: unknown;
}

/** The session's outcome, and how much simulated time the call took. */
export interface SimulationResult extends CallSessionOutput {
  simulatedMs: number;
}

class SimulatedFault extends Error {
  constructor(stage: string) {
    super(`simulated failure at ${stage}`);
    this.name = 'SimulatedFault';
  }
}

const MAX_SIMULATED_MS = 10 * 60_000;
const TICK_MS = 10;

async function flush(): Promise<void> {
  for (let i = 0; i < 4; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
}

/** Default remote levels: the assistant talks for ~1.2 s after each turn, then silence. */
function defaultLevels(turnAt: number[]): LevelSample[] {
  const samples: LevelSample[] = [];
  for (const at of turnAt) {
    for (let ms = 0; ms <= 1_200; ms += 100)
      samples.push({ atMs: at + 400 + ms, levels: [0.04 + (ms % 300) / 10_000] });
    samples.push({ atMs: at + 1_700, levels: [0.002] });
  }
  return samples;
}

export async function simulateCall(options: SimulationOptions): Promise<SimulationResult> {
  const clock = new SimulatedClock();
  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const id = clock.setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => {
        clock.clearTimeout(id);
        reject(new Error('aborted'));
      });
    });
  const never = (signal: AbortSignal) =>
    new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
  const fault = (stage: CallStartStage) => {
    if (options.failStage === stage) throw new SimulatedFault(stage);
  };
  const emit = (type: SimulationEvent['type'], payload?: unknown) => options.onEvent({ t: clock.now(), type, payload });

  let bundleAttempt = 0;
  const client = createVoiceClient({
    isMobile: options.script.isMobile ?? false,
    clock,
    now: () => clock.now(),
    ports: {
      async createWebCall(_request, signal) {
        await sleep(SIMULATED_STEP_MS.webCallCreation, signal);
        fault('web-call-creation');
        return {
          id: `sim-${options.assistantId.slice(0, 8)}`,
          webCallUrl: 'sim://room',
          callToken: null,
          videoRecordingEnabled: false,
          voiceProvider: 'local',
        };
      },
      async createCallObject() {
        fault('daily-call-object-creation');
        if (options.callObjectProperties) assertVideoClientInput('callProperties', options.callObjectProperties);
      },
      // As daily-js does, the call-machine bundle loads on join (3 attempts, 20 s each, 3 s apart).
      room: {
        async loadBundle(_attempt, signal) {
          bundleAttempt++;
          if (bundleAttempt <= (options.bundleTimeouts ?? 0)) return never(signal);
          await sleep(SIMULATED_STEP_MS.bundleLoad, signal);
        },
        async joinMeeting(_input, signal) {
          await sleep(SIMULATED_STEP_MS.join, signal);
          fault('daily-call-join');
          // The assistant is ready a moment after the join.
          clock.setTimeout(
            () => client.report({ type: 'daily.appMessage', fromAssistant: true, data: 'listening' }),
            SIMULATED_STEP_MS.assistantReady,
          );
          return { localSessionId: 'sim-local' };
        },
        async leaveMeeting(signal) {
          await sleep(SIMULATED_STEP_MS.leave, signal);
        },
      },
      async startVideoRecording(input, signal) {
        await sleep(SIMULATED_STEP_MS.recording, signal);
        fault('video-recording-setup');
        return input.videoRecordingEnabled ? 'started' : 'skipped-not-enabled';
      },
      async startAudioObserver(signal) {
        await sleep(SIMULATED_STEP_MS.audioObserver, signal);
        fault('audio-observer-setup');
      },
      async startAudioProcessing(signal) {
        await sleep(SIMULATED_STEP_MS.audioProcessing, signal);
        fault('audio-processing-setup');
      },
      transport: { send: () => {}, setMuted: () => {}, recoverAudio: async () => {} },
      async stopRecording(signal) {
        await sleep(SIMULATED_STEP_MS.recording, signal);
      },
      async cleanup() {},
    },
  });
  let callStartedAt: number | null = null;
  client.on((event) => {
    if (event.type === 'meeting-state') emit('video-client-state', event.payload);
    else emit(event.type, event.payload);
    if (event.type === 'call-start') callStartedAt = clock.now();
  });
  void client.start({ assistantId: options.assistantId });
  const session = client.session();
  const outcome = client.outcome();
  if (!session || !outcome) throw new Error('the voice client did not start a session');

  // The conversation, scheduled relative to call-start once it happens.
  const turns = options.script.turns ?? [];
  let scheduled = false;
  let answering = 0;
  const deliver = client.report;
  const runConversation = () => {
    const turnAt = turns.map((_, i) => 1_000 + i * 4_000);
    const levels = options.script.levels ?? defaultLevels(turnAt);
    for (const sample of levels)
      clock.setTimeout(() => deliver({ type: 'daily.audioLevels', levels: sample.levels }), sample.atMs);
    turns.forEach((text, i) => {
      clock.setTimeout(async () => {
        emit('turn', { role: 'user', text });
        deliver({
          type: 'daily.appMessage',
          fromAssistant: true,
          data: JSON.stringify({ type: 'transcript', role: 'user', transcriptType: 'final', transcript: text }),
        });
        // Simulated time stands still while the (real) assistant answers, as a caller would wait.
        answering++;
        const answered = await options.answer(text).finally(() => {
          answering--;
        });
        const { text: reply, toolResults = [] } = typeof answered === 'string' ? { text: answered } : answered;
        // As the platform sends them with `clientMessages: tool-calls-result`: the web app reloads on a change.
        toolResults.forEach((tool, n) => {
          deliver({
            type: 'daily.appMessage',
            fromAssistant: true,
            data: JSON.stringify({
              type: 'tool-calls-result',
              toolCallResult: { name: tool.name, toolCallId: `sim_${i}_${n}`, result: tool.result },
            }),
          });
        });
        emit('turn', { role: 'assistant', text: reply });
        deliver({
          type: 'daily.appMessage',
          fromAssistant: true,
          data: JSON.stringify({ type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: reply }),
        });
      }, turnAt[i] ?? 0);
    });
    const hangUp = options.script.hangUpAtMs ?? (turnAt.at(-1) ?? 0) + 3_000;
    clock.setTimeout(() => {
      if (options.script.assistantEnds) {
        deliver({
          type: 'daily.appMessage',
          fromAssistant: true,
          data: JSON.stringify({ type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' }),
        });
        clock.setTimeout(() => deliver({ type: 'daily.left' }), 50);
      } else {
        session.send({ type: 'call.stop' });
      }
    }, hangUp);
  };

  // Simulated time runs until the session ends (its final state).
  while (session.getSnapshot().status === 'active' && clock.now() < MAX_SIMULATED_MS) {
    if (callStartedAt !== null && !scheduled) {
      scheduled = true;
      runConversation();
    }
    if (answering > 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      continue;
    }
    clock.increment(TICK_MS);
    await flush();
  }
  if (session.getSnapshot().status === 'active') {
    client.dispose();
    throw new Error(`the simulated call did not end within ${MAX_SIMULATED_MS} ms`);
  }
  const output = await outcome;
  client.dispose();
  return { ...output, simulatedMs: clock.now() };
}

export { CALL_START_STAGES };
