// The Route view's way to have a day's visit addresses located: the server's `locations` function
// (`POST {supabaseUrl}/functions/v1/locations`, the anon key as apikey and the Supabase session as Bearer), which
// holds the geocoding key. Addresses go in the body only (health data: never in a URL, never logged). main.tsx
// provides the page's client once; the Route view asks for it.
import { postFunction } from '../../../core/functions/post-function.ts';
import type { Located, NotLocated } from '../../../core/geo/geocoder.ts';
import type { Place } from '../../../machines/day-places/index.ts';

export const LOCATIONS_FUNCTION = 'locations';

export interface LocationsClientOptions {
  supabaseUrl: string;
  anonKey: string;
  /** The signed-in session's access token, or null. */
  getAccessToken: () => string | null;
  fetch?: typeof fetch;
}

export type LocateAddresses = (addresses: readonly string[], signal: AbortSignal) => Promise<readonly Place[]>;

/** Refused or failed: the Route view says the places are not available (the status only, never an address). */
export class LocationsError extends Error {
  constructor(readonly status: number) {
    super(`locations answered ${status || 'nothing (network error)'}`);
    this.name = 'LocationsError';
  }
}

type Answer = {
  address?: unknown;
  lat?: unknown;
  lon?: unknown;
  approximate?: unknown;
  formatted?: unknown;
  status?: unknown;
};

/** One answer of the function as a place, or 'unavailable' when it is not one the product understands. */
function placeOf(answer: Answer): Located | NotLocated {
  if (answer.status === 'not-found') return 'not-found';
  if (typeof answer.lat === 'number' && typeof answer.lon === 'number') {
    return {
      lat: answer.lat,
      lon: answer.lon,
      approximate: answer.approximate === true,
      formatted: typeof answer.formatted === 'string' ? answer.formatted : null,
    };
  }
  return 'unavailable';
}

export function createLocationsClient(options: LocationsClientOptions): LocateAddresses {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return async (addresses, signal) => {
    const accessToken = options.getAccessToken();
    if (!accessToken) throw new LocationsError(401);
    const call = { supabaseUrl: options.supabaseUrl, anonKey: options.anonKey, accessToken, fetch: doFetch, signal };
    const response = await postFunction(call, LOCATIONS_FUNCTION, { addresses });
    if (!response) throw new LocationsError(0);
    if (!response.ok) {
      await response.body?.cancel();
      throw new LocationsError(response.status);
    }
    const body = (await response.json()) as { locations?: Answer[] };
    const answers = Array.isArray(body.locations) ? body.locations : [];
    // One answer per address, in order; an address the server did not answer is not available.
    return addresses.map(
      (address, i) => [address, answers[i] ? placeOf(answers[i] as Answer) : 'unavailable'] as const,
    );
  };
}

let pageLocate: LocateAddresses | null = null;

/** main.tsx wires the page's client once. */
export function providePageLocations(locate: LocateAddresses | null): void {
  pageLocate = locate;
}

/** The page's client, or null where none was provided (then free-form visits are planned only with coordinates). */
export function pageLocations(): LocateAddresses | null {
  return pageLocate;
}
