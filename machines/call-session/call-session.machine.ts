// Call session: a web call's staged start (the official SDK's exact stage order, with progress events
// and durations), the live call (assistant "listening", messages, speaking detection, audio-processor
// recovery) and its end (call-end, customer-ended-call once, recording stop, cleanup). Drives the
// machine-built voice client of the CLI, tests and the local platform. Timing: every start stage has
// its own timeout; mobile waits 1 s before joining; "listening" must come within 30 s; speech ends 1 s
// after the last loud audio sample; leave, recording stop and cleanup give up after 10/10/5 s.
import { assign, emit, enqueueActions, sendTo, setup } from 'xstate';
import { errorMessage, notProvidedCallback, notProvidedPromise } from '../shared/not-provided.ts';
import type {
  CallErrorPayload,
  CallObjectOptions,
  CallSessionContext,
  CallSessionEmitted,
  CallSessionEvent,
  CallSessionInput,
  CallStartProgress,
  CallStartRequest,
  CallStartStage,
  CallTransportCommand,
  JoinCallInput,
  SerializedError,
  StageOutput,
  VideoRecordingSetUp,
  WebCall,
  WebCallCreated,
} from './call-session.types.ts';

/** Spec §9: a mobile device waits this long before joining. */
export const MOBILE_JOIN_DELAY_MS = 1_000;
/** Spec §9: summed remote audio level above this counts as speech. */
export const SPEAKING_THRESHOLD = 0.01;
/** Spec §9: speech-end comes this long after the last loud sample. */
export const SPEECH_END_DELAY_MS = 1_000;
/** Spec §9: volume-level = min(1, sum / divisor). */
export const VOLUME_DIVISOR = 0.15;
/** Spec §9: the room samples remote audio levels this often (the transport's job; documented here). */
export const AUDIO_LEVEL_INTERVAL_MS = 100;

/** Ours: stage timeouts (the SDK has none; a hung stage would leave the widget connecting forever). */
export const WEB_CALL_CREATION_TIMEOUT_MS = 20_000;
export const CALL_OBJECT_CREATION_TIMEOUT_MS = 10_000;
/** Covers the video client's worst bundle load (3 × 20 s + 2 × 3 s) plus the join itself. */
export const CALL_JOIN_TIMEOUT_MS = 90_000;
export const VIDEO_RECORDING_SETUP_TIMEOUT_MS = 10_000;
export const AUDIO_OBSERVER_SETUP_TIMEOUT_MS = 5_000;
export const AUDIO_PROCESSING_SETUP_TIMEOUT_MS = 5_000;
/** Ours: the assistant must say "listening" within this time after the start succeeded. */
export const LISTENING_TIMEOUT_MS = 30_000;
export const LEAVE_TIMEOUT_MS = 10_000;
export const STOP_RECORDING_TIMEOUT_MS = 10_000;
export const CLEANUP_TIMEOUT_MS = 5_000;

/** Spec §8. */
export const MISSING_CALL_TARGET_MESSAGE = 'Assistant or Squad or Workflow must be provided.';
export const STOPPED_DURING_START_MESSAGE = 'The call was stopped before it started';
export const LISTENING_TIMEOUT_MESSAGE = `The assistant did not start listening within ${LISTENING_TIMEOUT_MS} ms`;
/** The synthetic end status sent once when no real one arrived (reference §1.8). */
export const CUSTOMER_ENDED_STATUS = {
  type: 'status-update',
  status: 'ended',
  endedReason: 'customer-ended-call',
} as const;

/** Σ of the remote participants' levels (reference §1.6). */
export function speechLevel(levels: readonly number[]): number {
  return levels.reduce((sum, level) => sum + level, 0);
}
export function toVolumeLevel(levels: readonly number[]): number {
  return Math.min(1, speechLevel(levels) / VOLUME_DIVISOR);
}
export function isSpeechLevel(levels: readonly number[]): boolean {
  return speechLevel(levels) > SPEAKING_THRESHOLD;
}
/** An app-message's JSON object, or null when it is not a JSON object. */
export function parseCallMessage(data: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
export function isEndedStatus(message: Record<string, unknown> | null): boolean {
  return message?.type === 'status-update' && message.status === 'ended';
}

function serializeError(error: unknown): SerializedError {
  const serialized: SerializedError = { message: errorMessage(error) };
  if (error instanceof Error) {
    serialized.name = error.name;
    if (error.stack) serialized.stack = error.stack;
  }
  return serialized;
}
/** A stage actor's failure carries how long it ran (StageFailure); anything else counts as 0 ms. */
export function failureDuration(error: unknown): number {
  const duration = error && typeof error === 'object' ? (error as { durationMs?: unknown }).durationMs : undefined;
  return typeof duration === 'number' ? duration : 0;
}
function timeoutMessage(stage: CallStartStage, ms: number): string {
  return `${stage} timed out after ${ms} ms`;
}

interface StageParams {
  stage: CallStartStage;
  durationMs: number;
  metadata?: Record<string, unknown>;
}
interface FailParams {
  stage: CallStartStage;
  durationMs: number;
  error: unknown;
  /** The stage's own error type, emitted before start-method-error (daily-call-*-error); null for none. */
  errorType: string | null;
}
interface SoftFailParams {
  stage: CallStartStage;
  durationMs: number;
  error: unknown;
  errorType: string;
}

function startContext(context: CallSessionContext) {
  return {
    hasAssistant: context.hasAssistant,
    hasSquad: context.hasSquad,
    hasWorkflow: context.hasWorkflow,
    isMobile: context.isMobile,
  };
}

function requestOf(event: CallSessionEvent): CallStartRequest {
  if (event.type !== 'call.start') return {};
  const { type: _type, isMobile: _isMobile, ...request } = event;
  return request;
}

const EMPTY_CALL: Pick<
  CallSessionContext,
  | 'call'
  | 'totalDurationMs'
  | 'endedStatusReceived'
  | 'noiseProcessor'
  | 'muted'
  | 'hasAssistant'
  | 'hasSquad'
  | 'hasWorkflow'
> = {
  hasAssistant: false,
  hasSquad: false,
  hasWorkflow: false,
  call: null,
  totalDurationMs: 0,
  endedStatusReceived: false,
  noiseProcessor: 'noise-cancellation',
  muted: false,
};

export const callSessionMachine = setup({
  types: {
    context: {} as CallSessionContext,
    events: {} as CallSessionEvent,
    input: {} as CallSessionInput,
    emitted: {} as CallSessionEmitted,
  },
  actors: {
    createWebCall: notProvidedPromise<WebCallCreated, CallStartRequest>('createWebCall'),
    createCallObject: notProvidedPromise<StageOutput, CallObjectOptions>('createCallObject'),
    joinCall: notProvidedPromise<StageOutput, JoinCallInput>('joinCall'),
    startVideoRecording: notProvidedPromise<VideoRecordingSetUp, { videoRecordingEnabled: boolean }>(
      'startVideoRecording',
    ),
    startAudioObserver: notProvidedPromise<StageOutput>('startAudioObserver'),
    startAudioProcessing: notProvidedPromise<StageOutput>('startAudioProcessing'),
    callTransport: notProvidedCallback<CallTransportCommand>('callTransport'),
    leaveCall: notProvidedPromise<void>('leaveCall'),
    stopRecording: notProvidedPromise<void>('stopRecording'),
    cleanup: notProvidedPromise<void>('cleanup'),
  },
  guards: {
    hasNoCallTarget: ({ event }) => {
      if (event.type !== 'call.start') return false;
      return !(
        event.assistantId ||
        event.assistant ||
        event.squadId ||
        event.squad ||
        event.workflowId ||
        event.workflow
      );
    },
    isMobile: ({ context }) => context.isMobile,
    hasVideoRecording: ({ context }) => context.call?.videoRecordingEnabled === true,
    isListeningMessage: ({ event }) =>
      event.type === 'daily.appMessage' && event.fromAssistant && event.data === 'listening',
    isEndedStatusMessage: ({ event }) =>
      event.type === 'daily.appMessage' && isEndedStatus(parseCallMessage(event.data)),
    isJsonMessage: ({ event }) => event.type === 'daily.appMessage' && parseCallMessage(event.data) !== null,
    isLoudSample: ({ event }) => event.type === 'daily.audioLevels' && isSpeechLevel(event.levels),
    isAudioProcessorError: ({ event }) =>
      event.type === 'daily.nonFatalError' && event.errorType === 'audio-processor-error',
  },
  actions: {
    resetCall: assign(({ context }) => ({ ...EMPTY_CALL, isMobile: context.defaultIsMobile })),
    assignStart: assign(({ context, event }) => {
      if (event.type !== 'call.start') return {};
      return {
        ...EMPTY_CALL,
        isMobile: event.isMobile ?? context.defaultIsMobile,
        hasAssistant: Boolean(event.assistantId || event.assistant),
        hasSquad: Boolean(event.squadId || event.squad),
        hasWorkflow: Boolean(event.workflowId || event.workflow),
      };
    }),
    assignCall: assign((_, call: WebCall) => ({ call })),
    emitValidationError: emit({
      type: 'error',
      payload: {
        type: 'validation-error',
        stage: 'input-validation',
        error: { message: MISSING_CALL_TARGET_MESSAGE },
      },
    }),
    emitAlreadyStarted: emit({
      type: 'call-start-progress',
      payload: { stage: 'validation', status: 'failed', metadata: { reason: 'already-started' } },
    }),
    emitStageStarted: emit((_, params: { stage: CallStartStage; metadata?: Record<string, unknown> }) => {
      const payload: CallStartProgress = { stage: params.stage, status: 'started' };
      if (params.metadata) payload.metadata = params.metadata;
      return { type: 'call-start-progress' as const, payload };
    }),
    completeStage: enqueueActions(({ context, enqueue }, params: StageParams) => {
      const payload: CallStartProgress = { stage: params.stage, status: 'completed', durationMs: params.durationMs };
      if (params.metadata) payload.metadata = params.metadata;
      enqueue.emit({ type: 'call-start-progress', payload });
      enqueue.assign({ totalDurationMs: context.totalDurationMs + params.durationMs });
    }),
    /** Non-fatal stages (video recording, audio observer, audio processing): report and go on. */
    softFailStage: enqueueActions(({ context, enqueue }, params: SoftFailParams) => {
      const error = serializeError(params.error);
      enqueue.emit({
        type: 'call-start-progress',
        payload: { stage: params.stage, status: 'failed', durationMs: params.durationMs },
      });
      enqueue.emit({ type: 'error', payload: { type: params.errorType, stage: params.stage, error } });
      enqueue.assign({ totalDurationMs: context.totalDurationMs + params.durationMs });
    }),
    /** A fatal stage failure: progress failed, the stage's error, call-start-failed, start-method-error. */
    failStart: enqueueActions(({ context, enqueue }, params: FailParams) => {
      const totalDurationMs = context.totalDurationMs + params.durationMs;
      const error = serializeError(params.error);
      enqueue.emit({
        type: 'call-start-progress',
        payload: { stage: params.stage, status: 'failed', durationMs: params.durationMs },
      });
      if (params.errorType) {
        enqueue.emit({ type: 'error', payload: { type: params.errorType, stage: params.stage, error } });
      }
      const failed = {
        stage: params.stage,
        error: error.message,
        totalDurationMs,
        context: startContext(context),
        ...(error.stack ? { stack: error.stack } : {}),
      };
      enqueue.emit({ type: 'call-start-failed', payload: failed });
      const startMethodError: CallErrorPayload = {
        type: 'start-method-error',
        stage: params.stage,
        error,
        totalDurationMs,
        context: startContext(context),
      };
      enqueue.emit({ type: 'error', payload: startMethodError });
      enqueue.assign({ totalDurationMs });
    }),
    emitStoppedDuringStart: emit(({ context }) => ({
      type: 'call-start-failed' as const,
      payload: {
        stage: 'unknown' as const,
        error: STOPPED_DURING_START_MESSAGE,
        totalDurationMs: context.totalDurationMs,
        context: startContext(context),
      },
    })),
    emitStartSuccess: emit(({ context }) => ({
      type: 'call-start-success' as const,
      payload: { totalDurationMs: context.totalDurationMs, callId: context.call?.id ?? 'unknown' },
    })),
    emitCallStart: emit({ type: 'call-start', payload: undefined }),
    emitMessage: emit(({ event }) => ({
      type: 'message' as const,
      payload: (event.type === 'daily.appMessage' ? parseCallMessage(event.data) : null) ?? {},
    })),
    markEndedStatus: assign({ endedStatusReceived: true }),
    /** Not JSON (or not an object): dropped, as the SDK does; only logged. */
    logDroppedMessage: ({ event }) => {
      if (event.type === 'daily.appMessage') console.warn('[call-session] dropped an app-message that is not JSON');
    },
    emitVolumeLevel: emit(({ event }) => ({
      type: 'volume-level' as const,
      payload: event.type === 'daily.audioLevels' ? toVolumeLevel(event.levels) : 0,
    })),
    emitSpeechStart: emit({ type: 'speech-start', payload: undefined }),
    emitSpeechEnd: emit({ type: 'speech-end', payload: undefined }),
    emitError: emit((_, payload: CallErrorPayload) => ({ type: 'error' as const, payload })),
    emitDailyError: emit(({ event }) => ({
      type: 'error' as const,
      payload: {
        type: 'daily-error',
        error:
          event.type === 'daily.error' ? { message: event.message, type: event.errorType } : { message: 'daily error' },
      },
    })),
    sendToTransport: sendTo('callTransport', ({ event }): CallTransportCommand => {
      if (event.type === 'call.send') return { type: 'transport.send', message: event.message };
      if (event.type === 'call.setMuted') return { type: 'transport.setMuted', muted: event.muted };
      return { type: 'transport.recoverAudio' };
    }),
    assignMuted: assign({
      muted: ({ context, event }) => (event.type === 'call.setMuted' ? event.muted : context.muted),
    }),
    disableNoiseProcessor: assign({ noiseProcessor: 'none' }),
    /** Reference §1.8: call-end, then the synthetic ended status once unless a real one came. */
    endCall: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'call-end', payload: undefined });
      if (!context.endedStatusReceived) enqueue.emit({ type: 'message', payload: { ...CUSTOMER_ENDED_STATUS } });
      enqueue.assign({ endedStatusReceived: true });
    }),
    /** Problems after the call has ended (recording stop, cleanup) are only logged. */
    logEndProblem: (_, params: { where: string; error: unknown }) => {
      console.warn(`[call-session] ${params.where}:`, errorMessage(params.error));
    },
  },
  delays: {
    webCallCreationTimeout: WEB_CALL_CREATION_TIMEOUT_MS,
    callObjectCreationTimeout: CALL_OBJECT_CREATION_TIMEOUT_MS,
    mobileJoinDelay: MOBILE_JOIN_DELAY_MS,
    callJoinTimeout: CALL_JOIN_TIMEOUT_MS,
    videoRecordingSetupTimeout: VIDEO_RECORDING_SETUP_TIMEOUT_MS,
    audioObserverSetupTimeout: AUDIO_OBSERVER_SETUP_TIMEOUT_MS,
    audioProcessingSetupTimeout: AUDIO_PROCESSING_SETUP_TIMEOUT_MS,
    listeningTimeout: LISTENING_TIMEOUT_MS,
    speechEndDelay: SPEECH_END_DELAY_MS,
    leaveTimeout: LEAVE_TIMEOUT_MS,
    stopRecordingTimeout: STOP_RECORDING_TIMEOUT_MS,
    cleanupTimeout: CLEANUP_TIMEOUT_MS,
  },
}).createMachine({
  id: 'call-session',
  context: ({ input }) => ({ ...EMPTY_CALL, defaultIsMobile: input.isMobile, isMobile: input.isMobile }),
  // Spec §4: a second start while started is refused (the caller's start resolves null).
  on: {
    'call.start': { actions: 'emitAlreadyStarted' },
  },
  initial: 'idle',
  states: {
    idle: {
      entry: 'resetCall',
      on: {
        'call.start': [
          { guard: 'hasNoCallTarget', actions: 'emitValidationError' },
          {
            target: 'starting',
            actions: [
              'assignStart',
              {
                type: 'emitStageStarted',
                params: ({ context }) => ({
                  stage: 'initialization',
                  metadata: {
                    hasAssistant: context.hasAssistant,
                    hasSquad: context.hasSquad,
                    hasWorkflow: context.hasWorkflow,
                  },
                }),
              },
              { type: 'completeStage', params: { stage: 'initialization', durationMs: 0 } },
            ],
          },
        ],
      },
    },
    starting: {
      tags: ['busy'],
      on: {
        'call.stop': { target: 'cleaningUp', actions: 'emitStoppedDuringStart' },
      },
      initial: 'webCallCreation',
      states: {
        webCallCreation: {
          entry: { type: 'emitStageStarted', params: { stage: 'web-call-creation' } },
          invoke: {
            id: 'createWebCall',
            src: 'createWebCall',
            input: ({ event }) => requestOf(event),
            onDone: {
              target: 'dailyCallObjectCreation',
              actions: [
                { type: 'assignCall', params: ({ event }) => event.output.call },
                {
                  type: 'completeStage',
                  params: ({ event }) => ({
                    stage: 'web-call-creation',
                    durationMs: event.output.durationMs,
                    metadata: {
                      callId: event.output.call.id,
                      videoRecordingEnabled: event.output.call.videoRecordingEnabled,
                      voiceProvider: event.output.call.voiceProvider,
                    },
                  }),
                },
              ],
            },
            onError: {
              target: '#call-session.cleaningUp',
              actions: {
                type: 'failStart',
                params: ({ event }) => ({
                  stage: 'web-call-creation',
                  durationMs: failureDuration(event.error),
                  error: event.error,
                  errorType: null,
                }),
              },
            },
          },
          after: {
            webCallCreationTimeout: {
              target: '#call-session.cleaningUp',
              actions: {
                type: 'failStart',
                params: {
                  stage: 'web-call-creation',
                  durationMs: WEB_CALL_CREATION_TIMEOUT_MS,
                  error: timeoutMessage('web-call-creation', WEB_CALL_CREATION_TIMEOUT_MS),
                  errorType: null,
                },
              },
            },
          },
        },
        dailyCallObjectCreation: {
          entry: {
            type: 'emitStageStarted',
            params: ({ context }) => ({
              stage: 'daily-call-object-creation',
              metadata: {
                isVideoRecordingEnabled: context.call?.videoRecordingEnabled ?? false,
                isVideoEnabled: context.call?.voiceProvider === 'tavus',
              },
            }),
          },
          invoke: {
            id: 'createCallObject',
            src: 'createCallObject',
            input: ({ context }) => ({
              videoRecordingEnabled: context.call?.videoRecordingEnabled ?? false,
              isVideoEnabled: context.call?.voiceProvider === 'tavus',
            }),
            onDone: [
              {
                guard: 'isMobile',
                target: 'mobilePermissions',
                actions: {
                  type: 'completeStage',
                  params: ({ event }) => ({ stage: 'daily-call-object-creation', durationMs: event.output.durationMs }),
                },
              },
              {
                target: 'dailyCallJoin',
                actions: [
                  {
                    type: 'completeStage',
                    params: ({ event }) => ({
                      stage: 'daily-call-object-creation',
                      durationMs: event.output.durationMs,
                    }),
                  },
                  // Not mobile: the stage is reported and skipped at once (no wait).
                  { type: 'emitStageStarted', params: { stage: 'mobile-permissions', metadata: { isMobile: false } } },
                  {
                    type: 'completeStage',
                    params: { stage: 'mobile-permissions', durationMs: 0, metadata: { action: 'skipped-not-mobile' } },
                  },
                ],
              },
            ],
            onError: {
              target: '#call-session.cleaningUp',
              actions: {
                type: 'failStart',
                params: ({ event }) => ({
                  stage: 'daily-call-object-creation',
                  durationMs: failureDuration(event.error),
                  error: event.error,
                  errorType: 'daily-call-object-creation-error',
                }),
              },
            },
          },
          after: {
            callObjectCreationTimeout: {
              target: '#call-session.cleaningUp',
              actions: {
                type: 'failStart',
                params: {
                  stage: 'daily-call-object-creation',
                  durationMs: CALL_OBJECT_CREATION_TIMEOUT_MS,
                  error: timeoutMessage('daily-call-object-creation', CALL_OBJECT_CREATION_TIMEOUT_MS),
                  errorType: 'daily-call-object-creation-error',
                },
              },
            },
          },
        },
        mobilePermissions: {
          entry: { type: 'emitStageStarted', params: { stage: 'mobile-permissions', metadata: { isMobile: true } } },
          after: {
            mobileJoinDelay: {
              target: 'dailyCallJoin',
              actions: {
                type: 'completeStage',
                params: {
                  stage: 'mobile-permissions',
                  durationMs: MOBILE_JOIN_DELAY_MS,
                  metadata: { action: 'permissions-wait' },
                },
              },
            },
          },
        },
        dailyCallJoin: {
          entry: { type: 'emitStageStarted', params: { stage: 'daily-call-join' } },
          invoke: {
            id: 'joinCall',
            src: 'joinCall',
            input: ({ context }) => ({ url: context.call?.webCallUrl ?? '', token: context.call?.callToken ?? null }),
            onDone: {
              target: 'videoRecordingSetup',
              actions: {
                type: 'completeStage',
                params: ({ event }) => ({ stage: 'daily-call-join', durationMs: event.output.durationMs }),
              },
            },
            onError: {
              target: '#call-session.cleaningUp',
              actions: {
                type: 'failStart',
                params: ({ event }) => ({
                  stage: 'daily-call-join',
                  durationMs: failureDuration(event.error),
                  error: event.error,
                  errorType: 'daily-call-join-error',
                }),
              },
            },
          },
          after: {
            callJoinTimeout: {
              target: '#call-session.cleaningUp',
              actions: {
                type: 'failStart',
                params: {
                  stage: 'daily-call-join',
                  durationMs: CALL_JOIN_TIMEOUT_MS,
                  error: timeoutMessage('daily-call-join', CALL_JOIN_TIMEOUT_MS),
                  errorType: 'daily-call-join-error',
                },
              },
            },
          },
        },
        videoRecordingSetup: {
          entry: { type: 'emitStageStarted', params: { stage: 'video-recording-setup' } },
          invoke: {
            id: 'startVideoRecording',
            src: 'startVideoRecording',
            input: ({ context }) => ({ videoRecordingEnabled: context.call?.videoRecordingEnabled ?? false }),
            onDone: {
              target: 'audioObserverSetup',
              actions: {
                type: 'completeStage',
                params: ({ event }) => ({
                  stage: 'video-recording-setup',
                  durationMs: event.output.durationMs,
                  metadata: { action: event.output.action },
                }),
              },
            },
            onError: {
              target: 'audioObserverSetup',
              actions: {
                type: 'softFailStage',
                params: ({ event }) => ({
                  stage: 'video-recording-setup',
                  durationMs: failureDuration(event.error),
                  error: event.error,
                  errorType: 'video-recording-setup-error',
                }),
              },
            },
          },
          after: {
            videoRecordingSetupTimeout: {
              target: 'audioObserverSetup',
              actions: {
                type: 'softFailStage',
                params: {
                  stage: 'video-recording-setup',
                  durationMs: VIDEO_RECORDING_SETUP_TIMEOUT_MS,
                  error: timeoutMessage('video-recording-setup', VIDEO_RECORDING_SETUP_TIMEOUT_MS),
                  errorType: 'video-recording-setup-error',
                },
              },
            },
          },
        },
        audioObserverSetup: {
          entry: { type: 'emitStageStarted', params: { stage: 'audio-observer-setup' } },
          invoke: {
            id: 'startAudioObserver',
            src: 'startAudioObserver',
            onDone: {
              target: 'audioProcessingSetup',
              actions: {
                type: 'completeStage',
                params: ({ event }) => ({ stage: 'audio-observer-setup', durationMs: event.output.durationMs }),
              },
            },
            onError: {
              target: 'audioProcessingSetup',
              actions: {
                type: 'softFailStage',
                params: ({ event }) => ({
                  stage: 'audio-observer-setup',
                  durationMs: failureDuration(event.error),
                  error: event.error,
                  errorType: 'audio-observer-setup-error',
                }),
              },
            },
          },
          after: {
            audioObserverSetupTimeout: {
              target: 'audioProcessingSetup',
              actions: {
                type: 'softFailStage',
                params: {
                  stage: 'audio-observer-setup',
                  durationMs: AUDIO_OBSERVER_SETUP_TIMEOUT_MS,
                  error: timeoutMessage('audio-observer-setup', AUDIO_OBSERVER_SETUP_TIMEOUT_MS),
                  errorType: 'audio-observer-setup-error',
                },
              },
            },
          },
        },
        audioProcessingSetup: {
          entry: { type: 'emitStageStarted', params: { stage: 'audio-processing-setup' } },
          invoke: {
            id: 'startAudioProcessing',
            src: 'startAudioProcessing',
            onDone: {
              target: '#call-session.inCall',
              actions: [
                {
                  type: 'completeStage',
                  params: ({ event }) => ({ stage: 'audio-processing-setup', durationMs: event.output.durationMs }),
                },
                'emitStartSuccess',
              ],
            },
            onError: {
              target: '#call-session.inCall',
              actions: [
                {
                  type: 'softFailStage',
                  params: ({ event }) => ({
                    stage: 'audio-processing-setup',
                    durationMs: failureDuration(event.error),
                    error: event.error,
                    errorType: 'audio-processing-setup-error',
                  }),
                },
                'emitStartSuccess',
              ],
            },
          },
          after: {
            audioProcessingSetupTimeout: {
              target: '#call-session.inCall',
              actions: [
                {
                  type: 'softFailStage',
                  params: {
                    stage: 'audio-processing-setup',
                    durationMs: AUDIO_PROCESSING_SETUP_TIMEOUT_MS,
                    error: timeoutMessage('audio-processing-setup', AUDIO_PROCESSING_SETUP_TIMEOUT_MS),
                    errorType: 'audio-processing-setup-error',
                  },
                },
                'emitStartSuccess',
              ],
            },
          },
        },
      },
    },
    inCall: {
      invoke: {
        id: 'callTransport',
        src: 'callTransport',
        onError: [
          {
            guard: 'hasVideoRecording',
            target: 'stoppingRecording',
            actions: [
              {
                type: 'emitError',
                params: ({ event }) => ({ type: 'daily-error', error: serializeError(event.error) }),
              },
              'endCall',
            ],
          },
          {
            target: 'cleaningUp',
            actions: [
              {
                type: 'emitError',
                params: ({ event }) => ({ type: 'daily-error', error: serializeError(event.error) }),
              },
              'endCall',
            ],
          },
        ],
      },
      on: {
        // Reference §1.8: left-meeting (any cause) ends the call.
        'daily.left': [
          { guard: 'hasVideoRecording', target: 'stoppingRecording', actions: 'endCall' },
          { target: 'cleaningUp', actions: 'endCall' },
        ],
        // Every room error is passed on; a fatal one is followed by daily.left.
        'daily.error': { actions: 'emitDailyError' },
        'call.send': { actions: 'sendToTransport' },
        'call.setMuted': { actions: ['assignMuted', 'sendToTransport'] },
      },
      initial: 'active',
      states: {
        active: {
          type: 'parallel',
          on: {
            'call.stop': 'leaving',
            'daily.nonFatalError': {
              guard: 'isAudioProcessorError',
              actions: ['disableNoiseProcessor', 'sendToTransport'],
            },
            'daily.audioRecoveryFailed': {
              actions: {
                type: 'emitError',
                params: ({ event }) => ({
                  type: 'audio-processor-recovery-error',
                  error: { message: event.type === 'daily.audioRecoveryFailed' ? event.message : 'Unknown error' },
                }),
              },
            },
          },
          states: {
            connection: {
              initial: 'waitingForAssistant',
              // App-messages are handled in this region only, so the speech region never takes them too.
              on: {
                'daily.appMessage': [
                  { guard: 'isListeningMessage', actions: 'emitCallStart' },
                  { guard: 'isEndedStatusMessage', actions: ['markEndedStatus', 'emitMessage'] },
                  { guard: 'isJsonMessage', actions: 'emitMessage' },
                  { actions: 'logDroppedMessage' },
                ],
              },
              states: {
                waitingForAssistant: {
                  on: {
                    'daily.appMessage': { guard: 'isListeningMessage', target: 'live', actions: 'emitCallStart' },
                  },
                  after: {
                    listeningTimeout: {
                      target: '#call-session.inCall.leaving',
                      actions: {
                        type: 'emitError',
                        params: {
                          type: 'listening-timeout-error',
                          error: { message: LISTENING_TIMEOUT_MESSAGE },
                        },
                      },
                    },
                  },
                },
                live: {},
              },
            },
            speech: {
              initial: 'quiet',
              states: {
                quiet: {
                  on: {
                    'daily.audioLevels': [
                      { guard: 'isLoudSample', target: 'speaking', actions: ['emitVolumeLevel', 'emitSpeechStart'] },
                      { actions: 'emitVolumeLevel' },
                    ],
                  },
                },
                speaking: {
                  after: {
                    speechEndDelay: { target: 'quiet', actions: 'emitSpeechEnd' },
                  },
                  on: {
                    'daily.audioLevels': [
                      // Every loud sample restarts the speech-end timer.
                      { guard: 'isLoudSample', target: 'speaking', reenter: true, actions: 'emitVolumeLevel' },
                      { actions: 'emitVolumeLevel' },
                    ],
                  },
                },
              },
            },
          },
        },
        leaving: {
          tags: ['busy'],
          invoke: {
            id: 'leaveCall',
            src: 'leaveCall',
            onDone: [
              { guard: 'hasVideoRecording', target: '#call-session.stoppingRecording', actions: 'endCall' },
              { target: '#call-session.cleaningUp', actions: 'endCall' },
            ],
            onError: [
              {
                guard: 'hasVideoRecording',
                target: '#call-session.stoppingRecording',
                actions: [
                  { type: 'logEndProblem', params: ({ event }) => ({ where: 'leave', error: event.error }) },
                  'endCall',
                ],
              },
              {
                target: '#call-session.cleaningUp',
                actions: [
                  { type: 'logEndProblem', params: ({ event }) => ({ where: 'leave', error: event.error }) },
                  'endCall',
                ],
              },
            ],
          },
          after: {
            leaveTimeout: [
              { guard: 'hasVideoRecording', target: '#call-session.stoppingRecording', actions: 'endCall' },
              { target: '#call-session.cleaningUp', actions: 'endCall' },
            ],
          },
          on: {
            'daily.appMessage': [
              { guard: 'isEndedStatusMessage', actions: ['markEndedStatus', 'emitMessage'] },
              { guard: 'isJsonMessage', actions: 'emitMessage' },
              { actions: 'logDroppedMessage' },
            ],
          },
        },
      },
    },
    stoppingRecording: {
      tags: ['busy'],
      invoke: {
        id: 'stopRecording',
        src: 'stopRecording',
        onDone: 'cleaningUp',
        onError: {
          target: 'cleaningUp',
          actions: { type: 'logEndProblem', params: ({ event }) => ({ where: 'stop recording', error: event.error }) },
        },
      },
      after: {
        stopRecordingTimeout: {
          target: 'cleaningUp',
          actions: { type: 'logEndProblem', params: { where: 'stop recording', error: 'timed out' } },
        },
      },
    },
    cleaningUp: {
      tags: ['busy'],
      invoke: {
        id: 'cleanup',
        src: 'cleanup',
        onDone: 'idle',
        onError: {
          target: 'idle',
          actions: { type: 'logEndProblem', params: ({ event }) => ({ where: 'cleanup', error: event.error }) },
        },
      },
      after: {
        cleanupTimeout: {
          target: 'idle',
          actions: { type: 'logEndProblem', params: { where: 'cleanup', error: 'timed out' } },
        },
      },
    },
  },
});
