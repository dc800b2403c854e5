// The day-places machine's public names. Its model (test data for path generation) is not here: machines/registry.ts
// and the tests import it directly, so it never reaches a production bundle.
export { createDayPlacesActors } from './day-places.actors.ts';
export { dayPlacesMachine, PLACES_TIMEOUT_MS } from './day-places.machine.ts';
export * from './day-places.types.ts';
export * from './day-places.view.ts';
