// core/geo's Geocoder over Google's Geocoding API (`GET {baseUrl}/maps/api/geocode/json?address=…&key=…`), with the
// Postgres cache in front (geocode-cache.ts). The base URL is configurable so the local platform's stand-in
// (emulators/geocoding) answers instead of Google.
//
// What Google answers (HTTP 200 for every status) and what locate() makes of it:
//   OK                                  → the first result; approximate when its location_type is GEOMETRIC_CENTER
//                                         or APPROXIMATE, or it is a partial match
//   ZERO_RESULTS                        → 'not-found' (cached for a day)
//   OVER_QUERY_LIMIT, UNKNOWN_ERROR,
//   HTTP 429 / 5xx, no answer           → tried again after a short wait (retryDelaysMs), then 'unavailable'
//   REQUEST_DENIED, INVALID_REQUEST,
//   OVER_DAILY_LIMIT, anything else     → 'unavailable' at once: trying again would not help
// Each failure logs one line naming the status, rate-limited per status. Addresses are health data and the key is a
// secret: neither (nor the request URL, nor Google's error_message, which may quote the request) is ever logged.
import { addressKey, type Geocoder, type Located, type NotLocated } from '../../core/geo/geocoder.ts';
import type { Now } from '../../core/time/clock.ts';
import type { Fetch } from '../http.ts';
import { abortableSleep, abortReason } from './abortable-sleep.ts';
import type { GeocodeCache } from './geocode-cache.ts';

export const GOOGLE_MAPS_API_URL = 'https://maps.googleapis.com';
export const GEOCODE_PATH = '/maps/api/geocode/json';

/** Every status the Geocoding API documents. */
export const GEOCODE_STATUSES = [
  'OK',
  'ZERO_RESULTS',
  'OVER_DAILY_LIMIT',
  'OVER_QUERY_LIMIT',
  'REQUEST_DENIED',
  'INVALID_REQUEST',
  'UNKNOWN_ERROR',
] as const;
export type GeocodeStatus = (typeof GEOCODE_STATUSES)[number];

/** The `location_type` values Google documents, from the most to the least precise. */
export const LOCATION_TYPES = ['ROOFTOP', 'RANGE_INTERPOLATED', 'GEOMETRIC_CENTER', 'APPROXIMATE'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** Statuses worth another try after a short wait. */
const RETRYABLE: ReadonlySet<string> = new Set(['OVER_QUERY_LIMIT', 'UNKNOWN_ERROR']);

/** Waits between attempts: 3 attempts by default. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [250, 1_000];
/**
 * One attempt's limit (Google answers in well under a second). With the default delays an address takes at most
 * ≈ 16 s before it is reported unavailable; a caller with a shorter budget passes a signal.
 */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 5_000;
/** The same failure is logged at most once in this long (by the injected clock). */
const LOG_EVERY_MS = 60_000;

export interface GoogleGeocoderOptions {
  /** The Geocoding API key (server-side only; restricted to the Geocoding API). */
  apiKey: string;
  /** Default https://maps.googleapis.com; the local platform passes its own origin. */
  baseUrl?: string;
  fetch: Fetch;
  /** Answers kept by address key; without one, every call asks Google. */
  cache?: GeocodeCache;
  now: Now;
  /** Diagnostics: one line per failure (status only). Default: nothing. */
  log?: (line: string) => void;
  /** Restrict results to a country (`components=country:US`); null: no restriction. Default 'US'. */
  country?: string | null;
  /** Waits before each retry; its length + 1 is the number of attempts. */
  retryDelaysMs?: readonly number[];
  attemptTimeoutMs?: number;
  /** How to wait between attempts (tests pass an instant one); must reject when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** What one Geocoding API answer means for the caller. */
export type GeocodeOutcome =
  | { kind: 'located'; located: Located }
  | { kind: 'not-found' }
  | { kind: 'retry'; status: string }
  | { kind: 'fail'; status: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a Geocoding API body (already parsed JSON). Pure: the client's decisions, tested without a network. A body
 * that is not the documented shape is a failure named `unexpected body` (never passed on as a place).
 */
export function interpretGeocodeBody(body: unknown): GeocodeOutcome {
  if (!isRecord(body) || typeof body.status !== 'string') return { kind: 'fail', status: 'unexpected body' };
  const status = body.status;
  if (status === 'ZERO_RESULTS') return { kind: 'not-found' };
  if (RETRYABLE.has(status)) return { kind: 'retry', status };
  if (status !== 'OK') {
    return {
      kind: 'fail',
      status: (GEOCODE_STATUSES as readonly string[]).includes(status) ? status : 'unknown status',
    };
  }
  if (!Array.isArray(body.results)) return { kind: 'fail', status: 'unexpected body' };
  const first = body.results[0];
  if (first === undefined) return { kind: 'not-found' };
  const located = toLocated(first);
  return located ? { kind: 'located', located } : { kind: 'fail', status: 'unexpected body' };
}

function toLocated(result: unknown): Located | null {
  if (!isRecord(result) || !isRecord(result.geometry)) return null;
  const { location, location_type: locationType } = result.geometry;
  if (!isRecord(location)) return null;
  const { lat, lng } = location;
  if (typeof lat !== 'number' || typeof lng !== 'number' || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (typeof locationType !== 'string' || !(LOCATION_TYPES as readonly string[]).includes(locationType)) return null;
  return {
    lat,
    lon: lng,
    approximate: locationType === 'GEOMETRIC_CENTER' || locationType === 'APPROXIMATE' || result.partial_match === true,
    formatted: typeof result.formatted_address === 'string' ? result.formatted_address : null,
  };
}

/** What a non-JSON or non-200 HTTP answer means: 429 and 5xx are worth another try, the rest not. */
export function interpretHttpStatus(status: number): GeocodeOutcome {
  return status === 429 || status >= 500
    ? { kind: 'retry', status: `HTTP ${status}` }
    : { kind: 'fail', status: `HTTP ${status}` };
}

/** The request URL (it carries the address and the key: never logged). */
export function geocodeUrl(baseUrl: string, apiKey: string, address: string, country: string | null): string {
  const params = new URLSearchParams({ address, key: apiKey });
  if (country) params.set('components', `country:${country}`);
  return `${baseUrl.replace(/\/+$/, '')}${GEOCODE_PATH}?${params}`;
}

const HINTS: Record<string, string> = {
  REQUEST_DENIED: 'check GOOGLE_MAPS_API_KEY, that the Geocoding API is enabled and the key restrictions',
  OVER_DAILY_LIMIT: 'the key is invalid or the project has no billing or quota left',
  INVALID_REQUEST: 'the request was refused as malformed',
  OVER_QUERY_LIMIT: "more requests per second than the project's quota allows",
};

export function createGoogleGeocoder(options: GoogleGeocoderOptions): Geocoder {
  const baseUrl = options.baseUrl ?? GOOGLE_MAPS_API_URL;
  const country = options.country === undefined ? 'US' : options.country;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const timeoutMs = options.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const sleep = options.sleep ?? abortableSleep;
  const log = options.log ?? (() => {});
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

  function reportStatus(status: string, attempts: number): void {
    const hint = HINTS[status] ? ` (${HINTS[status]})` : '';
    const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
    const what =
      status === 'no answer'
        ? 'no answer from the Geocoding API'
        : `the Geocoding API answered ${status === 'unexpected body' ? 'a body that is not the documented shape' : status}`;
    report(status, `geocoding unavailable: ${what}${tries}${hint}`);
  }

  async function attempt(url: string, signal?: AbortSignal): Promise<GeocodeOutcome> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await options.fetch(url, { headers: { accept: 'application/json' }, signal: combined });
    } catch {
      // Whatever the error says may name the URL (address and key): only that there was no answer is kept.
      if (signal?.aborted) throw abortReason(signal);
      return { kind: 'retry', status: 'no answer' };
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      if (signal?.aborted) throw abortReason(signal);
      return response.ok ? { kind: 'fail', status: 'unexpected body' } : interpretHttpStatus(response.status);
    }
    if (!response.ok) return interpretHttpStatus(response.status);
    return interpretGeocodeBody(body);
  }

  async function fetchAnswer(address: string, signal?: AbortSignal): Promise<Located | NotLocated> {
    const url = geocodeUrl(baseUrl, options.apiKey, address, country);
    let outcome: GeocodeOutcome = { kind: 'retry', status: 'no answer' };
    let attempts = 0;
    for (let i = 0; i <= delays.length; i++) {
      if (i > 0) await sleep(delays[i - 1] as number, signal);
      if (signal?.aborted) throw abortReason(signal);
      attempts++;
      outcome = await attempt(url, signal);
      if (outcome.kind !== 'retry') break;
    }
    if (outcome.kind === 'located') return outcome.located;
    if (outcome.kind === 'not-found') return 'not-found';
    reportStatus(outcome.status, attempts);
    return 'unavailable';
  }

  return {
    async locate(address, signal) {
      if (signal?.aborted) throw abortReason(signal);
      // The key is the address (patient data): it goes to the server's own table only, never to a log.
      const key = addressKey(address);
      if (key === '') return 'not-found';
      const cache = options.cache;
      if (cache) {
        try {
          const cached = await cache.get(key, options.now());
          if (cached) return cached;
        } catch {
          report('cache read', 'geocode cache: read failed, asking the Geocoding API instead');
        }
      }
      const answer = await fetchAnswer(address, signal);
      if (cache && answer !== 'unavailable') {
        try {
          await cache.put(key, answer, options.now());
        } catch {
          report('cache write', 'geocode cache: write failed, the answer is used uncached');
        }
      }
      return answer;
    },
  };
}
