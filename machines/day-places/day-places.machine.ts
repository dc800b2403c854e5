// Day places: the Route view has the day's visit addresses located on the server before it plans, when the
// calendar gives addresses rather than coordinates (calendars written by people). Given up after 8 s: the plan then
// goes on without those visits, says so, and offers Try again. Never blocks the calendar; never logs an address.
import { assign, setup } from 'xstate';
import { notProvidedPromise } from '../shared/not-provided.ts';
import type { DayPlacesContext, DayPlacesEvent, DayPlacesInput, Place } from './day-places.types.ts';

/** A server that has not answered by then is given up: the plan goes on without the located visits. */
export const PLACES_TIMEOUT_MS = 8_000;

export const dayPlacesMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only; nothing reads them at run time.
  types: {
    context: {} as DayPlacesContext,
    events: {} as DayPlacesEvent,
    input: {} as DayPlacesInput,
  },
  actors: {
    locate: notProvidedPromise<readonly Place[], { addresses: readonly string[] }>('locate'),
  },
  delays: { placesTimeout: PLACES_TIMEOUT_MS },
}).createMachine({
  id: 'day-places',
  context: ({ input }) => ({ addresses: input.addresses, places: [] }),
  initial: 'locating',
  states: {
    locating: {
      tags: ['busy'],
      invoke: {
        id: 'locate',
        src: 'locate',
        input: ({ context }) => ({ addresses: context.addresses }),
        onDone: { target: 'located', actions: assign({ places: ({ event }) => event.output }) },
        // Not logged: the only thing to say is that the places are not known; the view says it.
        onError: { target: 'unavailable' },
      },
      after: { placesTimeout: { target: 'unavailable' } },
    },
    located: {},
    unavailable: {
      on: { 'places.retry': 'locating' },
    },
  },
});
