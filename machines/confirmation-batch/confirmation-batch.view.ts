// What the dashboard, the CLI and the batch API show of a batch: its state with a label, whether an
// actor is at work, whether it has ended, and why it failed.
import type { SnapshotFrom } from 'xstate';
import { BATCH_STATES, type BatchState } from '../../core/confirmations/contract.ts';
import type { confirmationBatchMachine } from './confirmation-batch.machine.ts';
import type { BatchSummary } from './confirmation-batch.types.ts';

export const BATCH_STATE_LABELS: Record<BatchState, string> = {
  scheduled: 'Scheduled',
  preparing: 'Preparing the call list',
  placing: 'Placing calls',
  platformDown: 'Voice platform unreachable, trying again',
  waitingForReports: 'Waiting for call reports',
  checkingReports: 'Checking call reports',
  markingMissing: 'Marking missing reports',
  retryWait: 'Waiting to call no-answers again',
  placingRetries: 'Calling no-answers again',
  reoptimising: 'Re-optimising the day',
  closed: 'Calls finished',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export interface ConfirmationBatchView {
  state: BatchState;
  label: string;
  /** An actor is at work (the runner does not persist these states). */
  busy: boolean;
  /** A final state: done, failed or cancelled. */
  finished: boolean;
  failure: string | null;
  campaignId: string | null;
  summary: BatchSummary | null;
  planNote: string | null;
}

export function batchState(value: unknown): BatchState {
  if (typeof value === 'string' && (BATCH_STATES as readonly string[]).includes(value)) return value as BatchState;
  throw new Error(`Not a batch state: ${JSON.stringify(value)}`);
}

export function toConfirmationBatchView(
  snapshot: SnapshotFrom<typeof confirmationBatchMachine>,
): ConfirmationBatchView {
  const state = batchState(snapshot.value);
  const { failure, campaignId, summary, planNote } = snapshot.context;
  return {
    state,
    label: BATCH_STATE_LABELS[state],
    busy: snapshot.hasTag('busy'),
    finished: snapshot.status === 'done',
    failure: state === 'failed' ? failure : null,
    campaignId,
    summary,
    planNote,
  };
}
