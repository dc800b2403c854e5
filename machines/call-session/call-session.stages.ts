// What the call session's start stages and room messages mean, as plain functions: which stages are
// fatal, each stage's SDK error type and progress metadata, the speech level of an audio sample, and
// the app-message parsing. The machine (call-session.machine.ts) only names them.
import { errorMessage } from '../shared/not-provided.ts';
import type {
  CallSessionContext,
  CallStartStage,
  SerializedError,
  VideoRecordingSetUp,
  WebCallCreated,
} from './call-session.types.ts';

/** Spec §9: summed remote audio level above this counts as speech. */
export const SPEAKING_THRESHOLD = 0.01;
/** Spec §9: volume-level = min(1, sum / divisor). */
export const VOLUME_DIVISOR = 0.15;
/** Spec §9: the room samples remote audio levels this often (the transport's job; documented here). */
export const AUDIO_LEVEL_INTERVAL_MS = 100;

/** A failure of these ends the start (call-start-failed); the others are reported and the start goes on. */
export const FATAL_STAGES: readonly CallStartStage[] = [
  'web-call-creation',
  'daily-call-object-creation',
  'daily-call-join',
];

/** The `error` event type a stage's failure emits before start-method-error (reference §1.7); null: none. */
export const STAGE_ERROR_TYPES: Record<CallStartStage, string | null> = {
  initialization: null,
  'web-call-creation': null,
  'daily-call-object-creation': 'daily-call-object-creation-error',
  'mobile-permissions': null,
  'daily-call-join': 'daily-call-join-error',
  'video-recording-setup': 'video-recording-setup-error',
  'audio-observer-setup': 'audio-observer-setup-error',
  'audio-processing-setup': 'audio-processing-setup-error',
};

export function isFatalStage(stage: CallStartStage): boolean {
  return FATAL_STAGES.includes(stage);
}

export function stageTimeoutMessage(stage: CallStartStage, ms: number): string {
  return `${stage} timed out after ${ms} ms`;
}

/** The metadata of a stage's `started` progress (reference §1.5). */
export function startedMetadata(stage: CallStartStage, context: CallSessionContext): Record<string, unknown> | null {
  switch (stage) {
    case 'initialization':
      return { hasAssistant: context.hasAssistant, hasSquad: context.hasSquad, hasWorkflow: context.hasWorkflow };
    case 'daily-call-object-creation':
      return {
        isVideoRecordingEnabled: context.call?.videoRecordingEnabled ?? false,
        isVideoEnabled: context.call?.voiceProvider === 'tavus',
      };
    case 'mobile-permissions':
      return { isMobile: context.isMobile };
    default:
      return null;
  }
}

/** The metadata of a stage's `completed` progress, from what its actor returned. */
export function completedMetadata(stage: CallStartStage, output: unknown): Record<string, unknown> | null {
  if (stage === 'web-call-creation') {
    const { call } = output as WebCallCreated;
    return { callId: call.id, videoRecordingEnabled: call.videoRecordingEnabled, voiceProvider: call.voiceProvider };
  }
  if (stage === 'video-recording-setup') return { action: (output as VideoRecordingSetUp).action };
  return null;
}

export function serializeError(error: unknown): SerializedError {
  const serialized: SerializedError = { message: errorMessage(error) };
  if (error instanceof Error) {
    serialized.name = error.name;
    if (error.stack) serialized.stack = error.stack;
  }
  return serialized;
}

/** A stage actor's failure carries how long it ran (StageFailure); anything else counts as 0 ms. */
export function failureDuration(error: unknown): number {
  const duration = error && typeof error === 'object' ? (error as { durationMs?: unknown }).durationMs : undefined;
  return typeof duration === 'number' ? duration : 0;
}

export function startContext(context: CallSessionContext) {
  return {
    hasAssistant: context.hasAssistant,
    hasSquad: context.hasSquad,
    hasWorkflow: context.hasWorkflow,
    isMobile: context.isMobile,
  };
}

/** Σ of the remote participants' levels (reference §1.6). */
export function speechLevel(levels: readonly number[]): number {
  return levels.reduce((sum, level) => sum + level, 0);
}
export function toVolumeLevel(levels: readonly number[]): number {
  return Math.min(1, speechLevel(levels) / VOLUME_DIVISOR);
}
export function isSpeechLevel(levels: readonly number[]): boolean {
  return speechLevel(levels) > SPEAKING_THRESHOLD;
}

/** An app-message's JSON object, or null when it is not a JSON object. */
export function parseCallMessage(data: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
export function isEndedStatus(message: Record<string, unknown> | null): boolean {
  return message?.type === 'status-update' && message.status === 'ended';
}
