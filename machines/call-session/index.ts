export { createCallSessionActors, StageFailure } from './call-session.actors.ts';
export * from './call-session.client.ts';
export * from './call-session.machine.ts';
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
