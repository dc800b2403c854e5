// One plan for one day: the calendar's visits of a date → the optimiser's report, with the same
// inputs and defaults wherever it is asked (the dashboard's Route view and the assistant's
// optimize_route tool), so both give the same order and the same saving.
import type { CalendarEvent } from '../calendar/calendar.types.ts';
import type { SkippedEvent } from './calendar-day.ts';
import { visitsFromCalendar } from './calendar-day.ts';
import { type RouteReport, routeOptimize, type VisitInput } from './day-plan.ts';

export interface DayPlan {
  day: string;
  visits: VisitInput[];
  skipped: SkippedEvent[];
  /** Null when the day has no plannable visit (or planning failed: see `error`). */
  report: RouteReport | null;
  error: string | null;
}

export function planDay(events: readonly CalendarEvent[], day: string): DayPlan {
  const { visits, skipped } = visitsFromCalendar(events, day);
  if (visits.length === 0) return { day, visits, skipped, report: null, error: null };
  try {
    // No `start`: the clinician's home is not on the calendar, so the day starts "anywhere".
    return { day, visits, skipped, report: routeOptimize({ date: day, visits }), error: null };
  } catch (error) {
    return { day, visits, skipped, report: null, error: error instanceof Error ? error.message : String(error) };
  }
}
