// What the schedule panel shows: loading text, the error block, or the events.
import type { SnapshotFrom } from 'xstate';
import { stateString } from '../auth/auth.view.ts';
import type { scheduleMachine } from './schedule.machine.ts';
import type { ConfirmationBatchInfo, ScheduleCalendarEvent, ScheduleErrorKind } from './schedule.types.ts';

export const SCHEDULE_LOADING_TEXT = 'Loading your calendar...';
export const SCHEDULE_ERROR_HEADING = 'Calendar Error';

export interface ScheduleView {
  status: 'loading' | 'loaded' | 'error';
  events: ScheduleCalendarEvent[];
  /** Confirmation batches from today on (web), nearest first. */
  confirmationBatches: ConfirmationBatchInfo[];
  errorKind: ScheduleErrorKind | null;
  errorMessage: string | null;
  /** Offer "Sign in again" rather than only "Try Again". */
  needsSignIn: boolean;
  fetchedAt: string | null;
  state: string;
}

const NO_BATCHES: ConfirmationBatchInfo[] = [];

export function toScheduleView(snapshot: SnapshotFrom<typeof scheduleMachine>): ScheduleView {
  const { events, error, fetchedAt, confirmationBatches } = snapshot.context;
  const status = snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'error' : 'loaded';
  return {
    status,
    events,
    confirmationBatches: confirmationBatches ?? NO_BATCHES,
    errorKind: status === 'error' ? (error?.kind ?? null) : null,
    errorMessage: status === 'error' ? (error?.message ?? null) : null,
    needsSignIn: status === 'error' && error?.kind === 'no-provider-token',
    fetchedAt,
    state: stateString(snapshot.value),
  };
}
