// Builds the day-places machine's actors from a face's ports; the machine's abort signal reaches the request.
import { fromPromise } from 'xstate';
import type { DayPlacesPorts, Place } from './day-places.types.ts';

export function createDayPlacesActors(ports: DayPlacesPorts) {
  return {
    locate: fromPromise<readonly Place[], { addresses: readonly string[] }>(({ input, signal }) =>
      ports.locate(input.addresses, signal),
    ),
  };
}
