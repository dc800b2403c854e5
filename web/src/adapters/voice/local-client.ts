// The local platform's voice client: the machines' voice-client factory (machines/call-session: one
// call-session actor per call, owning its video-client call object) with the browser's transports
// injected: `POST /call/web` creates the call (the clinician's call token in
// `assistantOverrides.variableValues`, like the SDK's start), the conversation runs over a WebSocket to
// the room (`ws://<origin>/__local/room/<callId>`, protocol in docs/voice-calls.md §8; the room gets the
// public key only, never a Supabase token). Speaking detection is the SDK's, from the REMOTE side only:
// the assistant's simulated level (while speech synthesis speaks a reply) goes to the session as
// `daily.audioLevels` every 100 ms; the microphone's real level (getUserMedia + AnalyserNode) is only a
// `local-volume-level`. The user is heard through the browser's speech recognition where it exists, its lifecycle
// a speech-recognition machine (machines/speech-recognition: one session for the whole call, restarted only after
// its `end`; this file only calls start()/abort() when the machine says so and reports what the browser did); the
// assistant's replies are spoken with speechSynthesis where it exists. Emits the SDK's events 1:1.
import { assertVideoClientInput, checkVideoClientInput } from '../../../../core/video-client/input-schema/index.ts';
import {
  type CallTransportNotification,
  createVoiceClient,
  type VoiceClientPorts,
  type WebCall,
} from '../../../../machines/call-session/index.ts';
import {
  createSpeechRecognition,
  RECOGNITION_RESTART_DELAY_MS,
  type SpeechRecognitionPorts,
  toRecognitionView,
} from '../../../../machines/speech-recognition/index.ts';
import type { VideoClientPorts } from '../../../../machines/video-client/index.ts';
import { callTokenOverrides, type GetCallToken } from '../call-token.ts';
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
/** What recognition hears this soon after the assistant stopped speaking is its own voice. */
export const ECHO_GRACE_MS = 400;
/** Recognition restarts this long after the browser ended a session (the speech-recognition machine's delay). */
export { RECOGNITION_RESTART_DELAY_MS };

const MOBILE_UA = /android|iphone|ipad|ipod|iemobile|blackberry|bada/i;

/** The transient assistant the local client starts calls with (the local voice API has no saved one). */
export const LOCAL_ASSISTANT_DEFINITION = {
  name: 'HomeRounds Local Assistant',
  firstMessage: "Hi, I'm your HomeRounds assistant.",
  model: { provider: 'homerounds-local', model: 'rules' },
  voice: { provider: 'browser', voiceId: 'speech-synthesis' },
  metadata: { homerounds: 'local-assistant' },
};

/**
 * The call object's input methods the local client has besides the SDK's interface (spec §5): thin
 * and validated — invalid input is logged with console.error and refused (the promise rejects with a
 * VideoClientInputError). The local room has no video, processors or telephony: valid input is kept
 * (`inputSettings()`, `userData()`) and DTMF is accepted without effect.
 */
export interface LocalCallObjectInputs {
  updateInputSettings(settings: unknown): Promise<{ inputSettings: unknown }>;
  inputSettings(): unknown;
  setUserData(userData: unknown): Promise<void>;
  userData(): unknown;
  sendDTMF(options: { sessionId: string; tones: string }): Promise<void>;
}

export type LocalVoiceClient = VoiceClient & LocalCallObjectInputs;

export interface LocalClientOptions {
  /** The local platform's origin (/call/web and the room). */
  apiBaseUrl: string;
  publicKey: string;
  /** The assistant id that means "the local assistant" (sent as a transient assistant). */
  localAssistantId: string;
  /** The clinician's call token for each call (null when signed out: the call starts without one). */
  getCallToken: GetCallToken;
  /** Test seams. */
  fetch?: typeof fetch;
  WebSocket?: typeof WebSocket;
  now?: () => number;
}

interface RecognitionResultEvent {
  resultIndex: number;
  results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
}

interface SpeechRecognitionLike {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: RecognitionResultEvent) => void) | null;
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

/**
 * The browser's recognition object behind the speech-recognition machine's ports: start() and abort() throw as
 * the browser's do (the machine decides what a throw means); the object is made at the first start and kept for
 * the client's life; its results, errors and ends go to the handlers.
 */
function browserRecognition(handlers: {
  result(event: RecognitionResultEvent): void;
  failed(error: string): void;
  ended(): void;
}): SpeechRecognitionPorts {
  let made: SpeechRecognitionLike | null = null;
  const make = (Ctor: new () => SpeechRecognitionLike) => {
    const created = new Ctor();
    created.continuous = true;
    created.interimResults = false;
    created.lang = 'en-US';
    created.onresult = (event) => handlers.result(event);
    created.onerror = (event) => handlers.failed(event.error);
    created.onend = () => handlers.ended();
    return created;
  };
  return {
    supported: recognitionConstructor() !== null,
    start() {
      const Ctor = recognitionConstructor();
      if (!Ctor) throw Object.assign(new Error('No speech recognition in this browser'), { name: 'NotSupportedError' });
      made ??= make(Ctor);
      made.start();
    },
    abort() {
      made?.abort();
    },
  };
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

export function createLocalVoiceClient(options: LocalClientOptions): LocalVoiceClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const Socket = options.WebSocket ?? WebSocket;
  const emitter = new VoiceEmitter();

  let webCall: WebCall | null = null;
  let clientFaults: Record<string, string> = {};
  let socket: WebSocket | null = null;
  let microphone: MicrophoneLevel | null = null;
  let sampler: ReturnType<typeof setInterval> | null = null;
  let muted = false;
  let assistantSpeakingUntil = 0;
  let utteranceId = 0;
  let live = false;
  let inputSettings: unknown = {};
  let userData: unknown;
  const now = options.now ?? (() => performance.now());
  /** Room notifications go to the call session (the client keeps them until the live call subscribes). */
  const report = (notification: CallTransportNotification) => client.report(notification);

  // ─── Hearing the user, speaking the replies ─────────────────────────────────────────────────────

  function sendUserText(text: string): void {
    if (socket?.readyState === Socket.OPEN) {
      socket.send(JSON.stringify({ type: 'add-message', message: { role: 'user', content: text } }));
    }
  }

  /** The assistant is speaking, or just stopped: what recognition hears now is the assistant's voice. */
  const hearingAssistant = () => now() < assistantSpeakingUntil + ECHO_GRACE_MS;

  // No recognition here (none in this browser, offline, refused, no microphone): the machine says unavailable and
  // the widget's typed input is the way in. Silence and our own abort end a session only; `end` restarts it.
  const recognition = createSpeechRecognition(
    browserRecognition({
      result(event) {
        // Only while a session runs, and only what the user says in a live, unmuted call.
        if (!toRecognitionView(recognition.getSnapshot()).hearing) return;
        if (!live || muted || hearingAssistant()) return;
        for (let i = event.resultIndex; i < event.results.length; i++) {
          const result = event.results[i];
          const text = result?.[0]?.transcript?.trim();
          if (result?.isFinal && text) sendUserText(text);
        }
      },
      failed: (error) => recognition.send({ type: 'recognition.failed', error }),
      ended: () => recognition.send({ type: 'recognition.ended' }),
    }),
  );
  /** Recognition runs while the call is live and not muted (muted: the microphone is not listened to). */
  const updateRecognition = () => recognition.send({ type: 'recognition.wanted', wanted: live && !muted });

  /** Speaks a reply; while it plays the assistant's level counts as remote speech. */
  function speak(text: string): void {
    const estimate = Math.min(20_000, 600 + text.split(/\s+/).length * 330);
    assistantSpeakingUntil = now() + estimate;
    const id = ++utteranceId;
    const synth = (globalThis as { speechSynthesis?: SpeechSynthesis }).speechSynthesis;
    if (synth && typeof SpeechSynthesisUtterance !== 'undefined') {
      synth.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = 'en-US';
      // Only this utterance's end counts: cancelling the previous one must not end this one.
      const done = () => {
        if (id === utteranceId) assistantSpeakingUntil = Math.min(assistantSpeakingUntil, now());
      };
      utterance.onend = done;
      utterance.onerror = done;
      synth.speak(utterance);
    }
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
        // The public key only: who the clinician is comes from the call token in the call's
        // assistantOverrides; a Supabase token never travels through the voice platform.
        ws.onopen = () => {
          ws.send(JSON.stringify({ type: 'hello', publicKey: options.publicKey }));
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

  const ports: VoiceClientPorts = {
    room: videoPorts,
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
    },
    async startVideoRecording({ videoRecordingEnabled }) {
      fault('video-recording-setup');
      return videoRecordingEnabled ? 'started' : 'skipped-not-enabled';
    },
    async startAudioObserver() {
      fault('audio-observer-setup');
      microphone = await MicrophoneLevel.open();
      sampler = setInterval(() => {
        // The remote participants (the assistant) only: the user's own voice is not the assistant speaking.
        const assistant = now() < assistantSpeakingUntil ? ASSISTANT_SPEAKING_LEVEL : 0;
        report({ type: 'daily.audioLevels', levels: [assistant] });
        emitter.emit('local-volume-level', muted || !microphone ? 0 : microphone.level());
      }, LOCAL_AUDIO_LEVEL_INTERVAL_MS);
    },
    async startAudioProcessing() {
      // Noise suppression is requested with the microphone (getUserMedia constraints).
      fault('audio-processing-setup');
    },
    transport: {
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
    },
    async stopRecording() {},
    async cleanup() {
      if (sampler) clearInterval(sampler);
      sampler = null;
      microphone?.close();
      microphone = null;
      live = false;
      updateRecognition();
      utteranceId += 1;
      (globalThis as { speechSynthesis?: SpeechSynthesis }).speechSynthesis?.cancel();
      assistantSpeakingUntil = 0;
      const ws = socket;
      socket = null;
      ws?.close();
      webCall = null;
      clientFaults = {};
      muted = false;
    },
  };

  const client = createVoiceClient({
    ports,
    now,
    isMobile: MOBILE_UA.test(globalThis.navigator?.userAgent ?? ''),
  });
  let meetingState: string | null = null;
  client.on((event) => {
    if (event.type !== 'meeting-state') emitter.emit(event.type as VoiceClientEventName, event.payload as never);
    else if (event.payload.meetingState !== meetingState) {
      meetingState = event.payload.meetingState;
      emitter.emit('meeting-state', meetingState);
    }
  });

  /** Bumped by stop(): a start still waiting for its call token is then abandoned. */
  let generation = 0;

  return {
    kind: 'local',
    on<K extends VoiceClientEventName>(event: K, listener: (payload: VoiceClientEvents[K]) => void) {
      emitter.on(event, listener);
    },
    off<K extends VoiceClientEventName>(event: K, listener: (payload: VoiceClientEvents[K]) => void) {
      emitter.off(event, listener);
    },
    async start(assistantId) {
      // Like the SDK's start(assistantId, {variableValues}): the token first, then the staged start.
      const started = generation;
      const assistantOverrides = callTokenOverrides(await options.getCallToken());
      if (started !== generation) return null;
      if (!client.isActive()) muted = false;
      return client.start({ assistantId, ...(assistantOverrides ? { assistantOverrides } : {}) });
    },
    async stop() {
      generation += 1;
      await client.stop();
    },
    setMuted(value) {
      client.setMuted(value);
    },
    send(message: ClientMessage) {
      // Spec §5: an app message is capped (4096 characters); one too large is logged and not sent.
      if (!checkVideoClientInput('appMessage', message)) return;
      client.send(message);
    },
    isActive: () => client.isActive(),
    canListen: () => toRecognitionView(recognition.getSnapshot()).available,
    async updateInputSettings(settings) {
      assertVideoClientInput('inputSettings', settings);
      inputSettings = settings;
      return { inputSettings };
    },
    inputSettings: () => inputSettings,
    async setUserData(data) {
      assertVideoClientInput('userData', data);
      userData = data;
    },
    userData: () => userData,
    async sendDTMF(dtmf) {
      assertVideoClientInput('dtmf', dtmf);
    },
  };
}
