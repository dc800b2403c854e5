// POST /functions/v1/assistant-tools: the scheduling tools behind the voice assistant, over the voice
// platform's server-URL webhook. A `tool-calls` message comes in (ServerMessageToolCalls); the answer
// is `{results: [{toolCallId, name, result | error}]}` (ServerMessageResponseToolCalls), always HTTP 200
// as the platform requires, except for the platform's own authentication: a wrong or missing server
// secret answers 401 before anything is read. The clinician is the subject of the call token that the
// web app passed as an assistant-overrides variable; Google access comes from the grant stored at sign-in.
// Limits: at most MAX_TOOL_CALLS_PER_MESSAGE calls run per message (the rest are answered at once), and the
// message's calls share a time budget under the platform's tool timeout. A change runs only after the
// clinician's own yes (core/assistant/confirm-gate.ts), and a failure says what happened
// (core/assistant/tool-failure.ts): docs/assistant.md "Changes need the clinician's yes".

import { type CallTokenClaims, type CallTokenRevocations, verifyCallToken } from '../../core/assistant/call-token.ts';
import { conversationOf } from '../../core/assistant/clinician-turn.ts';
import { createConfirmGate, isChangeTool, isConfirmation } from '../../core/assistant/confirm-gate.ts';
import { CALL_TOKEN_VARIABLE, type ToolResult } from '../../core/assistant/contract.ts';
import { googleUnavailable, toolFailure } from '../../core/assistant/tool-failure.ts';
import type { PatientListPort, ToolContext } from '../../core/assistant/tool-kit.ts';
import { runConfirmationTool } from '../../core/assistant/tools/confirmation-call.ts';
import type { HomeAware } from '../../core/assistant/tools/home-aware.ts';
import { parseArguments, runTool } from '../../core/assistant/tools/index.ts';
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
import { GoogleTokenError } from '../google/oauth-client.ts';
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
  /** Sign-out's revocations of call tokens (checked with each message). */
  revocations?: CallTokenRevocations;
  /** The time a message's tool calls may take together (default TOOL_TIME_BUDGET_MS). */
  timeBudgetMs?: number;
  /** Diagnostics only: never given tokens or arguments. */
  log?: (line: string) => void;
}

/** A message carries at most this many tool calls: the rest are answered with an error, without running. */
export const MAX_TOOL_CALLS_PER_MESSAGE = 8;
/** The time a message's calls may take together: under the platform's 20 s tool timeout (server.timeoutSeconds). */
export const TOOL_TIME_BUDGET_MS = 15_000;

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
    const language = detectLanguage(lastUserText(message));
    let claims: CallTokenClaims;
    try {
      claims = await verifyCallToken(callTokenOf(message), config.callTokenSecret, now, {
        revocations: config.revocations,
      });
    } catch (error) {
      const reason = (error as Error).message;
      return json(200, { results: calls.map((c) => ({ toolCallId: c.id, name: c.name, error: reason })) });
    }
    const { userId } = claims;
    // One budget for the whole message: when it runs out, the calendar requests in flight are aborted, the call
    // running is answered "took too long" and the calls after it are not run.
    const budgetMs = config.timeBudgetMs ?? TOOL_TIME_BUDGET_MS;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), budgetMs);
    const outOfTime = new Promise<'timeout'>((resolve) =>
      deadline.signal.addEventListener('abort', () => resolve('timeout'), { once: true }),
    );
    const baseFetch = config.fetch ?? globalThis.fetch.bind(globalThis);
    const calendar = googleCalendarPort({
      baseUrl: config.calendarApiUrl,
      fetch: (input, init = {}) =>
        baseFetch(input, {
          ...init,
          signal: init.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal,
        }),
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
    const zoneFound = await Promise.race([timeZone(), outOfTime]);
    const ctx: ToolContext & HomeAware = {
      calendar,
      userId,
      timeZone: zoneFound === 'timeout' ? (config.defaultTimeZone ?? 'UTC') : zoneFound,
      now,
      language,
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
    // A confirmation call speaks to the patient: the times it offers and reads are said in the patient's zone (the
    // one their calling hours were checked in), not the clinician's calendar's.
    const patientZone = scope && store ? await store.patientZone(userId, scope.visitDate, scope.eventId) : null;
    const heardIn = patientZone && isValidTimeZone(patientZone) ? { patientTimeZone: patientZone } : {};
    const run = (name: string, args: unknown): Promise<ToolResult> =>
      scope
        ? store
          ? runConfirmationTool(name, args, { ...ctx, ...heardIn, scope, store })
          : Promise.reject(new Error('confirmation tools are not configured'))
        : runTool(name, args, ctx);
    const gate = createConfirmGate({
      secret: config.callTokenSecret,
      userId,
      // The call (or chat sitting) the token was issued for; a token without an id is bound by its expiry.
      callId: claims.jti ?? `${userId}:${claims.expiresAt}`,
      now,
      conversation: conversationOf(message),
      messageCallIds: new Set(calls.map((c) => c.id)),
      language,
    });
    const t = (en: string, es: string) => (language === 'es' ? es : en);
    const seconds = Number((budgetMs / 1000).toFixed(2));

    /** One call, answered: never throws. */
    const answer = async (call: ToolCall): Promise<Json> => {
      const args = parseArguments(call.arguments);
      const write = args !== null && isChangeTool(call.name) && isConfirmation(args);
      const lang = args?.language === 'es' ? 'es' : language;
      try {
        const input = args && !scope ? { id: call.id, name: call.name, args } : null;
        const refused = input ? await gate.check(input) : null;
        if (refused) {
          return {
            toolCallId: call.id,
            name: call.name,
            result: JSON.stringify({ ...refused, timeZone: ctx.timeZone }),
          };
        }
        const outcome = await run(call.name, call.arguments);
        const sealed = input ? await gate.seal(input, outcome) : outcome;
        return { toolCallId: call.id, name: call.name, result: JSON.stringify(sealed) };
      } catch (error) {
        const failure =
          error instanceof GoogleTokenError && !error.isInvalidGrant
            ? googleUnavailable({ language: lang, write })
            : toolFailure(error, { language: lang, write });
        log(
          `assistant-tools: ${call.name} failed: ${error instanceof Error ? error.name : 'error'} (${failure?.status ?? 'unexpected'})`,
        );
        if (failure) {
          return {
            toolCallId: call.id,
            name: call.name,
            result: JSON.stringify({ ...failure, timeZone: ctx.timeZone }),
          };
        }
        return {
          toolCallId: call.id,
          name: call.name,
          error: write
            ? t(
                'Something unexpected went wrong on the HomeRounds server. The change may not have been made: check the calendar before asking again (it is never made twice).',
                'Algo inesperado falló en el servidor de HomeRounds. Puede que el cambio no se haya hecho: revisa el calendario antes de pedirlo de nuevo (nunca se hace dos veces).',
              )
            : t(
                'Something unexpected went wrong on the HomeRounds server. Nothing was changed; please try again.',
                'Algo inesperado falló en el servidor de HomeRounds. No se cambió nada; inténtalo de nuevo.',
              ),
        };
      }
    };

    const results: Json[] = [];
    // In order: a later call may depend on an earlier one's change.
    try {
      for (const [i, call] of calls.entries()) {
        if (i >= MAX_TOOL_CALLS_PER_MESSAGE) {
          results.push({
            toolCallId: call.id,
            name: call.name,
            error: t(
              `Not run: a message may carry at most ${MAX_TOOL_CALLS_PER_MESSAGE} tool calls. Ask for the rest in a later turn.`,
              `No se ejecutó: un mensaje puede llevar como máximo ${MAX_TOOL_CALLS_PER_MESSAGE} llamadas a herramientas. Pide el resto en otro turno.`,
            ),
          });
          continue;
        }
        if (deadline.signal.aborted) {
          results.push({
            toolCallId: call.id,
            name: call.name,
            error: t(
              `Not run: this message's ${seconds} seconds ran out on the calls before it. Nothing was changed by it.`,
              `No se ejecutó: los ${seconds} segundos de este mensaje se agotaron en las llamadas anteriores. No cambió nada.`,
            ),
          });
          continue;
        }
        const work = answer(call);
        const outcome = await Promise.race([work, outOfTime]);
        if (outcome !== 'timeout') {
          results.push(outcome);
          continue;
        }
        const write = isChangeTool(call.name) && isConfirmation(parseArguments(call.arguments) ?? {});
        log(`assistant-tools: ${call.name} took longer than ${budgetMs} ms`);
        results.push({
          toolCallId: call.id,
          name: call.name,
          error: write
            ? t(
                `That took too long (over ${seconds} seconds) and was stopped. The change may or may not have been made: check before asking again (it is never made twice).`,
                `Tardó demasiado (más de ${seconds} segundos) y se detuvo. Puede que el cambio se haya hecho o no: compruébalo antes de pedirlo de nuevo (nunca se hace dos veces).`,
              )
            : t(
                `That took too long (over ${seconds} seconds) and was stopped. Nothing was changed; try again, or ask for less at once.`,
                `Tardó demasiado (más de ${seconds} segundos) y se detuvo. No se cambió nada; inténtalo de nuevo o pide menos de una vez.`,
              ),
        });
      }
    } finally {
      clearTimeout(timer);
      bounded?.done();
    }
    return json(200, { results });
  };
}
