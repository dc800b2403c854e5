export { createVideoClientActors } from './video-client.actors.ts';
export {
  ALREADY_JOINED_WARNING,
  ALREADY_JOINING_WARNING,
  BUNDLE_FAILED_MESSAGE,
  BUNDLE_LOAD_ATTEMPTS,
  BUNDLE_LOAD_TIMEOUT_MS,
  BUNDLE_RETRY_DELAY_MS,
  BUNDLE_TIMEOUT_MESSAGE,
  JOIN_TIMEOUT_MESSAGE,
  JOIN_TIMEOUT_MS,
  LEAVE_TIMEOUT_MS,
  MAX_WARNINGS,
  NOT_LOADED_WARNING,
  toVideoClientError,
  videoClientMachine,
} from './video-client.machine.ts';
export * from './video-client.types.ts';
export * from './video-client.view.ts';
