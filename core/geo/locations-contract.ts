// The `locations` Edge Function's contract (server/functions/locations.ts): the web app sends a day's visit addresses
// and gets each one located, in order, without ever holding the Google key. One entry per address given (duplicates
// answered each); an address not answered within the server's deadline is `unavailable`.
import type { Located, NotLocated } from './geocoder.ts';

/** The name it is deployed (and mounted locally) under: POST /functions/v1/locations. */
export const LOCATIONS_FUNCTION = 'locations';
/** At most this many addresses a request (a day's visits and the homes around them). */
export const MAX_LOCATION_ADDRESSES = 50;
/** At most this many characters an address, after trimming. */
export const MAX_LOCATION_ADDRESS_LENGTH = 300;

/** What the web app sends. */
export interface LocationsRequest {
  addresses: string[];
}

/** One address's answer: where it is, or why it was not located. */
export type LocationAnswer = ({ address: string } & Located) | { address: string; status: NotLocated };

/** What the function answers (200): one entry per address given, in the order given. */
export interface LocationsResponse {
  locations: LocationAnswer[];
}
