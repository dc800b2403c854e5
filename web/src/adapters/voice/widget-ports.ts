// The voice-widget machine's ports over either voice client. The client is loaded lazily by
// `loadClient` (the SDK's chunk is fetched only when a call starts); the widget's subscription exists
// from the start, and its listeners are attached to the client as soon as it is built — before any
// start(), so the SDK's `error` always has a listener (reference §1.7). An error payload becomes the text
// the widget maps through the error catalogue; a known condition whose raw text would be mis-mapped (the
// listening timeout mentions "assistant") is worded here so the catalogue passes it through as it is.
import {
  type SdkBridge,
  type SdkNotification,
  sdkErrorText,
  type VoiceWidgetPorts,
} from '../../../../machines/voice-widget/index.ts';
import type { VoiceClient, VoiceClientEvents } from './voice-client.ts';

export interface MicrophoneDeps {
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  /** The Permissions API's microphone state. */
  queryPermission?: () => Promise<PermissionState>;
}

export interface VoiceWidgetFace extends VoiceWidgetPorts {
  /** The loaded client (null before the first call). */
  client(): VoiceClient | null;
  /** Subscribes to the loaded client's events (for the transcript); attached when it loads. */
  onClient(listener: (client: VoiceClient) => void): () => void;
}

export function browserMicrophone(): MicrophoneDeps {
  const media = globalThis.navigator?.mediaDevices;
  const permissions = globalThis.navigator?.permissions;
  return {
    getUserMedia: media?.getUserMedia ? (constraints) => media.getUserMedia(constraints) : undefined,
    queryPermission: permissions?.query
      ? async () => (await permissions.query({ name: 'microphone' as PermissionName })).state
      : undefined,
  };
}

const DENIED_ERRORS = new Set(['NotAllowedError', 'PermissionDeniedError', 'SecurityError']);

/** The call-session's error type when the assistant never said "listening" (machines/call-session). */
export const LISTENING_TIMEOUT_ERROR_TYPE = 'listening-timeout-error';
/**
 * What the user reads then. Free of the catalogue's words (spec §8: "permission", "network", "fetch",
 * "assistant", "not found", "unauthorized", "invalid key"), so it is shown as given: the call was
 * created and joined, but no answer came — not an unknown assistant id.
 */
export const NO_ANSWER_MESSAGE = 'The call connected, but the AI did not answer. Please try again.';

/** The text an SDK `error` payload gives the widget (which maps it through the error catalogue). */
export function widgetErrorText(payload: unknown): string {
  if ((payload as { type?: unknown } | null)?.type === LISTENING_TIMEOUT_ERROR_TYPE) return NO_ANSWER_MESSAGE;
  return sdkErrorText(payload) || 'Unknown error';
}

/** Asks for the microphone once (tracks stopped at once): granted, denied, or a thrown error. */
export async function requestMicrophoneAccess(deps: MicrophoneDeps): Promise<'granted' | 'denied'> {
  const state = await deps.queryPermission?.().catch(() => undefined);
  if (state === 'denied') return 'denied';
  if (!deps.getUserMedia) throw new Error('Microphone access is not available in this browser');
  try {
    const stream = await deps.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
    return 'granted';
  } catch (error) {
    if (DENIED_ERRORS.has((error as { name?: string }).name ?? '')) return 'denied';
    throw error;
  }
}

export function createVoiceWidgetFace(load: () => Promise<VoiceClient>, microphone: MicrophoneDeps): VoiceWidgetFace {
  let client: VoiceClient | null = null;
  const notifiers = new Set<(notification: SdkNotification) => void>();
  const clientListeners = new Set<(client: VoiceClient) => void>();

  function attach(target: VoiceClient): void {
    target.on('error', (payload: unknown) => {
      const message = widgetErrorText(payload);
      for (const notify of notifiers) notify({ type: 'sdk.error', message });
      // The widget now shows the error: a call that is still running (a non-fatal stage error) ends too,
      // so Try Again starts from a clean client.
      if (target.isActive()) target.stop().catch(() => {});
    });
    target.on('call-start', () => {
      for (const notify of notifiers) notify({ type: 'sdk.callStarted' });
    });
    target.on('call-end', () => {
      for (const notify of notifiers) notify({ type: 'sdk.callEnded' });
    });
    target.on('call-start-progress', (payload: VoiceClientEvents['call-start-progress']) => {
      const durationMs = payload.durationMs ?? payload.duration;
      for (const notify of notifiers) {
        notify({
          type: 'sdk.progress',
          stage: payload.stage,
          status: payload.status,
          ...(durationMs === undefined ? {} : { durationMs }),
        });
      }
    });
    target.on('meeting-state', (state: string) => {
      for (const notify of notifiers) notify({ type: 'sdk.videoState', state });
    });
  }

  return {
    async loadClient() {
      if (client) return;
      const loaded = await load();
      if (client) return;
      attach(loaded);
      client = loaded;
      for (const listener of clientListeners) listener(loaded);
    },
    requestMicrophone: () => requestMicrophoneAccess(microphone),
    async startCall(assistantId) {
      if (!client) throw new Error('The voice client is not loaded');
      // A call left running by an earlier error would make start() answer "already started".
      if (client.isActive()) await client.stop();
      const call = await client.start(assistantId);
      return call ? { callId: call.id } : null;
    },
    async stopCall() {
      await client?.stop();
    },
    subscribe(notify): SdkBridge {
      notifiers.add(notify);
      return {
        setMuted(muted) {
          client?.setMuted(muted);
        },
        stop() {
          client?.stop().catch(() => {});
        },
        close() {
          notifiers.delete(notify);
        },
      };
    },
    client: () => client,
    onClient(listener) {
      clientListeners.add(listener);
      if (client) listener(client);
      return () => clientListeners.delete(listener);
    },
  };
}
