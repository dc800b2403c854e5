// What the call reads of speech recognition: whether the user is being heard now (results count only then) and
// whether recognition exists at all (otherwise the widget's typed input is the way in).
import type { SnapshotFrom } from 'xstate';
import type { speechRecognitionMachine } from './speech-recognition.machine.ts';

export interface RecognitionView {
  /** A session runs (started, or its start() said it already runs): what it hears may be the user. */
  hearing: boolean;
  /** Recognition can be used here; false for good after a failure that is not silence or our abort. */
  available: boolean;
}

export function toRecognitionView(snapshot: SnapshotFrom<typeof speechRecognitionMachine>): RecognitionView {
  return { hearing: snapshot.hasTag('hearing'), available: !snapshot.matches('unavailable') };
}
