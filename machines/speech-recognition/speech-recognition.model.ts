// The speech-recognition machine's model for path generation: the call's wish and everything the browser may
// report, in any order (the oracle simulates the browser's object from the same steps).
import type { MachineModel } from '../shared/model.ts';
import { speechRecognitionMachine } from './speech-recognition.machine.ts';

export const speechRecognitionModel: MachineModel<typeof speechRecognitionMachine> = {
  name: 'speech-recognition',
  machine: speechRecognitionMachine,
  outcomes: {},
  events: [
    { type: 'recognition.wanted', wanted: true },
    { type: 'recognition.wanted', wanted: false },
    { type: 'recognition.ended' },
    // Silence, our own abort and InvalidStateError change nothing: the graph never offers them unless a chart does.
    { type: 'recognition.failed', error: 'no-speech' },
    { type: 'recognition.failed', error: 'aborted' },
    { type: 'recognition.failed', error: 'not-allowed' },
    { type: 'recognition.startFailed', error: 'InvalidStateError' },
    { type: 'recognition.startFailed', error: 'NotAllowedError' },
    { type: 'recognition.abortFailed' },
    { type: 'recognition.unsupported' },
  ],
};
