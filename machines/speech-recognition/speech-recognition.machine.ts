// Speech recognition: the browser's speech recognition (one object for the whole call) brought to what the call
// wants — running while the call is live and not muted. The browser's object is off, running after start(), and
// stopping after abort() until its `end`; start() is given only when it is off (Chrome throws InvalidStateError
// otherwise, and that throw means a session runs after all: its `end` comes later) and abort() only when it runs
// but is no longer wanted. A session the browser ends while still wanted is started again after 250 ms, never at
// once (no tight loop on repeated ends). A failure other than silence (`no-speech`) or our own abort (`aborted`),
// a start() that throws anything else, or a browser without recognition makes it unavailable for good: the
// widget's typed input is then the way in. The machine only says start and abort (emitted); the face calls the
// browser and reports what it did.
//
//   available   recognition.failed (not no-speech/aborted) | startFailed (not InvalidStateError) | unsupported
//   │           ──▶ unavailable (for good); recognition.wanted anywhere in it keeps `wanted`
//   ├ off         recognition.wanted(true) ──▶ running                       (entry: emits recognition.start)
//   ├ running     recognition.wanted(false) ──▶ stopping                     (entry: emits recognition.abort)
//   │             recognition.ended ──▶ restarting
//   ├ stopping    recognition.ended ──▶ wanted ? restarting : off
//   │             recognition.abortFailed ──▶ wanted ? running : off
//   └ restarting  after restartDelay (250 ms) ──▶ wanted ? running : off
//                 recognition.ended ──▶ wanted ? restarting (the delay again) : off
import { assertEvent, assign, emit, setup } from 'xstate';
import {
  ALREADY_STARTED_ERROR,
  RECOGNITION_RESTART_DELAY_MS,
  RECOVERABLE_RECOGNITION_ERRORS,
} from './speech-recognition.rules.ts';
import type {
  SpeechRecognitionContext,
  SpeechRecognitionEmitted,
  SpeechRecognitionEvent,
} from './speech-recognition.types.ts';

export const speechRecognitionMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only; nothing reads them at run time.
  types: {
    context: {} as SpeechRecognitionContext,
    events: {} as SpeechRecognitionEvent,
    emitted: {} as SpeechRecognitionEmitted,
  },
  guards: {
    /** The call still wants recognition (decides where a session that ended, or a wait, leads). */
    isWanted: ({ context }) => context.wanted,
    /** The call asks for recognition now. */
    asksForIt: ({ event }) => {
      assertEvent(event, 'recognition.wanted');
      return event.wanted;
    },
    /** The call no longer wants it. */
    givesItUp: ({ event }) => {
      assertEvent(event, 'recognition.wanted');
      return !event.wanted;
    },
    /** Anything but silence or our own abort (those end the session only, and its `end` follows). */
    failsForGood: ({ event }) => {
      assertEvent(event, 'recognition.failed');
      return !RECOVERABLE_RECOGNITION_ERRORS.includes(event.error);
    },
    /** Anything but InvalidStateError (a session runs after all: treated as running, its `end` comes later). */
    startRefused: ({ event }) => {
      assertEvent(event, 'recognition.startFailed');
      return event.error !== ALREADY_STARTED_ERROR;
    },
  },
  actions: {
    assignWanted: assign({
      wanted: ({ event }) => {
        assertEvent(event, 'recognition.wanted');
        return event.wanted;
      },
    }),
    startRecognition: emit({ type: 'recognition.start' } as const),
    abortRecognition: emit({ type: 'recognition.abort' } as const),
  },
  delays: { restartDelay: RECOGNITION_RESTART_DELAY_MS },
}).createMachine({
  id: 'speech-recognition',
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: unobservable — only recognition.wanted leaves `off`, and it sets this.
  context: { wanted: false },
  initial: 'available',
  states: {
    available: {
      initial: 'off',
      on: {
        'recognition.wanted': { actions: 'assignWanted' },
        // `no-speech` and `aborted` are not taken: the session's `end` follows and decides.
        'recognition.failed': { guard: 'failsForGood', target: 'unavailable' },
        // InvalidStateError is not taken: the state stays running, the session's `end` comes later.
        'recognition.startFailed': { guard: 'startRefused', target: 'unavailable' },
        'recognition.unsupported': { target: 'unavailable' },
      },
      states: {
        off: {
          on: {
            'recognition.wanted': { guard: 'asksForIt', target: 'running', actions: 'assignWanted' },
          },
        },
        running: {
          tags: ['hearing'],
          entry: 'startRecognition',
          on: {
            'recognition.wanted': { guard: 'givesItUp', target: 'stopping', actions: 'assignWanted' },
            // Entered only while wanted and left as soon as it is not: a session the browser ended comes back.
            'recognition.ended': { target: 'restarting' },
          },
        },
        stopping: {
          entry: 'abortRecognition',
          on: {
            'recognition.ended': [{ guard: 'isWanted', target: 'restarting' }, { target: 'off' }],
            // An abort() that throws leaves nothing running: off, or started again when wanted by now.
            'recognition.abortFailed': [{ guard: 'isWanted', target: 'running' }, { target: 'off' }],
          },
        },
        restarting: {
          after: { restartDelay: [{ guard: 'isWanted', target: 'running' }, { target: 'off' }] },
          on: {
            // A further end while wanted waits the delay again; one while not wanted cancels the restart.
            'recognition.ended': [{ guard: 'isWanted', target: 'restarting', reenter: true }, { target: 'off' }],
          },
        },
      },
    },
    /** No recognition here (none in this browser, refused, no microphone, no service): typed input only. */
    unavailable: {},
  },
});
