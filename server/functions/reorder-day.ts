// POST /functions/v1/reorder-day: "Use this order" (and its Undo). The signed-in clinician's own click is the yes;
// this function checks everything else (core/routing/reorder-contract.ts has the shapes):
//   - every event is the clinician's, timed, starts on the day asked, and is not marked "time is fixed";
//   - every event is unchanged since the web app read it (its etag), else nothing is written (409 changed);
//   - an event already at the asked start is left alone (a repeated request moves nothing twice);
//   - each write is conditional on the etag (If-Match), so a change made meanwhile fails it; when one write fails,
//     the ones done are put back (conditional on their new etags) and the answer says nothing moved.
// A moved event keeps its length and gains the private property MOVED_FROM_PROPERTY (the start the patient was last
// told) in the same write, so the evening confirmation call tells the patient the new time.
// Calendar text is health data: only event ids and status codes are ever logged.

import type { CalendarEvent } from '../../core/calendar/calendar.types.ts';
import { CalendarApiError } from '../../core/calendar/calendar-client.ts';
import type { CalendarPort } from '../../core/calendar/google-calendar.ts';
import { GoogleGrantMissingError, GoogleWriteAccessMissingError } from '../../core/google/access.ts';
import { FIXED_PROPERTY } from '../../core/routing/move-rule.ts';
import {
  MAX_REORDER_MOVES,
  MOVED_FROM_PROPERTY,
  type MovedEvent,
  type ReorderError,
  type ReorderMove,
  type ReorderResponse,
} from '../../core/routing/reorder-contract.ts';
import {
  HH_MM,
  hhmmToMinutes,
  isIsoDate,
  isValidTimeZone,
  minutesToHhmm,
  zonedDate,
  zonedDateTime,
  zonedMinute,
} from '../../core/time/zoned-time.ts';
import { json, readJsonObject, type SupabaseAuthConfig, signedInPost, type WebHandler } from '../http.ts';

const USAGE = `Send {"day": "YYYY-MM-DD", "moves": [{"id": "<event id>", "etag": "<its etag>", "start": "HH:MM"}, …]}: 1 to ${MAX_REORDER_MOVES} moves.`;
export const CHANGED_MESSAGE =
  'Your calendar changed since this plan was made, so nothing was moved. The plan is made again from the calendar as it is now.';
export const FIXED_MESSAGE = 'A visit whose time is fixed cannot be moved, so nothing was moved.';
export const WRITE_ACCESS_MESSAGE =
  'HomeRounds may not change your calendar yet: allow calendar changes, then try again.';
export const REAUTH_MESSAGE = 'Google Calendar access is not available. Please sign in again.';
export const UNAVAILABLE_MESSAGE = 'Google Calendar did not take the change, so nothing was moved. Try again.';
export const PARTIAL_MESSAGE =
  'Google Calendar failed while moving your visits and some could not be put back: check these visits in your calendar.';

export interface ReorderDayConfig extends SupabaseAuthConfig {
  /** The clinician's calendar through the server's Google grant (writes ask for write access). */
  calendarFor(userId: string): CalendarPort;
  /** The zone when the calendar does not say one. */
  defaultTimeZone: string;
  /** Diagnostics only: event ids and status codes, never calendar text. */
  log?: (line: string) => void;
}

/** The moves of a valid body, or the sentence saying what to fix. */
function parseRequest(body: Record<string, unknown> | null): { day: string; moves: ReorderMove[] } | string {
  if (!body) return `The body is not a JSON object. ${USAGE}`;
  const { day, moves } = body;
  if (!isIsoDate(day)) return `day must be a date "YYYY-MM-DD". ${USAGE}`;
  if (!Array.isArray(moves) || moves.length === 0) return `moves must be a non-empty array. ${USAGE}`;
  if (moves.length > MAX_REORDER_MOVES) return `moves has ${moves.length} entries; at most ${MAX_REORDER_MOVES}.`;
  const valid: ReorderMove[] = [];
  const seen = new Set<string>();
  for (const [index, move] of moves.entries()) {
    const { id, etag, start } = (move ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || !id || id.length > 1024) return `moves[${index}].id must be an event id. ${USAGE}`;
    if (typeof etag !== 'string' || !etag || etag.length > 200) return `moves[${index}].etag must be the event's etag.`;
    if (typeof start !== 'string' || !HH_MM.test(start)) return `moves[${index}].start must be a time "HH:MM".`;
    if (seen.has(id)) return `moves[${index}] moves event ${id} a second time.`;
    seen.add(id);
    valid.push({ id, etag, start: minutesToHhmm(hhmmToMinutes(start)) });
  }
  return { day, moves: valid };
}

function reorderError(status: number, error: ReorderError): Response {
  return json(status, error);
}

/** One checked move: the event as read, where it goes, and what its moved-from mark becomes. */
interface Planned {
  event: CalendarEvent & { etag: string };
  start: string;
  end: string;
  previousStart: string;
  movedFrom: string;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly error: ReorderError,
  ) {
    super(error.message);
  }
}

export function createReorderDayHandler(config: ReorderDayConfig): WebHandler {
  const log = config.log ?? ((line: string) => console.error(line));

  async function reorder(userId: string, day: string, moves: ReorderMove[]): Promise<ReorderResponse> {
    const calendar = config.calendarFor(userId);
    const found = await calendar.timeZone();
    const zone = found && isValidTimeZone(found) ? found : config.defaultTimeZone;

    // Read and check every event before writing any.
    const planned: Planned[] = [];
    const unchanged: ReorderResponse['unchanged'] = [];
    const changed: string[] = [];
    const fixed: string[] = [];
    for (const move of moves) {
      const event = await calendar.get(move.id);
      if (!event || event.allDay || !event.etag || zonedDate(new Date(event.start), zone) !== day) {
        changed.push(move.id);
        continue;
      }
      const startsAt = Date.parse(event.start);
      const booked = zonedMinute(new Date(startsAt), zone);
      const target = hhmmToMinutes(move.start);
      if (booked === target) {
        unchanged.push({ id: event.id, etag: event.etag });
        continue;
      }
      if (event.etag !== move.etag) changed.push(move.id);
      else if (event.properties?.[FIXED_PROPERTY] === 'true') fixed.push(move.id);
      else {
        const start = zonedDateTime(day, target, zone);
        const length = Date.parse(event.end) - startsAt;
        planned.push({
          event: event as Planned['event'],
          start: start.rfc3339,
          end: new Date(start.instant.getTime() + length).toISOString(),
          previousStart: minutesToHhmm(booked),
          // The start the patient knows: kept from an earlier move that was not told yet, else the booked one.
          movedFrom: event.properties?.[MOVED_FROM_PROPERTY] ?? new Date(startsAt).toISOString(),
        });
      }
    }
    if (changed.length) throw new Refusal(409, { code: 'changed', message: CHANGED_MESSAGE, eventIds: changed });
    if (fixed.length) throw new Refusal(409, { code: 'fixed', message: FIXED_MESSAGE, eventIds: fixed });

    // Write each, conditional on the etag read; on the first failure put back the ones done.
    const moved: MovedEvent[] = [];
    for (const step of planned) {
      try {
        const after = await calendar.move(step.event.id, step.start, step.end, zone, {
          ifMatch: step.event.etag,
          properties: { [MOVED_FROM_PROPERTY]: step.movedFrom },
        });
        moved.push({
          id: after.id,
          etag: after.etag ?? '',
          start: after.start,
          end: after.end,
          previousStart: step.previousStart,
        });
      } catch (error) {
        log(`[reorder-day] move of ${step.event.id} failed: ${describe(error)}`);
        const stuck = await putBack(calendar, moved, planned, zone);
        if (stuck.length) {
          throw new Refusal(500, { code: 'partially_applied', message: PARTIAL_MESSAGE, eventIds: stuck });
        }
        if (
          error instanceof CalendarApiError &&
          (error.status === 412 || error.status === 404 || error.status === 410)
        ) {
          throw new Refusal(409, { code: 'changed', message: CHANGED_MESSAGE, eventIds: [step.event.id] });
        }
        throw error;
      }
    }
    return { day, moved, unchanged };
  }

  /** Puts the moved events back where they were (each conditional on the etag its move left); the ids not put back. */
  async function putBack(
    calendar: CalendarPort,
    moved: readonly MovedEvent[],
    planned: readonly Planned[],
    zone: string,
  ): Promise<string[]> {
    const stuck: string[] = [];
    for (const done of [...moved].reverse()) {
      const step = planned.find((p) => p.event.id === done.id) as Planned;
      try {
        await calendar.move(done.id, step.event.start, step.event.end, zone, {
          ifMatch: done.etag,
          properties: { [MOVED_FROM_PROPERTY]: step.event.properties?.[MOVED_FROM_PROPERTY] ?? step.movedFrom },
        });
      } catch (error) {
        log(`[reorder-day] putting back ${done.id} failed: ${describe(error)}`);
        stuck.push(done.id);
      }
    }
    return stuck;
  }

  return signedInPost(config, async (request, { id: userId }) => {
    const parsed = parseRequest(await readJsonObject(request, 64 * 1024));
    if (typeof parsed === 'string') return reorderError(400, { code: 'invalid_request', message: parsed });
    try {
      return json(200, await reorder(userId, parsed.day, parsed.moves));
    } catch (error) {
      if (error instanceof Refusal) return reorderError(error.status, error.error);
      if (error instanceof GoogleWriteAccessMissingError) {
        return reorderError(403, { code: 'write_access_required', message: WRITE_ACCESS_MESSAGE });
      }
      if (error instanceof GoogleGrantMissingError) {
        return reorderError(401, { code: 'reauth_required', message: REAUTH_MESSAGE });
      }
      log(`[reorder-day] failed: ${describe(error)}`);
      return reorderError(502, { code: 'calendar_unavailable', message: UNAVAILABLE_MESSAGE });
    }
  });
}

/** An error's kind and status, never its text (a provider message may quote the event). */
function describe(error: unknown): string {
  if (error instanceof CalendarApiError) return `Google Calendar ${error.status}`;
  return error instanceof Error ? error.name : typeof error;
}
