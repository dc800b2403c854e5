// Types of the voice-widget machine: the dashboard widget's state as plain JSON, the commands of its
// buttons, the notifications of the voice SDK (or of our machine-built client) and the ports a face
// implements (@vapi-ai/web in production, the local client elsewhere, fakes in tests).

/** Spec §3: microphone permission. */
export type MicPermission = 'granted' | 'denied' | 'unknown';

export interface VoiceWidgetInput {
  publicKey?: string | null;
  assistantId?: string | null;
}

/** One `call-start-progress` event, kept for the debug details. */
export interface StageRecord {
  stage: string;
  status: string;
  durationMs: number | null;
}

export interface VoiceWidgetContext {
  connected: boolean;
  connecting: boolean;
  muted: boolean;
  /** The text shown in the error view (spec §8), null unless in error. */
  errorMessage: string | null;
  micPermission: MicPermission;
  /** The environment check of the error view: presence only, the key itself is never kept. */
  env: { hasPublicKey: boolean; hasAssistantId: boolean };
  assistantId: string | null;
  debug: {
    /** The error as it came, before mapping. */
    rawError: string | null;
    /** Start progress of the current (or last) start, reset at each start. */
    stages: StageRecord[];
    /** The video-call client's meeting state, when the SDK reports it. */
    videoClientState: string | null;
  };
  /** The current (or last) call reached Connected (call-start). */
  callConnected: boolean;
}

/** What the widget ends with (`widget.close`): its last call's outcome. */
export interface VoiceWidgetOutput {
  ok: boolean;
  /** The start stage that failed a call that never connected; null otherwise. */
  failedStage: string | null;
  /** The error text the user read; null when the last call ended without one (or none was made). */
  endedReason: string | null;
  /** Each start stage's duration (ms), from the call's progress events. */
  durations: Record<string, number>;
}

/** What the SDK bridge (the sdkEvents callback actor) reports. */
export type SdkNotification =
  /** `call-start`: the assistant is listening. */
  | { type: 'sdk.callStarted' }
  /** `call-end`. */
  | { type: 'sdk.callEnded' }
  /** `error`: the text of the SDK's error payload (see sdkErrorText). */
  | { type: 'sdk.error'; message: string }
  /** `call-start-progress`. */
  | { type: 'sdk.progress'; stage: string; status: string; durationMs?: number }
  | { type: 'sdk.videoState'; state: string };

export type VoiceWidgetEvent =
  | { type: 'widget.start' }
  | { type: 'widget.toggleMute' }
  | { type: 'widget.end' }
  | { type: 'widget.retry' }
  /** The panel unmounts: the widget ends. */
  | { type: 'widget.close' }
  | SdkNotification;

/** Commands the machine sends to the SDK bridge (fire and forget). */
export type SdkCommand = { type: 'sdk.setMuted'; muted: boolean } | { type: 'sdk.stop' };

export interface LoadClientInput {
  hasPublicKey: boolean;
  hasAssistantId: boolean;
}

export interface StartedCall {
  callId: string;
}

export interface SdkBridge {
  setMuted(muted: boolean): void;
  /** Abandons a call that did not start in time. */
  stop(): void;
  close(): void;
}

/** What a face provides. */
export interface VoiceWidgetPorts {
  /** Loads (lazily) and constructs the voice client. */
  loadClient(signal: AbortSignal): Promise<void>;
  requestMicrophone(signal: AbortSignal): Promise<'granted' | 'denied'>;
  /** The SDK's start(): the call, or null when it failed (the SDK has then emitted an error). */
  startCall(assistantId: string, signal: AbortSignal): Promise<StartedCall | null>;
  stopCall(signal: AbortSignal): Promise<void>;
  /** Subscribes to the SDK's events (before any start: reference §1.7). */
  subscribe(notify: (notification: SdkNotification) => void): SdkBridge;
}
