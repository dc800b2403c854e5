// Schedule: loads the clinician's next 30 days of calendar events when the screen opens; Refresh and
// Try Again reload. Used by the dashboard's schedule panel and the CLI. A load that has not answered
// after 30 s is abandoned (request aborted) and shown as the fetch error.
import { assign, setup } from 'xstate';
import { errorMessage, notProvidedPromise } from '../shared/not-provided.ts';
import type { LoadedEvents, ScheduleContext, ScheduleEvent } from './schedule.types.ts';

/** Spec §8, with the calendar provider's name filled in. */
export const NO_PROVIDER_TOKEN_MESSAGE = 'Google Calendar access not available. Please sign in again.';
export const FETCH_FAILED_MESSAGE = 'Failed to load calendar events. Please try again.';
export const SCHEDULE_TIMEOUT_MS = 30_000;

/** Thrown by the loadEvents actor when the session carries no provider token. */
export class MissingProviderTokenError extends Error {
  readonly code = 'no-provider-token';
  constructor() {
    super('The session carries no calendar provider token');
    this.name = 'MissingProviderTokenError';
  }
}

export const scheduleMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only; nothing reads them at run time.
  types: {
    context: {} as ScheduleContext,
    events: {} as ScheduleEvent,
  },
  actors: {
    loadEvents: notProvidedPromise<LoadedEvents>('loadEvents'),
  },
  guards: {
    isMissingProviderToken: (_, error: unknown) =>
      (error as { code?: unknown } | null | undefined)?.code === 'no-provider-token',
  },
  actions: {
    assignEvents: assign((_, loaded: LoadedEvents) => ({
      events: loaded.events,
      fetchedAt: loaded.fetchedAt,
      error: null,
      // The web also loads the evening confirmation batches beside the calendar.
      confirmationBatches: loaded.confirmationBatches ?? [],
    })),
    assignMissingToken: assign({ error: { kind: 'no-provider-token', message: NO_PROVIDER_TOKEN_MESSAGE } }),
    assignFetchFailed: assign({ error: { kind: 'fetch-failed', message: FETCH_FAILED_MESSAGE } }),
    /** Spec §8: the cause is logged, the user sees the fixed text. */
    logCause: (_, params: { error: unknown }) => {
      console.error('[schedule] Failed to load calendar events:', errorMessage(params.error));
    },
  },
  delays: { scheduleTimeout: SCHEDULE_TIMEOUT_MS },
}).createMachine({
  id: 'schedule',
  context: { events: [], error: null, fetchedAt: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadEvents',
        src: 'loadEvents',
        onDone: { target: 'loaded', actions: { type: 'assignEvents', params: ({ event }) => event.output } },
        onError: [
          {
            guard: {
              type: 'isMissingProviderToken',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'failed',
            actions: 'assignMissingToken',
          },
          {
            target: 'failed',
            actions: ['assignFetchFailed', { type: 'logCause', params: ({ event }) => ({ error: event.error }) }],
          },
        ],
      },
      after: {
        scheduleTimeout: {
          target: 'failed',
          actions: ['assignFetchFailed', { type: 'logCause', params: { error: 'timed out after 30 s' } }],
        },
      },
    },
    loaded: {
      on: { 'schedule.refresh': 'loading' },
    },
    failed: {
      tags: ['error'],
      on: { 'schedule.refresh': 'loading', 'schedule.retry': 'loading' },
    },
  },
});
