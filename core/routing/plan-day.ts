// One plan for one day: the calendar's visits of a date → the optimiser's report, with the same
// inputs and defaults wherever it is asked (the dashboard's Route view and the assistant's
// optimize_route tool), so both give the same order and the same saving.
//
// Honest about the calendar: a booked visit keeps its booked start (it is pinned) unless the event
// marks it flexible with the private extended property `flexible` = "true" (then only its patient
// window binds it). The day is the calendar's own span, from the first booked start to the last
// booked end, so the plan saves driving without lengthening the day with waits.
//
// The same legs whoever asks (the Route view, the assistant, `homerounds route optimize --clinician` and
// the seeded-days bench): from home and back when the caller knows the home (the day then runs from
// leaving home in time for the first booked visit to getting back from the last one), between visits
// only when it does not, and the report says which (`countsHomeLegs`, `legsNote`).
import type { CalendarEvent } from '../calendar/calendar.types.ts';
import type { Locations } from '../geo/geocoder.ts';
import type { SkippedEvent } from './calendar-day.ts';
import { visitsFromCalendar } from './calendar-day.ts';
import { type PlaceInput, type RouteReport, routeOptimize, type VisitInput } from './day-plan.ts';
import { formatClock } from './model.ts';
import { haversineMatrix } from './travel/haversine.ts';

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

export interface PlanDayOptions {
  /** Where the day starts and ends; absent: the drives from and back home are not counted (and the report says so). */
  home?: PlaceInput;
  /** `marked` (default): only events marked flexible move; `all`: every visit keeps only its patient window (what-if). */
  flexible?: 'marked' | 'all';
  timeLimitMs?: number;
  /** Addresses located through the geocoder port, for events that carry no coordinates of their own. */
  locations?: Locations;
}

export function planDay(events: readonly CalendarEvent[], day: string, options: PlanDayOptions = {}): DayPlan {
  const found = visitsFromCalendar(events, day, options.locations);
  const { skipped } = found;
  const flexible = new Set(
    (options.flexible === 'all' ? events : events.filter(isFlexibleEvent)).map((event) => event.id),
  );
  // A stable input order (booked start, then id): the same day gives the same plan whoever asks.
  const visits = found.visits
    .map((visit) => (flexible.has(visit.id) ? visit : { ...visit, fixed: true }))
    .sort((a, b) => wallMinutes(a.start) - wallMinutes(b.start) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (visits.length === 0) return { day, visits, skipped, report: null, error: null };
  const home = options.home;
  let first = Math.min(...visits.map((v) => wallMinutes(v.start)));
  let last = Math.max(...visits.map((v) => wallMinutes(v.start) + v.durationMinutes));
  if (home) {
    // Leave home in time for the first booked visit, back from the last one: the calendar order's own day,
    // in whole minutes (the same estimate as the plan's legs).
    const head = visits[0] as VisitInput;
    const tail = visits.at(-1) as VisitInput;
    const m = haversineMatrix([home, head, tail]).minutes;
    first = Math.floor(wallMinutes(head.start) - (m[0]?.[1] ?? 0));
    last = Math.ceil(Math.max(last, wallMinutes(tail.start) + tail.durationMinutes + (m[2]?.[0] ?? 0)));
  }
  try {
    const report = routeOptimize({
      date: day,
      visits,
      ...(home ? { start: home } : {}),
      workingHours: { start: formatClock(Math.max(0, first)), end: formatClock(Math.min(last, 24 * 60 - 1)) },
      ...(options.timeLimitMs ? { timeLimitMs: options.timeLimitMs } : {}),
    });
    return { day, visits, skipped, report, error: null };
  } catch (error) {
    return { day, visits, skipped, report: null, error: error instanceof Error ? error.message : String(error) };
  }
}
