// Confirmation batch: one clinician's evening of confirmation calls for one visit date — build the call
// list, place the campaign, wait for the reports, call the no-answers once more, re-optimise the day.
// Durable: the server restores the persisted snapshot for each event, so time passes only through the
// events' `now` and every wait is a deadline in context checked on `batch.tick` (no delays): reports are
// due 45 min after a round, no-answers are called again 60 min later, a platform outage is retried 30 min.
// The failure and plan-note texts: confirmation-batch.messages.ts.
import { assign, setup } from 'xstate';
import { PLATFORM_RETRY_MINUTES, REPORT_WAIT_MINUTES, RETRY_AFTER_MINUTES } from '../../core/confirmations/contract.ts';
import { errorMessage, notProvidedPromise } from '../shared/not-provided.ts';
import {
  CALENDAR_FAILURE,
  MISSED_EVENING_FAILURE,
  PLATFORM_DOWN_FAILURE,
  REOPTIMISE_FAILED_NOTE,
  RETRIES_NOT_PLACED_NOTE,
} from './confirmation-batch.messages.ts';
import type {
  BatchActorInput,
  BatchSummary,
  BuiltCallList,
  ConfirmationBatchContext,
  ConfirmationBatchEvent,
  ConfirmationBatchInput,
  ConfirmationBatchOutput,
  MarkedMissing,
  PlacedCampaign,
  PlacedRetries,
  ReportCheck,
} from './confirmation-batch.types.ts';

const MINUTE_MS = 60_000;
export const REPORT_WAIT_MS = REPORT_WAIT_MINUTES * MINUTE_MS;
export const RETRY_AFTER_MS = RETRY_AFTER_MINUTES * MINUTE_MS;
export const PLATFORM_RETRY_MS = PLATFORM_RETRY_MINUTES * MINUTE_MS;

export const confirmationBatchMachine = setup({
  types: {
    input: {} as ConfirmationBatchInput,
    context: {} as ConfirmationBatchContext,
    events: {} as ConfirmationBatchEvent,
    output: {} as ConfirmationBatchOutput,
  },
  actors: {
    buildCallList: notProvidedPromise<BuiltCallList, BatchActorInput>('buildCallList'),
    placeCampaign: notProvidedPromise<PlacedCampaign, BatchActorInput>('placeCampaign'),
    checkReports: notProvidedPromise<ReportCheck, BatchActorInput>('checkReports'),
    markMissing: notProvidedPromise<MarkedMissing, BatchActorInput>('markMissing'),
    placeRetries: notProvidedPromise<PlacedRetries, BatchActorInput>('placeRetries'),
    reoptimise: notProvidedPromise<BatchSummary, BatchActorInput>('reoptimise'),
  },
  guards: {
    // On an outside event: the event's clock.
    isCallingHoursOver: ({ context, event }) => clock(context, event) >= context.latestAt,
    isCallTimeReached: ({ context, event }) => clock(context, event) >= context.callAt,
    isPlatformRetryOver: ({ context, event }) =>
      clock(context, event) - (context.platformDownSince ?? clock(context, event)) >= PLATFORM_RETRY_MS,
    isRetryDue: ({ context, event }) => clock(context, event) >= (context.retryAt ?? 0),
    // On an actor's result: the clock of the event that started it.
    hasNothingToCall: (_, list: BuiltCallList) => list.toCall === 0,
    hasReportsPending: ({ context }, check: ReportCheck) =>
      check.outstanding > 0 && (context.now ?? 0) < (context.reportsDueBy ?? 0),
    hasReportsOverdue: ({ context }, check: ReportCheck) =>
      check.outstanding > 0 && (context.now ?? 0) >= (context.reportsDueBy ?? 0),
    /** Once per batch, and only when the second call still falls inside calling hours. */
    canCallAgain: ({ context }, result: { toRetry: number }) =>
      result.toRetry > 0 && !context.retried && (context.now ?? 0) + RETRY_AFTER_MS < context.latestAt,
  },
  actions: {
    assignNow: assign({ now: ({ context, event }) => clock(context, event) }),
    assignCallAtNow: assign({ callAt: ({ context, event }) => clock(context, event) }),
    assignCampaign: assign(({ context }, placed: PlacedCampaign) => ({
      campaignId: placed.campaignId,
      reportsDueBy: (context.now ?? 0) + REPORT_WAIT_MS,
      platformDownSince: null,
    })),
    assignPlatformDown: assign({
      platformDownSince: ({ context }) => context.platformDownSince ?? context.now,
    }),
    assignRetryAt: assign({ retryAt: ({ context }) => (context.now ?? 0) + RETRY_AFTER_MS, reportsDueBy: null }),
    assignRetriesPlaced: assign(({ context }) => ({
      retried: true,
      retryAt: null,
      reportsDueBy: (context.now ?? 0) + REPORT_WAIT_MS,
    })),
    assignRetriesFailed: assign({ retried: true, planNote: (_, note: string) => note }),
    /** A later re-plan that worked makes an earlier "could not be re-optimised" note stale. */
    assignSummary: assign(({ context }, summary: BatchSummary) => ({
      summary,
      planNote: context.planNote?.startsWith(REOPTIMISE_FAILED_NOTE) ? null : context.planNote,
    })),
    assignPlanNote: assign({ planNote: (_, note: string) => note }),
    assignFailure: assign({ failure: (_, failure: string) => failure }),
    /** Deadlines hold only what is still awaited. */
    clearDeadlines: assign({ reportsDueBy: null, retryAt: null }),
  },
}).createMachine({
  id: 'confirmation-batch',
  context: ({ input }) => ({
    batchId: input.batchId,
    callAt: input.callAt,
    latestAt: input.latestAt,
    now: null,
    campaignId: null,
    reportsDueBy: null,
    retryAt: null,
    retried: false,
    platformDownSince: null,
    failure: null,
    summary: null,
    planNote: null,
  }),
  output: ({ event }) => event.output as ConfirmationBatchOutput,
  on: {
    'batch.cancel': { target: '.cancelled', actions: 'assignNow' },
  },
  initial: 'scheduled',
  states: {
    scheduled: {
      tags: ['resting'],
      on: {
        'batch.tick': [
          {
            guard: 'isCallingHoursOver',
            target: 'failed',
            actions: ['assignNow', { type: 'assignFailure', params: MISSED_EVENING_FAILURE }],
          },
          { guard: 'isCallTimeReached', target: 'preparing', actions: 'assignNow' },
          { actions: 'assignNow' },
        ],
        'batch.runNow': [
          {
            guard: 'isCallingHoursOver',
            target: 'failed',
            actions: ['assignNow', { type: 'assignFailure', params: MISSED_EVENING_FAILURE }],
          },
          { target: 'preparing', actions: ['assignNow', 'assignCallAtNow'] },
        ],
      },
    },
    preparing: {
      tags: ['busy'],
      invoke: {
        id: 'buildCallList',
        src: 'buildCallList',
        input: actorInput,
        onDone: [
          {
            guard: { type: 'hasNothingToCall', params: ({ event }) => event.output },
            target: 'reoptimising',
          },
          { target: 'placing' },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'assignFailure',
            params: ({ event }) => `${CALENDAR_FAILURE}: ${errorMessage(event.error)}`,
          },
        },
      },
    },
    placing: {
      tags: ['busy'],
      invoke: {
        id: 'placeCampaign',
        src: 'placeCampaign',
        input: actorInput,
        onDone: {
          target: 'waitingForReports',
          actions: { type: 'assignCampaign', params: ({ event }) => event.output },
        },
        onError: { target: 'platformDown', actions: 'assignPlatformDown' },
      },
    },
    platformDown: {
      tags: ['resting'],
      on: {
        'batch.tick': [
          {
            guard: 'isCallingHoursOver',
            target: 'failed',
            actions: ['assignNow', { type: 'assignFailure', params: PLATFORM_DOWN_FAILURE }],
          },
          {
            guard: 'isPlatformRetryOver',
            target: 'failed',
            actions: ['assignNow', { type: 'assignFailure', params: PLATFORM_DOWN_FAILURE }],
          },
          { target: 'placing', actions: 'assignNow' },
        ],
      },
    },
    waitingForReports: {
      tags: ['resting'],
      on: {
        'batch.tick': { target: 'checkingReports', actions: 'assignNow' },
        'batch.reportArrived': { target: 'checkingReports', actions: 'assignNow' },
      },
    },
    checkingReports: {
      tags: ['busy'],
      invoke: {
        id: 'checkReports',
        src: 'checkReports',
        input: actorInput,
        onDone: [
          {
            guard: { type: 'hasReportsPending', params: ({ event }) => event.output },
            target: 'waitingForReports',
          },
          {
            guard: { type: 'hasReportsOverdue', params: ({ event }) => event.output },
            target: 'markingMissing',
          },
          {
            guard: { type: 'canCallAgain', params: ({ event }) => event.output },
            target: 'retryWait',
            actions: 'assignRetryAt',
          },
          { target: 'reoptimising' },
        ],
        // The next tick checks again.
        onError: { target: 'waitingForReports' },
      },
    },
    markingMissing: {
      tags: ['busy'],
      invoke: {
        id: 'markMissing',
        src: 'markMissing',
        input: actorInput,
        onDone: [
          {
            guard: { type: 'canCallAgain', params: ({ event }) => event.output },
            target: 'retryWait',
            actions: 'assignRetryAt',
          },
          { target: 'reoptimising' },
        ],
        onError: { target: 'reoptimising' },
      },
    },
    retryWait: {
      tags: ['resting'],
      on: {
        'batch.tick': [
          // Nothing is called outside calling hours, however late the tick.
          { guard: 'isCallingHoursOver', target: 'reoptimising', actions: 'assignNow' },
          { guard: 'isRetryDue', target: 'placingRetries', actions: 'assignNow' },
          { actions: 'assignNow' },
        ],
      },
    },
    placingRetries: {
      tags: ['busy'],
      invoke: {
        id: 'placeRetries',
        src: 'placeRetries',
        input: actorInput,
        onDone: { target: 'waitingForReports', actions: 'assignRetriesPlaced' },
        onError: {
          target: 'reoptimising',
          actions: {
            type: 'assignRetriesFailed',
            params: ({ event }) => `${RETRIES_NOT_PLACED_NOTE}: ${errorMessage(event.error)}`,
          },
        },
      },
    },
    reoptimising: {
      tags: ['busy'],
      entry: 'clearDeadlines',
      invoke: {
        id: 'reoptimise',
        src: 'reoptimise',
        input: actorInput,
        onDone: { target: 'closed', actions: { type: 'assignSummary', params: ({ event }) => event.output } },
        onError: {
          target: 'closed',
          actions: {
            type: 'assignPlanNote',
            params: ({ event }) => `${REOPTIMISE_FAILED_NOTE}: ${errorMessage(event.error)}`,
          },
        },
      },
    },
    closed: {
      tags: ['resting'],
      on: {
        // A patient who answered after the batch changes the day: re-plan.
        'batch.reportArrived': { target: 'reoptimising', actions: 'assignNow' },
        'batch.tick': [{ guard: 'isCallingHoursOver', target: 'done', actions: 'assignNow' }, { actions: 'assignNow' }],
      },
    },
    done: { type: 'final', output: finalOutput('done') },
    failed: { type: 'final', tags: ['error'], output: finalOutput('failed') },
    cancelled: { type: 'final', output: finalOutput('cancelled') },
  },
});

// ─── Below the chart (function declarations are hoisted, so the chart can use them while it is built) ─────

/** Busy states are entered only from an event carrying `now`, so the fallback is never used. */
function actorInput({ context }: { context: ConfirmationBatchContext }): BatchActorInput {
  return {
    batchId: context.batchId,
    campaignId: context.campaignId,
    now: context.now ?? context.callAt,
    latestAt: context.latestAt,
  };
}

/**
 * The event's clock, never earlier than the last event's: two server instances may disagree by a few
 * seconds, and a deadline once passed must stay passed.
 */
function clock(context: ConfirmationBatchContext, event: { now: number }) {
  return Math.max(event.now, context.now ?? event.now);
}

function finalOutput(state: ConfirmationBatchOutput['state']) {
  return ({ context }: { context: ConfirmationBatchContext }): ConfirmationBatchOutput => ({
    state,
    summary: context.summary,
    failure: context.failure,
    campaignId: context.campaignId,
    planNote: context.planNote,
  });
}
