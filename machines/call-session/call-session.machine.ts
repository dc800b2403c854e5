// Call session: one web call from `call.start` to its end, as the official SDK runs it — the eight start
// stages in order (progress events, durations), the live call ("listening", messages, speaking detection,
// audio-processor recovery) and the end (call-end, customer-ended-call once, recording stop, cleanup).
// It owns the room: the call object (video-client) is its child for the whole call. Ends in `ended`
// with {ok, failedStage, endedReason, durations}. Used by the voice-client factory (the web's local
// client, the CLI simulator, tests). Timings: machines/shared/call-timeouts.ts; texts: call-session.messages.ts.
import { type AnyActorRef, assertEvent, assign, emit, enqueueActions, not, sendTo, setup } from 'xstate';
import {
  AUDIO_OBSERVER_SETUP_TIMEOUT_MS,
  AUDIO_PROCESSING_SETUP_TIMEOUT_MS,
  CALL_JOIN_TIMEOUT_MS,
  CALL_LEAVE_TIMEOUT_MS,
  CALL_OBJECT_CREATION_TIMEOUT_MS,
  CLEANUP_TIMEOUT_MS,
  LISTENING_TIMEOUT_MS,
  MOBILE_JOIN_DELAY_MS,
  STOP_RECORDING_TIMEOUT_MS,
  VIDEO_RECORDING_SETUP_TIMEOUT_MS,
  WEB_CALL_CREATION_TIMEOUT_MS,
} from '../shared/call-timeouts.ts';
import { errorMessage, notProvidedCallback, notProvidedPromise } from '../shared/not-provided.ts';
import { videoClientMachine } from '../video-client/video-client.machine.ts';
import {
  CUSTOMER_ENDED_STATUS,
  LISTENING_TIMEOUT_MESSAGE,
  MISSING_CALL_TARGET_MESSAGE,
  STOPPED_DURING_START_MESSAGE,
} from './call-session.messages.ts';
import {
  completedMetadata,
  failureDuration,
  isEndedStatus,
  isFatalStage,
  isSpeechLevel,
  parseCallMessage,
  STAGE_ERROR_TYPES,
  serializeError,
  stageTimeoutMessage,
  startContext,
  startedMetadata,
  toVolumeLevel,
} from './call-session.stages.ts';
import type {
  CallErrorPayload,
  CallObjectOptions,
  CallSessionContext,
  CallSessionEmitted,
  CallSessionEvent,
  CallSessionInput,
  CallSessionOutput,
  CallStartProgress,
  CallStartRequest,
  CallStartStage,
  CallTransportCommand,
  JoinCallInput,
  LeaveCallInput,
  StageOutput,
  VideoRecordingSetUp,
  WebCallCreated,
} from './call-session.types.ts';

/** Spec §9: speech-end comes this long after the last loud sample. */
export const SPEECH_END_DELAY_MS = 1_000;

const callSessionSetup = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as CallSessionContext,
    events: {} as CallSessionEvent,
    input: {} as CallSessionInput,
    output: {} as CallSessionOutput,
    emitted: {} as CallSessionEmitted,
  },
  actors: {
    createWebCall: notProvidedPromise<WebCallCreated, CallStartRequest>('createWebCall'),
    createCallObject: notProvidedPromise<StageOutput, CallObjectOptions>('createCallObject'),
    /** The call object; a face provides it with its room ports (createCallSessionActors). */
    videoClient: videoClientMachine,
    joinCall: notProvidedPromise<StageOutput, JoinCallInput>('joinCall'),
    startVideoRecording: notProvidedPromise<VideoRecordingSetUp, { videoRecordingEnabled: boolean }>(
      'startVideoRecording',
    ),
    startAudioObserver: notProvidedPromise<StageOutput>('startAudioObserver'),
    startAudioProcessing: notProvidedPromise<StageOutput>('startAudioProcessing'),
    callTransport: notProvidedCallback<CallTransportCommand>('callTransport'),
    leaveCall: notProvidedPromise<void, LeaveCallInput>('leaveCall'),
    stopRecording: notProvidedPromise<void>('stopRecording'),
    cleanup: notProvidedPromise<void>('cleanup'),
  },
  guards: {
    hasNoCallTarget: ({ event }) => {
      assertEvent(event, 'call.start');
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
    hasStarted: ({ context }) => context.startSucceeded,
    // Stryker disable next-line OptionalChaining: checked only once the web call exists (after its stage)
    hasVideoRecording: ({ context }) => context.call?.videoRecordingEnabled === true,
    isListeningMessage: ({ event }) => {
      assertEvent(event, 'daily.appMessage');
      return event.fromAssistant && event.data === 'listening';
    },
    isEndedStatusMessage: ({ event }) => {
      assertEvent(event, 'daily.appMessage');
      return isEndedStatus(parseCallMessage(event.data));
    },
    isJsonMessage: ({ event }) => {
      assertEvent(event, 'daily.appMessage');
      return parseCallMessage(event.data) !== null;
    },
    isLoudSample: ({ event }) => {
      assertEvent(event, 'daily.audioLevels');
      return isSpeechLevel(event.levels);
    },
    isAudioProcessorError: ({ event }) => {
      assertEvent(event, 'daily.nonFatalError');
      return event.errorType === 'audio-processor-error';
    },
  },
  actions: {
    assignStart: assign(({ context, event }) => {
      assertEvent(event, 'call.start');
      return {
        isMobile: event.isMobile ?? context.defaultIsMobile,
        hasAssistant: Boolean(event.assistantId || event.assistant),
        hasSquad: Boolean(event.squadId || event.squad),
        hasWorkflow: Boolean(event.workflowId || event.workflow),
      };
    }),
    assignCall: assign(({ event }) => ({ call: (event as unknown as { output: WebCallCreated }).output.call })),
    emitValidationError: emit({
      type: 'error',
      payload: { type: 'validation-error', stage: 'input-validation', error: { message: MISSING_CALL_TARGET_MESSAGE } },
    }),
    emitAlreadyStarted: emit({
      type: 'call-start-progress',
      payload: { stage: 'validation', status: 'failed', metadata: { reason: 'already-started' } },
    }),
    startStage: emit(({ context }, params: { stage: CallStartStage }) => {
      const payload: CallStartProgress = { stage: params.stage, status: 'started' };
      const metadata = startedMetadata(params.stage, context);
      if (metadata) payload.metadata = metadata;
      return { type: 'call-start-progress' as const, payload };
    }),
    /** A stage done: its duration from the actor's output (or given), progress completed, the running totals. */
    completeStage: enqueueActions(
      ({ context, event, enqueue }, params: { stage: CallStartStage; durationMs?: number; action?: string }) => {
        const output = (event as { output?: StageOutput }).output;
        // Stryker disable next-line OptionalChaining: the stages without an actor (no output) give durationMs
        const durationMs = params.durationMs ?? output?.durationMs ?? 0;
        const payload: CallStartProgress = { stage: params.stage, status: 'completed', durationMs };
        const metadata = params.action ? { action: params.action } : completedMetadata(params.stage, output);
        if (metadata) payload.metadata = metadata;
        enqueue.emit({ type: 'call-start-progress', payload });
        enqueue.assign({
          totalDurationMs: context.totalDurationMs + durationMs,
          durations: { ...context.durations, [params.stage]: durationMs },
        });
      },
    ),
    /**
     * A stage failed (its actor's error, or `timeoutMs` elapsed): progress failed and the stage's error;
     * a fatal stage also call-start-failed and start-method-error, and it is the session's failedStage.
     */
    failStage: enqueueActions(({ context, event, enqueue }, params: { stage: CallStartStage; timeoutMs?: number }) => {
      const { stage, timeoutMs } = params;
      const cause =
        timeoutMs === undefined ? (event as { error?: unknown }).error : stageTimeoutMessage(stage, timeoutMs);
      const durationMs = timeoutMs ?? failureDuration(cause);
      const totalDurationMs = context.totalDurationMs + durationMs;
      const error = serializeError(cause);
      const errorType = STAGE_ERROR_TYPES[stage];
      enqueue.emit({ type: 'call-start-progress', payload: { stage, status: 'failed', durationMs } });
      if (errorType) enqueue.emit({ type: 'error', payload: { type: errorType, stage, error } });
      enqueue.assign({ totalDurationMs, durations: { ...context.durations, [stage]: durationMs } });
      if (!isFatalStage(stage)) return;
      const failedContext = startContext(context);
      enqueue.emit({
        type: 'call-start-failed',
        payload: {
          stage,
          error: error.message,
          totalDurationMs,
          context: failedContext,
          ...(error.stack ? { stack: error.stack } : {}),
        },
      });
      enqueue.emit({
        type: 'error',
        payload: { type: 'start-method-error', stage, error, totalDurationMs, context: failedContext },
      });
      enqueue.assign({ failedStage: stage });
    }),
    /** The start ended outside any stage (stopped, or the call object crashed). */
    emitStartAborted: emit(({ context }, params: { message: string }) => ({
      type: 'call-start-failed' as const,
      payload: {
        stage: 'unknown' as const,
        error: params.message,
        totalDurationMs: context.totalDurationMs,
        context: startContext(context),
      },
    })),
    succeedStart: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({
        type: 'call-start-success',
        // Stryker disable next-line OptionalChaining,StringLiteral: inCall is entered only after the web call was created
        payload: { totalDurationMs: context.totalDurationMs, callId: context.call?.id ?? 'unknown' },
      });
      enqueue.assign({ startSucceeded: true });
    }),
    emitCallStart: emit({ type: 'call-start', payload: undefined }),
    emitMessage: emit(({ event }) => ({ type: 'message' as const, payload: appMessageOf(event) ?? {} })),
    assignEndedStatus: assign(({ event }) => ({
      endedStatusReceived: true,
      // Stryker disable next-line OptionalChaining: only after isEndedStatusMessage, so the message is an object
      endedReason: String(appMessageOf(event)?.endedReason ?? 'unknown'),
    })),
    /** Not JSON (or not an object): dropped, as the SDK does; only logged. */
    logDroppedMessage: (_) => {
      console.warn('[call-session] dropped an app-message that is not JSON');
    },
    emitVolumeLevel: emit(({ event }) => ({
      type: 'volume-level' as const,
      payload: toVolumeLevel(levelsOf(event)),
    })),
    emitSpeechStart: emit({ type: 'speech-start', payload: undefined }),
    emitSpeechEnd: emit({ type: 'speech-end', payload: undefined }),
    emitError: emit((_, payload: CallErrorPayload) => ({ type: 'error' as const, payload })),
    /** An actor of the live call crashed (the room transport, the call object). */
    emitCrash: emit(({ event }) => ({
      type: 'error' as const,
      payload: { type: 'daily-error', error: serializeError((event as { error?: unknown }).error) },
    })),
    emitDailyError: emit(({ event }) => ({
      type: 'error' as const,
      payload: { type: 'daily-error', error: dailyErrorOf(event) },
    })),
    sendToTransport: sendTo('callTransport', ({ event }): CallTransportCommand => {
      if (event.type === 'call.send') return { type: 'transport.send', message: event.message };
      if (event.type === 'call.setMuted') return { type: 'transport.setMuted', muted: event.muted };
      return { type: 'transport.recoverAudio' };
    }),
    assignMuted: assign({
      muted: ({ event }) => {
        assertEvent(event, 'call.setMuted');
        return event.muted;
      },
    }),
    disableNoiseProcessor: assign({ noiseProcessor: 'none' }),
    /** Reference §1.8: call-end, then the synthetic ended status once unless a real one came. */
    endCall: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'call-end', payload: undefined });
      if (context.endedStatusReceived) return;
      enqueue.emit({ type: 'message', payload: { ...CUSTOMER_ENDED_STATUS } });
      enqueue.assign({ endedReason: CUSTOMER_ENDED_STATUS.endedReason });
    }),
    /** Problems after the call has ended (leave, recording stop, cleanup) are only logged. */
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
    leaveTimeout: CALL_LEAVE_TIMEOUT_MS,
    stopRecordingTimeout: STOP_RECORDING_TIMEOUT_MS,
    cleanupTimeout: CLEANUP_TIMEOUT_MS,
  },
});

export const callSessionMachine = callSessionSetup.createMachine({
  id: 'call-session',
  context: ({ input }) => ({
    defaultIsMobile: input.isMobile,
    isMobile: input.isMobile,
    hasAssistant: false,
    hasSquad: false,
    hasWorkflow: false,
    call: null,
    totalDurationMs: 0,
    endedStatusReceived: false,
    noiseProcessor: 'noise-cancellation',
    muted: false,
    durations: {},
    failedStage: null,
    startSucceeded: false,
    endedReason: null,
  }),
  output: ({ context }) => ({
    ok: context.startSucceeded,
    failedStage: context.failedStage,
    endedReason: context.endedReason,
    durations: context.durations,
    callId: context.call?.id ?? null,
  }),
  // Spec §4: a second start while started is refused (the caller's start resolves null).
  on: {
    'call.start': { actions: 'emitAlreadyStarted' },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'call.start': [
          { guard: 'hasNoCallTarget', actions: 'emitValidationError' },
          {
            target: 'call',
            actions: [
              'assignStart',
              { type: 'startStage', params: { stage: 'initialization' } },
              { type: 'completeStage', params: { stage: 'initialization', durationMs: 0 } },
            ],
          },
        ],
      },
    },
    // The call object lives as long as the call: leaving this state destroys it.
    call: {
      invoke: {
        id: 'videoClient',
        src: 'videoClient',
        // A crashed call object ends the call (no recording to stop without it): as a left meeting once
        // started, as a failed start before.
        onError: [
          { guard: 'hasStarted', target: 'cleaningUp', actions: ['emitCrash', 'endCall'] },
          {
            target: 'cleaningUp',
            actions: [
              'emitCrash',
              { type: 'emitStartAborted', params: ({ event }) => ({ message: errorMessage(event.error) }) },
            ],
          },
        ],
      },
      initial: 'starting',
      states: {
        starting: {
          tags: ['busy'],
          on: {
            'call.stop': {
              target: '#call-session.cleaningUp',
              actions: { type: 'emitStartAborted', params: { message: STOPPED_DURING_START_MESSAGE } },
            },
          },
          initial: 'webCallCreation',
          states: {
            webCallCreation: stageState({
              stage: 'web-call-creation',
              src: 'createWebCall',
              timeout: 'webCallCreationTimeout',
              timeoutMs: WEB_CALL_CREATION_TIMEOUT_MS,
              next: 'dailyCallObjectCreation',
              input: ({ event }) => requestOf(event),
              onDone: 'assignCall',
            }),
            dailyCallObjectCreation: stageState({
              stage: 'daily-call-object-creation',
              src: 'createCallObject',
              timeout: 'callObjectCreationTimeout',
              timeoutMs: CALL_OBJECT_CREATION_TIMEOUT_MS,
              next: 'mobilePermissions',
              input: ({ context }) => ({
                // Stryker disable next-line BooleanLiteral: the web call exists from the previous stage on
                videoRecordingEnabled: context.call?.videoRecordingEnabled ?? false,
                isVideoEnabled: context.call?.voiceProvider === 'tavus',
              }),
            }),
            // Reported on every device; only a mobile one waits.
            mobilePermissions: {
              entry: { type: 'startStage', params: { stage: 'mobile-permissions' } },
              always: {
                guard: not('isMobile'),
                target: 'dailyCallJoin',
                actions: {
                  type: 'completeStage',
                  params: { stage: 'mobile-permissions', durationMs: 0, action: 'skipped-not-mobile' },
                },
              },
              after: {
                mobileJoinDelay: {
                  target: 'dailyCallJoin',
                  actions: {
                    type: 'completeStage',
                    params: {
                      stage: 'mobile-permissions',
                      durationMs: MOBILE_JOIN_DELAY_MS,
                      action: 'permissions-wait',
                    },
                  },
                },
              },
            },
            dailyCallJoin: stageState({
              stage: 'daily-call-join',
              src: 'joinCall',
              timeout: 'callJoinTimeout',
              timeoutMs: CALL_JOIN_TIMEOUT_MS,
              next: 'videoRecordingSetup',
              input: ({ context, self }) => ({
                // Stryker disable next-line StringLiteral: the web call exists from the first stage on
                url: context.call?.webCallUrl ?? '',
                token: context.call?.callToken ?? null,
                video: self.getSnapshot()?.children?.videoClient,
              }),
            }),
            videoRecordingSetup: stageState({
              stage: 'video-recording-setup',
              src: 'startVideoRecording',
              timeout: 'videoRecordingSetupTimeout',
              timeoutMs: VIDEO_RECORDING_SETUP_TIMEOUT_MS,
              next: 'audioObserverSetup',
              // Stryker disable next-line BooleanLiteral: the web call exists from the first stage on
              input: ({ context }) => ({ videoRecordingEnabled: context.call?.videoRecordingEnabled ?? false }),
            }),
            audioObserverSetup: stageState({
              stage: 'audio-observer-setup',
              src: 'startAudioObserver',
              timeout: 'audioObserverSetupTimeout',
              timeoutMs: AUDIO_OBSERVER_SETUP_TIMEOUT_MS,
              next: 'audioProcessingSetup',
            }),
            audioProcessingSetup: stageState({
              stage: 'audio-processing-setup',
              src: 'startAudioProcessing',
              timeout: 'audioProcessingSetupTimeout',
              timeoutMs: AUDIO_PROCESSING_SETUP_TIMEOUT_MS,
              next: '#call-session.call.inCall',
            }),
          },
        },
        inCall: {
          entry: 'succeedStart',
          invoke: {
            id: 'callTransport',
            src: 'callTransport',
            onError: { target: 'left', actions: 'emitCrash' },
          },
          on: {
            // Reference §1.8: left-meeting (any cause) ends the call.
            'daily.left': 'left',
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
                      error: { message: event.message },
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
                      { guard: 'isEndedStatusMessage', actions: ['assignEndedStatus', 'emitMessage'] },
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
                          target: '#call-session.call.inCall.leaving',
                          actions: {
                            type: 'emitError',
                            params: { type: 'listening-timeout-error', error: { message: LISTENING_TIMEOUT_MESSAGE } },
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
                          {
                            guard: 'isLoudSample',
                            target: 'speaking',
                            actions: ['emitVolumeLevel', 'emitSpeechStart'],
                          },
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
                input: ({ self }) => ({ video: self.getSnapshot()?.children?.videoClient }),
                onDone: '#call-session.call.left',
                onError: {
                  target: '#call-session.call.left',
                  actions: { type: 'logEndProblem', params: ({ event }) => ({ where: 'leave', error: event.error }) },
                },
              },
              after: {
                leaveTimeout: {
                  target: '#call-session.call.left',
                  actions: { type: 'logEndProblem', params: { where: 'leave', error: 'timed out' } },
                },
              },
              on: {
                'daily.appMessage': [
                  { guard: 'isEndedStatusMessage', actions: ['assignEndedStatus', 'emitMessage'] },
                  { guard: 'isJsonMessage', actions: 'emitMessage' },
                  { actions: 'logDroppedMessage' },
                ],
              },
            },
          },
        },
        /** The meeting is over, whatever ended it: call-end and the ended status once, then the recording. */
        left: {
          entry: 'endCall',
          always: [{ guard: 'hasVideoRecording', target: 'stoppingRecording' }, { target: '#call-session.cleaningUp' }],
        },
        stoppingRecording: {
          tags: ['busy'],
          invoke: {
            id: 'stopRecording',
            src: 'stopRecording',
            onDone: '#call-session.cleaningUp',
            onError: {
              target: '#call-session.cleaningUp',
              actions: {
                type: 'logEndProblem',
                params: ({ event }) => ({ where: 'stop recording', error: event.error }),
              },
            },
          },
          after: {
            stopRecordingTimeout: {
              target: '#call-session.cleaningUp',
              actions: { type: 'logEndProblem', params: { where: 'stop recording', error: 'timed out' } },
            },
          },
        },
      },
    },
    cleaningUp: {
      tags: ['busy'],
      invoke: {
        id: 'cleanup',
        src: 'cleanup',
        onDone: 'ended',
        onError: {
          target: 'ended',
          actions: { type: 'logEndProblem', params: ({ event }) => ({ where: 'cleanup', error: event.error }) },
        },
      },
      after: {
        cleanupTimeout: {
          target: 'ended',
          actions: { type: 'logEndProblem', params: { where: 'cleanup', error: 'timed out' } },
        },
      },
    },
    ended: {
      type: 'final',
    },
  },
});

// ─── One start stage, as every stage runs (below the chart; function declarations are hoisted) ─────

type StateConfig = NonNullable<Parameters<typeof callSessionSetup.createMachine>[0]['states']>[string];
type StageActorName =
  | 'createWebCall'
  | 'createCallObject'
  | 'joinCall'
  | 'startVideoRecording'
  | 'startAudioObserver'
  | 'startAudioProcessing';
type StageDelayName =
  | 'webCallCreationTimeout'
  | 'callObjectCreationTimeout'
  | 'callJoinTimeout'
  | 'videoRecordingSetupTimeout'
  | 'audioObserverSetupTimeout'
  | 'audioProcessingSetupTimeout';

interface StageSpec {
  stage: CallStartStage;
  src: StageActorName;
  timeout: StageDelayName;
  timeoutMs: number;
  /** The next state when the stage completes (or, for a non-fatal stage, fails). */
  next: string;
  input?: (args: { context: CallSessionContext; event: CallSessionEvent; self: AnyActorRef }) => unknown;
  /** An action run before completeStage on success. */
  onDone?: 'assignCall';
}

/**
 * A start stage: progress started on entry; the actor's result completes it; its error or its timeout
 * fails it — a fatal stage then cleans up, a non-fatal one goes on to the next stage.
 */
function stageState({ stage, src, timeout, timeoutMs, next, input, onDone }: StageSpec): StateConfig {
  const onFailure = isFatalStage(stage) ? '#call-session.cleaningUp' : next;
  const complete = { type: 'completeStage', params: { stage } } as const;
  return {
    entry: { type: 'startStage', params: { stage } },
    invoke: {
      id: src,
      src,
      ...(input ? { input } : {}),
      onDone: { target: next, actions: onDone ? [onDone, complete] : complete },
      onError: { target: onFailure, actions: { type: 'failStage', params: { stage } } },
    },
    after: {
      [timeout]: { target: onFailure, actions: { type: 'failStage', params: { stage, timeoutMs } } },
    },
  } as StateConfig;
}

function requestOf(event: CallSessionEvent): CallStartRequest {
  assertEvent(event, 'call.start');
  const { type: _type, isMobile: _isMobile, ...request } = event;
  return request;
}

/** The JSON object an app-message carries, or null (the actions that take it run only on app-messages). */
function appMessageOf(event: CallSessionEvent): Record<string, unknown> | null {
  assertEvent(event, 'daily.appMessage');
  return parseCallMessage(event.data);
}

function dailyErrorOf(event: CallSessionEvent): { message: string; type: string } {
  assertEvent(event, 'daily.error');
  return { message: event.message, type: event.errorType };
}

function levelsOf(event: CallSessionEvent): number[] {
  assertEvent(event, 'daily.audioLevels');
  return event.levels;
}
