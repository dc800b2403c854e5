// The evening confirmation statuses beside the calendar (web only): each status on its event, and the cause of
// a failed read in words safe for the console.
import type { CalendarEvent, EventConfirmation, ScheduleCalendarEvent } from './schedule.types.ts';

/** The calendar waits for the statuses at most this long: they are extras. */
export const CONFIRMATIONS_TIMEOUT_MS = 8_000;

/** The event's calendar day (YYYY-MM-DD) as written by the provider (its own wall clock). */
export function eventDay(event: CalendarEvent): string {
  return event.start.slice(0, 10);
}

/** Each status on its event: same event id and the event's day (a recurring visit has one per day). */
export function attachConfirmations(
  events: readonly CalendarEvent[],
  confirmations: readonly EventConfirmation[],
): ScheduleCalendarEvent[] {
  if (confirmations.length === 0) return [...events];
  const byKey = new Map(confirmations.map((c) => [`${c.eventId}\u0000${c.visitDate}`, c]));
  return events.map((event) => {
    const confirmation = byKey.get(`${event.id}\u0000${eventDay(event)}`);
    return confirmation ? { ...event, confirmation } : event;
  });
}

/** An error's words for the console, with anything token-like masked. */
export function logSafeCause(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'object' && error !== null && 'message' in error
        ? String((error as { message: unknown }).message)
        : String(error);
  return text
    .replace(/Bearer\s+\S+/gi, 'Bearer [masked]')
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[masked]')
    .replace(/ya29\.[\w.-]+/g, '[masked]');
}
