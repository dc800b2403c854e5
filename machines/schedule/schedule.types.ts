// Types of the schedule machine: the next 30 days of calendar events and why loading failed; on the web,
// each visit's evening confirmation status and the confirmation batches (docs/web.md § Confirmations).
import type { CalendarEvent } from '../../core/calendar/calendar.types.ts';
import type { BatchState, BatchSummary, VisitConfirmation } from '../../core/confirmations/contract.ts';

export type { CalendarEvent };

/** Why the schedule could not load: no provider token (sign in again) or the fetch itself. */
export type ScheduleErrorKind = 'no-provider-token' | 'fetch-failed';

/** A visit's confirmation status as the dashboard reads it (only the columns it shows). */
export type EventConfirmation = Pick<
  VisitConfirmation,
  'eventId' | 'visitDate' | 'patientName' | 'status' | 'originalStart' | 'newStart' | 'detail' | 'late' | 'updatedAt'
>;

/** A calendar event, with its confirmation status when the visit has one (same event id and day). */
export interface ScheduleCalendarEvent extends CalendarEvent {
  confirmation?: EventConfirmation;
}

/** One evening's batch as the dashboard reads it (public.confirmation_batches). */
export interface ConfirmationBatchInfo {
  /** The day whose visits are confirmed (YYYY-MM-DD). */
  visitDate: string;
  /** A BatchState; a state newer than this build reads as "in progress". */
  state: BatchState | (string & {});
  summary: BatchSummary | null;
  updatedAt: string;
}

/** What the confirmations read returns: the statuses of the loaded days and the batches from today on. */
export interface ConfirmationsSnapshot {
  confirmations: EventConfirmation[];
  batches: ConfirmationBatchInfo[];
}

/** Days as YYYY-MM-DD, both included. */
export interface DayRange {
  from: string;
  to: string;
}

export interface ScheduleContext {
  events: ScheduleCalendarEvent[];
  error: { kind: ScheduleErrorKind; message: string } | null;
  /** When the events shown were fetched (ISO 8601), null before the first load. */
  fetchedAt: string | null;
  /** Confirmation batches from today on, nearest first (web only; absent or empty when none or unreadable). */
  confirmationBatches?: ConfirmationBatchInfo[];
  /** While loading: what each region has brought so far, shown together once both settle. */
  pending?: { loaded: LoadedEvents | null; statuses: ConfirmationsSnapshot | null } | null;
}

export interface LoadedEvents {
  events: ScheduleCalendarEvent[];
  fetchedAt: string;
}

export type ScheduleEvent = { type: 'schedule.refresh' } | { type: 'schedule.retry' };

/** What a face provides: where the provider token comes from and how events are fetched. */
export interface SchedulePorts {
  /** The calendar provider's access token from the current session, or null when it is gone. */
  getProviderToken(): Promise<string | null>;
  fetchEvents(providerToken: string, signal: AbortSignal): Promise<CalendarEvent[]>;
  /**
   * The clinician's confirmation statuses for `days` and the batches from `days.from` on (web only; the
   * dashboard's loader reads them beside the calendar and never lets their failure fail it).
   */
  fetchConfirmations?(days: DayRange, signal: AbortSignal): Promise<ConfirmationsSnapshot>;
}
