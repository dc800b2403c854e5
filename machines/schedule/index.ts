export { createScheduleActors } from './schedule.actors.ts';
export {
  FETCH_FAILED_MESSAGE,
  MissingProviderTokenError,
  NO_PROVIDER_TOKEN_MESSAGE,
  SCHEDULE_TIMEOUT_MS,
  scheduleMachine,
} from './schedule.machine.ts';
export { scheduleModel } from './schedule.model.ts';
export * from './schedule.types.ts';
export * from './schedule.view.ts';
