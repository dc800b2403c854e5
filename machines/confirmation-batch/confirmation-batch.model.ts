// The confirmation-batch machine's model for path generation: an evening calling from 17:00 until
// calling hours end at 21:00, and ticks at the moments that matter (before the call time, at it, after
// the reports are due, when the no-answers may be called again, at the end of calling hours).
import type { BatchSummary } from '../../core/confirmations/contract.ts';
import type { MachineModel } from '../shared/model.ts';
import { confirmationBatchMachine } from './confirmation-batch.machine.ts';
import type { ConfirmationBatchContext, ConfirmationBatchInput } from './confirmation-batch.types.ts';

/** 2026-11-23 at hh:mm (UTC: the machine only compares instants). */
export const at = (hh: number, mm = 0) => Date.UTC(2026, 10, 23, hh, mm);

export const BATCH_MODEL_INPUT: ConfirmationBatchInput = { batchId: 'batch-1', callAt: at(17), latestAt: at(21) };

const SUMMARY: BatchSummary = {
  counts: { confirmed: 2, 'no-answer': 1 },
  moved: [],
  plan: {
    order: [{ eventId: 'e1', patientName: 'Maria Lopez', start: '2026-11-24T09:00:00.000Z' }],
    driveMinutes: 42,
    confirmedTimesKept: true,
    feasible: true,
  },
  planNote: null,
};

export const confirmationBatchModel: MachineModel<typeof confirmationBatchMachine> = {
  name: 'confirmation-batch',
  machine: confirmationBatchMachine,
  input: BATCH_MODEL_INPUT,
  outcomes: {
    buildCallList: [
      { label: '3 to call', output: { toCall: 3 } },
      { label: 'nothing to call', output: { toCall: 0 } },
      { label: 'calendar error', error: new Error('Calendar API 500') },
    ],
    placeCampaign: [
      { label: 'placed', output: { campaignId: 'campaign-1', placed: 3 } },
      { label: 'platform down', error: new Error('Voice platform 503') },
    ],
    checkReports: [
      { label: '2 outstanding', output: { outstanding: 2, toRetry: 0 } },
      { label: 'all in, 1 no-answer', output: { outstanding: 0, toRetry: 1 } },
      { label: 'all in', output: { outstanding: 0, toRetry: 0 } },
      { label: 'database error', error: new Error('connection reset') },
    ],
    markMissing: [
      { label: '1 no-answer', output: { toRetry: 1 } },
      { label: 'none to retry', output: { toRetry: 0 } },
      { label: 'database error', error: new Error('connection reset') },
    ],
    placeRetries: [
      { label: 'placed', output: { placed: 1 } },
      { label: 'platform down', error: new Error('Voice platform 503') },
    ],
    reoptimise: [
      { label: 'summary', output: SUMMARY },
      { label: 'solver error', error: new Error('solver timed out') },
    ],
  },
  events: [
    { type: 'batch.tick', now: at(16, 30) },
    { type: 'batch.tick', now: at(17) },
    { type: 'batch.tick', now: at(17, 50) },
    { type: 'batch.tick', now: at(19) },
    { type: 'batch.tick', now: at(21) },
    { type: 'batch.reportArrived', now: at(17, 20) },
    { type: 'batch.runNow', now: at(16, 30) },
    { type: 'batch.runNow', now: at(21) },
    { type: 'batch.cancel', now: at(16, 30) },
  ],
  serializeContext: (context) => {
    const { now, reportsDueBy, retryAt, retried, platformDownSince } = context as ConfirmationBatchContext;
    return { now, reportsDueBy, retryAt, retried, platformDownSince };
  },
};
