// Types of the day-places machine: where a day's visits are when the calendar gives only their addresses, and what
// a face provides to have them located (the server's `locations` function: the geocoding key stays there).
import type { Located, NotLocated } from '../../core/geo/geocoder.ts';

/** One address and what the server answered for it (addresses are health data: never logged, never in a URL). */
export type Place = readonly [address: string, place: Located | NotLocated];

export interface DayPlacesInput {
  /** The day's visit addresses that carry no coordinates (`addressesToLocate`); the face runs nothing when empty. */
  addresses: readonly string[];
}

export interface DayPlacesContext {
  addresses: readonly string[];
  places: readonly Place[];
}

export type DayPlacesEvent = { type: 'places.retry' };

export interface DayPlacesPorts {
  locate(addresses: readonly string[], signal: AbortSignal): Promise<readonly Place[]>;
}
