// What the Route view shows of the day's places: locating (the plan waits), located (the plan uses them), or not
// available (the plan goes on without them, says so, and offers Try again).
import type { SnapshotFrom } from 'xstate';
import type { Locations } from '../../core/geo/geocoder.ts';
import type { dayPlacesMachine } from './day-places.machine.ts';

export const DAY_PLACES_MESSAGES = {
  locating: 'Locating the visits’ addresses…',
  unavailable:
    'The visits’ addresses could not be located just now: visits without a place on the calendar are left out of this plan.',
} as const;

export interface DayPlacesView {
  status: 'locating' | 'located' | 'unavailable';
  /** The located addresses, for planDay's `locations` (empty until located). */
  locations: Locations;
  message: string | null;
}

export function toDayPlacesView(snapshot: SnapshotFrom<typeof dayPlacesMachine>): DayPlacesView {
  const status = snapshot.matches('locating') ? 'locating' : snapshot.matches('located') ? 'located' : 'unavailable';
  return {
    status,
    locations: new Map(snapshot.context.places),
    message: status === 'located' ? null : DAY_PLACES_MESSAGES[status],
  };
}
