// The confirmation-batch machine's public names. Its model (test data for path generation) is not here: machines/registry.ts
// and the tests import it directly, so it never reaches a production bundle.
export { createConfirmationBatchActors } from './confirmation-batch.actors.ts';
export {
  confirmationBatchMachine,
  PLATFORM_RETRY_MS,
  REPORT_WAIT_MS,
  RETRY_AFTER_MS,
} from './confirmation-batch.machine.ts';
export {
  CALENDAR_FAILURE,
  MISSED_EVENING_FAILURE,
  PLATFORM_DOWN_FAILURE,
  REOPTIMISE_FAILED_NOTE,
  RETRIES_NOT_PLACED_NOTE,
} from './confirmation-batch.messages.ts';
export * from './confirmation-batch.types.ts';
export * from './confirmation-batch.view.ts';
