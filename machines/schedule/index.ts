// The schedule machine's public names. Its model (test data for path generation) is not here: machines/registry.ts
// and the tests import it directly, so it never reaches a production bundle.
export { createScheduleActors } from './schedule.actors.ts';
export { attachConfirmations, CONFIRMATIONS_TIMEOUT_MS, eventDay, logSafeCause } from './schedule.confirmations.ts';
export {
  FETCH_FAILED_MESSAGE,
  MissingProviderTokenError,
  NO_PROVIDER_TOKEN_MESSAGE,
  SCHEDULE_TIMEOUT_MS,
  scheduleMachine,
} from './schedule.machine.ts';
export * from './schedule.types.ts';
export * from './schedule.view.ts';
