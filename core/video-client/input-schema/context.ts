// What the video-call client's input validation may depend on besides the value itself.

/** What the validation may depend on besides the value. */
export interface VideoClientInputContext {
  /** The call joins with automatic track subscription (participant updates may not set subscriptions). */
  subscribeToTracksAutomatically?: boolean;
  /** React Native: no input processors. */
  reactNative?: boolean;
  /** The room's app-message cap (default APP_MESSAGE_MAX_CHARS). */
  maxAppMessageSize?: number;
}
