// Every timing of a voice call in one place, the outer ones derived from the inner ones they cover:
// the video client (bundle load, join, leave) inside the call session's stages, the session's start
// and end inside the widget's waits. Rule: an outer timer outlasts everything it covers by MARGIN_MS,
// so the inner, more precise error is what the user reads; the outer one is only a backstop.
// tests/unit/machines/call-timeouts.test.ts checks these relations.

/** How much longer an outer timer waits than the inner timers it covers. */
export const MARGIN_MS = 5_000;

// ─── The video client (spec §9, and ours where the client has none) ─────────────────────────────────
/** Spec §9: bundle load timeout per attempt. */
export const BUNDLE_LOAD_TIMEOUT_MS = 20_000;
/** Spec §9: load attempts before giving up. */
export const BUNDLE_LOAD_ATTEMPTS = 3;
/** Spec §9: wait between load attempts. */
export const BUNDLE_RETRY_DELAY_MS = 3_000;
/** Every attempt timing out, with the waits between them: 66 s. */
export const BUNDLE_LOAD_WORST_MS =
  BUNDLE_LOAD_ATTEMPTS * BUNDLE_LOAD_TIMEOUT_MS + (BUNDLE_LOAD_ATTEMPTS - 1) * BUNDLE_RETRY_DELAY_MS;
/** Ours: a join the room has not answered by then is abandoned. */
export const MEETING_JOIN_TIMEOUT_MS = 30_000;
/** Ours: a leave that hangs is abandoned and the meeting counted as left. */
export const MEETING_LEAVE_TIMEOUT_MS = 10_000;

// ─── The call session's start stages (ours: the SDK has none; a hung stage would spin forever) ──────
export const WEB_CALL_CREATION_TIMEOUT_MS = 20_000;
export const CALL_OBJECT_CREATION_TIMEOUT_MS = 10_000;
/** Spec §9: a mobile device waits this long before joining. */
export const MOBILE_JOIN_DELAY_MS = 1_000;
/** The join stage loads the bundle, then joins: it covers the video client's worst of both (101 s). */
export const CALL_JOIN_TIMEOUT_MS = BUNDLE_LOAD_WORST_MS + MEETING_JOIN_TIMEOUT_MS + MARGIN_MS;
export const VIDEO_RECORDING_SETUP_TIMEOUT_MS = 10_000;
export const AUDIO_OBSERVER_SETUP_TIMEOUT_MS = 5_000;
export const AUDIO_PROCESSING_SETUP_TIMEOUT_MS = 5_000;
/** The slowest start that still ends in call-start-success or call-start-failed: every stage at its limit. */
export const CALL_START_WORST_MS =
  WEB_CALL_CREATION_TIMEOUT_MS +
  CALL_OBJECT_CREATION_TIMEOUT_MS +
  MOBILE_JOIN_DELAY_MS +
  CALL_JOIN_TIMEOUT_MS +
  VIDEO_RECORDING_SETUP_TIMEOUT_MS +
  AUDIO_OBSERVER_SETUP_TIMEOUT_MS +
  AUDIO_PROCESSING_SETUP_TIMEOUT_MS;
/** Ours: the assistant must say "listening" within this time after the start succeeded. */
export const LISTENING_TIMEOUT_MS = 30_000;
/** The latest the session reports call-start or an error after `call.start`. */
export const CALL_CONNECT_WORST_MS = CALL_START_WORST_MS + LISTENING_TIMEOUT_MS;

// ─── The call session's end ─────────────────────────────────────────────────────────────────────────
/** The session's leave covers the video client's own leave limit. */
export const CALL_LEAVE_TIMEOUT_MS = MEETING_LEAVE_TIMEOUT_MS + MARGIN_MS;
export const STOP_RECORDING_TIMEOUT_MS = 10_000;
export const CLEANUP_TIMEOUT_MS = 5_000;
/** From `call.stop` to the session's end: leave, recording stop, cleanup, each at its limit. */
export const CALL_END_WORST_MS = CALL_LEAVE_TIMEOUT_MS + STOP_RECORDING_TIMEOUT_MS + CLEANUP_TIMEOUT_MS;

// ─── The voice widget ───────────────────────────────────────────────────────────────────────────────
/** Loading the voice client's chunk (ours). */
export const WIDGET_INIT_TIMEOUT_MS = 20_000;
/** The browser's microphone prompt (ours). */
export const WIDGET_MICROPHONE_TIMEOUT_MS = 60_000;
/**
 * Connecting waits for call-start: a backstop for a client that never reports (the SDK has no stage
 * timeouts); our session always reports first (3 min 7 s).
 */
export const WIDGET_CONNECT_TIMEOUT_MS = CALL_CONNECT_WORST_MS + MARGIN_MS;
/** Ending waits for call-end, which the session emits at the latest when its leave gives up. */
export const WIDGET_END_TIMEOUT_MS = CALL_LEAVE_TIMEOUT_MS + MARGIN_MS;
