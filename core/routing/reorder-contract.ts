// "Use this order": the `reorder-day` Edge Function's contract (server/functions/reorder-day.ts). The Route view sends
// the events whose start the plan changes, each with the etag it was read with; the server moves them all or none
// (each write conditional on that etag, the ones done rolled back when one fails) and answers each moved event's new
// etag and the start it had, which is exactly what Undo sends back. A repeated request changes nothing twice: an
// event already at the asked start is `unchanged`.
import type { CalendarEvent } from '../calendar/calendar.types.ts';
import { HH_MM, hhmmToMinutes, minutesToHhmm } from '../time/zoned-time.ts';
import { MOVED_FROM_PROPERTY } from '../visits/visits.ts';
import type { RouteReport } from './day-plan.ts';
import { wallMinutes } from './move-rule.ts';

/** Deployed (and mounted locally) as POST /functions/v1/reorder-day. */
export const REORDER_FUNCTION = 'reorder-day';
/** A day's visits: more moves than this in one request is not a day's plan. */
export const MAX_REORDER_MOVES = 40;
/**
 * The private property a moved event carries (core/visits): the start the patient was last told. The evening
 * confirmation call tells the patient the new time while the event's start differs from it; Undo restores the start,
 * and then it no longer differs.
 */
export { MOVED_FROM_PROPERTY };

/** One event to move: where the plan puts its start (wall-clock "HH:MM" on the day; its length is kept). */
export interface ReorderMove {
  id: string;
  /** The etag the event was read with: the write fails (nothing changes) if the event changed since. */
  etag: string;
  start: string;
}

export interface ReorderRequest {
  /** YYYY-MM-DD in the calendar's zone: every event must start that day and stays on it. */
  day: string;
  moves: ReorderMove[];
}

export interface MovedEvent {
  id: string;
  /** The event's etag after the move (what Undo must send). */
  etag: string;
  /** The new start and end (RFC 3339). */
  start: string;
  end: string;
  /** The wall-clock start it had before ("HH:MM"). */
  previousStart: string;
}

/** 200: every move applied (or already in place). */
export interface ReorderResponse {
  day: string;
  moved: MovedEvent[];
  /** Events already at the asked start (a repeated request): nothing written. */
  unchanged: Array<{ id: string; etag: string }>;
}

/** The error codes the function answers, with `{code, message, eventIds?}`. */
export type ReorderErrorCode =
  | 'invalid_request' // 400: the body is not a day's moves
  | 'unauthorized' // 401: no signed-in session
  | 'reauth_required' // 401: the server holds no usable Google grant: sign in again
  | 'write_access_required' // 403: calendar changes not allowed yet
  | 'changed' // 409: an event changed (or went) since it was read: nothing moved
  | 'fixed' // 409: an event is marked "time is fixed": nothing moved
  | 'calendar_unavailable' // 502: Google failed; what was moved was put back: nothing moved
  | 'partially_applied'; // 500: Google failed and putting back failed too: `eventIds` are at their new time

export interface ReorderError {
  code: ReorderErrorCode;
  message: string;
  eventIds?: string[];
}

/**
 * The moves a plan asks for: each visit whose planned start differs from its booked one, with the etag it was read
 * with. Empty when the report is not feasible (no order is proposed then) or an event carries no etag.
 */
export function movesFromPlan(report: RouteReport, events: readonly CalendarEvent[]): ReorderMove[] {
  if (!report.feasible) return [];
  const byId = new Map(events.map((event) => [event.id, event]));
  const moves: ReorderMove[] = [];
  for (const stop of report.optimized.stops) {
    const event = byId.get(stop.id);
    if (!event || event.allDay || !HH_MM.test(stop.start)) continue;
    if (!event.etag) return [];
    if (hhmmToMinutes(stop.start) === wallMinutes(event.start)) continue;
    moves.push({ id: event.id, etag: event.etag, start: minutesToHhmm(hhmmToMinutes(stop.start)) });
  }
  return moves;
}

/** What Undo sends: every moved event back to its previous start, with the etag the move left it. */
export function undoMoves(response: ReorderResponse): ReorderMove[] {
  return response.moved.map((moved) => ({ id: moved.id, etag: moved.etag, start: moved.previousStart }));
}
