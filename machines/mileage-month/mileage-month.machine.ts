// Mileage month: the month's log read on open (given up after 60 s: the screen says so and offers Try again), another
// month read when picked (the previous month's log is dropped at once: a table never shows one month under another's
// name), a day's edit saved one at a time (the answer is the month again, so the totals follow). A refused save leaves
// the log as it was and says why; a save with no answer in 30 s is given up and the month read again, since it may or
// may not have been saved.
import { assign, setup } from 'xstate';
import type { MileageMonth } from '../../core/mileage/mileage.types.ts';
import { notProvidedPromise } from '../shared/not-provided.ts';
import { MILEAGE_MONTH_MESSAGES, mileageSaveFailure } from './mileage-month.messages.ts';
import type {
  MileageDaySave,
  MileageMonthContext,
  MileageMonthEvent,
  MileageMonthInput,
} from './mileage-month.types.ts';

export const LOAD_TIMEOUT_MS = 60_000;
export const SAVE_TIMEOUT_MS = 30_000;

export const mileageMonthMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only; nothing reads them at run time.
  types: {
    context: {} as MileageMonthContext,
    events: {} as MileageMonthEvent,
    input: {} as MileageMonthInput,
  },
  actors: {
    load: notProvidedPromise<MileageMonth, string>('load'),
    save: notProvidedPromise<MileageMonth, { month: string; save: MileageDaySave }>('save'),
  },
  delays: { loadTimeout: LOAD_TIMEOUT_MS, saveTimeout: SAVE_TIMEOUT_MS },
}).createMachine({
  id: 'mileage-month',
  context: ({ input }) => ({ month: input.month, log: null, savingDay: null, saveError: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.month,
        onDone: { target: 'ready', actions: assign({ log: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: MILEAGE_MONTH_MESSAGES.loadFailed }) },
      },
      after: { loadTimeout: { target: 'failed', actions: assign({ error: MILEAGE_MONTH_MESSAGES.loadTimedOut }) } },
      on: {
        // Another month while one is read: the read under way is abandoned (its signal aborted), the new one asked.
        'mileage.month': {
          target: 'loading',
          reenter: true,
          actions: assign({ month: ({ event }) => event.month, log: null, saveError: null }),
        },
      },
    },
    failed: {
      on: {
        'mileage.retry': { target: 'loading', actions: assign({ error: null }) },
        'mileage.month': {
          target: 'loading',
          actions: assign({ month: ({ event }) => event.month, log: null, error: null, saveError: null }),
        },
      },
    },
    ready: {
      on: {
        'mileage.saveDay': {
          target: 'savingDay',
          actions: assign({ savingDay: ({ event }) => event.save.day, saveError: null }),
        },
        'mileage.month': {
          target: 'loading',
          actions: assign({ month: ({ event }) => event.month, log: null, saveError: null }),
        },
        'mileage.retry': { target: 'loading', actions: assign({ saveError: null }) },
      },
    },
    savingDay: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, event }) => ({
          month: context.month,
          save: (event as Extract<MileageMonthEvent, { type: 'mileage.saveDay' }>).save,
        }),
        onDone: { target: 'ready', actions: assign({ log: ({ event }) => event.output, savingDay: null }) },
        onError: {
          target: 'ready',
          actions: assign({ savingDay: null, saveError: ({ event }) => mileageSaveFailure(event.error) }),
        },
      },
      after: {
        saveTimeout: {
          target: 'loading',
          actions: assign({ savingDay: null, saveError: MILEAGE_MONTH_MESSAGES.saveTimedOut }),
        },
      },
    },
  },
});
