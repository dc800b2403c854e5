// One event interface for both voice clients: the official `@vapi-ai/web` SDK (production) and our
// machine-built client (call-session + video-client, the local platform). Event names and payloads are
// the SDK's (reference §1.4); `meeting-state` is ours: the call object's meeting state for the widget's
// debug details (the SDK face reads it from `getDailyCallObject()`).

export interface VoiceClientEvents {
  'call-start': undefined;
  'call-end': undefined;
  'speech-start': undefined;
  'speech-end': undefined;
  'volume-level': number;
  /** The user's microphone level, 0..1 (a level meter only: never speaking detection). */
  'local-volume-level': number;
  message: Record<string, unknown>;
  error: unknown;
  'call-start-progress': { stage: string; status: string; duration?: number; durationMs?: number };
  'call-start-success': unknown;
  'call-start-failed': unknown;
  'meeting-state': string;
}
export type VoiceClientEventName = keyof VoiceClientEvents;
export const VOICE_CLIENT_EVENTS: readonly VoiceClientEventName[] = [
  'call-start',
  'call-end',
  'speech-start',
  'speech-end',
  'volume-level',
  'local-volume-level',
  'message',
  'error',
  'call-start-progress',
  'call-start-success',
  'call-start-failed',
  'meeting-state',
];

export type Listener<K extends VoiceClientEventName> = (payload: VoiceClientEvents[K]) => void;

/** What the user says to the assistant, or a command for it (the SDK's `send` union, loosely typed). */
export type ClientMessage = Record<string, unknown> & { type: string };

export interface VoiceClient {
  readonly kind: 'vapi' | 'local';
  on<K extends VoiceClientEventName>(event: K, listener: Listener<K>): void;
  off<K extends VoiceClientEventName>(event: K, listener: Listener<K>): void;
  /**
   * The SDK's start(assistantId), with the clinician's call token as an assistant-overrides variable:
   * the call, or null when it failed (an `error` was emitted). Rejects when the call token cannot be had.
   */
  start(assistantId: string): Promise<{ id: string } | null>;
  stop(): Promise<void>;
  setMuted(muted: boolean): void;
  send(message: ClientMessage): void;
  /** A call is started or running (a new start would be refused as already-started). */
  isActive(): boolean;
  /** The browser recognises speech in this call; otherwise the widget offers a typed input. */
  canListen(): boolean;
}

/** A tiny emitter with the SDK's names (no Node `events` in the dashboard chunk). */
export class VoiceEmitter {
  private readonly listeners = new Map<string, Set<(payload: never) => void>>();

  on<K extends VoiceClientEventName>(event: K, listener: Listener<K>): void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as (payload: never) => void);
  }

  off<K extends VoiceClientEventName>(event: K, listener: Listener<K>): void {
    this.listeners.get(event)?.delete(listener as (payload: never) => void);
  }

  emit<K extends VoiceClientEventName>(event: K, payload: VoiceClientEvents[K]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        (listener as Listener<K>)(payload);
      } catch (error) {
        console.error(`[voice] ${event} listener failed:`, error);
      }
    }
  }
}
