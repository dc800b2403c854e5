// POST /functions/v1/drive-times: the drive minutes between a day's places for a face that plans the day itself (the
// Route view in the browser, `homerounds route optimize --clinician`), from the server's road matrix, so it plans with
// the drive times the assistant's optimize_route uses (core/routing/drive-times-contract.ts has the shapes):
//   POST {points: [{lat, lon}] (2–25), departureTime?: RFC 3339}  (the Supabase session)
//     → 200 {minutes, meters?, roadBased: true, source}   road drive times (Google's Routes API behind the cache)
//     → 200 {minutes, roadBased: false, source}           the straight-line estimate: no road matrix on this server
//                                                          (no GOOGLE_ROUTES_API_KEY), or it failed or did not answer
//                                                          within the deadline (then it is told to stop)
// So a signed-in face always gets one answer, honestly labelled. 400 invalid_request says what to fix; 401 without a
// session. The places are patients' homes: never logged (one line on an unexpected failure, naming only its kind).
import {
  type DriveTimesResponse,
  driveTimesResponseOf,
  parseDriveTimesRequest,
} from '../../core/routing/drive-times-contract.ts';
import type { TravelTimeProvider } from '../../core/routing/travel/provider.ts';
import { approximateMatrix, travelWithin } from '../geo/travel-deadline.ts';
import { errorJson, json, readJsonObject, type SupabaseAuthConfig, signedInPost, type WebHandler } from '../http.ts';

/** How long a request waits for the road matrix before answering the estimate (as the assistant's tools: 5 s). */
export const DRIVE_TIMES_DEADLINE_MS = 5_000;
/** 25 points of two numbers and a departure time: anything far longer is not a day's places. */
const MAX_BODY_CHARS = 16 * 1024;
const NOT_CONFIGURED = 'road drive times are not configured on this server';

export interface DriveTimesConfig extends SupabaseAuthConfig {
  /** The server's road matrix (`server.travelTimes()`), or null without GOOGLE_ROUTES_API_KEY (the estimate). */
  travel: TravelTimeProvider | null;
  /** Diagnostics only, never a place; default console.error. */
  log?: (line: string) => void;
  /** The road matrix's budget (tests shorten it); default DRIVE_TIMES_DEADLINE_MS. */
  deadlineMs?: number;
}

export function createDriveTimesHandler(config: DriveTimesConfig): WebHandler {
  const log = config.log ?? ((line: string) => console.error(line));
  const deadlineMs = config.deadlineMs ?? DRIVE_TIMES_DEADLINE_MS;
  const bounded = config.travel ? travelWithin(config.travel, deadlineMs, { log }) : null;

  return signedInPost(config, async (request) => {
    const body = await readJsonObject(request, MAX_BODY_CHARS);
    const parsed = parseDriveTimesRequest(body ?? 'not an object');
    if ('problem' in parsed) return errorJson(400, 'invalid_request', parsed.problem);
    const { points } = parsed;
    if (!bounded) return json(200, driveTimesResponseOf(approximateMatrix(points, NOT_CONFIGURED)));
    try {
      // Bounded: the road service's answer within the deadline, else (slow, failing) the estimate, said so.
      const departure = parsed.departureTime ? { departureTime: new Date(parsed.departureTime) } : {};
      const answer: DriveTimesResponse = driveTimesResponseOf(await bounded.matrix(points, departure));
      return json(200, answer);
    } catch (error) {
      log(`drive-times: unexpected failure (${error instanceof Error ? error.name : typeof error})`);
      return json(200, driveTimesResponseOf(approximateMatrix(points, 'the service failed')));
    }
  });
}
