// POST /functions/v1/mileage: the signed-in clinician's mileage log for a month (core/mileage/contract.ts has the
// shapes), the legs of each day as the Route view plans it (server/mileage/month.ts), and saving a day "not driven as
// planned":
//   POST {month: "2026-11"}                                              → 200 the month (MileageMonth)
//   POST {month, edit: {day, drivenMiles: <miles>, reason}}               → the edit saved, then 200 the month
//   POST {month, edit: {day, drivenMiles: null}}                          → the edit removed, then 200 the month
// 400 invalid_request says what to fix; 401 without a session (or reauth_required when the Google grant is gone);
// 502 calendar_unavailable when Google Calendar fails; 500 save_failed when an edit could not be stored. Time comes from the server's clock only. The answer names
// stops by booked time and patient only (no address, phone or notes); nothing of it is ever logged.
import { CalendarApiError } from '../../core/calendar/calendar-client.ts';
import type { CalendarPort } from '../../core/calendar/google-calendar.ts';
import type { Geocoder } from '../../core/geo/geocoder.ts';
import { GoogleGrantMissingError } from '../../core/google/access.ts';
import { parseMileageRequest } from '../../core/mileage/contract.ts';
import { monthSpan } from '../../core/mileage/month.ts';
import type { PatientRecord } from '../../core/patients/patients.ts';
import type { TravelTimeProvider } from '../../core/routing/travel/provider.ts';
import type { Now } from '../../core/time/clock.ts';
import { isValidTimeZone } from '../../core/time/zoned-time.ts';
import { travelWithin } from '../geo/travel-deadline.ts';
import { errorJson, json, readJsonObject, type SupabaseAuthConfig, signedInPost, type WebHandler } from '../http.ts';
import { loadMileageMonth } from '../mileage/month.ts';
import { agencyCentsPerMile, dayEdits, saveDayEdit } from '../mileage/store.ts';
import type { SqlQuery } from '../sql.ts';

/** Each day's road matrix is waited for at most this long (as the drive-times function), then the estimate. */
export const MILEAGE_DAY_DEADLINE_MS = 5_000;
const MAX_BODY_CHARS = 4 * 1024;

export const REAUTH_MESSAGE = 'Google Calendar access is not available. Please sign in again.';
export const SAVE_FAILED_MESSAGE = 'That change was not saved: try again.';
export const UNAVAILABLE_MESSAGE =
  'Google Calendar could not be read just now, so the mileage log is not shown. Try again.';

export interface MileageConfig extends SupabaseAuthConfig {
  query: SqlQuery;
  calendarFor(userId: string): CalendarPort;
  patients(userId: string): Promise<readonly PatientRecord[]>;
  home(userId: string): Promise<{ lat: number; lon: number } | null>;
  geocoder: Geocoder | null;
  /** The server's road matrix (`server.travelTimes()`), or null: the straight-line estimate. */
  travel: TravelTimeProvider | null;
  defaultTimeZone: string;
  now: Now;
  /** Diagnostics only: kinds and status codes, never a place, a name or a reason. */
  log?: (line: string) => void;
  deadlineMs?: number;
}

export function createMileageHandler(config: MileageConfig): WebHandler {
  const log = config.log ?? ((line: string) => console.error(line));
  const travel = config.travel
    ? travelWithin(config.travel, config.deadlineMs ?? MILEAGE_DAY_DEADLINE_MS, { log })
    : null;

  return signedInPost(config, async (request, { id: userId }) => {
    const parsed = parseMileageRequest((await readJsonObject(request, MAX_BODY_CHARS)) ?? 'not an object');
    if ('problem' in parsed) return errorJson(400, 'invalid_request', parsed.problem);
    if (parsed.edit) {
      const { day, drivenMiles, reason } = parsed.edit;
      try {
        await saveDayEdit(config.query, userId, day, drivenMiles === null ? null : { miles: drivenMiles, reason });
      } catch (error) {
        log(`[mileage] saving an edit failed: ${error instanceof Error ? error.name : typeof error}`);
        return errorJson(500, 'save_failed', SAVE_FAILED_MESSAGE);
      }
    }
    try {
      const { first, next } = monthSpan(parsed.month);
      const calendar = config.calendarFor(userId);
      const [found, records, home, edits, cents] = await Promise.all([
        calendar.timeZone(),
        config.patients(userId),
        config.home(userId),
        dayEdits(config.query, userId, first, next),
        agencyCentsPerMile(config.query),
      ]);
      const month = await loadMileageMonth(parsed.month, {
        calendar,
        zone: found && isValidTimeZone(found) ? found : config.defaultTimeZone,
        records,
        home,
        geocoder: config.geocoder,
        travel,
        edits,
        agencyCentsPerMile: cents,
        now: config.now(),
      });
      return json(200, month);
    } catch (error) {
      if (error instanceof GoogleGrantMissingError) return errorJson(401, 'reauth_required', REAUTH_MESSAGE);
      log(
        `[mileage] failed: ${error instanceof CalendarApiError ? `Google Calendar ${error.status}` : error instanceof Error ? error.name : typeof error}`,
      );
      return errorJson(502, 'calendar_unavailable', UNAVAILABLE_MESSAGE);
    }
  });
}
