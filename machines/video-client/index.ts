export { createVideoClientActors } from './video-client.actors.ts';
export {
  BUNDLE_LOAD_ATTEMPTS,
  BUNDLE_LOAD_TIMEOUT_MS,
  BUNDLE_RETRY_DELAY_MS,
  JOIN_TIMEOUT_MS,
  LEAVE_TIMEOUT_MS,
  MAX_WARNINGS,
  videoClientMachine,
} from './video-client.machine.ts';
export {
  ALREADY_JOINED_WARNING,
  ALREADY_JOINING_WARNING,
  BUNDLE_FAILED_MESSAGE,
  BUNDLE_TIMEOUT_MESSAGE,
  JOIN_TIMEOUT_MESSAGE,
  NOT_LOADED_WARNING,
  toVideoClientError,
} from './video-client.messages.ts';
export * from './video-client.types.ts';
export * from './video-client.view.ts';
