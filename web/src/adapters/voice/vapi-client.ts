// Production: `@vapi-ai/web` behind our event interface. The SDK (≈ 80 KB gzip, mostly daily-js) is
// imported only when the first call starts; ONE instance per page (its REST client is a module-level
// singleton: several instances cause "Duplicate DailyIframe", client-sdk-web#70/#67); every listener,
// `error` first, is attached when the instance is built, before any start() (client-sdk-web#18).
// Every call carries the clinician's call token as an assistant-overrides variable (the tools server
// knows the caller by it). Vite 8 CommonJS interop: the default import may be module.exports itself
// (toolchain §4.1).
import type VapiImport from '@vapi-ai/web';
import { callTokenOverrides, type GetCallToken } from '../call-token.ts';
import {
  type ClientMessage,
  VOICE_CLIENT_EVENTS,
  type VoiceClient,
  type VoiceClientEventName,
  type VoiceClientEvents,
  VoiceEmitter,
} from './voice-client.ts';

type VapiClass = typeof VapiImport;
type VapiInstance = InstanceType<VapiClass>;

/** `(VapiImport as any).default ?? VapiImport` for the lazy import() result. */
export function unwrapVapiModule(module: unknown): VapiClass {
  const outer = (module as { default?: unknown }).default ?? module;
  const inner = (outer as { default?: unknown }).default ?? outer;
  if (typeof inner !== 'function') throw new Error('The voice SDK did not load (no constructor)');
  return inner as VapiClass;
}

export interface VapiClientOptions {
  publicKey: string;
  /** The platform's API base URL (no trailing slash); the SDK's default when omitted. */
  apiBaseUrl?: string;
  /** The clinician's call token for each call (null when signed out: the call starts without one). */
  getCallToken?: GetCallToken;
  /** Test seam: how the SDK module is imported. */
  importSdk?: () => Promise<unknown>;
}

let pageClient: Promise<VoiceClient> | null = null;

/** The page's one production client (built on the first call). */
export function loadVapiClient(options: VapiClientOptions): Promise<VoiceClient> {
  pageClient ??= buildVapiClient(options).catch((error: unknown) => {
    pageClient = null;
    throw error;
  });
  return pageClient;
}

export async function buildVapiClient(options: VapiClientOptions): Promise<VoiceClient> {
  const Vapi = unwrapVapiModule(await (options.importSdk ?? (() => import('@vapi-ai/web')))());
  const vapi: VapiInstance = new Vapi(options.publicKey, options.apiBaseUrl, { avoidEval: true });
  return wrapVapi(vapi, options.getCallToken);
}

/** Our interface over an SDK instance: its events re-emitted 1:1 (listeners attached here, before start). */
export function wrapVapi(vapi: VapiInstance, getCallToken: GetCallToken = async () => null): VoiceClient {
  const emitter = new VoiceEmitter();
  let active = false;
  /** Bumped by stop(): a start still waiting for its call token is then abandoned. */
  let generation = 0;
  const sdk = vapi as unknown as { on(event: string, listener: (payload: unknown) => void): void };
  // `error` first: with no listener the SDK throws inside start() and stays "already started".
  sdk.on('error', (payload) => emitter.emit('error', payload));
  for (const name of VOICE_CLIENT_EVENTS) {
    // local-volume-level: a listener would start the SDK's local level observer, and nothing reads it.
    if (name === 'error' || name === 'meeting-state' || name === 'local-volume-level') continue;
    sdk.on(name, (payload) => emitter.emit(name, payload as VoiceClientEvents[typeof name]));
  }
  let lastState: string | null = null;
  const reportMeetingState = () => {
    const state = vapi.getDailyCallObject()?.meetingState() ?? null;
    if (state && state !== lastState) {
      lastState = state;
      emitter.emit('meeting-state', state);
    }
  };
  for (const name of ['call-start-progress', 'call-start-success', 'call-start', 'call-end', 'error'] as const) {
    sdk.on(name, reportMeetingState);
  }
  sdk.on('call-end', () => {
    active = false;
  });
  return {
    kind: 'vapi',
    on<K extends VoiceClientEventName>(event: K, listener: (payload: VoiceClientEvents[K]) => void) {
      emitter.on(event, listener);
    },
    off<K extends VoiceClientEventName>(event: K, listener: (payload: VoiceClientEvents[K]) => void) {
      emitter.off(event, listener);
    },
    async start(assistantId) {
      active = true;
      const started = generation;
      let overrides: ReturnType<typeof callTokenOverrides>;
      try {
        overrides = callTokenOverrides(await getCallToken());
      } catch (error) {
        active = false;
        throw error;
      }
      if (started !== generation) return null;
      const call = overrides ? await vapi.start(assistantId, overrides) : await vapi.start(assistantId);
      if (!call) active = false;
      return call ? { id: call.id } : null;
    },
    async stop() {
      generation += 1;
      await vapi.stop();
      active = false;
    },
    setMuted(muted) {
      try {
        vapi.setMuted(muted);
      } catch (error) {
        // "Call object is not available." without a call: nothing to mute.
        console.warn('[voice] setMuted without a call:', error);
      }
    },
    send(message: ClientMessage) {
      vapi.send(message as Parameters<VapiInstance['send']>[0]);
    },
    isActive: () => active,
    // The platform listens through its own speech-to-text.
    canListen: () => true,
  };
}
