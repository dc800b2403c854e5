// Types of the schedule machine: the next 30 days of calendar events and why loading failed.
import type { CalendarEvent } from '../../core/calendar/calendar.types.ts';

export type { CalendarEvent };

/** Why the schedule could not load: no provider token (sign in again) or the fetch itself. */
export type ScheduleErrorKind = 'no-provider-token' | 'fetch-failed';

export interface ScheduleContext {
  events: CalendarEvent[];
  error: { kind: ScheduleErrorKind; message: string } | null;
  /** When the events shown were fetched (ISO 8601), null before the first load. */
  fetchedAt: string | null;
}

export interface LoadedEvents {
  events: CalendarEvent[];
  fetchedAt: string;
}

export type ScheduleEvent = { type: 'schedule.refresh' } | { type: 'schedule.retry' };

/** What a face provides: where the provider token comes from and how events are fetched. */
export interface SchedulePorts {
  /** The calendar provider's access token from the current session, or null when it is gone. */
  getProviderToken(): Promise<string | null>;
  fetchEvents(providerToken: string, signal: AbortSignal): Promise<CalendarEvent[]>;
}
