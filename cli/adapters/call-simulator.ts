// The simulated voice client: the call-session and video-client machines driven in-process with
// injected transports, scripted audio levels, scripted conversation turns and injected faults, all on
// XState's SimulatedClock so a 40-second call simulates in milliseconds and every duration reproduces.
// It emits the same events as the official SDK (call-start, call-end, speech-start, …).
import { type AnyActorRef, createActor, SimulatedClock } from 'xstate';
import { assertVideoClientInput } from '../../core/video-client/input-schema.ts';
import {
  CALL_START_STAGES,
  type CallSessionEmitted,
  type CallSessionPorts,
  type CallStartStage,
  type CallTransportNotification,
  callSessionMachine,
  createCallSessionActors,
} from '../../machines/call-session/index.ts';
import { createVideoClientActors, videoClientMachine } from '../../machines/video-client/index.ts';

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

export interface SimulationResult {
  ok: boolean;
  failedStage: CallStartStage | null;
  endedReason: string | null;
  simulatedMs: number;
  callId: string | null;
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

  // The video client: bundle loads time out as scripted, then join/leave take simulated time.
  let bundleAttempt = 0;
  const video = createActor(
    videoClientMachine.provide({
      actors: createVideoClientActors({
        async loadBundle(_attempt, signal) {
          bundleAttempt++;
          if (bundleAttempt <= (options.bundleTimeouts ?? 0)) return never(signal);
          await sleep(SIMULATED_STEP_MS.bundleLoad, signal);
        },
        async joinMeeting(_input, signal) {
          await sleep(SIMULATED_STEP_MS.join, signal);
          return { localSessionId: 'sim-local' };
        },
        async leaveMeeting(signal) {
          await sleep(SIMULATED_STEP_MS.leave, signal);
        },
      }),
    }),
    { clock },
  );
  let lastVideoState = '';
  video.subscribe((snapshot) => {
    const state = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
    if (state !== lastVideoState) {
      lastVideoState = state;
      emit('video-client-state', { state, meetingState: snapshot.context.meetingState });
    }
  });
  video.start();
  const waitForVideo = (ok: 'loaded' | 'joined' | 'left', signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        const snapshot = video.getSnapshot();
        if (snapshot.matches(ok)) resolve();
        else if (snapshot.matches('error'))
          reject(new Error(snapshot.context.lastError?.message ?? 'video client error'));
      };
      const subscription = video.subscribe(check);
      signal.addEventListener('abort', () => {
        subscription.unsubscribe();
        reject(new Error('aborted'));
      });
      check();
    });

  // The room: notifications buffered until the machine subscribes (an early "listening" is kept).
  let notify: ((n: CallTransportNotification) => void) | null = null;
  const pending: CallTransportNotification[] = [];
  const deliver = (n: CallTransportNotification) => (notify ? notify(n) : pending.push(n));

  const ports: CallSessionPorts = {
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
    async joinCall(input, signal) {
      fault('daily-call-join');
      // As daily-js does, the call-machine bundle loads on join (3 attempts, 20 s each, 3 s apart).
      video.send({ type: 'video.load' });
      await waitForVideo('loaded', signal);
      video.send({ type: 'video.join', url: input.url });
      await waitForVideo('joined', signal);
      // The assistant is ready a moment after the join.
      clock.setTimeout(
        () => deliver({ type: 'daily.appMessage', fromAssistant: true, data: 'listening' }),
        SIMULATED_STEP_MS.assistantReady,
      );
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
    connectTransport(listener) {
      notify = listener;
      for (const n of pending.splice(0)) listener(n);
      return {
        send: () => {},
        setMuted: () => {},
        recoverAudio: async () => {},
        close: () => {
          notify = null;
        },
      };
    },
    async leaveCall(signal) {
      video.send({ type: 'video.leave' });
      await waitForVideo('left', signal);
      deliver({ type: 'daily.left' });
    },
    async stopRecording(signal) {
      await sleep(SIMULATED_STEP_MS.recording, signal);
    },
    async cleanup() {},
  };

  const session = createActor(
    callSessionMachine.provide({ actors: createCallSessionActors(ports, () => clock.now()) }),
    { clock, input: { isMobile: options.script.isMobile ?? false } },
  );
  let result: SimulationResult = { ok: false, failedStage: null, endedReason: null, simulatedMs: 0, callId: null };
  let callStartedAt: number | null = null;
  let finished = false;
  session.on('*', (event: CallSessionEmitted) => {
    emit(event.type, event.payload);
    if (event.type === 'call-start-failed') {
      result.failedStage = event.payload.stage === 'unknown' ? null : event.payload.stage;
      finished = true;
    }
    if (event.type === 'call-start-success') {
      result.ok = true;
      result.callId = event.payload.callId;
    }
    if (event.type === 'call-start') callStartedAt = clock.now();
    if (event.type === 'message' && event.payload.type === 'status-update' && event.payload.status === 'ended') {
      result.endedReason = String(event.payload.endedReason ?? 'unknown');
    }
    if (event.type === 'call-end') finished = true;
  });
  session.start();
  session.send({ type: 'call.start', assistantId: options.assistantId });

  // The conversation, scheduled relative to call-start once it happens.
  const turns = options.script.turns ?? [];
  let scheduled = false;
  let answering = 0;
  const runConversation = async (actor: AnyActorRef) => {
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
        actor.send({ type: 'call.stop' });
      }
    }, hangUp);
  };

  while (!finished && clock.now() < MAX_SIMULATED_MS) {
    if (callStartedAt !== null && !scheduled) {
      scheduled = true;
      await runConversation(session);
    }
    if (answering > 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      continue;
    }
    clock.increment(TICK_MS);
    await flush();
  }
  // Let end handling (cleanup) settle.
  for (let i = 0; i < 100 && !session.getSnapshot().matches('idle'); i++) {
    clock.increment(TICK_MS);
    await flush();
  }
  result = { ...result, simulatedMs: clock.now() };
  session.stop();
  video.stop();
  return result;
}

export { CALL_START_STAGES };
