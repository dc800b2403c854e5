// Day start: where the clinician's day starts and ends, for the Route view, when their profile holds it. Read from
// the profile (given up after 5 s: the day is then planned without it), or, when not known, taken from the
// device's location and saved to the profile; changed or forgotten the same way. A failed save keeps the place for
// this plan only. One action at a time: locating, saving and forgetting are busy states that take no command.
// (Without a profile, or with a home the caller fixed, there is nothing to run: the face shows that home.)
import { assign, setup } from 'xstate';
import { errorMessage, notProvidedPromise } from '../shared/not-provided.ts';
import type { DayStartContext, DayStartEvent, HomePlace } from './day-start.types.ts';

/** A profile read still unanswered after this long is given up: the day is planned without the home. */
export const HOME_READ_TIMEOUT_MS = 5_000;

export const DAY_START_MESSAGES = {
  locating: 'Finding your location…',
  saving: 'Saving it to your profile…',
  saved: 'Saved: your day starts and ends here, and the drives from and back home are now counted.',
  notSaved:
    'Your location is used for this plan, but it could not be saved to your profile: you will be asked again next time.',
  notLocated: 'Your location could not be found.',
  forgetting: 'Forgetting it…',
  forgotten: 'Forgotten: the drives from and back home are no longer counted.',
  notForgotten: 'It could not be forgotten just now: your profile still holds it. Try again.',
} as const;

export const dayStartMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only; nothing reads them at run time.
  types: {
    context: {} as DayStartContext,
    events: {} as DayStartEvent,
  },
  actors: {
    readHome: notProvidedPromise<HomePlace | null>('readHome'),
    locate: notProvidedPromise<{ lat: number; lng: number }>('locate'),
    saveHome: notProvidedPromise<HomePlace | null | undefined, { home: HomePlace }>('saveHome'),
    forgetHome: notProvidedPromise<void>('forgetHome'),
  },
  actions: {
    /** What the profile said before no longer stands when it cannot be read now: planned without a home. */
    forgetUnreadable: assign({ status: 'unreadable', home: null, saved: true }),
  },
  delays: { homeReadTimeout: HOME_READ_TIMEOUT_MS },
}).createMachine({
  id: 'day-start',
  context: { status: 'loading', home: null, saved: true, message: null, located: null },
  initial: 'reading',
  states: {
    reading: {
      entry: assign({ status: 'loading', message: null }),
      invoke: {
        id: 'readHome',
        src: 'readHome',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            home: event.output,
            saved: true,
            status: event.output ? ('known' as const) : ('unknown' as const),
          })),
        },
        // Not logged: the error could only say that the profile was not read; the view says what it means.
        onError: { target: 'ready', actions: 'forgetUnreadable' },
      },
      after: { homeReadTimeout: { target: 'ready', actions: 'forgetUnreadable' } },
    },
    ready: {
      on: {
        'home.locate': 'locating',
        'home.forget': 'forgetting',
        'home.retry': 'reading',
      },
    },
    locating: {
      tags: ['busy', 'locating'],
      entry: assign({ message: DAY_START_MESSAGES.locating }),
      invoke: {
        id: 'locate',
        src: 'locate',
        onDone: {
          target: 'saving',
          actions: assign(({ event }) => ({ located: { label: null, ...event.output } })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ message: errorMessage(event.error) || DAY_START_MESSAGES.notLocated })),
        },
      },
    },
    saving: {
      tags: ['busy', 'saving'],
      entry: assign({ message: DAY_START_MESSAGES.saving }),
      invoke: {
        id: 'saveHome',
        src: 'saveHome',
        input: ({ context }) => ({ home: context.located as HomePlace }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            home: event.output ?? context.located,
            saved: true,
            status: 'known' as const,
            message: DAY_START_MESSAGES.saved,
            located: null,
          })),
        },
        // The place still serves this plan; only keeping it failed.
        onError: {
          target: 'ready',
          actions: assign(({ context }) => ({
            home: context.located,
            saved: false,
            status: 'known' as const,
            message: DAY_START_MESSAGES.notSaved,
            located: null,
          })),
        },
      },
    },
    forgetting: {
      tags: ['busy', 'saving'],
      entry: assign({ message: DAY_START_MESSAGES.forgetting }),
      invoke: {
        id: 'forgetHome',
        src: 'forgetHome',
        onDone: {
          target: 'ready',
          actions: assign({ home: null, saved: true, status: 'unknown', message: DAY_START_MESSAGES.forgotten }),
        },
        onError: { target: 'ready', actions: assign({ message: DAY_START_MESSAGES.notForgotten }) },
      },
    },
  },
});
