// POST /functions/v1/locations: the signed-in clinician's web app has a day's visit addresses located, the Google
// key staying on the server (core/geo/locations-contract.ts has the shapes):
//   POST {addresses: string[]}   1–50 addresses of 1–300 characters   → 200 {locations: [{address, lat, lon,
//                                approximate, formatted} | {address, status: 'not-found' | 'unavailable'}]}
// One entry per address given, in order; each distinct address located once (locateAll, 4 at a time). The whole
// request has a deadline: an address not answered by then is `unavailable`, so the dashboard never waits long.
// Addresses are health data: never logged (one line on an unexpected failure, naming only its kind).
import { addressKey, type Geocoder, type Located, locateAll, type NotLocated } from '../../core/geo/geocoder.ts';
import {
  type LocationAnswer,
  MAX_LOCATION_ADDRESS_LENGTH,
  MAX_LOCATION_ADDRESSES,
} from '../../core/geo/locations-contract.ts';
import { geocoderWithin } from '../geo/deadline.ts';
import { errorJson, json, readJsonObject, type SupabaseAuthConfig, signedInPost, type WebHandler } from '../http.ts';

export const NOT_CONFIGURED_MESSAGE = 'Locating addresses is not configured on this server.';
/** The whole request's budget: what is not located by then is answered `unavailable`. */
export const LOCATIONS_DEADLINE_MS = 8_000;
const LOCATE_CONCURRENCY = 4;
/** 50 addresses of 300 characters, JSON-escaped at worst: anything far longer is not a day's addresses. */
const MAX_BODY_CHARS = 128 * 1024;
const USAGE = `Send {"addresses": ["<address>", …]}: 1 to ${MAX_LOCATION_ADDRESSES} strings of 1 to ${MAX_LOCATION_ADDRESS_LENGTH} characters each.`;

export interface LocationsConfig extends SupabaseAuthConfig {
  /** The server's geocoder, or null when the deployment has no GOOGLE_MAPS_API_KEY (503 not_configured). */
  geocoder: Geocoder | null;
  /** Diagnostics only, never an address; default console.error. */
  log?: (line: string) => void;
  /** The request's budget (tests shorten it); default LOCATIONS_DEADLINE_MS. */
  deadlineMs?: number;
}

/** The addresses of a valid body (as given), or a sentence saying what to fix. */
function parseAddresses(body: Record<string, unknown> | null): string[] | { problem: string } {
  if (!body) return { problem: `The body is not a JSON object. ${USAGE}` };
  const { addresses } = body;
  if (!Array.isArray(addresses)) return { problem: `addresses must be an array. ${USAGE}` };
  if (addresses.length === 0) return { problem: `addresses is empty. ${USAGE}` };
  if (addresses.length > MAX_LOCATION_ADDRESSES) {
    return { problem: `addresses has ${addresses.length} entries; send at most ${MAX_LOCATION_ADDRESSES} a request.` };
  }
  const valid: string[] = [];
  for (const [index, address] of addresses.entries()) {
    if (typeof address !== 'string') return { problem: `addresses[${index}] is not a string. ${USAGE}` };
    const text = address.trim();
    if (!text) return { problem: `addresses[${index}] is blank. ${USAGE}` };
    if (text.length > MAX_LOCATION_ADDRESS_LENGTH) {
      return {
        problem: `addresses[${index}] is ${text.length} characters; at most ${MAX_LOCATION_ADDRESS_LENGTH} are accepted.`,
      };
    }
    valid.push(address);
  }
  return valid;
}

function answerFor(address: string, found: Located | NotLocated | undefined): LocationAnswer {
  if (found === undefined || typeof found === 'string') return { address, status: found ?? 'unavailable' };
  return { address, lat: found.lat, lon: found.lon, approximate: found.approximate, formatted: found.formatted };
}

export function createLocationsHandler(config: LocationsConfig): WebHandler {
  const log = config.log ?? ((line: string) => console.error(line));
  const deadlineMs = config.deadlineMs ?? LOCATIONS_DEADLINE_MS;

  return signedInPost(config, async (request) => {
    const parsed = parseAddresses(await readJsonObject(request, MAX_BODY_CHARS));
    if (!Array.isArray(parsed)) return errorJson(400, 'invalid_request', parsed.problem);
    if (!config.geocoder) return errorJson(503, 'not_configured', NOT_CONFIGURED_MESSAGE);
    try {
      // Bounded: what the geocoder has not answered by the deadline is `unavailable`, and it is told to stop.
      const bounded = geocoderWithin(config.geocoder, deadlineMs);
      const found = await locateAll(
        bounded.geocoder,
        parsed.map((address) => address.trim()),
        { concurrency: LOCATE_CONCURRENCY },
      ).finally(() => bounded.done());
      // In the order given, each answered (duplicates too), the address echoed as the caller sent it.
      return json(200, { locations: parsed.map((address) => answerFor(address, found.get(addressKey(address)))) });
    } catch (error) {
      log(`locations: unexpected failure (${error instanceof Error ? error.name : typeof error})`);
      return errorJson(500, 'internal_error', 'The addresses could not be located; try again.');
    }
  });
}
