// Turns a day of calendar events into the visits the optimiser plans. HomeRounds keeps each visit's
// patient window and coordinates in the event's private extended properties; events without
// coordinates (e.g. written by hand in Google Calendar) are reported as skipped, since geocoding an
// address needs a network service the local platform does not have.
import type { CalendarEvent } from '../calendar/calendar.types.ts';
import type { VisitInput } from './day-plan.ts';
import { formatClock } from './model.ts';

export interface SkippedEvent {
  id: string;
  title: string;
  reason: string;
}

const HHMM = /^\d{1,2}:\d{2}$/;

function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** Minutes between two ISO date-times. */
function minutesBetween(start: string, end: string): number {
  return Math.round((Date.parse(end) - Date.parse(start)) / 60_000);
}

export function visitsFromCalendar(
  events: readonly CalendarEvent[],
  date: string,
): { visits: VisitInput[]; skipped: SkippedEvent[] } {
  const visits: VisitInput[] = [];
  const skipped: SkippedEvent[] = [];
  for (const event of events) {
    if (event.allDay || !event.start.startsWith(date)) continue;
    const lat = Number(event.properties?.lat);
    const lon = Number(event.properties?.lng ?? event.properties?.lon);
    if (!event.properties?.lat || !Number.isFinite(lat) || !Number.isFinite(lon)) {
      skipped.push({
        id: event.id,
        title: event.title,
        reason: 'no coordinates on the event (not a HomeRounds visit)',
      });
      continue;
    }
    const durationMinutes = minutesBetween(event.start, event.end);
    if (!(durationMinutes > 0)) {
      skipped.push({ id: event.id, title: event.title, reason: 'ends before it starts' });
      continue;
    }
    const visit: VisitInput = { id: event.id, title: event.title, lat, lon, start: event.start, durationMinutes };
    if (event.location) visit.address = event.location;
    const earliest = event.properties?.windowStart;
    const latest = event.properties?.windowEnd;
    if (earliest && latest && HHMM.test(earliest) && HHMM.test(latest)) {
      // The window bounds the whole visit: the latest start leaves room to finish inside it. A window
      // shorter than the visit says nothing usable about the start, so the visit keeps no window.
      const latestStart = toMinutes(latest) - durationMinutes;
      if (latestStart >= toMinutes(earliest)) visit.window = { earliest, latest: formatClock(latestStart) };
    }
    visits.push(visit);
  }
  return { visits, skipped };
}
