// Types of the call-session machine: a web call's staged start, live phase and end, as plain JSON;
// the events it takes, the events it emits (named exactly as @vapi-ai/web's) and the ports a face
// implements (the local platform's WebSocket room, the CLI's scripted room, fakes in tests).
import type { AnyActorRef } from 'xstate';
import type { VideoClientPorts } from '../video-client/video-client.types.ts';

/** The start stages in order (reference §1.5), as they appear in `call-start-progress`. */
export const CALL_START_STAGES = [
  'initialization',
  'web-call-creation',
  'daily-call-object-creation',
  'mobile-permissions',
  'daily-call-join',
  'video-recording-setup',
  'audio-observer-setup',
  'audio-processing-setup',
] as const;
export type CallStartStage = (typeof CALL_START_STAGES)[number];

/** What `call.start` may carry: an id or an inline definition of an assistant, squad or workflow. */
export interface CallStartRequest {
  assistantId?: string;
  assistant?: Record<string, unknown>;
  assistantOverrides?: Record<string, unknown>;
  squadId?: string;
  squad?: Record<string, unknown>;
  workflowId?: string;
  workflow?: Record<string, unknown>;
  workflowOverrides?: Record<string, unknown>;
}

/** The fields of the created web call the session needs (spec §3: web-call create response). */
export interface WebCall {
  id: string;
  webCallUrl: string;
  /** transport.callToken, when the platform issues one. */
  callToken: string | null;
  videoRecordingEnabled: boolean;
  voiceProvider: string | null;
}

export type NoiseProcessor = 'noise-cancellation' | 'none';

export interface CallSessionInput {
  isMobile: boolean;
}

export interface CallSessionContext {
  /** From the input: the device's mobile check, used when `call.start` does not say. */
  defaultIsMobile: boolean;
  /** This call's mobile check. */
  isMobile: boolean;
  hasAssistant: boolean;
  hasSquad: boolean;
  hasWorkflow: boolean;
  call: WebCall | null;
  /** Sum of the start stages' durations so far (ms). */
  totalDurationMs: number;
  /** A real `status-update` with status `ended` arrived: no synthetic one at the end. */
  endedStatusReceived: boolean;
  /** Spec §9: noise cancellation is on at the start of a call; an audio-processor error turns it off. */
  noiseProcessor: NoiseProcessor;
  muted: boolean;
  /** Each start stage's duration so far (ms), failed ones included. */
  durations: Partial<Record<CallStartStage, number>>;
  /** The stage whose failure ended the start; null while none did. */
  failedStage: CallStartStage | null;
  /** call-start-success was emitted. */
  startSucceeded: boolean;
  /** The ended status's reason: the assistant's, or customer-ended-call when none came. */
  endedReason: string | null;
}

/** What a call session ends with (its final state's output): the CLI's exit code, the tests' verdict. */
export interface CallSessionOutput {
  /** The start succeeded (call-start-success). */
  ok: boolean;
  /** The fatal stage that failed the start; null when it succeeded or was stopped by the user. */
  failedStage: CallStartStage | null;
  /** Why the call ended (status-update endedReason); null when it never started. */
  endedReason: string | null;
  /** Each start stage's duration (ms). */
  durations: Partial<Record<CallStartStage, number>>;
  callId: string | null;
}

/** Notifications from the call's room (the callTransport callback actor sends them back). */
export type CallTransportNotification =
  /** An app-message: `fromAssistant` when the sender is the assistant participant. */
  | { type: 'daily.appMessage'; fromAssistant: boolean; data: string }
  /** One sample of the remote participants' audio levels (every 100 ms). */
  | { type: 'daily.audioLevels'; levels: number[] }
  /** The local participant left the meeting (any cause). */
  | { type: 'daily.left' }
  | { type: 'daily.error'; errorType: string; message: string }
  | { type: 'daily.nonFatalError'; errorType: string }
  /** Re-enabling the microphone after an audio-processor error failed. */
  | { type: 'daily.audioRecoveryFailed'; message: string };

export type CallSessionEvent =
  | ({ type: 'call.start'; isMobile?: boolean } & CallStartRequest)
  | { type: 'call.stop' }
  | { type: 'call.send'; message: Record<string, unknown> }
  | { type: 'call.setMuted'; muted: boolean }
  | CallTransportNotification;

/** Commands the machine sends to the callTransport actor. */
export type CallTransportCommand =
  | { type: 'transport.send'; message: Record<string, unknown> }
  | { type: 'transport.setMuted'; muted: boolean }
  /** Set the input audio processor to none, then re-enable the microphone (report failure back). */
  | { type: 'transport.recoverAudio' };

export interface SerializedError {
  message: string;
  name?: string;
  stack?: string;
  type?: string;
}

export type CallStartProgressStatus = 'started' | 'completed' | 'failed';

export interface CallStartProgress {
  stage: CallStartStage | 'validation';
  status: CallStartProgressStatus;
  durationMs?: number;
  metadata?: Record<string, unknown>;
}

export interface CallErrorPayload {
  /** validation-error, daily-call-object-creation-error, …, start-method-error (reference §1.7). */
  type: string;
  stage?: string;
  error: SerializedError;
  totalDurationMs?: number;
  context?: Record<string, unknown>;
}

export interface CallStartSuccess {
  totalDurationMs: number;
  callId: string;
}

export interface CallStartFailed {
  stage: CallStartStage | 'unknown';
  error: string;
  stack?: string;
  totalDurationMs: number;
  context: { hasAssistant: boolean; hasSquad: boolean; hasWorkflow: boolean; isMobile: boolean };
}

/** Each emitted event's payload, by name: the names are exactly @vapi-ai/web's (reference §1.4). */
export interface CallSessionEmittedPayloads {
  'call-start': undefined;
  'call-end': undefined;
  'speech-start': undefined;
  'speech-end': undefined;
  /** 0..1 */
  'volume-level': number;
  message: Record<string, unknown>;
  error: CallErrorPayload;
  'call-start-progress': CallStartProgress;
  'call-start-success': CallStartSuccess;
  'call-start-failed': CallStartFailed;
}
export type CallSessionEmittedName = keyof CallSessionEmittedPayloads;

/**
 * Emitted events carry the SDK's argument as `payload`, so a face re-emits them 1:1:
 * `actor.on('*', (e) => emitter.emit(e.type, e.payload))` (it adds timestamps where the SDK has them).
 */
export type CallSessionEmitted = {
  [K in CallSessionEmittedName]: { type: K; payload: CallSessionEmittedPayloads[K] };
}[CallSessionEmittedName];

/** Every start stage actor reports how long it took. */
export interface StageOutput {
  durationMs: number;
}
export interface WebCallCreated extends StageOutput {
  call: WebCall;
}
export interface VideoRecordingSetUp extends StageOutput {
  action: 'auto-started-via-meeting-token' | 'started' | 'skipped-not-enabled';
}

export interface CallObjectOptions {
  videoRecordingEnabled: boolean;
  /** The voice provider renders video (tavus). */
  isVideoEnabled: boolean;
}

export interface JoinCallInput {
  url: string;
  token: string | null;
  /** The call object (the session's videoClient child): loaded, then joined. */
  video: AnyActorRef | undefined;
}

export interface LeaveCallInput {
  video: AnyActorRef | undefined;
}

/** The room as a face wires it: notifications out, commands in. */
export interface CallTransport {
  send(message: Record<string, unknown>): void;
  setMuted(muted: boolean): void;
  /** Sets the audio processor to none and re-enables the microphone. */
  recoverAudio(): Promise<void>;
  close(): void;
}

/**
 * What a face provides. Promises get the machine's abort signal so a timeout cancels them. Joining and
 * leaving go through the call object (the video-client child, over `room`).
 */
export interface CallSessionPorts {
  /** POST /call/web. */
  createWebCall(request: CallStartRequest, signal: AbortSignal): Promise<WebCall>;
  /** Configures the call object (validates its properties); the call object itself is the session's child. */
  createCallObject(options: CallObjectOptions, signal: AbortSignal): Promise<void>;
  /** The call object's bundle, join and leave. */
  room: VideoClientPorts;
  /** Resolves how recording began, or 'skipped-not-enabled'. */
  startVideoRecording(
    input: { videoRecordingEnabled: boolean },
    signal: AbortSignal,
  ): Promise<VideoRecordingSetUp['action']>;
  /** Starts the remote audio-level observer (100 ms). */
  startAudioObserver(signal: AbortSignal): Promise<void>;
  /** Requests the noise-cancellation processor. */
  startAudioProcessing(signal: AbortSignal): Promise<void>;
  /**
   * Subscribes to the room: every notification goes to `notify`. Called once the start succeeded; the
   * room exists since the join, so notifications that arrived before (an early "listening") must be
   * buffered and delivered here, in order (the voice-client factory does this for its faces).
   */
  connectTransport(notify: (notification: CallTransportNotification) => void): CallTransport;
  stopRecording(signal: AbortSignal): Promise<void>;
  /** Releases the face's resources (microphone, sockets); the call object is destroyed with the session's room. */
  cleanup(signal: AbortSignal): Promise<void>;
}
