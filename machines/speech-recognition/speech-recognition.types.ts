// Types of the speech-recognition machine: what the call wants of the browser's speech recognition, what the
// browser reports back, the commands the machine gives its face, and what a face provides to carry them out.

export interface SpeechRecognitionContext {
  /** The call wants to hear the user: it is live and the microphone is not muted. */
  wanted: boolean;
}

export type SpeechRecognitionEvent =
  /** The call's wish, sent whenever live or muted changes. */
  | { type: 'recognition.wanted'; wanted: boolean }
  /** The browser ended a session (its `end` event): after our abort, after an error, or on its own. */
  | { type: 'recognition.ended' }
  /** The browser's `error` event (`no-speech`, `aborted`, `network`, `not-allowed`, …); `end` follows. */
  | { type: 'recognition.failed'; error: string }
  /** `start()` threw; `error` is the thrown error's name (Chrome: `InvalidStateError` while a session runs). */
  | { type: 'recognition.startFailed'; error: string }
  /** `abort()` threw: nothing runs any more. */
  | { type: 'recognition.abortFailed' }
  /** This browser has no speech recognition at all. */
  | { type: 'recognition.unsupported' };

/** What the machine tells its face to do with the browser's recognition object. */
export type SpeechRecognitionEmitted = { type: 'recognition.start' } | { type: 'recognition.abort' };

/**
 * What a face provides: the browser's recognition object behind two calls that throw like the browser's do
 * (the thrown error's `name` is reported), and whether the browser has one at all. The face reports the
 * object's `end` and `error` events itself (`recognition.ended`, `recognition.failed`).
 */
export interface SpeechRecognitionPorts {
  supported: boolean;
  start(): void;
  abort(): void;
}
