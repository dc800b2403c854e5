// Day drives: before the Route view plans a day, the drive times between its places are asked of the server (the
// `drive-times` function: road drive times from its road matrix, or its straight-line estimate, said so), so the
// Route view plans with the drive times the assistant and the CLI use. Bounded: a server that has not answered after
// DRIVES_TIMEOUT_MS, or fails, leaves the plan on the browser's straight-line estimate, said so, with Try again.
// Never blocks the calendar; never logs a place.
import { assign, setup } from 'xstate';
import { notProvidedPromise } from '../shared/not-provided.ts';
import type {
  DayDrivesContext,
  DayDrivesEvent,
  DayDrivesInput,
  DriveTimesRequest,
  DriveTimesResponse,
} from './day-drives.types.ts';

/**
 * A server that has not answered by then is given up: the plan goes on with the straight-line estimate. The server
 * itself answers within its road matrix's 5 s deadline (its estimate after that), so this covers the round trip.
 */
export const DRIVES_TIMEOUT_MS = 7_000;

export const dayDrivesMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only; nothing reads them at run time.
  types: {
    context: {} as DayDrivesContext,
    events: {} as DayDrivesEvent,
    input: {} as DayDrivesInput,
  },
  actors: {
    measure: notProvidedPromise<DriveTimesResponse, { request: DriveTimesRequest }>('measure'),
  },
  delays: { drivesTimeout: DRIVES_TIMEOUT_MS },
}).createMachine({
  id: 'day-drives',
  context: ({ input }) => ({ request: input.request, answer: null }),
  initial: 'asking',
  states: {
    asking: {
      tags: ['busy'],
      invoke: {
        id: 'measure',
        src: 'measure',
        input: ({ context }) => ({ request: context.request }),
        onDone: { target: 'answered', actions: assign({ answer: ({ event }) => event.output }) },
        // Not logged: the only thing to say is that the plan uses the estimate; the view says it.
        onError: { target: 'estimated' },
      },
      after: { drivesTimeout: { target: 'estimated' } },
    },
    answered: {},
    estimated: {
      on: { 'drives.retry': 'asking' },
    },
  },
});
