// The `drive-times` Edge Function's contract (server/functions/drive-times.ts): a face that plans a day itself (the
// Route view in the browser, `homerounds route optimize --clinician`) sends the day's places and gets the drive minutes
// between every pair, road drive times when the server has a road matrix, else the straight-line estimate, said so
// (`roadBased`). So the Route view, the assistant and the CLI plan one day with the same drive times. The Routes key
// stays on the server; the places are patients' homes (health data): in the body only, never in a URL, never logged.
//
// Kept free of the planner (no solver import): the web app's entry wires the client without loading core/routing.
import { type FunctionFetch, postFunction } from '../functions/post-function.ts';
import type { TravelMatrix } from './model.ts';
import { lookupFromMatrix, type TravelLookup } from './travel/lookup.ts';
import type { LatLon } from './travel/provider.ts';

/** Deployed (and mounted locally) as POST /functions/v1/drive-times. */
export const DRIVE_TIMES_FUNCTION = 'drive-times';
/** A day's places: at least two to drive between, at most 25 (25 × 25 = 625 elements, one Routes API request). */
export const MIN_DRIVE_TIMES_POINTS = 2;
export const MAX_DRIVE_TIMES_POINTS = 25;

/** What a face sends. */
export interface DriveTimesRequest {
  /** The places, in the order of the answer's rows and columns. */
  points: LatLon[];
  /** RFC 3339: when the drives start (departure.ts: today and tomorrow only); absent: typical, traffic-free times. */
  departureTime?: string;
}

/** What the function answers (200), in the order of the points: row = from, column = to. */
export interface DriveTimesResponse {
  /** Minutes (parking included, 0 for the same place); null: no road route between the two. */
  minutes: (number | null)[][];
  /** Road metres, same shape, when the road matrix gave them (absent with the straight-line estimate). */
  meters?: (number | null)[][];
  /** True: road drive times; false: the straight-line estimate (no road matrix here, or it was slow or failing). */
  roadBased: boolean;
  /** Where the minutes came from, in words (no place in it). */
  source?: string;
}

/** The error codes the function answers, with `{code, message}`. */
export type DriveTimesErrorCode = 'invalid_request' | 'unauthorized' | 'auth_unavailable' | 'method_not_allowed';

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i;
const USAGE = `Send {"points": [{"lat": <-90…90>, "lon": <-180…180>}, …], "departureTime"?: "<RFC 3339>"}: ${MIN_DRIVE_TIMES_POINTS} to ${MAX_DRIVE_TIMES_POINTS} points.`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A valid request body, or a sentence saying what to fix (never quoting a place). */
export function parseDriveTimesRequest(body: unknown): DriveTimesRequest | { problem: string } {
  if (!isObject(body)) return { problem: `The body is not a JSON object. ${USAGE}` };
  const unknown = Object.keys(body).filter((key) => key !== 'points' && key !== 'departureTime');
  if (unknown.length > 0) return { problem: `Unknown field ${unknown[0]?.slice(0, 40)}. ${USAGE}` };
  const { points, departureTime } = body;
  if (!Array.isArray(points)) return { problem: `points must be an array. ${USAGE}` };
  if (points.length < MIN_DRIVE_TIMES_POINTS || points.length > MAX_DRIVE_TIMES_POINTS) {
    return {
      problem: `points has ${points.length} entries; send ${MIN_DRIVE_TIMES_POINTS} to ${MAX_DRIVE_TIMES_POINTS}.`,
    };
  }
  const valid: LatLon[] = [];
  for (const [index, point] of points.entries()) {
    if (!isObject(point)) return { problem: `points[${index}] must be {"lat", "lon"}. ${USAGE}` };
    const { lat, lon } = point;
    if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) {
      return { problem: `points[${index}].lat must be a number between -90 and 90.` };
    }
    if (typeof lon !== 'number' || !Number.isFinite(lon) || lon < -180 || lon > 180) {
      return { problem: `points[${index}].lon must be a number between -180 and 180.` };
    }
    valid.push({ lat, lon });
  }
  if (departureTime !== undefined) {
    if (typeof departureTime !== 'string' || !RFC3339.test(departureTime) || Number.isNaN(Date.parse(departureTime))) {
      return { problem: 'departureTime must be an RFC 3339 date-time such as 2026-11-24T08:10:00-06:00, or absent.' };
    }
    return { points: valid, departureTime };
  }
  return { points: valid };
}

const isTable = (value: unknown, n: number): value is (number | null)[][] =>
  Array.isArray(value) &&
  value.length === n &&
  value.every(
    (row) =>
      Array.isArray(row) &&
      row.length === n &&
      row.every((cell) => cell === null || (typeof cell === 'number' && Number.isFinite(cell) && cell >= 0)),
  );

/** The function's answer for `count` points, or null when it is not in the documented shape. */
export function readDriveTimesResponse(body: unknown, count: number): DriveTimesResponse | null {
  if (!isObject(body) || typeof body.roadBased !== 'boolean' || !isTable(body.minutes, count)) return null;
  if (body.meters !== undefined && !isTable(body.meters, count)) return null;
  return {
    minutes: body.minutes,
    ...(body.meters !== undefined ? { meters: body.meters as (number | null)[][] } : {}),
    roadBased: body.roadBased,
    ...(typeof body.source === 'string' ? { source: body.source } : {}),
  };
}

/** The answer as a TravelMatrix (the server's shape) and back. */
export function driveTimesResponseOf(matrix: TravelMatrix): DriveTimesResponse {
  return {
    minutes: matrix.minutes,
    ...(matrix.distances ? { meters: matrix.distances } : {}),
    roadBased: matrix.roadBased === true,
    ...(matrix.source ? { source: matrix.source } : {}),
  };
}

/** The planner's lookup over an answer for `points` (planDay's `travel`). */
export function driveTimesLookup(points: readonly LatLon[], answer: DriveTimesResponse): TravelLookup {
  return lookupFromMatrix(points, {
    minutes: answer.minutes,
    ...(answer.meters ? { distances: answer.meters } : {}),
    ...(answer.source ? { source: answer.source } : {}),
    roadBased: answer.roadBased,
  });
}

/** Refused or failed: the face plans with the straight-line estimate and says so (the status only, never a place). */
export class DriveTimesError extends Error {
  constructor(readonly status: number) {
    super(`drive-times answered ${status || 'nothing (network error)'}`);
    this.name = 'DriveTimesError';
  }
}

export type DriveTimesFetch = FunctionFetch;

/**
 * One request to the function: `POST {supabaseUrl}/functions/v1/drive-times` with the anon key as `apikey` and the
 * Supabase session as Bearer. Throws DriveTimesError on a refusal, a network failure or an answer not in the shape;
 * an abort (the caller gave up) is rethrown as it came.
 */
export async function requestDriveTimes(options: {
  supabaseUrl: string;
  anonKey: string;
  accessToken: string | null;
  fetch: DriveTimesFetch;
  request: DriveTimesRequest;
  signal?: AbortSignal;
}): Promise<DriveTimesResponse> {
  if (!options.accessToken) throw new DriveTimesError(401);
  const response = await postFunction(
    { ...options, accessToken: options.accessToken },
    DRIVE_TIMES_FUNCTION,
    options.request,
  );
  if (!response) throw new DriveTimesError(0);
  if (!response.ok) {
    await response.body?.cancel();
    throw new DriveTimesError(response.status);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new DriveTimesError(response.status);
  }
  const answer = readDriveTimesResponse(body, options.request.points.length);
  if (!answer) throw new DriveTimesError(response.status);
  return answer;
}
