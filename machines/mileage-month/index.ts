// The mileage-month machine's public names. Its model (test data for path generation) is not here: machines/registry.ts
// and the tests import it directly, so it never reaches a production bundle.
export { createMileageMonthActors } from './mileage-month.actors.ts';
export { LOAD_TIMEOUT_MS, mileageMonthMachine, SAVE_TIMEOUT_MS } from './mileage-month.machine.ts';
export { MILEAGE_MONTH_MESSAGES, mileageSaveFailure } from './mileage-month.messages.ts';
export * from './mileage-month.types.ts';
export * from './mileage-month.view.ts';
