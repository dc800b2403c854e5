// Voice widget: the dashboard's talk-with-AI control — Ready, Connecting..., Connected, Ending call...,
// Error; mute only while connected; the error catalogue's messages (texts and mapping: voice-widget.messages.ts);
// microphone permission and the environment check for the error view. Used by the web app's assistant panel
// over @vapi-ai/web (or our machine-built client); everything runs inside `running`, which holds the SDK
// subscription. Timing (machines/shared/call-timeouts.ts): loading the client gives up after 20 s, the
// microphone prompt after 60 s, connecting after the call session's worst start and listening wait (the call
// is then stopped), ending after the session's leave limit (then Ready). `widget.close` ends the widget with
// the last call's outcome {ok, failedStage, endedReason, durations}.
import { assertEvent, assign, sendTo, setup } from 'xstate';
import {
  WIDGET_CONNECT_TIMEOUT_MS as CONNECT_TIMEOUT_MS,
  WIDGET_END_TIMEOUT_MS as END_TIMEOUT_MS,
  WIDGET_INIT_TIMEOUT_MS as INIT_TIMEOUT_MS,
  WIDGET_MICROPHONE_TIMEOUT_MS as MICROPHONE_TIMEOUT_MS,
} from '../shared/call-timeouts.ts';
import { errorMessage, notProvidedCallback, notProvidedPromise } from '../shared/not-provided.ts';
import {
  FAILED_TO_START_MESSAGE,
  failedToEndMessage,
  initializationErrorMessage,
  MICROPHONE_DENIED_MESSAGE,
  MISSING_CREDENTIALS_MESSAGE,
  sdkErrorText,
  toWidgetErrorMessage,
} from './voice-widget.messages.ts';
import type {
  LoadClientInput,
  SdkCommand,
  StageRecord,
  StartedCall,
  VoiceWidgetContext,
  VoiceWidgetEvent,
  VoiceWidgetInput,
  VoiceWidgetOutput,
} from './voice-widget.types.ts';

/** Ours (spec §9 has none): how long each waiting state waits; derived in machines/shared/call-timeouts.ts. */
export { CONNECT_TIMEOUT_MS, END_TIMEOUT_MS, INIT_TIMEOUT_MS, MICROPHONE_TIMEOUT_MS };
/** How many progress records the debug details keep. */
export const MAX_DEBUG_STAGES = 30;

export const voiceWidgetMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as VoiceWidgetContext,
    events: {} as VoiceWidgetEvent,
    input: {} as VoiceWidgetInput,
    output: {} as VoiceWidgetOutput,
  },
  actors: {
    loadClient: notProvidedPromise<void, LoadClientInput>('loadClient'),
    requestMicrophone: notProvidedPromise<'granted' | 'denied'>('requestMicrophone'),
    startCall: notProvidedPromise<StartedCall | null, { assistantId: string }>('startCall'),
    stopCall: notProvidedPromise<void>('stopCall'),
    sdkEvents: notProvidedCallback<SdkCommand>('sdkEvents'),
  },
  guards: {
    // Stryker disable next-line ConditionalExpression: a truthy primitive has no `code` either way
    isMissingCredentials: (_, error: unknown) =>
      !!error && typeof error === 'object' && (error as { code?: unknown }).code === 'missing-credentials',
    isGranted: (_, permission: 'granted' | 'denied') => permission === 'granted',
    isNoCall: (_, call: StartedCall | null) => call === null,
  },
  actions: {
    markIdle: assign({ connected: false, connecting: false, muted: false }),
    markConnecting: assign({ connecting: true }),
    markConnected: assign({ connected: true, connecting: false, callConnected: true }),
    resetCall: assign({ callConnected: false }),
    /** Spec §8: each error sets Error and clears the connected and connecting flags. */
    assignError: assign(({ context }, params: ErrorParams) => ({
      errorMessage: params.message,
      connected: false,
      connecting: false,
      muted: false,
      debug: { ...context.debug, rawError: params.raw },
    })),
    clearError: assign(({ context }) => ({ errorMessage: null, debug: { ...context.debug, rawError: null } })),
    resetStages: assign(({ context }) => ({ debug: { ...context.debug, stages: [] } })),
    appendStage: assign(({ context, event }) => {
      assertEvent(event, 'sdk.progress');
      const record: StageRecord = { stage: event.stage, status: event.status, durationMs: event.durationMs ?? null };
      return { debug: { ...context.debug, stages: [...context.debug.stages, record].slice(-MAX_DEBUG_STAGES) } };
    }),
    assignVideoState: assign(({ context, event }) => {
      assertEvent(event, 'sdk.videoState');
      return { debug: { ...context.debug, videoClientState: event.state } };
    }),
    assignMicPermission: assign({ micPermission: (_, permission: 'granted' | 'denied') => permission }),
    toggleMuted: assign({ muted: ({ context }) => !context.muted }),
    sendMuted: sendTo('sdkEvents', ({ context }): SdkCommand => ({ type: 'sdk.setMuted', muted: context.muted })),
    /** A call that did not start in time is abandoned. */
    sendStop: sendTo('sdkEvents', { type: 'sdk.stop' } satisfies SdkCommand),
  },
  delays: {
    initTimeout: INIT_TIMEOUT_MS,
    microphoneTimeout: MICROPHONE_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    endTimeout: END_TIMEOUT_MS,
  },
}).createMachine({
  id: 'voice-widget',
  context: ({ input }) => ({
    // Stryker disable next-line BooleanLiteral: ready's entry (markIdle) sets them before anyone looks
    connected: false,
    // Stryker disable next-line BooleanLiteral: as above
    connecting: false,
    // Stryker disable next-line BooleanLiteral: as above
    muted: false,
    errorMessage: null,
    micPermission: 'unknown',
    env: { hasPublicKey: Boolean(input.publicKey), hasAssistantId: Boolean(input.assistantId) },
    assistantId: input.assistantId || null,
    debug: { rawError: null, stages: [], videoClientState: null },
    callConnected: false,
  }),
  output: ({ context }) => toWidgetOutput(context),
  // The panel is gone: the widget ends with its last call's outcome.
  on: {
    'widget.close': '.closed',
  },
  initial: 'running',
  states: {
    // The SDK subscription lives as long as the widget; everything the user sees happens inside it.
    running: {
      invoke: {
        id: 'sdkEvents',
        src: 'sdkEvents',
        onError: {
          target: 'unavailable',
          actions: {
            type: 'assignError',
            params: ({ event }) => ({
              message: initializationErrorMessage(errorMessage(event.error)),
              raw: errorMessage(event.error),
            }),
          },
        },
      },
      on: {
        'sdk.progress': { actions: 'appendStage' },
        'sdk.videoState': { actions: 'assignVideoState' },
      },
      initial: 'ready',
      states: {
        ready: {
          entry: 'markIdle',
          on: {
            'widget.start': { target: 'initializing', actions: ['resetStages', 'resetCall'] },
          },
        },
        initializing: {
          tags: ['busy'],
          entry: 'markConnecting',
          invoke: {
            id: 'loadClient',
            src: 'loadClient',
            input: ({ context }) => ({
              hasPublicKey: context.env.hasPublicKey,
              hasAssistantId: context.env.hasAssistantId,
            }),
            onDone: 'requestingMicrophone',
            onError: [
              {
                guard: {
                  type: 'isMissingCredentials',
                  params: ({ event }: { event: { error: unknown } }) => event.error,
                },
                target: 'error',
                actions: { type: 'assignError', params: { message: MISSING_CREDENTIALS_MESSAGE, raw: null } },
              },
              {
                target: 'error',
                actions: {
                  type: 'assignError',
                  params: ({ event }) => ({
                    message: initializationErrorMessage(errorMessage(event.error)),
                    raw: errorMessage(event.error),
                  }),
                },
              },
            ],
          },
          after: {
            initTimeout: {
              target: 'error',
              actions: {
                type: 'assignError',
                params: { message: initializationErrorMessage(`timed out after ${INIT_TIMEOUT_MS} ms`), raw: null },
              },
            },
          },
        },
        requestingMicrophone: {
          tags: ['busy'],
          invoke: {
            id: 'requestMicrophone',
            src: 'requestMicrophone',
            onDone: [
              {
                guard: { type: 'isGranted', params: ({ event }) => event.output },
                target: 'connecting',
                actions: { type: 'assignMicPermission', params: 'granted' },
              },
              {
                target: 'error',
                actions: [
                  { type: 'assignMicPermission', params: 'denied' },
                  { type: 'assignError', params: { message: MICROPHONE_DENIED_MESSAGE, raw: null } },
                ],
              },
            ],
            onError: {
              target: 'error',
              actions: {
                type: 'assignError',
                params: ({ event }) => ({ message: toWidgetErrorMessage(event.error), raw: errorMessage(event.error) }),
              },
            },
          },
          after: {
            microphoneTimeout: {
              target: 'error',
              actions: {
                type: 'assignError',
                params: { message: MICROPHONE_DENIED_MESSAGE, raw: 'no answer to the prompt' },
              },
            },
          },
        },
        connecting: {
          tags: ['busy'],
          after: {
            connectTimeout: {
              target: 'error',
              actions: [
                'sendStop',
                {
                  type: 'assignError',
                  params: { message: FAILED_TO_START_MESSAGE, raw: `no call-start within ${CONNECT_TIMEOUT_MS} ms` },
                },
              ],
            },
          },
          on: {
            'sdk.callStarted': 'connected',
            'sdk.callEnded': 'ready',
            'sdk.error': {
              target: 'error',
              actions: {
                type: 'assignError',
                params: ({ event }) => ({ message: toWidgetErrorMessage(event.message), raw: event.message }),
              },
            },
          },
          initial: 'starting',
          states: {
            starting: {
              invoke: {
                id: 'startCall',
                src: 'startCall',
                // Stryker disable next-line StringLiteral: loadClient refuses to load without an assistant id
                input: ({ context }) => ({ assistantId: context.assistantId ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isNoCall', params: ({ event }) => event.output },
                    target: '#voice-widget.running.error',
                    actions: {
                      type: 'assignError',
                      params: { message: FAILED_TO_START_MESSAGE, raw: 'start() returned null' },
                    },
                  },
                  { target: 'waitingForCallStart' },
                ],
                onError: {
                  target: '#voice-widget.running.error',
                  actions: {
                    type: 'assignError',
                    params: ({ event }) => ({
                      message: sdkErrorText(event.error) ? toWidgetErrorMessage(event.error) : FAILED_TO_START_MESSAGE,
                      raw: errorMessage(event.error),
                    }),
                  },
                },
              },
            },
            /** start() resolved with a call; the assistant's "listening" (call-start) is still to come. */
            waitingForCallStart: {},
          },
        },
        connected: {
          entry: 'markConnected',
          on: {
            'widget.toggleMute': { actions: ['toggleMuted', 'sendMuted'] },
            'widget.end': 'ending',
            'sdk.callEnded': 'ready',
            'sdk.error': {
              target: 'error',
              actions: {
                type: 'assignError',
                params: ({ event }) => ({ message: toWidgetErrorMessage(event.message), raw: event.message }),
              },
            },
          },
        },
        ending: {
          tags: ['busy'],
          after: {
            endTimeout: 'ready',
          },
          on: {
            'sdk.callEnded': 'ready',
            'sdk.error': {
              target: 'error',
              actions: {
                type: 'assignError',
                params: ({ event }) => ({ message: toWidgetErrorMessage(event.message), raw: event.message }),
              },
            },
          },
          initial: 'stopping',
          states: {
            stopping: {
              invoke: {
                id: 'stopCall',
                src: 'stopCall',
                onDone: 'waitingForCallEnd',
                onError: {
                  target: '#voice-widget.running.error',
                  actions: {
                    type: 'assignError',
                    params: ({ event }) => ({
                      message: failedToEndMessage(errorMessage(event.error)),
                      raw: errorMessage(event.error),
                    }),
                  },
                },
              },
            },
            /** stop() resolved; call-end is still to come. */
            waitingForCallEnd: {},
          },
        },
        error: {
          tags: ['error'],
          on: {
            'widget.retry': { target: 'ready', actions: 'clearError' },
          },
        },
      },
    },
    closed: {
      type: 'final',
    },
    /** The SDK subscription failed: nothing can be reported; Try Again subscribes again. */
    unavailable: {
      tags: ['error'],
      on: {
        'widget.retry': { target: 'running', actions: 'clearError' },
      },
    },
  },
});

// ─── Below the chart (function declarations are hoisted; types are compile-time only) ─────

/**
 * The widget's outcome of its last call: ok when it connected and no error is shown; the stage whose
 * failure stopped a call that never connected; the error the user read as the reason; stage durations.
 */
export function toWidgetOutput(context: VoiceWidgetContext): VoiceWidgetOutput {
  const durations: Record<string, number> = {};
  let failedStage: string | null = null;
  for (const record of context.debug.stages) {
    // Only completed and failed progress carries a duration.
    if (record.durationMs !== null) durations[record.stage] = record.durationMs;
    if (record.status === 'failed' && !context.callConnected) failedStage = record.stage;
  }
  return {
    ok: context.callConnected && context.errorMessage === null,
    failedStage,
    endedReason: context.errorMessage,
    durations,
  };
}

interface ErrorParams {
  message: string;
  raw: string | null;
}
