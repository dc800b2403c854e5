// Connectivity: live, offline (showing the copy kept on the device, saying since when), or reconnecting. The face
// reports every request's fate (answered, or unreachable with the kept copy it showed instead) and the browser's
// online/offline events. Back online (the browser's event), the machine asks the face once to reload
// (`connectivity.refresh`) and waits for an answer; a request that is answered at any time means live again. A reload
// that stays unanswered for 20 s counts as still offline (the next `online` event, or answer, tries again).
import { assertEvent, assign, emit, setup } from 'xstate';
import type { ConnectivityContext, ConnectivityEmitted, ConnectivityEvent } from './connectivity.types.ts';

export const RECONNECT_TIMEOUT_MS = 20_000;

export const connectivityMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only; nothing reads them at run time.
  types: {
    context: {} as ConnectivityContext,
    events: {} as ConnectivityEvent,
    emitted: {} as ConnectivityEmitted,
  },
  actions: {
    answered: assign({
      updatedAt: ({ event }) => {
        assertEvent(event, 'connectivity.answered');
        return event.at;
      },
    }),
    // A failed request without a kept copy leaves the time of the data still shown.
    keptCopy: assign({
      updatedAt: ({ context, event }) => {
        assertEvent(event, 'connectivity.unreachable');
        return event.keptAt ?? context.updatedAt;
      },
    }),
  },
  delays: { reconnectTimeout: RECONNECT_TIMEOUT_MS },
}).createMachine({
  id: 'connectivity',
  context: { updatedAt: null },
  initial: 'online',
  on: {
    'connectivity.answered': { target: '.online', actions: 'answered' },
  },
  states: {
    online: {
      on: {
        'connectivity.unreachable': { target: 'offline', actions: 'keptCopy' },
        'browser.offline': 'offline',
      },
    },
    offline: {
      on: {
        'connectivity.unreachable': { actions: 'keptCopy' },
        'browser.online': 'reconnecting',
      },
    },
    reconnecting: {
      entry: emit({ type: 'connectivity.refresh' }),
      on: {
        'connectivity.unreachable': { target: 'offline', actions: 'keptCopy' },
        'browser.offline': 'offline',
      },
      after: { reconnectTimeout: 'offline' },
    },
  },
});
