// The dashboard's `loadEvents`: the calendar (token, then the fetch, as createScheduleActors does) and,
// beside it, the clinician's confirmation statuses for the loaded days and the batches from today on.
// Each status is attached to its event (same event id and day). The confirmations never fail the
// calendar: if they fail, are refused or take longer than CONFIRMATIONS_TIMEOUT_MS, the calendar shows
// without marks and the cause is logged once (console.warn, tokens masked).
import { fromPromise } from 'xstate';
import { CALENDAR_WINDOW_DAYS } from '../../../../core/calendar/events-request.ts';
import {
  type CalendarEvent,
  type ConfirmationsSnapshot,
  type DayRange,
  type EventConfirmation,
  type LoadedEvents,
  MissingProviderTokenError,
  type ScheduleCalendarEvent,
  type SchedulePorts,
  scheduleMachine,
} from '../../../../machines/schedule/index.ts';
import { appNow } from '../../app/clock.ts';
import { eventDay, localDay } from '../route/route-days.ts';

/** The statuses are extras: the calendar waits for them at most this long. */
export const CONFIRMATIONS_TIMEOUT_MS = 8_000;
const DAY_MS = 86_400_000;

/** The days the calendar loads (now → now + 30 days), in the clinician's zone. */
export function loadedDays(now: Date): DayRange {
  return { from: localDay(now), to: localDay(new Date(now.getTime() + CALENDAR_WINDOW_DAYS * DAY_MS)) };
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

/** The statuses, or null (logged once) when they could not be read; never rejects. */
async function readConfirmations(
  ports: SchedulePorts,
  days: DayRange,
  loadSignal: AbortSignal,
): Promise<ConfirmationsSnapshot | null> {
  if (!ports.fetchConfirmations) return null;
  const controller = new AbortController();
  const abort = () => controller.abort();
  loadSignal.addEventListener('abort', abort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer after ${CONFIRMATIONS_TIMEOUT_MS / 1000} s`));
    }, CONFIRMATIONS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([ports.fetchConfirmations(days, controller.signal), timeout]);
  } catch (error) {
    // The whole load was abandoned (Refresh, timeout): nothing to report about the statuses.
    if (!loadSignal.aborted) console.warn('[schedule] Confirmation statuses not loaded:', logSafeCause(error));
    return null;
  } finally {
    clearTimeout(timer);
    loadSignal.removeEventListener('abort', abort);
  }
}

/** The dashboard's `loadEvents` actor. */
export function createScheduleLoader(ports: SchedulePorts, now: () => Date = appNow) {
  return {
    loadEvents: fromPromise<LoadedEvents, void>(async ({ signal }) => {
      // Started first and in parallel: the statuses never hold the calendar back longer than it takes.
      const confirmations = readConfirmations(ports, loadedDays(now()), signal);
      const token = await ports.getProviderToken();
      if (!token) throw new MissingProviderTokenError();
      const events = await ports.fetchEvents(token, signal);
      const found = await confirmations;
      return {
        events: attachConfirmations(events, found?.confirmations ?? []),
        fetchedAt: now().toISOString(),
        confirmationBatches: found?.batches ?? [],
      };
    }),
  };
}

/** The schedule machine as the dashboard runs it: with the load above (calendar and confirmation statuses). */
export function dashboardScheduleMachine(ports: SchedulePorts, now?: () => Date) {
  return scheduleMachine.provide({ actors: createScheduleLoader(ports, now) });
}
