// `homerounds call watch <id>` and `homerounds call end <id>`: a live call through the platform's monitor URLs.
// Watch reads `GET /call/{id}` for the status and the messages so far, then follows the call on
// `monitor.listenUrl` (a WebSocket: JSON text frames such as `transcript` and `status-update` are events, binary
// frames are the call's audio and are only counted) while polling `GET /call/{id}` every interval, which is all
// there is when the platform offers no stream. It ends when the call has ended. End POSTs `{type:'end-call'}` to
// `monitor.controlUrl`. Monitor URLs live on another host than the API and carry their own secret in the path:
// the API key is never sent to them. Never prints, never exits.
import WebSocket from 'ws';
import { systemNow } from '../../core/time/system-clock.ts';
import { ApiClient } from '../api/client.ts';
import { CliError } from '../errors.ts';

export type WatchEvent =
  | { event: 'status'; callId: string; status: string; at: string }
  | {
      event: 'transcript';
      callId: string;
      role: string;
      text: string;
      at: string;
      secondsFromStart?: number;
      source: 'listen' | 'poll';
    }
  | { event: 'ended'; callId: string; endedReason: string | null; at: string; startedAt?: string; endedAt?: string };

export interface WatchOptions {
  /** Time between two `GET /call/{id}`, ms. */
  intervalMs: number;
  /** Follow `monitor.listenUrl` when the call has one (default true). */
  listen?: boolean;
  emit: (event: WatchEvent) => void;
  /** Progress notes for people (stderr). */
  notice: (line: string) => void;
  now?: () => Date;
}

interface CallView {
  id?: string;
  status?: string;
  endedReason?: string;
  startedAt?: string;
  endedAt?: string;
  messages?: unknown[];
  artifact?: { messages?: unknown[] };
  monitor?: { listenUrl?: string; controlUrl?: string };
}

/** The roles of spoken turns; the platform says `bot` in stored messages and `assistant` in live ones. */
const SPOKEN_ROLES: Record<string, string> = { bot: 'assistant', assistant: 'assistant', user: 'user' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function getCall(client: ApiClient, id: string): Promise<CallView> {
  const { data } = await client.request<unknown>({
    method: 'GET',
    path: `/call/${encodeURIComponent(id)}`,
    notFound: `call ${id} not found`,
  });
  if (!isRecord(data)) throw new CliError(`GET /call/${id} did not answer with a call object`);
  return data as CallView;
}

/** A spoken turn of a stored or live message, or undefined for system prompts, tool calls and the like. */
function spokenTurn(message: unknown): { role: string; text: string; secondsFromStart?: number } | undefined {
  if (!isRecord(message)) return undefined;
  const role = SPOKEN_ROLES[String(message.role)];
  const text = typeof message.message === 'string' ? message.message : message.content;
  if (!role || typeof text !== 'string' || !text.trim()) return undefined;
  const seconds = typeof message.secondsFromStart === 'number' ? message.secondsFromStart : undefined;
  return { role, text, ...(seconds !== undefined ? { secondsFromStart: seconds } : {}) };
}

/**
 * Follows a call until it has ended; resolves with the `ended` event. Every status change and every spoken turn is
 * emitted once, whether it came from the monitor stream or from polling.
 */
export async function watchCall(client: ApiClient, id: string, options: WatchOptions): Promise<WatchEvent> {
  const now = options.now ?? systemNow;
  let status: string | undefined;
  let ended: WatchEvent | undefined;
  // A turn heard on the stream comes back in the polled messages: count each (role, text) to emit it once.
  const seen = new Map<string, number>();
  let wake: (() => void) | undefined;

  const emitTurn = (turn: { role: string; text: string; secondsFromStart?: number }, source: 'listen' | 'poll') => {
    options.emit({ event: 'transcript', callId: id, ...turn, at: now().toISOString(), source });
  };
  const onStatus = (next: string | undefined, call: CallView) => {
    if (ended || !next) return;
    if (next !== status) {
      status = next;
      options.emit({ event: 'status', callId: id, status: next, at: now().toISOString() });
    }
    if (next === 'ended') {
      ended = {
        event: 'ended',
        callId: id,
        endedReason: call.endedReason ?? null,
        at: now().toISOString(),
        ...(call.startedAt ? { startedAt: call.startedAt } : {}),
        ...(call.endedAt ? { endedAt: call.endedAt } : {}),
      };
      options.emit(ended);
      wake?.();
    }
  };
  const onPolled = (call: CallView) => {
    // A new status comes before the turns said in it; the end comes after the last ones.
    if (call.status !== 'ended') onStatus(call.status, call);
    const messages = call.messages?.length ? call.messages : (call.artifact?.messages ?? []);
    const counts = new Map<string, number>();
    for (const message of messages) {
      const turn = spokenTurn(message);
      if (!turn) continue;
      const key = `${turn.role}\u0000${turn.text.trim()}`;
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      if (n > (seen.get(key) ?? 0)) {
        seen.set(key, n);
        if (!ended) emitTurn(turn, 'poll');
      }
    }
    onStatus(call.status, call);
  };
  const onLive = (message: Record<string, unknown>) => {
    const type = String(message.type ?? '');
    if (type === 'status-update') {
      onStatus(typeof message.status === 'string' ? message.status : undefined, message as CallView);
      return;
    }
    // Only final transcripts: partial ones repeat as the words arrive.
    const final =
      type === 'transcript[transcriptType="final"]' || (type === 'transcript' && message.transcriptType === 'final');
    if (!final) return;
    const turn = spokenTurn({ role: message.role, message: message.transcript });
    if (!turn || ended) return;
    const key = `${turn.role}\u0000${turn.text.trim()}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    emitTurn(turn, 'listen');
  };

  const first = await getCall(client, id);
  onPolled(first);
  if (ended) return ended;

  const listenUrl = first.monitor?.listenUrl;
  let socket: WebSocket | undefined;
  if (options.listen !== false && typeof listenUrl === 'string' && /^wss?:\/\//.test(listenUrl)) {
    socket = followStream(listenUrl, onLive, options, () => {
      options.notice(
        `following call ${id} by polling GET /call/${id} every ${options.intervalMs / 1000} s (the monitor stream is closed)`,
      );
    });
  } else {
    options.notice(`following call ${id} by polling GET /call/${id} every ${options.intervalMs / 1000} s`);
  }
  try {
    while (!ended) {
      // The interval, cut short when the stream reports the end.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.intervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (ended) break;
      onPolled(await getCall(client, id));
    }
  } finally {
    socket?.terminate();
  }
  return ended;
}

/** Opens the monitor stream; calls `onGone` once if it fails or closes (polling carries on alone). */
function followStream(
  url: string,
  onMessage: (message: Record<string, unknown>) => void,
  options: WatchOptions,
  onGone: () => void,
): WebSocket {
  const where = url.replace(/^(wss?:\/\/[^/]+).*$/, '$1');
  let gone = false;
  let audioBytes = 0;
  const lost = (why: string) => {
    if (gone) return;
    gone = true;
    options.notice(`the monitor stream at ${where} ${why}`);
    onGone();
  };
  // No Authorization: the listen URL carries its own secret, and the API key is for the API's host only.
  const socket = new WebSocket(url, { headers: { 'user-agent': 'homerounds/0.1.0' }, handshakeTimeout: 10_000 });
  socket.on('unexpected-response', (_req, res) => {
    lost(`answered ${res.statusCode} instead of opening`);
    res.resume();
    socket.terminate();
  });
  socket.on('open', () => options.notice(`listening on the monitor stream at ${where}`));
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      if (audioBytes === 0)
        options.notice('audio is arriving on the monitor stream (not played; status and transcript follow)');
      audioBytes += Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).byteLength;
      return;
    }
    try {
      const parsed: unknown = JSON.parse(data.toString());
      if (isRecord(parsed)) onMessage(isRecord(parsed.message) ? parsed.message : parsed);
    } catch {
      // Not JSON: nothing the watch can show.
    }
  });
  socket.on('error', (error: Error & { code?: string }) => lost(`failed (${error.code ?? error.message})`));
  socket.on('close', () => lost('closed'));
  return socket;
}

export interface EndResult {
  callId: string;
  /** Whether `end-call` was sent; false when the call had already ended. */
  sent: boolean;
  status: string | null;
  endedReason: string | null;
}

/** Ends a live call through its control URL; a call that has already ended is left as it is. */
export async function endCall(client: ApiClient, id: string, options: { timeoutMs?: number } = {}): Promise<EndResult> {
  const call = await getCall(client, id);
  if (call.status === 'ended') {
    return { callId: id, sent: false, status: 'ended', endedReason: call.endedReason ?? null };
  }
  const controlUrl = call.monitor?.controlUrl;
  if (typeof controlUrl !== 'string' || !/^https?:\/\//.test(controlUrl)) {
    throw new CliError(
      `call ${id} has no monitor.controlUrl (status ${call.status ?? 'unknown'}): the platform offers no live control ` +
        'for it, so it cannot be ended from here',
    );
  }
  const control = new ApiClient({
    baseUrl: controlUrl,
    // No key: the control URL carries its own secret, and the API key is for the API's host only.
    timeoutMs: options.timeoutMs,
    userAgent: 'homerounds/0.1.0',
    unreachableHint: 'the call may have ended meanwhile: check homerounds call get',
  });
  try {
    await control.request({
      method: 'POST',
      path: '',
      body: { type: 'end-call' },
      retry: false,
      notFound: `the control URL of call ${id} is gone (the call may have ended; check homerounds call get ${id})`,
    });
  } finally {
    await control.close();
  }
  return { callId: id, sent: true, status: call.status ?? null, endedReason: null };
}
