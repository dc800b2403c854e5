// Schedule: loads the clinician's next 30 days of calendar events when the screen opens; Refresh and
// Try Again reload. Used by the dashboard's schedule panel and the CLI. A load that has not answered
// after 30 s is abandoned (request aborted) and shown as the fetch error. Beside the calendar, the evening
// confirmation statuses load (web only): they never fail it, and it waits for them at most 8 s.
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage, notProvidedPromise } from '../shared/not-provided.ts';
import { attachConfirmations, CONFIRMATIONS_TIMEOUT_MS, logSafeCause } from './schedule.confirmations.ts';
import type { ConfirmationsSnapshot, LoadedEvents, ScheduleContext, ScheduleEvent } from './schedule.types.ts';

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
    // A face without confirmation statuses (the CLI) has none: the region settles at once.
    loadConfirmations: fromPromise<ConfirmationsSnapshot | null>(async () => null),
  },
  guards: {
    isMissingProviderToken: (_, error: unknown) =>
      (error as { code?: unknown } | null | undefined)?.code === 'no-provider-token',
  },
  actions: {
    startLoad: assign({ pending: { loaded: null, statuses: null } }),
    keepLoaded: assign(({ context }, loaded: LoadedEvents) => ({
      pending: { loaded, statuses: context.pending?.statuses ?? null },
    })),
    keepStatuses: assign(({ context }, statuses: ConfirmationsSnapshot | null) => ({
      pending: { loaded: context.pending?.loaded ?? null, statuses },
    })),
    /** Both regions settled: the events are shown, each visit with its status when one was read. */
    showLoaded: assign(({ context }) => {
      const loaded = context.pending?.loaded as LoadedEvents;
      const statuses = context.pending?.statuses ?? null;
      return {
        events: attachConfirmations(loaded.events, statuses?.confirmations ?? []),
        fetchedAt: loaded.fetchedAt,
        error: null,
        confirmationBatches: statuses?.batches ?? [],
        pending: null,
      };
    }),
    assignMissingToken: assign({
      error: { kind: 'no-provider-token', message: NO_PROVIDER_TOKEN_MESSAGE },
      pending: null,
    }),
    assignFetchFailed: assign({ error: { kind: 'fetch-failed', message: FETCH_FAILED_MESSAGE }, pending: null }),
    /** Spec §8: the cause is logged, the user sees the fixed text. */
    logCause: (_, params: { error: unknown }) => {
      console.error('[schedule] Failed to load calendar events:', errorMessage(params.error));
    },
    /** The statuses are extras: their failure is a warning, tokens masked. */
    warnStatuses: (_, params: { error: unknown }) => {
      console.warn('[schedule] Confirmation statuses not loaded:', logSafeCause(params.error));
    },
  },
  delays: { scheduleTimeout: SCHEDULE_TIMEOUT_MS, confirmationsTimeout: CONFIRMATIONS_TIMEOUT_MS },
}).createMachine({
  id: 'schedule',
  context: { events: [], error: null, fetchedAt: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      type: 'parallel',
      entry: 'startLoad',
      onDone: { target: 'loaded', actions: 'showLoaded' },
      states: {
        calendar: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'loadEvents',
                src: 'loadEvents',
                onDone: { target: 'fetched', actions: { type: 'keepLoaded', params: ({ event }) => event.output } },
                onError: [
                  {
                    guard: {
                      type: 'isMissingProviderToken',
                      params: ({ event }: { event: { error: unknown } }) => event.error,
                    },
                    target: '#schedule.failed',
                    actions: 'assignMissingToken',
                  },
                  {
                    target: '#schedule.failed',
                    actions: [
                      'assignFetchFailed',
                      { type: 'logCause', params: ({ event }) => ({ error: event.error }) },
                    ],
                  },
                ],
              },
              // The statuses give up first (8 s): only the calendar itself can hang the load.
              after: {
                scheduleTimeout: {
                  target: '#schedule.failed',
                  actions: ['assignFetchFailed', { type: 'logCause', params: { error: 'timed out after 30 s' } }],
                },
              },
            },
            fetched: { type: 'final' },
          },
        },
        confirmations: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'loadConfirmations',
                src: 'loadConfirmations',
                onDone: { target: 'settled', actions: { type: 'keepStatuses', params: ({ event }) => event.output } },
                onError: {
                  target: 'settled',
                  actions: { type: 'warnStatuses', params: ({ event }) => ({ error: event.error }) },
                },
              },
              after: {
                confirmationsTimeout: {
                  target: 'settled',
                  actions: {
                    type: 'warnStatuses',
                    params: { error: `no answer after ${CONFIRMATIONS_TIMEOUT_MS / 1000} s` },
                  },
                },
              },
            },
            settled: { type: 'final' },
          },
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
