// Video client: the Daily call object's lifecycle — load the call-machine bundle, join, leave, fail.
// Used by the machine-built voice client (CLI, tests, the local platform) in place of daily-js.
// Timing: each bundle load attempt gives up after 20 s; up to 3 attempts, 3 s apart, then error
// "Failed to load call object bundle". A join gives up after 30 s, a leave after 10 s (then left).
// Its texts and the mapping of actor failures to errors: video-client.messages.ts.
import { assertEvent, assign, setup } from 'xstate';
import {
  BUNDLE_LOAD_ATTEMPTS,
  BUNDLE_LOAD_TIMEOUT_MS,
  BUNDLE_RETRY_DELAY_MS,
  MEETING_JOIN_TIMEOUT_MS as JOIN_TIMEOUT_MS,
  MEETING_LEAVE_TIMEOUT_MS as LEAVE_TIMEOUT_MS,
} from '../shared/call-timeouts.ts';
import { errorMessage, notProvidedPromise } from '../shared/not-provided.ts';
import {
  ALREADY_JOINED_WARNING,
  ALREADY_JOINING_WARNING,
  BUNDLE_FAILED_MESSAGE,
  BUNDLE_TIMEOUT_MESSAGE,
  JOIN_TIMEOUT_MESSAGE,
  NOT_LOADED_WARNING,
  toVideoClientError,
} from './video-client.messages.ts';
import type {
  JoinedMeeting,
  JoinMeetingInput,
  LoadBundleInput,
  MeetingState,
  VideoClientContext,
  VideoClientError,
  VideoClientEvent,
  VideoClientOutput,
} from './video-client.types.ts';

// Timings live with the call session's and the widget's, which cover them (machines/shared/call-timeouts.ts).
export { BUNDLE_LOAD_ATTEMPTS, BUNDLE_LOAD_TIMEOUT_MS, BUNDLE_RETRY_DELAY_MS, JOIN_TIMEOUT_MS, LEAVE_TIMEOUT_MS };
/** How many warnings context keeps. */
export const MAX_WARNINGS = 5;

export const videoClientMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as VideoClientContext,
    events: {} as VideoClientEvent,
    output: {} as VideoClientOutput,
  },
  actors: {
    loadBundle: notProvidedPromise<void, LoadBundleInput>('loadBundle'),
    joinMeeting: notProvidedPromise<JoinedMeeting, JoinMeetingInput>('joinMeeting'),
    leaveMeeting: notProvidedPromise<void>('leaveMeeting'),
  },
  guards: {
    canRetryLoad: ({ context }) => context.attempts < BUNDLE_LOAD_ATTEMPTS,
  },
  actions: {
    setMeetingState: assign({ meetingState: (_, meetingState: MeetingState) => meetingState }),
    resetAttempts: assign({ attempts: 0 }),
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    assignError: assign({ lastError: (_, error: VideoClientError) => error }),
    clearError: assign({ lastError: null }),
    addWarning: assign({
      warnings: ({ context }, warning: string) => [...context.warnings, warning].slice(-MAX_WARNINGS),
    }),
    assignRoom: assign({ roomUrl: ({ event }) => joinOf(event).url }),
    assignJoined: assign({ localSessionId: (_, joined: JoinedMeeting) => joined.localSessionId }),
    /** Spec §4: a fatal error resets the meeting variables. */
    resetMeeting: assign({ roomUrl: null, localSessionId: null }),
  },
  delays: {
    bundleLoadTimeout: BUNDLE_LOAD_TIMEOUT_MS,
    bundleRetryDelay: BUNDLE_RETRY_DELAY_MS,
    joinTimeout: JOIN_TIMEOUT_MS,
    leaveTimeout: LEAVE_TIMEOUT_MS,
  },
}).createMachine({
  id: 'video-client',
  context: {
    attempts: 0,
    meetingState: 'new',
    lastError: null,
    warnings: [],
    roomUrl: null,
    localSessionId: null,
  },
  output: ({ context }) => ({ meetingState: context.meetingState, lastError: context.lastError }),
  on: {
    'video.destroy': '.destroyed',
  },
  initial: 'new',
  states: {
    new: {
      on: {
        'video.load': 'loading',
        'video.join': { actions: { type: 'addWarning', params: NOT_LOADED_WARNING } },
        // Not loaded: nothing to leave.
        'video.leave': 'left',
      },
    },
    loading: {
      tags: ['busy'],
      entry: ['resetAttempts', 'clearError', { type: 'setMeetingState', params: 'loading' }],
      on: {
        'video.join': { actions: { type: 'addWarning', params: NOT_LOADED_WARNING } },
        'video.leave': 'left',
      },
      initial: 'attempt',
      states: {
        attempt: {
          entry: 'countAttempt',
          invoke: {
            id: 'loadBundle',
            src: 'loadBundle',
            input: ({ context }) => ({ attempt: context.attempts }),
            onDone: { target: '#video-client.loaded' },
            onError: [
              {
                guard: 'canRetryLoad',
                target: 'waitingToRetry',
                actions: { type: 'assignError', params: ({ event }) => toVideoClientError(event.error) },
              },
              {
                target: '#video-client.error',
                actions: { type: 'assignError', params: { type: 'connection-error', message: BUNDLE_FAILED_MESSAGE } },
              },
            ],
          },
          after: {
            bundleLoadTimeout: [
              {
                guard: 'canRetryLoad',
                target: 'waitingToRetry',
                actions: { type: 'assignError', params: { type: 'connection-error', message: BUNDLE_TIMEOUT_MESSAGE } },
              },
              {
                target: '#video-client.error',
                actions: { type: 'assignError', params: { type: 'connection-error', message: BUNDLE_FAILED_MESSAGE } },
              },
            ],
          },
        },
        waitingToRetry: {
          after: { bundleRetryDelay: 'attempt' },
        },
      },
    },
    loaded: {
      entry: ['clearError', { type: 'setMeetingState', params: 'loaded' }],
      on: {
        'video.join': 'joining',
        // Loaded but never joined: there is no meeting to leave.
        'video.leave': 'left',
        'daily.fatalError': {
          target: 'error',
          actions: { type: 'assignError', params: ({ event }) => ({ type: event.errorType, message: event.message }) },
        },
      },
    },
    joining: {
      tags: ['busy'],
      entry: ['assignRoom', { type: 'setMeetingState', params: 'joining-meeting' }],
      invoke: {
        id: 'joinMeeting',
        src: 'joinMeeting',
        input: ({ event }) => {
          const { url, token } = joinOf(event);
          return { url, token: token ?? null };
        },
        onDone: { target: 'joined', actions: { type: 'assignJoined', params: ({ event }) => event.output } },
        onError: {
          target: 'error',
          actions: { type: 'assignError', params: ({ event }) => toVideoClientError(event.error) },
        },
      },
      after: {
        joinTimeout: {
          target: 'error',
          actions: { type: 'assignError', params: { type: 'connection-error', message: JOIN_TIMEOUT_MESSAGE } },
        },
      },
      on: {
        'video.join': { actions: { type: 'addWarning', params: ALREADY_JOINING_WARNING } },
        'video.leave': 'leaving',
        'daily.left': 'left',
        'daily.fatalError': {
          target: 'error',
          actions: { type: 'assignError', params: ({ event }) => ({ type: event.errorType, message: event.message }) },
        },
      },
    },
    joined: {
      entry: { type: 'setMeetingState', params: 'joined-meeting' },
      on: {
        'video.join': { actions: { type: 'addWarning', params: ALREADY_JOINED_WARNING } },
        'video.leave': 'leaving',
        'daily.left': 'left',
        'daily.fatalError': {
          target: 'error',
          actions: { type: 'assignError', params: ({ event }) => ({ type: event.errorType, message: event.message }) },
        },
      },
    },
    leaving: {
      tags: ['busy'],
      invoke: {
        id: 'leaveMeeting',
        src: 'leaveMeeting',
        onDone: 'left',
        onError: {
          target: 'left',
          actions: { type: 'addWarning', params: ({ event }) => `leave failed: ${errorMessage(event.error)}` },
        },
      },
      after: {
        leaveTimeout: {
          target: 'left',
          actions: { type: 'addWarning', params: `leave timed out (over ${LEAVE_TIMEOUT_MS} ms)` },
        },
      },
      on: {
        'daily.left': 'left',
        'daily.fatalError': {
          target: 'error',
          actions: { type: 'assignError', params: ({ event }) => ({ type: event.errorType, message: event.message }) },
        },
      },
    },
    left: {
      entry: ['resetMeeting', { type: 'setMeetingState', params: 'left-meeting' }],
      on: {
        // Already left: video.leave is not handled, so it changes nothing (it "resolves at once").
        'video.join': 'joining',
      },
    },
    error: {
      tags: ['error'],
      entry: ['resetMeeting', { type: 'setMeetingState', params: 'error' }],
      on: {
        'video.load': 'loading',
        'video.leave': 'left',
      },
    },
    destroyed: {
      type: 'final',
    },
  },
});

/** Joining is entered only by video.join. */
function joinOf(event: VideoClientEvent) {
  assertEvent(event, 'video.join');
  return event;
}
