// The speech-recognition machine's public names. Its model (test data for path generation) is not here:
// machines/registry.ts and the tests import it directly, so it never reaches a production bundle.
export { createSpeechRecognition, type SpeechRecognitionActor, thrownName } from './speech-recognition.actors.ts';
export { speechRecognitionMachine } from './speech-recognition.machine.ts';
export {
  ALREADY_STARTED_ERROR,
  RECOGNITION_RESTART_DELAY_MS,
  RECOVERABLE_RECOGNITION_ERRORS,
} from './speech-recognition.rules.ts';
export * from './speech-recognition.types.ts';
export * from './speech-recognition.view.ts';
