// The local platform's voice client, built from our machines: a `call-session` actor (the SDK's eight
// start stages, the live call, the end) over a `video-client` actor (the room's lifecycle), with the
// browser's transports injected: `POST /call/web` creates the call, the conversation runs over a
// WebSocket to the room (`ws://<origin>/__local/room/<callId>`, protocol in docs/voice-calls.md §8),
// the microphone's real level (getUserMedia + Web Audio AnalyserNode, every 100 ms) and the assistant's
// simulated level (while speech synthesis speaks a reply) feed speaking detection as
// `daily.audioLevels`. The user is heard through the browser's speech recognition where it exists; the
// assistant's replies are spoken with speechSynthesis where it exists. Emits the SDK's events 1:1.
import { type AnyActorRef, createActor, type SnapshotFrom } from 'xstate';
import {
  type CallSessionPorts,
  type CallTransportNotification,
  callSessionMachine,
  createCallSessionActors,
  toCallSessionView,
  type WebCall,
} from '../../../../machines/call-session/index.ts';
import {
  createVideoClientActors,
  type VideoClientPorts,
  videoClientMachine,
} from '../../../../machines/video-client/index.ts';
import {
  type ClientMessage,
  type VoiceClient,
  type VoiceClientEventName,
  type VoiceClientEvents,
  VoiceEmitter,
} from './voice-client.ts';

export const LOCAL_AUDIO_LEVEL_INTERVAL_MS = 100;
/** Level reported for the assistant while a reply is being spoken (above the 0.01 speech threshold). */
export const ASSISTANT_SPEAKING_LEVEL = 0.1;
const MOBILE_UA = /android|iphone|ipad|ipod|iemobile|blackberry|bada/i;

/** The transient assistant the local client starts calls with (the local voice API has no saved one). */
export const LOCAL_ASSISTANT_DEFINITION = {
  name: 'HomeRounds Local Assistant',
  firstMessage: "Hi, I'm your HomeRounds assistant.",
  model: { provider: 'homerounds-local', model: 'rules' },
  voice: { provider: 'browser', voiceId: 'speech-synthesis' },
  metadata: { homerounds: 'local-assistant' },
};

export interface LocalClientOptions {
  /** The local platform's origin (/call/web and the room). */
  apiBaseUrl: string;
  publicKey: string;
  /** The assistant id that means "the local assistant" (sent as a transient assistant). */
  localAssistantId: string;
  /** The signed-in user's Supabase access token, for the room to know the clinician. */
  getAccessToken: () => string | null;
  /** Test seams. */
  fetch?: typeof fetch;
  WebSocket?: typeof WebSocket;
  now?: () => number;
}

interface SpeechRecognitionLike {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult:
    | ((event: {
        resultIndex: number;
        results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
      }) => void)
    | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  abort(): void;
}

function recognitionConstructor(): (new () => SpeechRecognitionLike) | null {
  const w = globalThis as unknown as {
    SpeechRecognition?: new () => SpeechRecognitionLike;
    webkitSpeechRecognition?: new () => SpeechRecognitionLike;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** The microphone's level: RMS of the AnalyserNode's time-domain samples, 0..1. */
class MicrophoneLevel {
  private constructor(
    private readonly stream: MediaStream,
    private readonly context: AudioContext,
    private readonly analyser: AnalyserNode,
    private readonly samples: Float32Array<ArrayBuffer>,
  ) {}

  static async open(): Promise<MicrophoneLevel> {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true },
    });
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    return new MicrophoneLevel(stream, context, analyser, new Float32Array(new ArrayBuffer(analyser.fftSize * 4)));
  }

  level(): number {
    this.analyser.getFloatTimeDomainData(this.samples);
    let sum = 0;
    for (const x of this.samples) sum += x * x;
    return Math.min(1, Math.sqrt(sum / this.samples.length));
  }

  close(): void {
    for (const track of this.stream.getTracks()) track.stop();
    this.context.close().catch(() => {});
  }
}

function errorFromBody(status: number, body: unknown): Error {
  const record = (body ?? {}) as { message?: unknown; error?: unknown };
  const message = Array.isArray(record.message)
    ? record.message.join('; ')
    : typeof record.message === 'string'
      ? record.message
      : typeof record.error === 'string'
        ? record.error
        : `Received ${status} response`;
  return new Error(message);
}

function onceSnapshot<T>(
  actor: { subscribe(fn: (s: T) => void): { unsubscribe(): void }; getSnapshot(): T },
  test: (snapshot: T) => boolean,
  signal?: AbortSignal,
  timeoutMs?: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (test(actor.getSnapshot())) {
      resolve(actor.getSnapshot());
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sub = actor.subscribe((snapshot) => {
      if (!test(snapshot)) return;
      finish();
      resolve(snapshot);
    });
    const onAbort = () => {
      finish();
      reject(signal?.reason ?? new Error('aborted'));
    };
    function finish() {
      sub.unsubscribe();
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    signal?.addEventListener('abort', onAbort);
    if (timeoutMs)
      timer = setTimeout(() => {
        finish();
        reject(new Error(`timed out after ${timeoutMs} ms`));
      }, timeoutMs);
  });
}

export function createLocalVoiceClient(options: LocalClientOptions): VoiceClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const Socket = options.WebSocket ?? WebSocket;
  const emitter = new VoiceEmitter();

  let webCall: WebCall | null = null;
  let clientFaults: Record<string, string> = {};
  let video: AnyActorRef | null = null;
  let socket: WebSocket | null = null;
  let notify: ((notification: CallTransportNotification) => void) | null = null;
  let buffered: CallTransportNotification[] = [];
  let microphone: MicrophoneLevel | null = null;
  let sampler: ReturnType<typeof setInterval> | null = null;
  let muted = false;
  let assistantSpeakingUntil = 0;
  let listening = recognitionConstructor() !== null;
  let recognition: SpeechRecognitionLike | null = null;
  let recognitionRunning = false;
  let live = false;
  const now = options.now ?? (() => performance.now());

  function report(notification: CallTransportNotification): void {
    if (notify) notify(notification);
    else buffered.push(notification);
  }

  // ─── Hearing the user, speaking the replies ─────────────────────────────────────────────────────

  function sendUserText(text: string): void {
    if (socket?.readyState === Socket.OPEN) {
      socket.send(JSON.stringify({ type: 'add-message', message: { role: 'user', content: text } }));
    }
  }

  function updateRecognition(): void {
    const shouldRun = live && listening && !muted && now() >= assistantSpeakingUntil;
    if (shouldRun && !recognitionRunning) {
      const Ctor = recognitionConstructor();
      if (!Ctor) {
        listening = false;
        return;
      }
      try {
        recognition ??= new Ctor();
        recognition.continuous = true;
        recognition.interimResults = false;
        recognition.lang = 'en-US';
        recognition.onresult = (event) => {
          for (let i = event.resultIndex; i < event.results.length; i++) {
            const result = event.results[i];
            const text = result?.[0]?.transcript?.trim();
            if (result?.isFinal && text) sendUserText(text);
          }
        };
        recognition.onerror = (event) => {
          // No recognition service here (offline, refused): the widget's typed input is the way in.
          if (event.error !== 'no-speech' && event.error !== 'aborted') listening = false;
        };
        recognition.onend = () => {
          recognitionRunning = false;
          if (live) setTimeout(updateRecognition, 250);
        };
        recognition.start();
        recognitionRunning = true;
      } catch {
        listening = false;
      }
    } else if (!shouldRun && recognitionRunning) {
      recognition?.abort();
      recognitionRunning = false;
    }
  }

  function speak(text: string): void {
    const estimate = Math.min(20_000, 600 + text.split(/\s+/).length * 330);
    assistantSpeakingUntil = now() + estimate;
    updateRecognition();
    const synth = (globalThis as { speechSynthesis?: SpeechSynthesis }).speechSynthesis;
    if (synth && typeof SpeechSynthesisUtterance !== 'undefined') {
      synth.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = 'en-US';
      const done = () => {
        assistantSpeakingUntil = Math.min(assistantSpeakingUntil, now());
        updateRecognition();
      };
      utterance.onend = done;
      utterance.onerror = done;
      synth.speak(utterance);
    }
    setTimeout(updateRecognition, estimate + 50);
  }

  function onAppMessage(data: string): void {
    if (data === 'listening') {
      live = true;
      updateRecognition();
      return;
    }
    try {
      const message = JSON.parse(data) as Record<string, unknown>;
      if (message.type === 'transcript' && message.role === 'assistant' && message.transcriptType === 'final') {
        speak(String(message.transcript ?? ''));
      }
    } catch {
      // not JSON: the session drops it too
    }
  }

  // ─── The room (video-client ports) ──────────────────────────────────────────────────────────────

  const videoPorts: VideoClientPorts = {
    // Nothing to download for the local room: the "call machine" is this module.
    loadBundle: async () => {},
    joinMeeting({ url }, signal) {
      return new Promise((resolve, reject) => {
        const ws = new Socket(url.replace(/^http/, 'ws'));
        socket = ws;
        let joined = false;
        const fail = (error: Error) => {
          if (joined) return;
          joined = true;
          reject(error);
        };
        signal.addEventListener('abort', () => {
          fail(new Error('join aborted'));
          ws.close();
        });
        ws.onopen = () => {
          ws.send(
            JSON.stringify({ type: 'hello', accessToken: options.getAccessToken(), publicKey: options.publicKey }),
          );
        };
        ws.onmessage = (event) => {
          let frame: {
            type?: string;
            data?: unknown;
            from?: string;
            message?: string;
            errorType?: string;
            sessionId?: string;
          };
          try {
            frame = JSON.parse(String(event.data)) as typeof frame;
          } catch {
            return;
          }
          if (!joined) {
            if (frame.type === 'joined') {
              joined = true;
              resolve({ localSessionId: frame.sessionId ?? 'local' });
            } else if (frame.type === 'error') fail(new Error(frame.message ?? 'The room refused the join'));
            return;
          }
          if (frame.type === 'app-message' && typeof frame.data === 'string') {
            onAppMessage(frame.data);
            report({ type: 'daily.appMessage', fromAssistant: frame.from === 'assistant', data: frame.data });
          } else if (frame.type === 'error') {
            report({
              type: 'daily.error',
              errorType: frame.errorType ?? 'room-error',
              message: frame.message ?? 'Room error',
            });
          }
        };
        ws.onerror = () => fail(new Error('Network error: the room connection failed'));
        ws.onclose = (event) => {
          if (!joined) {
            fail(new Error(event.reason || `The room closed the connection (${event.code})`));
            return;
          }
          if (socket !== ws) return;
          socket = null;
          live = false;
          updateRecognition();
          report({ type: 'daily.left' });
          video?.send({ type: 'daily.left' });
        };
      });
    },
    leaveMeeting() {
      const ws = socket;
      socket = null;
      live = false;
      updateRecognition();
      if (!ws || ws.readyState === Socket.CLOSED) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2_000);
        ws.addEventListener('close', () => {
          clearTimeout(timer);
          resolve();
        });
        if (ws.readyState === Socket.OPEN) ws.send(JSON.stringify({ type: 'end-call' }));
        ws.close(1000, 'left');
      });
    },
  };

  // ─── The call (call-session ports) ──────────────────────────────────────────────────────────────

  const fault = (stage: string) => {
    const message = clientFaults[stage];
    if (message) throw new Error(message);
  };

  const sessionPorts: CallSessionPorts = {
    async createWebCall(request, signal) {
      const body =
        request.assistantId === options.localAssistantId
          ? { ...request, assistantId: undefined, assistant: LOCAL_ASSISTANT_DEFINITION }
          : request;
      const response = await doFetch(`${options.apiBaseUrl}/call/web`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${options.publicKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
      const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (!response.ok || !json) throw errorFromBody(response.status, json);
      const transport = json.transport as { callToken?: unknown } | undefined;
      const artifactPlan = json.artifactPlan as { videoRecordingEnabled?: unknown } | undefined;
      const assistant = json.assistant as { voice?: { provider?: unknown } } | undefined;
      webCall = {
        id: String(json.id),
        webCallUrl: String(json.webCallUrl),
        callToken: typeof transport?.callToken === 'string' ? transport.callToken : null,
        videoRecordingEnabled: artifactPlan?.videoRecordingEnabled === true,
        voiceProvider: typeof assistant?.voice?.provider === 'string' ? assistant.voice.provider : null,
      };
      return webCall;
    },
    async createCallObject(_options, signal) {
      if (!webCall) throw new Error('No web call to create a call object for');
      // The room's call-object configuration (and the faults a test injected for the later stages).
      const response = await doFetch(webCall.webCallUrl, { headers: { Accept: 'application/json' }, signal });
      const json = (await response.json().catch(() => null)) as { faults?: Record<string, string> } | null;
      if (!response.ok) throw errorFromBody(response.status, json);
      clientFaults = json?.faults ?? {};
      const actor = createActor(videoClientMachine.provide({ actors: createVideoClientActors(videoPorts) }));
      let last: string | null = null;
      actor.subscribe((snapshot: SnapshotFrom<typeof videoClientMachine>) => {
        const state = snapshot.context.meetingState;
        if (state !== last) {
          last = state;
          emitter.emit('meeting-state', state);
        }
      });
      actor.start();
      video = actor;
    },
    async joinCall({ url, token }, signal) {
      const actor = video;
      if (!actor) throw new Error('No call object');
      type VideoSnapshot = SnapshotFrom<typeof videoClientMachine>;
      const failed = (s: VideoSnapshot) => s.hasTag('error');
      actor.send({ type: 'video.load' });
      const loaded = await onceSnapshot<VideoSnapshot>(actor, (s) => s.matches('loaded') || failed(s), signal);
      if (failed(loaded)) throw new Error(loaded.context.lastError?.message ?? 'Failed to load the call object');
      actor.send({ type: 'video.join', url, ...(token ? { token } : {}) });
      const joined = await onceSnapshot<VideoSnapshot>(actor, (s) => s.matches('joined') || failed(s), signal);
      if (failed(joined)) throw new Error(joined.context.lastError?.message ?? 'Failed to join the room');
    },
    async startVideoRecording({ videoRecordingEnabled }) {
      fault('video-recording-setup');
      return videoRecordingEnabled ? 'started' : 'skipped-not-enabled';
    },
    async startAudioObserver() {
      fault('audio-observer-setup');
      microphone = await MicrophoneLevel.open();
      sampler = setInterval(() => {
        if (!notify) return;
        const mic = muted || !microphone ? 0 : microphone.level();
        const assistant = now() < assistantSpeakingUntil ? ASSISTANT_SPEAKING_LEVEL : 0;
        notify({ type: 'daily.audioLevels', levels: [mic, assistant] });
      }, LOCAL_AUDIO_LEVEL_INTERVAL_MS);
    },
    async startAudioProcessing() {
      // Noise suppression is requested with the microphone (getUserMedia constraints).
      fault('audio-processing-setup');
    },
    connectTransport(notifyFn) {
      notify = notifyFn;
      const pending = buffered;
      buffered = [];
      for (const notification of pending) notifyFn(notification);
      return {
        send(message) {
          if (socket?.readyState === Socket.OPEN) socket.send(JSON.stringify(message));
        },
        setMuted(value) {
          muted = value;
          updateRecognition();
        },
        async recoverAudio() {
          muted = false;
          updateRecognition();
        },
        close() {
          notify = null;
        },
      };
    },
    async leaveCall(signal) {
      const actor = video;
      if (!actor) return;
      actor.send({ type: 'video.leave' });
      await onceSnapshot<SnapshotFrom<typeof videoClientMachine>>(
        actor,
        (s) => s.matches('left') || s.hasTag('error') || s.status !== 'active',
        signal,
      );
    },
    async stopRecording() {},
    async cleanup() {
      if (sampler) clearInterval(sampler);
      sampler = null;
      microphone?.close();
      microphone = null;
      live = false;
      updateRecognition();
      (globalThis as { speechSynthesis?: SpeechSynthesis }).speechSynthesis?.cancel();
      assistantSpeakingUntil = 0;
      const ws = socket;
      socket = null;
      ws?.close();
      video?.send({ type: 'video.destroy' });
      video = null;
      notify = null;
      buffered = [];
      webCall = null;
      clientFaults = {};
      muted = false;
    },
  };

  const session = createActor(callSessionMachine.provide({ actors: createCallSessionActors(sessionPorts, now) }), {
    input: { isMobile: MOBILE_UA.test(globalThis.navigator?.userAgent ?? '') },
  });
  session.on('*', (event) => {
    emitter.emit(event.type as VoiceClientEventName, event.payload as never);
  });
  session.start();

  const idle = () => toCallSessionView(session.getSnapshot()).phase === 'idle';

  return {
    kind: 'local',
    on<K extends VoiceClientEventName>(event: K, listener: (payload: VoiceClientEvents[K]) => void) {
      emitter.on(event, listener);
    },
    off<K extends VoiceClientEventName>(event: K, listener: (payload: VoiceClientEvents[K]) => void) {
      emitter.off(event, listener);
    },
    start(assistantId) {
      return new Promise((resolve) => {
        const finish = (value: { id: string } | null) => {
          emitter.off('call-start-success', onSuccess);
          emitter.off('call-start-failed', onFailed);
          emitter.off('call-start-progress', onProgress);
          emitter.off('error', onError);
          resolve(value);
        };
        const onSuccess = (payload: unknown) => finish({ id: String((payload as { callId?: unknown }).callId) });
        const onFailed = () => finish(null);
        const onProgress = (payload: VoiceClientEvents['call-start-progress']) => {
          if (payload.stage === 'validation' && payload.status === 'failed') finish(null);
        };
        const onError = (payload: unknown) => {
          if ((payload as { type?: unknown }).type === 'validation-error') finish(null);
        };
        emitter.on('call-start-success', onSuccess);
        emitter.on('call-start-failed', onFailed);
        emitter.on('call-start-progress', onProgress);
        emitter.on('error', onError);
        muted = false;
        session.send({ type: 'call.start', assistantId });
      });
    },
    async stop() {
      if (idle()) return;
      session.send({ type: 'call.stop' });
      await onceSnapshot(session, () => idle(), undefined, 20_000).catch(() => {});
    },
    setMuted(value) {
      session.send({ type: 'call.setMuted', muted: value });
    },
    send(message: ClientMessage) {
      session.send({ type: 'call.send', message });
    },
    isActive: () => !idle(),
    canListen: () => listening,
  };
}
