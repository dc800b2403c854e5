// Google's Geocoding API on the local platform: `GET /maps/api/geocode/json?address=…&key=…[&components=country:US]`
// (production: https://maps.googleapis.com), answered as Google does — HTTP 200 and a `status` for every outcome:
//   no `key`                → REQUEST_DENIED "You must use an API key to authenticate each request to Google Maps…"
//   a key it does not know  → REQUEST_DENIED "The provided API key is invalid."
//   no `address`            → INVALID_REQUEST "Invalid request. Missing the 'address', … parameter."
//   a seeded address        → OK, ROOFTOP (the seed's own coordinates)
//   another US address with a ZIP code → OK, the ZIP code's centre, APPROXIMATE with partial_match
//   anything else, or `components=country:XX` other than the US → ZERO_RESULTS
// The one key it knows is LOCAL_GOOGLE_MAPS_API_KEY (emulators/local-secrets.ts). A fault switch,
// `POST /__local/geocoding-faults {"status": "OVER_QUERY_LIMIT" | "UNKNOWN_ERROR" | "OVER_DAILY_LIMIT" | null,
// "times"?: n}`, answers that status to the next `times` valid requests (all of them without `times`) — the
// server's retries and its log line can be seen without Google. What is placed where: ./places.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GEOCODE_PATH } from '../../server/geo/google-geocoder.ts';
import { readBody, sendJson } from '../http.ts';
import { LOCAL_GOOGLE_MAPS_API_KEY } from '../local-secrets.ts';
import { type GeocodeResult, geocodeAddress } from './places.ts';

export { GEOCODE_PATH };
export const GEOCODING_FAULTS_PATH = '/__local/geocoding-faults';

export const FAULT_STATUSES = ['OVER_QUERY_LIMIT', 'UNKNOWN_ERROR', 'OVER_DAILY_LIMIT'] as const;
export type GeocodingFaultStatus = (typeof FAULT_STATUSES)[number];

/** Google's words for each status it explains (UNKNOWN_ERROR comes without a message). */
export const GEOCODE_ERROR_MESSAGES = {
  missingKey:
    'You must use an API key to authenticate each request to Google Maps Platform APIs. For additional information, please refer to http://g.co/dev/maps-no-account',
  invalidKey: 'The provided API key is invalid. ',
  missingAddress: "Invalid request. Missing the 'address', 'components', 'latlng' or 'place_id' parameter.",
  overQueryLimit: 'You have exceeded your rate-limit for this API.',
  overDailyLimit:
    'You have exceeded your daily request quota for this API. If you did not set a custom daily request quota, verify your project has an active billing account: http://g.co/dev/maps-no-account',
} as const;

/** The body of every answer, as Google documents it. */
export interface GeocodeResponse {
  results: GeocodeResult[];
  status: string;
  error_message?: string;
}

/** `components=country:XX|…` → the country filter, if any (upper-cased). */
function countryFilter(components: string | null): string | null {
  for (const part of (components ?? '').split('|')) {
    const [name, value] = part.split(':');
    if (name?.trim().toLowerCase() === 'country' && value) return value.trim().toUpperCase();
  }
  return null;
}

/** What the stand-in answers to a query (pure but for the seed and ZIP data it reads). */
export function answerGeocode(params: URLSearchParams, fault: GeocodingFaultStatus | null = null): GeocodeResponse {
  const key = params.get('key');
  if (!key) return { error_message: GEOCODE_ERROR_MESSAGES.missingKey, results: [], status: 'REQUEST_DENIED' };
  if (key !== LOCAL_GOOGLE_MAPS_API_KEY) {
    return { error_message: GEOCODE_ERROR_MESSAGES.invalidKey, results: [], status: 'REQUEST_DENIED' };
  }
  const address = params.get('address');
  if (!address?.trim()) {
    return { error_message: GEOCODE_ERROR_MESSAGES.missingAddress, results: [], status: 'INVALID_REQUEST' };
  }
  if (fault === 'OVER_QUERY_LIMIT') {
    return { error_message: GEOCODE_ERROR_MESSAGES.overQueryLimit, results: [], status: fault };
  }
  if (fault === 'OVER_DAILY_LIMIT') {
    return { error_message: GEOCODE_ERROR_MESSAGES.overDailyLimit, results: [], status: fault };
  }
  if (fault === 'UNKNOWN_ERROR') return { results: [], status: fault };
  const country = countryFilter(params.get('components'));
  const results = country && country !== 'US' && country !== 'USA' ? [] : geocodeAddress(address);
  return results.length > 0 ? { results, status: 'OK' } : { results: [], status: 'ZERO_RESULTS' };
}

export interface GeocodingApi {
  /** Answers the Geocoding path and its fault hook; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

export function createGeocodingApi(): GeocodingApi {
  let fault: { status: GeocodingFaultStatus; times: number | null } | null = null;

  /** The fault for this request, counting it down. */
  function takeFault(): GeocodingFaultStatus | null {
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
    const { status, times, ...rest } = (typeof body === 'object' && body !== null ? body : { status: 0 }) as Record<
      string,
      unknown
    >;
    const unknown = Object.keys(rest);
    if (unknown.length > 0) {
      return sendJson(res, 400, { error: 'bad_request', message: `unknown fields: ${unknown.join(', ')}` });
    }
    if (times !== undefined && !(Number.isInteger(times) && (times as number) > 0 && (times as number) <= 1000)) {
      return sendJson(res, 400, { error: 'bad_request', message: 'times must be an integer from 1 to 1000' });
    }
    if (status === null || status === undefined) fault = null;
    else if (typeof status === 'string' && (FAULT_STATUSES as readonly string[]).includes(status)) {
      fault = { status: status as GeocodingFaultStatus, times: (times as number | undefined) ?? null };
    } else {
      return sendJson(res, 400, {
        error: 'bad_request',
        message: `status must be null or one of ${FAULT_STATUSES.join(', ')}`,
      });
    }
    return sendJson(res, 200, { fault });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (url.pathname === GEOCODING_FAULTS_PATH) {
      await handleFaults(req, res);
      return true;
    }
    if (url.pathname !== GEOCODE_PATH) return false;
    req.resume();
    const headers = { 'Cache-Control': 'no-cache, must-revalidate', 'Access-Control-Allow-Origin': '*' };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJson(
        res,
        405,
        { error_message: `Method ${req.method} is not supported; use GET.`, results: [], status: 'INVALID_REQUEST' },
        { ...headers, Allow: 'GET' },
      );
      return true;
    }
    const params = url.searchParams;
    // Only a request Google would have served counts against the fault's `times`.
    const valid = params.get('key') === LOCAL_GOOGLE_MAPS_API_KEY && Boolean(params.get('address')?.trim());
    sendJson(res, 200, answerGeocode(params, valid ? takeFault() : null), headers);
    return true;
  }

  return { handle };
}
