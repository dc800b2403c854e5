// The day after the calls: re-plan the route with every confirmed (or moved) visit pinned at its time and
// the others free within their patients' windows, and say what changed. The plan is shown to the
// clinician, never written to the calendar: patients who did not confirm were told no new time.

import type { CalendarEvent } from '../calendar/calendar.types.ts';
import { FLEXIBLE_PROPERTY } from '../routing/move-rule.ts';
import { planDay } from '../routing/plan-day.ts';
import { zonedDateTime, zonedMinute } from '../time/zoned-time.ts';
import { toVisit } from '../visits/visits.ts';
import type { BatchSummary, ConfirmationStatus, VisitConfirmation } from './contract.ts';

/** Statuses whose time the patient agreed to: the plan must keep them. */
const AGREED: readonly ConfirmationStatus[] = ['confirmed', 'moved'];

export function summarise(
  events: readonly CalendarEvent[],
  rows: readonly VisitConfirmation[],
  date: string,
  timeZone: string,
): BatchSummary {
  const counts: BatchSummary['counts'] = {};
  for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
  const moved = rows
    .filter((r) => r.status === 'moved' && r.newStart)
    .map((r) => ({ eventId: r.eventId, patientName: r.patientName, from: r.originalStart, to: r.newStart as string }));

  const agreed = new Set(rows.filter((r) => AGREED.includes(r.status)).map((r) => r.eventId));
  const called = new Set(rows.map((r) => r.eventId));
  // Visits on the call list that did not agree to their time may move within their windows.
  const planned = events.map((event) =>
    called.has(event.id) && !agreed.has(event.id)
      ? { ...event, properties: { ...event.properties, [FLEXIBLE_PROPERTY]: 'true' } }
      : event,
  );
  const plan = planDay(planned, date);
  if (!plan.report) {
    return {
      counts,
      moved,
      plan: null,
      planNote: plan.error ?? (plan.visits.length ? null : 'No visit with a known location to plan.'),
    };
  }
  const stops = plan.report.optimized.stops;
  const names = new Map(events.map((e) => [e.id, toVisit(e, timeZone).patient ?? e.title]));
  const booked = new Map(events.map((e) => [e.id, e.allDay ? -1 : zonedMinute(new Date(e.start), timeZone)]));
  const wall = (hhmm: string) => Number(hhmm.slice(-5, -3)) * 60 + Number(hhmm.slice(-2));
  const confirmedTimesKept = stops.filter((s) => agreed.has(s.id)).every((s) => wall(s.start) === booked.get(s.id));
  return {
    counts,
    moved,
    plan: {
      order: stops.map((s) => ({
        eventId: s.id,
        patientName: names.get(s.id) ?? s.title,
        start: zonedDateTime(date, wall(s.start), timeZone).instant.toISOString(),
      })),
      driveMinutes: Math.round(plan.report.optimized.totalTravelMinutes),
      confirmedTimesKept,
      feasible: plan.report.optimized.feasible,
    },
    planNote: plan.report.optimized.feasible ? null : 'No order meets every patient’s time window.',
  };
}
