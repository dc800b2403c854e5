// The local assistant on the local platform, playing the hosted voice platform's part: `POST /chat/web`
// (and `/chat/web/responses`) in the platform's web-chat shape, the WebSocket room of a local web call
// (`/__local/room/<callId>`), the room's call-object configuration (`GET /__local/room/<callId>`), and a
// fault hook for browser tests (`POST /__local/voice-faults {stage, message?}`). Requests carry the
// public key (platform auth) and, in `assistantOverrides.variableValues`, the clinician's call token — as
// with the hosted platform; no Supabase or Google token comes here. Each turn is understood by the
// language stand-in (understand.ts) and answered through the same tools webhook the hosted assistant
// calls (/functions/v1/assistant-tools). Protocol: docs/voice-calls.md §8, docs/assistant.md.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { LOCAL_VOICE_PUBLIC_KEY } from '../../config/local-platform.ts';
import { CALL_TOKEN_VARIABLE, FUNCTION_NAMES, FUNCTIONS_PATH, type ToolName } from '../../core/assistant/contract.ts';
import { toolCallsMessage } from '../../core/assistant/webhook-message.ts';
import { detectLanguage } from '../../core/assistant/when.ts';
import { systemNow } from '../../core/time/system-clock.ts';
import { SEED_TIME_ZONE } from '../../fixtures/time.ts';
import type { Db } from '../db/db.ts';
import { BodyTooLargeError, bearer, corsHeaders, preflight, readBody, sendJson } from '../http.ts';
import { LOCAL_TOOLS_SECRET } from '../local-secrets.ts';
import { LOCAL_VOICE_ORG_ID } from '../voice/keys.ts';
import { type ConversationState, INITIAL_STATE, type ToolCallRecord, takeTurn } from './conversation.ts';

export interface AssistantApiOptions {
  db: Db;
  /** The platform's origin, where the tools webhook is served (known once the server listens). */
  origin: () => string;
  now?: () => Date;
  log?: (line: string) => void;
}

/** What the local call says first, as the hosted template's first message does: Spanish is understood too. */
export const GREETING =
  "Hi, I'm your HomeRounds assistant. Ask me about your visits, your route or your drives. También puedes hablarme en español.";

export const SIGN_IN_TEXT =
  'I need to know who you are to read your calendar: please sign in to HomeRounds and try again.';
export const SIGN_IN_TEXT_ES =
  'Necesito saber quién eres para leer tu calendario: inicia sesión en HomeRounds y vuelve a intentarlo.';

export interface AssistantApi {
  /** Answers the assistant's paths; false for any other request (nothing is read). */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  /** Takes a WebSocket upgrade to a room; false when the path is not a room. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): void;
}

/** The start stages a test may make fail (docs/voice-calls.md §4), plus the assistant never listening. */
export const FAULT_STAGES = [
  'web-call-creation',
  'daily-call-object-creation',
  'daily-call-join',
  'video-recording-setup',
  'audio-observer-setup',
  'audio-processing-setup',
  'listening',
] as const;
export type FaultStage = (typeof FAULT_STAGES)[number];

/** What each injected fault says unless the test gives a message (chosen to exercise the catalogue). */
export const DEFAULT_FAULT_MESSAGES: Record<FaultStage, string> = {
  'web-call-creation': 'Invalid Key. Hot tip, you may be using the private key instead of the public key.',
  'daily-call-object-creation': 'Network unavailable while creating the call object',
  'daily-call-join': 'The room refused the join',
  'video-recording-setup': 'Video recording could not start',
  'audio-observer-setup': 'Audio level observer could not start',
  'audio-processing-setup': 'Noise cancellation could not start',
  listening: 'The assistant did not start listening',
};

export const ROOM_PATH = /^\/__local\/room\/([A-Za-z0-9-]{1,64})\/?$/;
export const AUDIO_LEVEL_INTERVAL_MS = 100;
const MAX_CHATS = 500;
const MAX_INPUT_CHARS = 2_000;

interface ChatRecord {
  id: string;
  /** The call token the chat was started with (a later turn may bring a fresh one). */
  callToken: string | null;
  state: ConversationState;
  messages: Array<{ role: 'user' | 'assistant' | 'tool'; content: string; name?: string; tool_call_id?: string }>;
}

class Unauthorized extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The call token in a request's (or a stored call's) assistant overrides. */
export function callTokenIn(body: Record<string, unknown>): string | null {
  const overrides = body.assistantOverrides;
  const values = isObject(overrides) ? overrides.variableValues : undefined;
  const token = isObject(values) ? values[CALL_TOKEN_VARIABLE] : undefined;
  return typeof token === 'string' && token.length > 0 && token.length < 4096 ? token : null;
}

export function createAssistantApi(options: AssistantApiOptions): AssistantApi {
  const { db } = options;
  const now = options.now ?? systemNow;
  const log = options.log ?? (() => {});
  const chats = new Map<string, ChatRecord>();
  let fault: { stage: FaultStage; message: string } | null = null;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  /** Platform authentication: the public key, as the hosted platform requires for web calls and chats. */
  function checkPublicKey(token: string | undefined): void {
    if (token !== LOCAL_VOICE_PUBLIC_KEY) {
      throw new Unauthorized('Invalid Key. Hot tip, you may be using the private key instead of the public key.');
    }
  }

  /** One webhook request per tool call, shaped as the platform's `tool-calls` server message. */
  function toolCaller(callToken: string, callId: string, history: () => Array<{ role: string; message: string }>) {
    return async (name: ToolName, args: Record<string, unknown>): Promise<ToolCallRecord> => {
      const id = `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
      const body = toolCallsMessage({
        calls: [{ id, name, args }],
        callId,
        orgId: LOCAL_VOICE_ORG_ID,
        callToken,
        now: now(),
        history: history(),
      });
      const response = await fetch(`${options.origin()}${FUNCTIONS_PATH}/${FUNCTION_NAMES.assistantTools}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-vapi-secret': LOCAL_TOOLS_SECRET },
        body: JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => null)) as {
        results?: Array<{ toolCallId?: string; result?: unknown; error?: unknown }>;
      } | null;
      const entry = answer?.results?.find((r) => r.toolCallId === id);
      return {
        name,
        args,
        result: typeof entry?.result === 'string' ? entry.result : null,
        error:
          typeof entry?.error === 'string'
            ? entry.error
            : entry
              ? null
              : `The tools server answered ${response.status}`,
      };
    };
  }

  async function answer(
    text: string,
    callToken: string | null,
    callId: string,
    state: ConversationState,
    history: () => Array<{ role: string; message: string }>,
  ): Promise<{ reply: string; state: ConversationState; calls: ToolCallRecord[] }> {
    if (!callToken) {
      return { reply: detectLanguage(text) === 'es' ? SIGN_IN_TEXT_ES : SIGN_IN_TEXT, state: INITIAL_STATE, calls: [] };
    }
    return takeTurn({
      text,
      now: now(),
      state,
      callTool: toolCaller(callToken, callId, history),
      defaultTimeZone: SEED_TIME_ZONE,
    });
  }

  // ─── HTTP ───────────────────────────────────────────────────────────────────────────────────────────

  async function handleChat(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const cors = corsHeaders(req);
    try {
      checkPublicKey(bearer(req));
    } catch (error) {
      req.resume();
      return sendJson(res, 401, { message: (error as Error).message, error: 'Unauthorized', statusCode: 401 }, cors);
    }
    let body: Record<string, unknown>;
    try {
      const parsed = JSON.parse(await readBody(req)) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw error;
      return sendJson(
        res,
        400,
        { message: ['body must be a JSON object'], error: 'Bad Request', statusCode: 400 },
        cors,
      );
    }
    const input = inputText(body.input);
    if (!input) {
      return sendJson(
        res,
        400,
        { message: ['input must be a non-empty string or a list of messages'], error: 'Bad Request', statusCode: 400 },
        cors,
      );
    }
    const previousId = typeof body.previousChatId === 'string' ? body.previousChatId : null;
    const previous = previousId ? chats.get(previousId) : undefined;
    const callToken = callTokenIn(body) ?? previous?.callToken ?? null;
    // A chat continues only for the same clinician (the tools server verifies the token itself).
    const sameCaller = previous && subjectOf(previous.callToken) === subjectOf(callToken) ? previous : undefined;
    const history = (sameCaller?.messages ?? []).filter((m) => m.role !== 'tool');
    const result = await answer(input, callToken, previousId ?? randomUUID(), sameCaller?.state ?? INITIAL_STATE, () =>
      [...history, { role: 'user', content: input }].map((m) => ({
        role: m.role === 'assistant' ? 'bot' : 'user',
        message: m.content,
      })),
    );
    // The tool calls and their results, as the platform's chat lists them (the web app reads them).
    const toolMessages = result.calls.map((c, i) => ({
      role: 'tool' as const,
      name: c.name,
      tool_call_id: `call_${i}`,
      content: c.result ?? JSON.stringify({ status: 'invalid', say: c.error ?? 'failed' }),
    }));
    const output = [...toolMessages, { role: 'assistant' as const, content: result.reply }];
    const record: ChatRecord = {
      id: randomUUID(),
      callToken,
      state: result.state,
      messages: [...(sameCaller?.messages ?? []), { role: 'user', content: input }, ...output],
    };
    chats.set(record.id, record);
    if (chats.size > MAX_CHATS) chats.delete(chats.keys().next().value as string);
    const at = now().toISOString();
    const response: Record<string, unknown> = {
      id: record.id,
      assistantId: typeof body.assistantId === 'string' ? body.assistantId : null,
      input,
      messages: record.messages.slice(0, -1),
      output,
      createdAt: at,
      updatedAt: at,
      cost: 0,
      costs: [],
    };
    if (sameCaller) response.previousChatId = sameCaller.id;
    return sendJson(res, 201, response, cors);
  }

  async function handleFaults(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET') {
      req.resume();
      return sendJson(res, 200, { fault });
    }
    if (req.method !== 'POST') {
      req.resume();
      return sendJson(res, 405, { error: 'method_not_allowed', message: 'GET or POST' });
    }
    let body: { stage?: unknown; message?: unknown };
    try {
      body = JSON.parse((await readBody(req)) || '{}') as typeof body;
    } catch {
      return sendJson(res, 400, { error: 'bad_request', message: 'body must be JSON' });
    }
    if (body.stage === null || body.stage === undefined) fault = null;
    else if (typeof body.stage === 'string' && (FAULT_STAGES as readonly string[]).includes(body.stage)) {
      const stage = body.stage as FaultStage;
      fault = { stage, message: typeof body.message === 'string' ? body.message : DEFAULT_FAULT_MESSAGES[stage] };
    } else {
      return sendJson(res, 400, {
        error: 'bad_request',
        message: `stage must be null or one of ${FAULT_STAGES.join(', ')}`,
      });
    }
    return sendJson(res, 200, { fault });
  }

  /** The call object's configuration for a room: the client-side faults and the observer interval. */
  function handleRoomConfig(req: IncomingMessage, res: ServerResponse, callId: string): void {
    req.resume();
    const cors = corsHeaders(req);
    if (fault?.stage === 'daily-call-object-creation') {
      sendJson(res, 503, { message: fault.message, error: 'Service Unavailable', statusCode: 503 }, cors);
      return;
    }
    const clientFaults: Record<string, string> = {};
    if (fault && ['video-recording-setup', 'audio-observer-setup', 'audio-processing-setup'].includes(fault.stage)) {
      clientFaults[fault.stage] = fault.message;
    }
    sendJson(res, 200, { callId, audioLevelIntervalMs: AUDIO_LEVEL_INTERVAL_MS, faults: clientFaults }, cors);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (path === '/chat/web' || path === '/chat/web/responses') {
      if (method === 'OPTIONS') {
        req.resume();
        preflight(req, res, 'POST, OPTIONS');
        return true;
      }
      if (method !== 'POST') return false;
      await handleChat(req, res);
      return true;
    }
    if (path === '/call/web' && method === 'POST' && fault?.stage === 'web-call-creation') {
      req.resume();
      sendJson(res, 401, { message: fault.message, error: 'Unauthorized', statusCode: 401 }, corsHeaders(req));
      return true;
    }
    if (path === '/__local/voice-faults') {
      await handleFaults(req, res);
      return true;
    }
    const room = ROOM_PATH.exec(path);
    if (room && (method === 'GET' || method === 'HEAD')) {
      handleRoomConfig(req, res, room[1] as string);
      return true;
    }
    return false;
  }

  // ─── The room ───────────────────────────────────────────────────────────────────────────────────────

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(`http://local${req.url ?? '/'}`);
    const room = ROOM_PATH.exec(url.pathname);
    if (!room) return false;
    wss.handleUpgrade(req, socket, head, (ws) => runRoom(ws, room[1] as string));
    return true;
  }

  /** The call token the web call was created with (POST /call/web's assistantOverrides). */
  async function callTokenOfCall(callId: string): Promise<string | null> {
    if (!/^[0-9a-f-]{36}$/i.test(callId)) return null;
    const row = (
      await db.query<{ data: Record<string, unknown> }>(
        "select data from voice.resources where kind = 'call' and id = $1",
        [callId],
      )
    ).rows[0];
    return row ? callTokenIn(row.data) : null;
  }

  function runRoom(ws: WebSocket, callId: string): void {
    let joined = false;
    let callToken: string | null = null;
    let state: ConversationState = INITIAL_STATE;
    const messages: Array<{ role: string; message: string; time: number }> = [];
    let queue: Promise<void> = Promise.resolve();
    const send = (frame: Record<string, unknown>) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    };
    const appMessage = (data: string | Record<string, unknown>) =>
      send({ type: 'app-message', from: 'assistant', data: typeof data === 'string' ? data : JSON.stringify(data) });
    const say = (role: 'user' | 'assistant', text: string) => {
      messages.push({ role: role === 'assistant' ? 'bot' : 'user', message: text, time: now().getTime() });
      if (role === 'assistant') appMessage({ type: 'speech-update', status: 'started', role: 'assistant' });
      appMessage({ type: 'transcript', role, transcriptType: 'final', transcript: text });
      appMessage({ type: 'conversation-update', messages: [...messages], messagesOpenAIFormatted: openAi(messages) });
      if (role === 'assistant') appMessage({ type: 'speech-update', status: 'stopped', role: 'assistant' });
    };

    ws.on('message', (raw) => {
      let frame: Record<string, unknown>;
      try {
        const parsed = JSON.parse(String(raw)) as unknown;
        if (typeof parsed !== 'object' || parsed === null) return;
        frame = parsed as Record<string, unknown>;
      } catch {
        return;
      }
      queue = queue
        .then(async () => {
          if (!joined) {
            if (frame.type !== 'hello') return;
            if (fault?.stage === 'daily-call-join') {
              send({ type: 'error', errorType: 'not-allowed', message: fault.message });
              ws.close(4003, 'join refused');
              return;
            }
            try {
              checkPublicKey(typeof frame.publicKey === 'string' ? frame.publicKey : undefined);
            } catch (error) {
              send({ type: 'error', errorType: 'not-allowed', message: (error as Error).message });
              ws.close(4001, 'unauthorized');
              return;
            }
            joined = true;
            callToken = await callTokenOfCall(callId);
            send({ type: 'joined', callId, sessionId: randomUUID() });
            if (fault?.stage === 'listening') return;
            appMessage('listening');
            appMessage({ type: 'status-update', status: 'in-progress' });
            say('assistant', GREETING);
            return;
          }
          if (frame.type === 'add-message' || frame.type === 'say') {
            const message = frame.message as { role?: unknown; content?: unknown } | string | undefined;
            const content =
              typeof message === 'string' ? message : typeof message?.content === 'string' ? message.content : '';
            const text = content.trim().slice(0, MAX_INPUT_CHARS);
            if (!text) return;
            if (frame.type === 'say') return say('assistant', text);
            appMessage({ type: 'speech-update', status: 'started', role: 'user' });
            appMessage({ type: 'speech-update', status: 'stopped', role: 'user' });
            say('user', text);
            const result = await answer(text, callToken, callId, state, () => messages);
            state = result.state;
            for (const [i, c] of result.calls.entries()) {
              appMessage({
                type: 'tool-calls-result',
                toolCallResult: { name: c.name, toolCallId: `call_${i}`, result: c.result ?? c.error ?? '' },
              });
            }
            say('assistant', result.reply);
            return;
          }
          if (frame.type === 'end-call') {
            appMessage({ type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' });
            ws.close(1000, 'ended');
          }
        })
        .catch((error: unknown) => {
          log(`assistant room ${callId}: ${error instanceof Error ? error.message : String(error)}`);
          send({ type: 'error', errorType: 'assistant-error', message: 'The assistant failed to answer' });
        });
    });
    ws.on('error', () => ws.terminate());
  }

  return {
    handle,
    upgrade,
    close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

/** The subject of a call token, read without verifying it (only to keep one clinician's chat apart). */
function subjectOf(token: string | null): string | null {
  if (!token) return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
    };
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

function inputText(input: unknown): string {
  if (typeof input === 'string') return input.trim().slice(0, MAX_INPUT_CHARS);
  if (Array.isArray(input)) {
    const last = [...input]
      .reverse()
      .find((m) => m && typeof m === 'object' && (m as { role?: unknown }).role === 'user') as
      | { content?: unknown }
      | undefined;
    return typeof last?.content === 'string' ? last.content.trim().slice(0, MAX_INPUT_CHARS) : '';
  }
  return '';
}

function openAi(messages: Array<{ role: string; message: string }>): Array<{ role: string; content: string }> {
  return messages.map((m) => ({ role: m.role === 'bot' ? 'assistant' : 'user', content: m.message }));
}
