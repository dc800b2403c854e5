// core/routing's TravelTimeProvider over Google's Routes API (`POST {baseUrl}/distanceMatrix/v2:computeRouteMatrix`),
// with the Postgres cache in front (route-matrix-cache.ts). The base URL is configurable so the local platform's
// stand-in (emulators/route-matrix) answers instead of Google.
//
// The request: headers X-Goog-Api-Key and X-Goog-FieldMask (ROUTE_MATRIX_FIELD_MASK: without `status` every element
// would look fine), body `{origins, destinations: [{waypoint: {location: {latLng}}}], travelMode: DRIVE,
// routingPreference}`: TRAFFIC_AWARE with `departureTime` (RFC 3339) when the caller gives a departure time,
// TRAFFIC_UNAWARE otherwise. Google refuses a departure time in the past, so one that has passed (or is under a
// minute away) is left out and Google takes "now", still traffic-aware.
//
// Limits and batching: at most 625 elements (origins × destinations) per request. Only the pairs the cache does not
// hold are asked, grouped into rectangles that contain nothing cached (a pair from a place to itself may ride along:
// a whole day is one request, not one per row), each cut into blocks of at most 625 elements, asked one after another.
//
// The answer (HTTP 200) is a JSON array of elements in no guaranteed order, placed by originIndex/destinationIndex
// (absent = 0, proto3 JSON leaves zero values out): condition ROUTE_EXISTS → duration ("123s") and distanceMeters;
// ROUTE_NOT_FOUND → null (an unreachable leg, as OSRM's null). Minutes are the driving seconds rounded up to the
// minute, plus parking and walking (PARKING_WALK_MINUTES, as the other providers add); metres go in `distances`.
//
// Failures: HTTP 429 (RESOURCE_EXHAUSTED), 500, 502, 503, 504 and no answer are tried again after a wait
// (retryDelaysMs, bounded), the rest (400 INVALID_ARGUMENT, 403 PERMISSION_DENIED: a wrong key, the Routes API not
// enabled…) at once not; an element with an error status or an answer that is not the documented shape fails the
// matrix. A failure throws a TravelTimeServiceError (no coordinates, no key in it) and logs one line naming the
// status, rate-limited per status. Coordinates are health data and the key is a secret: neither (nor Google's error
// message, which may quote the request) is ever logged.
import type { TravelMatrix } from '../../core/routing/model.ts';
import { PARKING_WALK_MINUTES } from '../../core/routing/travel/haversine.ts';
import { TravelTimeServiceError } from '../../core/routing/travel/osrm-table.ts';
import type { LatLon, TravelTimeProvider } from '../../core/routing/travel/provider.ts';
import type { Now } from '../../core/time/clock.ts';
import type { Fetch } from '../http.ts';
import { abortableSleep, abortReason } from './abortable-sleep.ts';
import {
  type CachedLeg,
  type CachedLegEntry,
  hourBucket,
  legKey,
  type RouteMatrixCache,
} from './route-matrix-cache.ts';

export const GOOGLE_ROUTES_API_URL = 'https://routes.googleapis.com';
export const ROUTE_MATRIX_PATH = '/distanceMatrix/v2:computeRouteMatrix';
/** The response fields asked for (required by Google; `status` included so failed elements show). */
export const ROUTE_MATRIX_FIELD_MASK = 'originIndex,destinationIndex,duration,distanceMeters,status,condition';
/** Google's limit on origins × destinations per request (TRAFFIC_UNAWARE and TRAFFIC_AWARE). */
export const MAX_ROUTE_MATRIX_ELEMENTS = 625;
/** The element conditions Google documents. */
export const ROUTE_MATRIX_CONDITIONS = [
  'ROUTE_MATRIX_ELEMENT_CONDITION_UNSPECIFIED',
  'ROUTE_EXISTS',
  'ROUTE_NOT_FOUND',
] as const;

/** Waits between attempts: 3 attempts by default. */
export const DEFAULT_ROUTE_MATRIX_RETRY_DELAYS_MS: readonly number[] = [500, 2_000];
/** One attempt's limit (a day's matrix takes Google well under a second or two). */
export const DEFAULT_ROUTE_MATRIX_ATTEMPT_TIMEOUT_MS = 8_000;
/** A departure closer than this to "now" is left out (Google refuses one that has passed by the time it arrives). */
export const DEPARTURE_MARGIN_MS = 60_000;
/** The same failure is logged at most once in this long (by the injected clock). */
const LOG_EVERY_MS = 60_000;

/** HTTP statuses worth another try after a wait. */
const RETRYABLE_HTTP: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

export interface GoogleRouteMatrixOptions {
  /** A Google Maps Platform key allowed to call the Routes API (server-side only). */
  apiKey: string;
  /** Default https://routes.googleapis.com; the local platform passes its own origin. */
  baseUrl?: string;
  fetch: Fetch;
  /** Legs kept by pair and departure hour; without one, every call asks Google. */
  cache?: RouteMatrixCache;
  now: Now;
  /** Diagnostics: one line per failure (status only). Default: nothing. */
  log?: (line: string) => void;
  /** Waits before each retry; its length + 1 is the number of attempts. */
  retryDelaysMs?: readonly number[];
  attemptTimeoutMs?: number;
  /** How to wait between attempts (tests pass an instant one); must reject when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** At most this many elements per request (≤ 625). */
  maxElementsPerRequest?: number;
  /** Added to every leg between different places: Google gives driving time only. Default PARKING_WALK_MINUTES. */
  parkingMinutes?: number;
}

/** A place as asked and cached: latitude,longitude rounded to 5 decimals (≈ 1 m). */
export function routeMatrixPointKey(point: LatLon): string {
  const round = (x: number) => (Math.round(x * 1e5) / 1e5 + 0).toFixed(5);
  return `${round(point.lat)},${round(point.lon)}`;
}

function keyToLatLng(key: string): { latitude: number; longitude: number } {
  const [lat, lon] = key.split(',').map(Number) as [number, number];
  return { latitude: lat, longitude: lon };
}

/**
 * What to ask for a departure time: none → TRAFFIC_UNAWARE, cached under 'none'; a time → TRAFFIC_AWARE, with the
 * time unless it has passed or is under a minute away (then Google's "now"), cached under the hour it stands for.
 */
export function departurePlan(
  departure: Date | undefined,
  now: Date,
): { trafficAware: boolean; departureTime: Date | null; bucket: string } {
  if (!departure || Number.isNaN(departure.getTime()))
    return { trafficAware: false, departureTime: null, bucket: 'none' };
  const ahead = departure.getTime() - now.getTime() >= DEPARTURE_MARGIN_MS;
  return {
    trafficAware: true,
    departureTime: ahead ? departure : null,
    bucket: hourBucket(ahead ? departure : now),
  };
}

/** The request body for these origins and destinations (place keys). */
export function routeMatrixRequestBody(
  origins: readonly string[],
  destinations: readonly string[],
  plan: { trafficAware: boolean; departureTime: Date | null },
): Record<string, unknown> {
  const waypoint = (key: string) => ({ waypoint: { location: { latLng: keyToLatLng(key) } } });
  return {
    origins: origins.map(waypoint),
    destinations: destinations.map(waypoint),
    travelMode: 'DRIVE',
    routingPreference: plan.trafficAware ? 'TRAFFIC_AWARE' : 'TRAFFIC_UNAWARE',
    ...(plan.departureTime ? { departureTime: plan.departureTime.toISOString() } : {}),
  };
}

/** One element of an answer, as read. */
export interface RouteMatrixElement {
  originIndex: number;
  destinationIndex: number;
  /** Driving seconds and metres; null when no route was found. */
  seconds: number | null;
  meters: number | null;
}

/** What one computeRouteMatrix answer means for the caller. */
export type RouteMatrixOutcome =
  | { kind: 'elements'; elements: RouteMatrixElement[] }
  | { kind: 'retry'; status: string }
  | { kind: 'fail'; status: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "123s", "0.5s" → seconds; anything else null. */
export function durationSeconds(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d+(?:\.\d{1,9})?)s$/.exec(value);
  return match ? Number(match[1]) : null;
}

const index = (value: unknown, size: number): number | null => {
  const n = value === undefined ? 0 : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < size ? n : null;
};

/**
 * Reads a 200 answer (already parsed JSON) for `origins` × `destinations`. Pure: the client's decisions, tested
 * without a network. Every pair must be answered once, in the documented shape; an element with an error status
 * fails the whole answer (named by its code), so nothing half-known is passed on as a drive time.
 */
export function interpretRouteMatrixBody(body: unknown, origins: number, destinations: number): RouteMatrixOutcome {
  if (!Array.isArray(body)) return { kind: 'fail', status: 'unexpected body' };
  const seen = new Set<number>();
  const elements: RouteMatrixElement[] = [];
  for (const element of body) {
    if (!isRecord(element)) return { kind: 'fail', status: 'unexpected body' };
    const o = index(element.originIndex, origins);
    const d = index(element.destinationIndex, destinations);
    if (o === null || d === null || seen.has(o * destinations + d)) return { kind: 'fail', status: 'unexpected body' };
    seen.add(o * destinations + d);
    const status = element.status;
    if (status !== undefined) {
      if (!isRecord(status)) return { kind: 'fail', status: 'unexpected body' };
      const code = status.code ?? 0;
      if (code !== 0) return { kind: 'fail', status: `element status ${typeof code === 'number' ? code : '?'}` };
    }
    if (element.condition === 'ROUTE_NOT_FOUND') {
      elements.push({ originIndex: o, destinationIndex: d, seconds: null, meters: null });
      continue;
    }
    if (element.condition !== 'ROUTE_EXISTS') return { kind: 'fail', status: 'unexpected body' };
    const seconds = durationSeconds(element.duration);
    const meters = element.distanceMeters ?? 0;
    if (seconds === null || typeof meters !== 'number' || !Number.isInteger(meters) || meters < 0) {
      return { kind: 'fail', status: 'unexpected body' };
    }
    elements.push({ originIndex: o, destinationIndex: d, seconds, meters });
  }
  if (seen.size !== origins * destinations) return { kind: 'fail', status: 'incomplete answer' };
  return { kind: 'elements', elements };
}

/** What a non-200 answer means: its google.rpc status name (when the body has one), retried for 429 and 5xx. */
export function interpretRouteMatrixError(httpStatus: number, body: unknown): RouteMatrixOutcome {
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  const name = typeof error?.status === 'string' && /^[A-Z_]{1,40}$/.test(error.status) ? ` ${error.status}` : '';
  const status = `HTTP ${httpStatus}${name}`;
  return RETRYABLE_HTTP.has(httpStatus) ? { kind: 'retry', status } : { kind: 'fail', status };
}

/**
 * Rectangles (origins × destinations, indices into the places) that cover every missing pair and no pair outside it
 * but a place's own (o = d, free to ride along): origins with the same missing destinations are grouped, then groups
 * merged while the merged rectangle still holds only missing pairs and own pairs.
 */
export function coverMissingPairs(missing: readonly (readonly [number, number])[]): Array<{
  origins: number[];
  destinations: number[];
}> {
  const wanted = new Set(missing.map(([o, d]) => `${o}>${d}`));
  const byOrigin = new Map<number, Set<number>>();
  for (const [o, d] of missing) {
    const set = byOrigin.get(o) ?? new Set<number>();
    set.add(d);
    byOrigin.set(o, set);
  }
  const groups = new Map<string, { origins: number[]; destinations: Set<number> }>();
  for (const [o, ds] of [...byOrigin].sort((a, b) => a[0] - b[0])) {
    const key = [...ds].sort((a, b) => a - b).join(',');
    const group = groups.get(key) ?? { origins: [], destinations: ds };
    group.origins.push(o);
    groups.set(key, group);
  }
  const fits = (origins: number[], destinations: Set<number>) =>
    origins.every((o) => [...destinations].every((d) => o === d || wanted.has(`${o}>${d}`)));
  const merged: Array<{ origins: number[]; destinations: Set<number> }> = [];
  for (const group of groups.values()) {
    const into = merged.find((m) =>
      fits([...m.origins, ...group.origins], new Set([...m.destinations, ...group.destinations])),
    );
    if (into) {
      into.origins.push(...group.origins);
      for (const d of group.destinations) into.destinations.add(d);
    } else merged.push({ origins: [...group.origins], destinations: new Set(group.destinations) });
  }
  return merged.map((m) => ({
    origins: [...m.origins].sort((a, b) => a - b),
    destinations: [...m.destinations].sort((a, b) => a - b),
  }));
}

/** A rectangle cut into blocks of at most `maxElements` elements. */
export function blocksOf(
  origins: readonly number[],
  destinations: readonly number[],
  maxElements: number,
): Array<{ origins: number[]; destinations: number[] }> {
  const columns = Math.max(1, Math.min(destinations.length, maxElements));
  const rows = Math.max(1, Math.floor(maxElements / columns));
  const blocks: Array<{ origins: number[]; destinations: number[] }> = [];
  for (let i = 0; i < origins.length; i += rows) {
    for (let j = 0; j < destinations.length; j += columns) {
      blocks.push({ origins: origins.slice(i, i + rows), destinations: destinations.slice(j, j + columns) });
    }
  }
  return blocks;
}

const HINTS: Record<string, string> = {
  PERMISSION_DENIED:
    "check GOOGLE_ROUTES_API_KEY, that the Routes API is enabled for the key's project and the key's API restrictions",
  UNAUTHENTICATED: 'check GOOGLE_ROUTES_API_KEY',
  INVALID_ARGUMENT: 'the request was refused as malformed',
  RESOURCE_EXHAUSTED: "more requests than the project's quota allows",
};

export function createGoogleRouteMatrix(options: GoogleRouteMatrixOptions): TravelTimeProvider {
  const baseUrl = (options.baseUrl ?? GOOGLE_ROUTES_API_URL).replace(/\/+$/, '');
  const url = `${baseUrl}${ROUTE_MATRIX_PATH}`;
  const delays = options.retryDelaysMs ?? DEFAULT_ROUTE_MATRIX_RETRY_DELAYS_MS;
  const timeoutMs = options.attemptTimeoutMs ?? DEFAULT_ROUTE_MATRIX_ATTEMPT_TIMEOUT_MS;
  const sleep = options.sleep ?? abortableSleep;
  const log = options.log ?? (() => {});
  const maxElements = Math.max(
    1,
    Math.min(MAX_ROUTE_MATRIX_ELEMENTS, options.maxElementsPerRequest ?? MAX_ROUTE_MATRIX_ELEMENTS),
  );
  const parking = options.parkingMinutes ?? PARKING_WALK_MINUTES;
  const lastLogged = new Map<string, { at: number; suppressed: number }>();

  /** One line per kind of failure, at most once a minute (by the injected clock); nothing of the request in it. */
  function report(kind: string, line: string): void {
    const at = options.now().getTime();
    const last = lastLogged.get(kind);
    if (last && at >= last.at && at - last.at < LOG_EVERY_MS) {
      last.suppressed++;
      return;
    }
    const more = last?.suppressed ? `; ${last.suppressed} more since the last report` : '';
    log(`${line}${more}`);
    lastLogged.set(kind, { at, suppressed: 0 });
  }

  function fail(status: string, attempts: number, httpStatus?: number): never {
    const name = /^HTTP \d+ ([A-Z_]+)$/.exec(status)?.[1] ?? '';
    const hint = HINTS[name] ? ` (${HINTS[name]})` : '';
    const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
    const what =
      status === 'no answer'
        ? 'no answer from the Routes API'
        : `the Routes API answered ${status === 'unexpected body' ? 'a body that is not the documented shape' : status}`;
    report(status, `route matrix unavailable: ${what}${tries}${hint}`);
    throw new TravelTimeServiceError(`Google Routes API at ${baseUrl}: ${what}${tries}`, {
      url: baseUrl,
      ...(httpStatus === undefined ? {} : { status: httpStatus }),
      code: status,
    });
  }

  async function attempt(body: string, origins: number, destinations: number, signal?: AbortSignal) {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await options.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'X-Goog-Api-Key': options.apiKey,
          'X-Goog-FieldMask': ROUTE_MATRIX_FIELD_MASK,
        },
        body,
        signal: combined,
      });
    } catch {
      // Whatever the error says may quote the request: only that there was no answer is kept.
      if (signal?.aborted) throw abortReason(signal);
      return { outcome: { kind: 'retry', status: 'no answer' } as RouteMatrixOutcome };
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      if (signal?.aborted) throw abortReason(signal);
      parsed = undefined;
      if (response.ok) return { outcome: { kind: 'fail', status: 'unexpected body' } as RouteMatrixOutcome };
    }
    if (!response.ok) return { outcome: interpretRouteMatrixError(response.status, parsed), http: response.status };
    return { outcome: interpretRouteMatrixBody(parsed, origins, destinations), http: response.status };
  }

  /** One block, with retries; the elements, or a TravelTimeServiceError. */
  async function ask(
    origins: readonly string[],
    destinations: readonly string[],
    plan: { trafficAware: boolean; departureTime: Date | null },
    signal?: AbortSignal,
  ): Promise<RouteMatrixElement[]> {
    const body = JSON.stringify(routeMatrixRequestBody(origins, destinations, plan));
    let last: { outcome: RouteMatrixOutcome; http?: number } = { outcome: { kind: 'retry', status: 'no answer' } };
    let attempts = 0;
    for (let i = 0; i <= delays.length; i++) {
      if (i > 0) await sleep(delays[i - 1] as number, signal);
      if (signal?.aborted) throw abortReason(signal);
      attempts++;
      last = await attempt(body, origins.length, destinations.length, signal);
      if (last.outcome.kind !== 'retry') break;
    }
    if (last.outcome.kind === 'elements') return last.outcome.elements;
    return fail(last.outcome.status, attempts, last.http);
  }

  return {
    name: 'google-routes',
    async matrix(points, opts = {}): Promise<TravelMatrix> {
      const { signal } = opts;
      if (signal?.aborted) throw abortReason(signal);
      const n = points.length;
      const keys = points.map(routeMatrixPointKey);
      const places = [...new Set(keys)];
      const now = options.now();
      const plan = departurePlan(opts.departureTime, now);
      // Every pair of different places, asked from the cache first.
      const pairs: Array<readonly [string, string]> = [];
      for (const o of places) for (const d of places) if (o !== d) pairs.push([o, d]);
      let legs = new Map<string, CachedLeg>();
      const cache = options.cache;
      if (cache && pairs.length > 0) {
        try {
          legs = await cache.get(pairs, plan.bucket, now);
        } catch {
          report('cache read', 'route matrix cache: read failed, asking the Routes API instead');
        }
      }
      const position = new Map(places.map((key, i) => [key, i]));
      const missing = pairs
        .filter(([o, d]) => !legs.has(legKey(o, d)))
        .map(([o, d]) => [position.get(o) as number, position.get(d) as number] as const);
      const fetched: CachedLegEntry[] = [];
      try {
        for (const rectangle of coverMissingPairs(missing)) {
          for (const block of blocksOf(rectangle.origins, rectangle.destinations, maxElements)) {
            const origins = block.origins.map((i) => places[i] as string);
            const destinations = block.destinations.map((i) => places[i] as string);
            for (const element of await ask(origins, destinations, plan, signal)) {
              const origin = origins[element.originIndex] as string;
              const destination = destinations[element.destinationIndex] as string;
              if (origin === destination) continue;
              const leg: CachedLeg =
                element.seconds === null || element.meters === null
                  ? 'no-route'
                  : { seconds: element.seconds, meters: element.meters };
              legs.set(legKey(origin, destination), leg);
              fetched.push({ origin, destination, leg });
            }
          }
        }
      } finally {
        // What was answered is kept even when a later block failed: the next call asks only the rest.
        if (cache && fetched.length > 0) {
          try {
            await cache.put(fetched, plan.bucket, now);
          } catch {
            report('cache write', 'route matrix cache: write failed, the answer is used uncached');
          }
        }
      }
      const minutes: (number | null)[][] = [];
      const distances: (number | null)[][] = [];
      for (let i = 0; i < n; i++) {
        const minuteRow: (number | null)[] = [];
        const metreRow: (number | null)[] = [];
        for (let j = 0; j < n; j++) {
          const o = keys[i] as string;
          const d = keys[j] as string;
          const leg = o === d ? { seconds: 0, meters: 0 } : legs.get(legKey(o, d));
          if (leg === undefined || leg === 'no-route') {
            minuteRow.push(null);
            metreRow.push(null);
          } else {
            minuteRow.push(o === d ? 0 : Math.ceil(leg.seconds / 60) + parking);
            metreRow.push(leg.meters);
          }
        }
        minutes.push(minuteRow);
        distances.push(metreRow);
      }
      return {
        minutes,
        distances,
        source: plan.trafficAware ? 'Google Routes API, traffic-aware' : 'Google Routes API',
        roadBased: true,
      };
    },
  };
}
