// The session's timings live with the video client's and the widget's (machines/shared/call-timeouts.ts).
export {
  AUDIO_OBSERVER_SETUP_TIMEOUT_MS,
  AUDIO_PROCESSING_SETUP_TIMEOUT_MS,
  CALL_JOIN_TIMEOUT_MS,
  CALL_LEAVE_TIMEOUT_MS as LEAVE_TIMEOUT_MS,
  CALL_OBJECT_CREATION_TIMEOUT_MS,
  CLEANUP_TIMEOUT_MS,
  LISTENING_TIMEOUT_MS,
  MOBILE_JOIN_DELAY_MS,
  STOP_RECORDING_TIMEOUT_MS,
  VIDEO_RECORDING_SETUP_TIMEOUT_MS,
  WEB_CALL_CREATION_TIMEOUT_MS,
} from '../shared/call-timeouts.ts';
export { createCallSessionActors, StageFailure } from './call-session.actors.ts';
export * from './call-session.client.ts';
export * from './call-session.machine.ts';
export * from './call-session.messages.ts';
export {
  AUDIO_LEVEL_INTERVAL_MS,
  isEndedStatus,
  isSpeechLevel,
  parseCallMessage,
  SPEAKING_THRESHOLD,
  speechLevel,
  toVolumeLevel,
  VOLUME_DIVISOR,
} from './call-session.stages.ts';
export * from './call-session.types.ts';
export * from './call-session.view.ts';
