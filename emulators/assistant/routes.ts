// The local assistant on the local platform: `POST /chat/web` (and `/chat/web/responses`) in the voice
// platform's web-chat shape, the WebSocket room of a local web call (`/__local/room/<callId>`), the
// room's call-object configuration (`GET /__local/room/<callId>`), and a fault hook for browser tests
// (`POST /__local/voice-faults {stage, message?}`). Who is asking comes from the user's Supabase access
// token (Authorization: Bearer <access_token>, verified like PostgREST does); the local public key is
// accepted as platform-level auth (then the user token may come in X-HomeRounds-Access-Token).
// The assistant writes to the clinician's calendar with its own access (the calendar stand-in's
// tables), never with the clinician's read-only Google token. Protocol: docs/voice-calls.md §8.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { mapProviderEvent } from '../../core/calendar/map-events.ts';
import { LOCAL_VOICE_PUBLIC_KEY } from '../../fixtures/voice-keys.ts';
import { verifyJwt } from '../auth/keys.ts';
import { buildEventResource, type EventResource, eventEtag } from '../calendar/resource.ts';
import type { Db } from '../db/db.ts';
import { BodyTooLargeError, bearer, corsHeaders, header, preflight, readBody, sendJson } from '../http.ts';
import {
  type AssistantCalendar,
  type ConversationState,
  INITIAL_STATE,
  type NewEvent,
  type PatientRecord,
  respond,
  TIME_ZONE,
} from './brain.ts';

export interface AssistantApiOptions {
  db: Db;
  now?: () => Date;
  log?: (line: string) => void;
}

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

interface Caller {
  /** The clinician (auth user id) when a valid user token came with the request. */
  userId: string | null;
  name: string | null;
}

interface ChatRecord {
  id: string;
  userId: string | null;
  state: ConversationState;
  messages: Array<{ role: 'user' | 'assistant'; content: string }>;
}

class Unauthorized extends Error {}

export function createAssistantApi(options: AssistantApiOptions): AssistantApi {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const chats = new Map<string, ChatRecord>();
  let fault: { stage: FaultStage; message: string } | null = null;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  async function callerFrom(tokens: Array<string | undefined>): Promise<Caller> {
    let platform = false;
    for (const token of tokens) {
      if (!token) continue;
      if (token === LOCAL_VOICE_PUBLIC_KEY) {
        platform = true;
        continue;
      }
      const verified = await verifyJwt(token, now());
      if (!verified.ok || typeof verified.claims.sub !== 'string') continue;
      const userId = verified.claims.sub;
      const meta = verified.claims.user_metadata as { full_name?: unknown } | undefined;
      return { userId, name: typeof meta?.full_name === 'string' ? meta.full_name : null };
    }
    if (platform) return { userId: null, name: null };
    throw new Unauthorized('Invalid Key. Hot tip, you may be using the private key instead of the public key.');
  }

  async function calendarFor(userId: string | null): Promise<AssistantCalendar | null> {
    if (!userId) return null;
    const row = (
      await db.query<{ id: string }>('select id from calendar.calendars where user_id = $1 limit 1', [userId])
    ).rows[0];
    return row ? dbCalendar(db, userId, row.id, now) : null;
  }

  async function answer(text: string, userId: string | null, state: ConversationState) {
    return respond({ text, now: now(), calendar: await calendarFor(userId), state });
  }

  // ─── HTTP ───────────────────────────────────────────────────────────────────────────────────────────

  async function handleChat(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const cors = corsHeaders(req);
    let caller: Caller;
    try {
      caller = await callerFrom([bearer(req), header(req, 'x-homerounds-access-token')]);
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
    const sameCaller = previous && previous.userId === caller.userId ? previous : undefined;
    const result = await answer(input, caller.userId, sameCaller?.state ?? INITIAL_STATE);
    const output = [{ role: 'assistant' as const, content: result.reply }];
    const record: ChatRecord = {
      id: randomUUID(),
      userId: caller.userId,
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

  function runRoom(ws: WebSocket, callId: string): void {
    let caller: Caller | null = null;
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
          if (!caller) {
            if (frame.type !== 'hello') return;
            if (fault?.stage === 'daily-call-join') {
              send({ type: 'error', errorType: 'not-allowed', message: fault.message });
              ws.close(4003, 'join refused');
              return;
            }
            try {
              caller = await callerFrom([
                typeof frame.accessToken === 'string' ? frame.accessToken : undefined,
                typeof frame.publicKey === 'string' ? frame.publicKey : undefined,
              ]);
            } catch (error) {
              send({ type: 'error', errorType: 'not-allowed', message: (error as Error).message });
              ws.close(4001, 'unauthorized');
              return;
            }
            send({ type: 'joined', callId, sessionId: randomUUID() });
            if (fault?.stage === 'listening') return;
            appMessage('listening');
            appMessage({ type: 'status-update', status: 'in-progress' });
            const first = caller.name ? caller.name.split(' ')[0] : null;
            say(
              'assistant',
              `Hi${first ? ` ${first}` : ''}, I'm your HomeRounds assistant. Ask me about your appointments, your route or travel times.`,
            );
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
            const result = await answer(text, caller.userId, state);
            state = result.state;
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

/** The clinician's calendar through the calendar stand-in's tables (the assistant's own write access). */
export function dbCalendar(db: Db, userId: string, calendarId: string, now: () => Date): AssistantCalendar {
  return {
    async listEvents(from, to) {
      const { rows } = await db.query<{ resource: EventResource }>(
        `select resource from calendar.events
         where calendar_id = $1 and status <> 'cancelled' and ends_at > $2 and starts_at < $3
         order by starts_at, ends_at, id`,
        [calendarId, from, to],
      );
      return rows.map((r) => mapProviderEvent(r.resource));
    },
    async insertEvent(event: NewEvent) {
      const id = randomBytes(16).toString('hex');
      const created = now().toISOString();
      const resource = buildEventResource({
        id,
        calendarId,
        created,
        summary: event.summary,
        description: event.description,
        location: event.location,
        start: { dateTime: event.start, timeZone: TIME_ZONE },
        end: { dateTime: event.end, timeZone: TIME_ZONE },
        extendedProperties: { private: event.properties },
      });
      await db.query(
        `insert into calendar.events (id, calendar_id, status, starts_at, ends_at, updated_at, created_at, sequence, resource)
         values ($1, $2, 'confirmed', $3, $4, $5, $5, 0, $6)`,
        [id, calendarId, new Date(event.start), new Date(event.end), new Date(created), resource],
      );
      return mapProviderEvent(resource);
    },
    async moveEvent(id, start, end) {
      return db.transaction(async (tx) => {
        const row = (
          await tx.query<{ resource: EventResource; sequence: number }>(
            'select resource, sequence from calendar.events where calendar_id = $1 and id = $2 for update',
            [calendarId, id],
          )
        ).rows[0];
        if (!row) throw new Error(`event ${id} is not on the calendar`);
        const updated = now().toISOString();
        const sequence = row.sequence + 1;
        const next: EventResource = {
          ...row.resource,
          start: { dateTime: start, timeZone: TIME_ZONE },
          end: { dateTime: end, timeZone: TIME_ZONE },
          updated,
          sequence,
          etag: eventEtag(id, updated, sequence),
        };
        await tx.query(
          `update calendar.events set starts_at = $3, ends_at = $4, updated_at = $5, sequence = $6, resource = $7
           where calendar_id = $1 and id = $2`,
          [calendarId, id, new Date(start), new Date(end), new Date(updated), sequence, next],
        );
        return mapProviderEvent(next);
      });
    },
    async patients(): Promise<PatientRecord[]> {
      try {
        const { rows } = await db.query<{ id: string; full_name: string; address: string; lat: number; lng: number }>(
          'select id, full_name, address, lat, lng from fixtures.patients where clinician_id = $1 order by full_name',
          [userId],
        );
        return rows.map((r) => ({ id: r.id, fullName: r.full_name, address: r.address, lat: r.lat, lng: r.lng }));
      } catch {
        return [];
      }
    },
  };
}
