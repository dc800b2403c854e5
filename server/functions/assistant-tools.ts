// POST /functions/v1/assistant-tools: the scheduling tools behind the voice assistant, over the voice
// platform's server-URL webhook. A `tool-calls` message comes in (ServerMessageToolCalls); the answer
// is `{results: [{toolCallId, name, result | error}]}` (ServerMessageResponseToolCalls), always HTTP 200
// as the platform requires, except for the platform's own authentication: a wrong or missing server
// secret answers 401 before anything is read. The clinician is the subject of the call token that the
// web app passed as an assistant-overrides variable; Google access comes from the grant stored at sign-in.

import { type CallTokenClaims, verifyCallToken } from '../../core/assistant/call-token.ts';
import { CALL_TOKEN_VARIABLE, type ToolResult } from '../../core/assistant/contract.ts';
import type { PatientListPort, ToolContext } from '../../core/assistant/tool-kit.ts';
import { runConfirmationTool } from '../../core/assistant/tools/confirmation-call.ts';
import type { HomeAware } from '../../core/assistant/tools/home-aware.ts';
import { runTool } from '../../core/assistant/tools/index.ts';
import { detectLanguage } from '../../core/assistant/when.ts';
import { googleCalendarPort } from '../../core/calendar/google-calendar.ts';
import type { Geocoder } from '../../core/geo/geocoder.ts';
import { type GoogleAccess, hasWriteScope } from '../../core/google/access.ts';
import { DEFAULT_MOVE_RULE, type MoveRule } from '../../core/routing/move-rule.ts';
import type { TravelTimeProvider } from '../../core/routing/travel/provider.ts';
import { isValidTimeZone } from '../../core/time/zoned-time.ts';
import type { ConfirmationStore } from '../confirmations/store.ts';
import { geocoderWithin, TOOL_LOCATE_DEADLINE_MS } from '../geo/deadline.ts';
import { TOOL_TRAVEL_DEADLINE_MS, travelWithin } from '../geo/travel-deadline.ts';
import { bearerToken, errorJson, type Fetch, json, sameSecret, type WebHandler } from '../http.ts';

export interface AssistantToolsConfig {
  /** The secret the voice platform sends (`X-Vapi-Secret`, or `Authorization: Bearer`). */
  toolsSecret: string;
  callTokenSecret: string;
  /** Google Calendar API root (https://www.googleapis.com in production). */
  calendarApiUrl: string;
  googleAccess: GoogleAccess;
  /** Used when the calendar does not say its zone. */
  defaultTimeZone?: string;
  fetch?: Fetch;
  /** Where confirmation calls record what the patient asked (calls whose token has a confirmation scope). */
  confirmationStore?: ConfirmationStore;
  /** Where the clinician's day starts and ends (their profile): the route tool then counts the drives from home. */
  home?: (userId: string) => Promise<{ lat: number; lon: number } | null>;
  /** The clinician's rule for moving visits, from their profile. */
  moveRule?: (userId: string) => Promise<MoveRule>;
  /** The visits the clinician pinned ("time is fixed"). */
  pins?: (userId: string) => Promise<string[]>;
  /** Locates visit addresses without coordinates (Google's Geocoding API, cached); null where none is configured. */
  geocoder?: Geocoder | null;
  /** The clinician's patient list (read into every day; changed by update_patient), bound to the caller. */
  patients?: (userId: string) => PatientListPort;
  /** Road drive times (Google's Routes API, cached); null where none is configured (the straight-line estimate). */
  travel?: TravelTimeProvider | null;
  now: () => Date;
  /** Diagnostics only: never given tokens or arguments. */
  log?: (line: string) => void;
}

export interface ToolCall {
  id: string;
  name: string;
  arguments: unknown;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The calls of a `tool-calls` message, in any of the shapes the platform sends. */
export function toolCallsOf(message: Json): ToolCall[] {
  const list = Array.isArray(message.toolCallList)
    ? message.toolCallList
    : Array.isArray(message.toolWithToolCallList)
      ? message.toolWithToolCallList.map((t) => (isObject(t) ? t.toolCall : undefined))
      : [];
  const calls: ToolCall[] = [];
  for (const raw of list) {
    if (!isObject(raw) || typeof raw.id !== 'string') continue;
    const fn = isObject(raw.function) ? raw.function : raw;
    if (typeof fn.name !== 'string') continue;
    calls.push({ id: raw.id, name: fn.name, arguments: fn.arguments ?? fn.parameters });
  }
  return calls;
}

/** The call token from the call's (or chat's) assistant overrides. */
export function callTokenOf(message: Json): string | null {
  for (const holder of [message.call, message.chat, message.session]) {
    if (!isObject(holder)) continue;
    const overrides = holder.assistantOverrides;
    const values = isObject(overrides) ? overrides.variableValues : undefined;
    const token = isObject(values) ? values[CALL_TOKEN_VARIABLE] : undefined;
    if (typeof token === 'string' && token) return token;
  }
  return null;
}

/** The last thing the user said, to answer in their language when the model does not say. */
function lastUserText(message: Json): string {
  const artifact = isObject(message.artifact) ? message.artifact : {};
  const messages = Array.isArray(artifact.messages) ? artifact.messages : [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (isObject(m) && m.role === 'user' && typeof m.message === 'string') return m.message;
  }
  return '';
}

export function createAssistantToolsHandler(config: AssistantToolsConfig): WebHandler {
  const log = config.log ?? (() => {});
  return async (request) => {
    if (request.method !== 'POST') return errorJson(405, 'method_not_allowed', 'Use POST');
    const secret = request.headers.get('x-vapi-secret') ?? bearerToken(request);
    if (!sameSecret(secret, config.toolsSecret)) {
      await request.body?.cancel();
      return errorJson(401, 'unauthorized', 'Missing or wrong server secret');
    }
    let body: unknown;
    try {
      body = JSON.parse(await request.text());
    } catch {
      return errorJson(400, 'bad_request', 'The body must be JSON: {"message": {...}}');
    }
    const message = isObject(body) && isObject(body.message) ? body.message : null;
    if (!message || typeof message.type !== 'string') {
      return errorJson(400, 'bad_request', 'The body must be a server message: {"message": {"type": ...}}');
    }
    // Other server messages (status updates, reports…) need no answer from the tools server.
    if (message.type !== 'tool-calls') return json(200, {});
    const calls = toolCallsOf(message);
    const now = config.now();
    let claims: CallTokenClaims;
    try {
      claims = await verifyCallToken(callTokenOf(message), config.callTokenSecret, now);
    } catch (error) {
      const reason = (error as Error).message;
      return json(200, { results: calls.map((c) => ({ toolCallId: c.id, name: c.name, error: reason })) });
    }
    const { userId } = claims;
    const calendar = googleCalendarPort({
      baseUrl: config.calendarApiUrl,
      fetch: config.fetch ?? globalThis.fetch.bind(globalThis),
      token: async (need) => (await config.googleAccess.accessToken(userId, need)).accessToken,
      now: config.now,
    });
    let zone: string | null = null;
    const timeZone = async () => {
      if (zone) return zone;
      let found: string | null = null;
      try {
        found = await calendar.timeZone();
      } catch {
        found = null; // The tool's own calendar call reports the problem (e.g. no access) as its result.
      }
      zone = found && isValidTimeZone(found) ? found : (config.defaultTimeZone ?? 'UTC');
      return zone;
    };
    const ctx: ToolContext & HomeAware = {
      calendar,
      userId,
      timeZone: await timeZone(),
      now,
      language: detectLanguage(lastUserText(message)),
      canWrite: async () => hasWriteScope((await config.googleAccess.accessToken(userId, 'read')).scopes),
    };
    const homeOf = config.home;
    // A failed read only means the drives from and back home are not counted (the answer then says so).
    if (homeOf) ctx.home = () => homeOf(userId).catch(() => null);
    const ruleOf = config.moveRule;
    // A rule that cannot be read: the default (the plan says the rule it followed).
    if (ruleOf) ctx.moveRule = () => ruleOf(userId).catch(() => DEFAULT_MOVE_RULE);
    const pinsOf = config.pins;
    if (pinsOf) ctx.pins = () => pinsOf(userId).catch(() => []);
    // Bounded for this call: a slow geocoder leaves visits unplaced (and said), never the call unanswered.
    const bounded = config.geocoder ? geocoderWithin(config.geocoder, TOOL_LOCATE_DEADLINE_MS) : null;
    if (bounded) ctx.geocoder = bounded.geocoder;
    if (config.patients) ctx.patients = config.patients(userId);
    // Bounded per matrix: a slow or failing road service gives the straight-line estimate, said approximate.
    if (config.travel) ctx.travel = travelWithin(config.travel, TOOL_TRAVEL_DEADLINE_MS, { log });
    const confirmationStore = config.confirmationStore;
    if (confirmationStore) ctx.confirmations = (date) => confirmationStore.visits(userId, date);
    const scope = claims.confirmation;
    const store = confirmationStore;
    // A confirmation call (a patient on the phone) reaches only its own visit's confirmation tools.
    const run = (name: string, args: unknown): Promise<ToolResult> =>
      scope
        ? store
          ? runConfirmationTool(name, args, { ...ctx, scope, store })
          : Promise.reject(new Error('confirmation tools are not configured'))
        : runTool(name, args, ctx);
    const results: Json[] = [];
    // In order: a later call may depend on an earlier one's change.
    try {
      for (const call of calls) {
        try {
          const outcome: ToolResult = await run(call.name, call.arguments);
          results.push({ toolCallId: call.id, name: call.name, result: JSON.stringify(outcome) });
        } catch (error) {
          log(`assistant-tools: ${call.name} failed: ${error instanceof Error ? error.name : 'error'}`);
          results.push({
            toolCallId: call.id,
            name: call.name,
            error: 'The calendar could not be reached just now. Nothing was changed; please try again in a moment.',
          });
        }
      }
    } finally {
      bounded?.done();
    }
    return json(200, { results });
  };
}
