// Speech recognition: what the browser's reports mean to the machine (which errors only end a session, which
// start() refusal means a session runs after all) and its one wait.

/** Recognition restarts this long after the browser ended a session (no tight loop on repeated ends). */
export const RECOGNITION_RESTART_DELAY_MS = 250;

/** Errors that end a session but leave recognition usable (Chrome's silence and our own abort): `end` follows. */
export const RECOVERABLE_RECOGNITION_ERRORS: readonly string[] = ['no-speech', 'aborted'];

/** What Chrome's start() throws while a session runs (or is still stopping). */
export const ALREADY_STARTED_ERROR = 'InvalidStateError';
