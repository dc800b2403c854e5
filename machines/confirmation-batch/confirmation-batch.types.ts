// Types of the confirmation-batch machine: one clinician's evening of confirmation calls for one visit
// date, as plain JSON (the server keeps the persisted snapshot in a database row), its events and the
// ports the server runner implements.
import type { BatchState, BatchSummary } from '../../core/confirmations/contract.ts';

export type { BatchState, BatchSummary };

/** Epoch milliseconds. */
export type EpochMs = number;

export interface ConfirmationBatchInput {
  batchId: string;
  /** When the batch calls. */
  callAt: EpochMs;
  /** When calling hours end: no call may be placed at or after it. */
  latestAt: EpochMs;
}

export interface ConfirmationBatchContext {
  batchId: string;
  /** When the batch calls: the clinician's call time, or the moment an administrator ran it. */
  callAt: EpochMs;
  latestAt: EpochMs;
  /** The `now` of the last event taken; null before the first. */
  now: EpochMs | null;
  campaignId: string | null;
  /** When the reports of the current round of calls are overdue (then marked `no-report`). */
  reportsDueBy: EpochMs | null;
  /** When the no-answers are called again. */
  retryAt: EpochMs | null;
  /** The no-answers were called again (or that was tried): never twice. */
  retried: boolean;
  /** The first failed campaign placement: placement is retried for PLATFORM_RETRY_MINUTES from here. */
  platformDownSince: EpochMs | null;
  /** Why the batch failed, in words. */
  failure: string | null;
  summary: BatchSummary | null;
  /** What went wrong after the calls (retries not placed, route not re-optimised), in words. */
  planNote: string | null;
}

/** Every event carries the server's clock: time passes for the machine only through events. */
export type ConfirmationBatchEvent =
  /** The cron's tick (every few minutes). */
  | { type: 'batch.tick'; now: EpochMs }
  /** An administrator starts the batch now. */
  | { type: 'batch.runNow'; now: EpochMs }
  /** The webhook recorded a call's report: check now instead of at the next tick. */
  | { type: 'batch.reportArrived'; now: EpochMs }
  | { type: 'batch.cancel'; now: EpochMs };

/** What every actor of the batch gets: which batch, which campaign, and the time of the event that started it. */
export interface BatchActorInput {
  batchId: string;
  campaignId: string | null;
  now: EpochMs;
  latestAt: EpochMs;
}

/** Tomorrow's call list was written (rows with skip reasons included); `toCall` rows will be called. */
export interface BuiltCallList {
  toCall: number;
}

export interface PlacedCampaign {
  campaignId: string;
  placed: number;
}

export interface ReportCheck {
  /** Calls placed that have no report yet. */
  outstanding: number;
  /** No-answers that may be called again. */
  toRetry: number;
}

/** The overdue calls were marked `no-report`. */
export interface MarkedMissing {
  toRetry: number;
}

export interface PlacedRetries {
  placed: number;
}

export interface ConfirmationBatchOutput {
  state: Extract<BatchState, 'done' | 'failed' | 'cancelled'>;
  summary: BatchSummary | null;
  failure: string | null;
  campaignId: string | null;
  planNote: string | null;
}

/** What the server runner provides: the batch's I/O, each with the machine's abort signal. */
export interface ConfirmationBatchPorts {
  buildCallList(input: BatchActorInput, signal: AbortSignal): Promise<BuiltCallList>;
  placeCampaign(input: BatchActorInput, signal: AbortSignal): Promise<PlacedCampaign>;
  checkReports(input: BatchActorInput, signal: AbortSignal): Promise<ReportCheck>;
  markMissing(input: BatchActorInput, signal: AbortSignal): Promise<MarkedMissing>;
  placeRetries(input: BatchActorInput, signal: AbortSignal): Promise<PlacedRetries>;
  reoptimise(input: BatchActorInput, signal: AbortSignal): Promise<BatchSummary>;
}
