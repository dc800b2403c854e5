// One plan for one day: the calendar's visits of a date → the optimiser's report, with the same
// inputs and defaults wherever it is asked (the dashboard's Route view and the assistant's
// optimize_route tool), so both give the same order and the same saving.
//
// Honest about the calendar: a booked visit keeps its booked start (it is pinned) unless the event
// marks it flexible with the private extended property `flexible` = "true" (then only its patient
// window binds it). The day is the calendar's own span, from the first booked start to the last
// booked end, so the plan saves driving without lengthening the day with waits.
import type { CalendarEvent } from '../calendar/calendar.types.ts';
import type { SkippedEvent } from './calendar-day.ts';
import { visitsFromCalendar } from './calendar-day.ts';
import { type RouteReport, routeOptimize, type VisitInput } from './day-plan.ts';
import { formatClock } from './model.ts';

/** The private extended property that lets the plan move a visit: `flexible` = "true". */
export const FLEXIBLE_PROPERTY = 'flexible';

export interface DayPlan {
  day: string;
  visits: VisitInput[];
  skipped: SkippedEvent[];
  /** Null when the day has no plannable visit (or planning failed: see `error`). */
  report: RouteReport | null;
  error: string | null;
}

/** True when the calendar lets the plan move this visit. */
export function isFlexibleEvent(event: CalendarEvent): boolean {
  return event.properties?.[FLEXIBLE_PROPERTY]?.trim().toLowerCase() === 'true';
}

/** Wall-clock minutes of an ISO date-time as written ("2026-11-24T09:30:00-06:00" → 570). */
function wallMinutes(iso: string): number {
  return Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));
}

export function planDay(events: readonly CalendarEvent[], day: string): DayPlan {
  const found = visitsFromCalendar(events, day);
  const { skipped } = found;
  const flexible = new Set(events.filter(isFlexibleEvent).map((event) => event.id));
  // A stable input order (booked start, then id): the same day gives the same plan whoever asks.
  const visits = found.visits
    .map((visit) => (flexible.has(visit.id) ? visit : { ...visit, fixed: true }))
    .sort((a, b) => wallMinutes(a.start) - wallMinutes(b.start) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (visits.length === 0) return { day, visits, skipped, report: null, error: null };
  const first = Math.min(...visits.map((v) => wallMinutes(v.start)));
  const last = Math.max(...visits.map((v) => wallMinutes(v.start) + v.durationMinutes));
  try {
    // No `start`: the clinician's home is not on the calendar, so the day starts "anywhere".
    const report = routeOptimize({
      date: day,
      visits,
      workingHours: { start: formatClock(first), end: formatClock(Math.min(last, 24 * 60 - 1)) },
    });
    return { day, visits, skipped, report, error: null };
  } catch (error) {
    return { day, visits, skipped, report: null, error: error instanceof Error ? error.message : String(error) };
  }
}
