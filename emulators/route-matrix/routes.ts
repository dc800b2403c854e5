// Google's Routes API computeRouteMatrix on the local platform: `POST /distanceMatrix/v2:computeRouteMatrix`
// (production: https://routes.googleapis.com), in Google's shapes. The request: the key in `X-Goog-Api-Key` (or
// `?key=`), the response field mask in `X-Goog-FieldMask` (or `?fields=` / `?$fields=`), a JSON body
// `{origins, destinations: [{waypoint: {location: {latLng: {latitude, longitude}}}}], travelMode, routingPreference,
// departureTime}`. The answer: HTTP 200 and a JSON array of elements `{originIndex, destinationIndex, status: {},
// condition, duration: "123s", distanceMeters}` in no particular order (deliberately shuffled: clients place them by
// index), with only the fields the mask names, and — as proto3 JSON does — without fields at their zero value
// (originIndex 0, destinationIndex 0, distanceMeters 0). Errors: `{error: {code, message, status}}`:
//   no key                                → 403 PERMISSION_DENIED "The request is missing a valid API key."
//   another key than the local one        → 403 PERMISSION_DENIED (as Google answers a key not allowed this API;
//                                           an unparseable key at Google is 400 INVALID_ARGUMENT API_KEY_INVALID)
//   no field mask, or an unknown path     → 400 INVALID_ARGUMENT
//   a body that is not the documented JSON, a waypoint without a valid latLng, a travel mode other than DRIVE,
//   an unknown enum value, a departure time that has passed, more than 625 elements (100 with
//   TRAFFIC_AWARE_OPTIMAL)                → 400 INVALID_ARGUMENT
//   a fault set with the switch below     → 429 RESOURCE_EXHAUSTED or 503 UNAVAILABLE
// The one key it knows is LOCAL_GOOGLE_ROUTES_API_KEY (emulators/local-secrets.ts). The fault switch,
// `POST /__local/route-matrix-faults {"status": "RESOURCE_EXHAUSTED" | "UNAVAILABLE" | null, "times"?: n}`, answers
// that error to the next `times` valid requests (all of them without `times`): the server's retries, its log line
// and its fallback to the straight-line estimate can be seen without Google. How long the drives are: ./drives.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_ROUTE_MATRIX_ELEMENTS, ROUTE_MATRIX_PATH } from '../../server/geo/google-route-matrix.ts';
import { readBody, sendJson } from '../http.ts';
import { parseRfc3339 } from '../input.ts';
import { LOCAL_GOOGLE_ROUTES_API_KEY } from '../local-secrets.ts';
import { isPeak, shuffleKey, standInDrive } from './drives.ts';

export { ROUTE_MATRIX_PATH };
export const ROUTE_MATRIX_FAULTS_PATH = '/__local/route-matrix-faults';
/** Google's limit with TRAFFIC_AWARE_OPTIMAL (and transit). */
export const MAX_OPTIMAL_ELEMENTS = 100;

export const ROUTE_MATRIX_FAULTS = ['RESOURCE_EXHAUSTED', 'UNAVAILABLE'] as const;
export type RouteMatrixFault = (typeof ROUTE_MATRIX_FAULTS)[number];

/** The fields of a RouteMatrixElement Google documents (a field mask may name any; the stand-in fills the first six). */
export const ELEMENT_FIELDS = [
  'originIndex',
  'destinationIndex',
  'status',
  'condition',
  'distanceMeters',
  'duration',
  'staticDuration',
  'travelAdvisory',
  'fallbackInfo',
  'localizedValues',
] as const;
/** The request body's fields Google documents (the stand-in reads the first five). */
const REQUEST_FIELDS = new Set([
  'origins',
  'destinations',
  'travelMode',
  'routingPreference',
  'departureTime',
  'arrivalTime',
  'languageCode',
  'regionCode',
  'units',
  'extraComputations',
  'trafficModel',
  'transitPreferences',
]);
const TRAVEL_MODES = ['TRAVEL_MODE_UNSPECIFIED', 'DRIVE', 'BICYCLE', 'WALK', 'TWO_WHEELER', 'TRANSIT'];
const ROUTING_PREFERENCES = [
  'ROUTING_PREFERENCE_UNSPECIFIED',
  'TRAFFIC_UNAWARE',
  'TRAFFIC_AWARE',
  'TRAFFIC_AWARE_OPTIMAL',
];

export const ROUTE_MATRIX_ERROR_MESSAGES = {
  missingKey: 'The request is missing a valid API key.',
  blockedKey:
    'Requests to this API routes.googleapis.com method google.maps.routing.v2.Routes.ComputeRouteMatrix are blocked.',
  missingFieldMask:
    "FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters on how to provide it. As an example, you can set the header 'X-Goog-FieldMask' to value 'originIndex,destinationIndex,status,condition,distanceMeters,duration' to ask for the route distance, duration, element index, condition, and status in the response. You can also set the value to '*' in manual testing to get all the available response fields.",
  pastDeparture: 'Timestamp must be set to a future time.',
  tooManyElements: `The number of elements (origins × destinations) must be at most ${MAX_ROUTE_MATRIX_ELEMENTS}.`,
  tooManyOptimalElements: `The number of elements (origins × destinations) must be at most ${MAX_OPTIMAL_ELEMENTS} with TRAFFIC_AWARE_OPTIMAL.`,
  resourceExhausted:
    "Quota exceeded for quota metric 'Compute Route Matrix elements' and limit 'Compute Route Matrix elements per minute' of service 'routes.googleapis.com'.",
  unavailable: 'The service is currently unavailable.',
} as const;

const CODES = {
  INVALID_ARGUMENT: 400,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type RpcStatus = keyof typeof CODES;

export interface RouteMatrixError {
  error: { code: number; message: string; status: RpcStatus };
}

/** Google's error body; `code` is the HTTP status (by default the one Google gives that status). */
export function rpcError(status: RpcStatus, message: string, code: number = CODES[status]): RouteMatrixError {
  return { error: { code, message, status } };
}

/** What a request carries, as the stand-in reads it. */
export interface RouteMatrixRequest {
  /** X-Goog-Api-Key or ?key=. */
  apiKey: string | null;
  /** X-Goog-FieldMask or ?fields= / ?$fields=. */
  fieldMask: string | null;
  /** The body as text. */
  body: string;
}

export type RouteMatrixAnswer =
  | { status: 200; body: Array<Record<string, unknown>> }
  | { status: number; body: RouteMatrixError };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const invalid = (message: string) => ({ status: 400, body: rpcError('INVALID_ARGUMENT', message) });

/** The field paths a mask names, or an error answer. */
function readFieldMask(mask: string | null): Set<string> | RouteMatrixAnswer {
  const paths = (mask ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (paths.length === 0) return invalid(ROUTE_MATRIX_ERROR_MESSAGES.missingFieldMask);
  const fields = new Set<string>();
  for (const path of paths) {
    if (path === '*') for (const f of ELEMENT_FIELDS) fields.add(f);
    else if ((ELEMENT_FIELDS as readonly string[]).includes(path)) fields.add(path);
    else return invalid(`Error expanding 'fields' parameter. Cannot find matching fields for path '${path}'.`);
  }
  return fields;
}

/** One waypoint's latLng, or why not. */
function readWaypoint(value: unknown, where: string): { lat: number; lon: number } | string {
  if (!isRecord(value) || !isRecord(value.waypoint)) return `Invalid ${where}: a waypoint is required.`;
  const waypoint = value.waypoint;
  if (waypoint.address !== undefined || waypoint.placeId !== undefined) {
    return `Invalid ${where}: the local stand-in answers latLng waypoints only.`;
  }
  const location = isRecord(waypoint.location) ? waypoint.location : null;
  const latLng = location && isRecord(location.latLng) ? location.latLng : null;
  if (!latLng) return `Invalid ${where}: the waypoint has no location.latLng.`;
  const { latitude, longitude } = latLng;
  if (typeof latitude !== 'number' || !Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
    return `Invalid ${where}: latitude must be a number from -90 to 90.`;
  }
  if (typeof longitude !== 'number' || !Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    return `Invalid ${where}: longitude must be a number from -180 to 180.`;
  }
  return { lat: latitude, lon: longitude };
}

/**
 * What the stand-in answers a request (pure but for `now`): the checks in the order listed at the top of the file,
 * then `fault` (the switch's error for a request Google would have served), then the elements.
 */
export function answerRouteMatrix(
  request: RouteMatrixRequest,
  now: Date,
  fault: RouteMatrixFault | null = null,
): RouteMatrixAnswer {
  if (!request.apiKey)
    return { status: 403, body: rpcError('PERMISSION_DENIED', ROUTE_MATRIX_ERROR_MESSAGES.missingKey) };
  if (request.apiKey !== LOCAL_GOOGLE_ROUTES_API_KEY) {
    return { status: 403, body: rpcError('PERMISSION_DENIED', ROUTE_MATRIX_ERROR_MESSAGES.blockedKey) };
  }
  const fields = readFieldMask(request.fieldMask);
  if (!(fields instanceof Set)) return fields;
  let body: unknown;
  try {
    body = JSON.parse(request.body);
  } catch {
    return invalid('Invalid JSON payload received. Unexpected token.');
  }
  if (!isRecord(body)) return invalid('Invalid JSON payload received. Expected an object.');
  for (const name of Object.keys(body)) {
    if (!REQUEST_FIELDS.has(name))
      return invalid(`Invalid JSON payload received. Unknown name "${name.slice(0, 60)}": Cannot find field.`);
  }
  const { origins, destinations, travelMode, routingPreference, departureTime } = body;
  if (!Array.isArray(origins) || origins.length === 0) return invalid('Invalid origins: at least one is required.');
  if (!Array.isArray(destinations) || destinations.length === 0) {
    return invalid('Invalid destinations: at least one is required.');
  }
  if (travelMode !== undefined && (typeof travelMode !== 'string' || !TRAVEL_MODES.includes(travelMode))) {
    return invalid(
      `Invalid value at 'travel_mode' (type.googleapis.com/google.maps.routing.v2.RouteTravelMode), ${JSON.stringify(travelMode).slice(0, 60)}`,
    );
  }
  if (travelMode !== undefined && travelMode !== 'DRIVE' && travelMode !== 'TRAVEL_MODE_UNSPECIFIED') {
    return invalid(`Invalid travel_mode: the local stand-in answers DRIVE only, not ${travelMode}.`);
  }
  if (
    routingPreference !== undefined &&
    (typeof routingPreference !== 'string' || !ROUTING_PREFERENCES.includes(routingPreference))
  ) {
    return invalid(
      `Invalid value at 'routing_preference' (type.googleapis.com/google.maps.routing.v2.RoutingPreference), ${JSON.stringify(routingPreference).slice(0, 60)}`,
    );
  }
  let departure: Date | null = null;
  if (departureTime !== undefined) {
    const ms = typeof departureTime === 'string' ? parseRfc3339(departureTime) : undefined;
    if (ms === undefined) {
      return invalid(
        `Invalid value at 'departure_time' (type.googleapis.com/google.protobuf.Timestamp), ${JSON.stringify(departureTime).slice(0, 60)}`,
      );
    }
    if (ms < now.getTime()) return invalid(ROUTE_MATRIX_ERROR_MESSAGES.pastDeparture);
    departure = new Date(ms);
  }
  const from: Array<{ lat: number; lon: number }> = [];
  for (const [i, origin] of origins.entries()) {
    const place = readWaypoint(origin, `origins[${i}]`);
    if (typeof place === 'string') return invalid(place);
    from.push(place);
  }
  const to: Array<{ lat: number; lon: number }> = [];
  for (const [i, destination] of destinations.entries()) {
    const place = readWaypoint(destination, `destinations[${i}]`);
    if (typeof place === 'string') return invalid(place);
    to.push(place);
  }
  const elements = from.length * to.length;
  if (elements > MAX_ROUTE_MATRIX_ELEMENTS) return invalid(ROUTE_MATRIX_ERROR_MESSAGES.tooManyElements);
  if (routingPreference === 'TRAFFIC_AWARE_OPTIMAL' && elements > MAX_OPTIMAL_ELEMENTS) {
    return invalid(ROUTE_MATRIX_ERROR_MESSAGES.tooManyOptimalElements);
  }
  if (fault === 'RESOURCE_EXHAUSTED') {
    return { status: 429, body: rpcError('RESOURCE_EXHAUSTED', ROUTE_MATRIX_ERROR_MESSAGES.resourceExhausted) };
  }
  if (fault === 'UNAVAILABLE')
    return { status: 503, body: rpcError('UNAVAILABLE', ROUTE_MATRIX_ERROR_MESSAGES.unavailable) };

  const traffic = routingPreference === 'TRAFFIC_AWARE' || routingPreference === 'TRAFFIC_AWARE_OPTIMAL';
  const peak = traffic && isPeak(departure ?? now);
  const answer: Array<{ order: number; element: Record<string, unknown> }> = [];
  from.forEach((a, o) => {
    to.forEach((b, d) => {
      const drive = standInDrive(a, b, peak);
      // proto3 JSON: a field at its zero value is left out.
      const full: Record<string, unknown> = {
        ...(o !== 0 ? { originIndex: o } : {}),
        ...(d !== 0 ? { destinationIndex: d } : {}),
        status: {},
        condition: drive ? 'ROUTE_EXISTS' : 'ROUTE_NOT_FOUND',
        ...(drive && drive.meters !== 0 ? { distanceMeters: drive.meters } : {}),
        ...(drive ? { duration: `${drive.seconds}s` } : {}),
      };
      const element = Object.fromEntries(Object.entries(full).filter(([name]) => fields.has(name)));
      answer.push({ order: shuffleKey(o, d), element });
    });
  });
  return { status: 200, body: answer.sort((x, y) => x.order - y.order).map((x) => x.element) };
}

export interface RouteMatrixApi {
  /** Answers the computeRouteMatrix path and its fault hook; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

export function createRouteMatrixApi(options: { now: () => Date }): RouteMatrixApi {
  let fault: { status: RouteMatrixFault; times: number | null } | null = null;

  /** The fault for this request, counting it down. */
  function takeFault(): RouteMatrixFault | null {
    if (!fault) return null;
    const { status } = fault;
    if (fault.times !== null && --fault.times <= 0) fault = null;
    return status;
  }

  async function handleFaults(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET') {
      req.resume();
      return sendJson(res, 200, { fault });
    }
    if (req.method !== 'POST') {
      req.resume();
      return sendJson(res, 405, { error: 'method_not_allowed', message: 'GET or POST' });
    }
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req)) || '{}');
    } catch {
      return sendJson(res, 400, { error: 'bad_request', message: 'body must be JSON' });
    }
    const { status, times, ...rest } = (isRecord(body) ? body : { status: 0 }) as Record<string, unknown>;
    const unknown = Object.keys(rest);
    if (unknown.length > 0) {
      return sendJson(res, 400, { error: 'bad_request', message: `unknown fields: ${unknown.join(', ')}` });
    }
    if (times !== undefined && !(Number.isInteger(times) && (times as number) > 0 && (times as number) <= 1000)) {
      return sendJson(res, 400, { error: 'bad_request', message: 'times must be an integer from 1 to 1000' });
    }
    if (status === null || status === undefined) fault = null;
    else if (typeof status === 'string' && (ROUTE_MATRIX_FAULTS as readonly string[]).includes(status)) {
      fault = { status: status as RouteMatrixFault, times: (times as number | undefined) ?? null };
    } else {
      return sendJson(res, 400, {
        error: 'bad_request',
        message: `status must be null or one of ${ROUTE_MATRIX_FAULTS.join(', ')}`,
      });
    }
    return sendJson(res, 200, { fault });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (url.pathname === ROUTE_MATRIX_FAULTS_PATH) {
      await handleFaults(req, res);
      return true;
    }
    if (url.pathname !== ROUTE_MATRIX_PATH) return false;
    const headers = { 'Cache-Control': 'private', Vary: 'Origin, X-Origin, Referer' };
    if (req.method !== 'POST') {
      req.resume();
      sendJson(
        res,
        404,
        rpcError('NOT_FOUND', `Method ${req.method} is not served on ${ROUTE_MATRIX_PATH}; use POST.`),
        {
          ...headers,
          Allow: 'POST',
        },
      );
      return true;
    }
    const header = (name: string) => {
      const value = req.headers[name];
      return (Array.isArray(value) ? value[0] : value) ?? null;
    };
    const request: RouteMatrixRequest = {
      apiKey: header('x-goog-api-key') ?? url.searchParams.get('key'),
      fieldMask: header('x-goog-fieldmask') ?? url.searchParams.get('fields') ?? url.searchParams.get('$fields'),
      body: await readBody(req),
    };
    const now = options.now();
    // Only a request Google would have served counts against the fault's `times`.
    const valid = answerRouteMatrix(request, now);
    const answer = valid.status === 200 && fault ? answerRouteMatrix(request, now, takeFault()) : valid;
    sendJson(res, answer.status, answer.body, headers);
    return true;
  }

  return { handle };
}
