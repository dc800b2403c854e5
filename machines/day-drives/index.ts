// The day-drives machine's public names. Its model (test data for path generation) is not here: machines/registry.ts
// and the tests import it directly, so it never reaches a production bundle.
export { createDayDrivesActors } from './day-drives.actors.ts';
export { DRIVES_TIMEOUT_MS, dayDrivesMachine } from './day-drives.machine.ts';
export * from './day-drives.types.ts';
export * from './day-drives.view.ts';
