// The confirmation-batch machine's public names. Its model (test data for path generation) is not here: machines/registry.ts
// and the tests import it directly, so it never reaches a production bundle.
export { createConfirmationBatchActors } from './confirmation-batch.actors.ts';
export {
  CALENDAR_FAILURE,
  confirmationBatchMachine,
  MISSED_EVENING_FAILURE,
  PLATFORM_DOWN_FAILURE,
  PLATFORM_RETRY_MS,
  REOPTIMISE_FAILED_NOTE,
  REPORT_WAIT_MS,
  RETRIES_NOT_PLACED_NOTE,
  RETRY_AFTER_MS,
} from './confirmation-batch.machine.ts';
export * from './confirmation-batch.types.ts';
export * from './confirmation-batch.view.ts';
