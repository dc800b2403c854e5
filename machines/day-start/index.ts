// The day-start machine's public names. Its model (test data for path generation) is not here: machines/registry.ts
// and the tests import it directly, so it never reaches a production bundle.
export { createDayStartActors } from './day-start.actors.ts';
export { DAY_START_MESSAGES, dayStartMachine, HOME_READ_TIMEOUT_MS } from './day-start.machine.ts';
export * from './day-start.types.ts';
export * from './day-start.view.ts';
