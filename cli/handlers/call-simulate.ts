// `homerounds call simulate`: runs a call through the real call-session and video-client machines with
// the simulated client. Conversation turns are answered by the local assistant when the local platform
// is reachable (POST /chat/web with the public key and, for --clinician, a call token from the call-token
// function, as the web app sends them), otherwise marked offline. Returns data; the command prints it.

import { LOCAL_ANON_KEY, LOCAL_VOICE_PUBLIC_KEY } from '../../config/local-platform.ts';
import { CALL_TOKEN_VARIABLE, FUNCTION_NAMES, FUNCTIONS_PATH, parseToolResult } from '../../core/assistant/contract.ts';
import { CALENDAR_EVENTS_SCOPE, CALENDAR_READONLY_SCOPE } from '../../core/google/access.ts';
import {
  CALL_START_STAGES,
  type SimulationEvent,
  type SimulationResult,
  type SimulationScript,
  simulateCall,
  type TurnAnswer,
} from '../adapters/call-simulator.ts';
import { CliError, EXIT, usageError } from '../errors.ts';
import { readDocumentFile } from './input.ts';

export const DEFAULT_TURNS = ['What are my appointments tomorrow?', "Optimise tomorrow's route"];

const SCRIPT_KEYS: readonly string[] = ['turns', 'levels', 'hangUpAtMs', 'isMobile', 'assistantEnds'];

export async function readScript(file: string | undefined): Promise<SimulationScript> {
  if (!file) return { turns: DEFAULT_TURNS };
  const raw = await readDocumentFile(file);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw usageError(`${file} must hold an object`);
  const script = raw as Record<string, unknown>;
  // A misspelt key (`turn`, `hangupAtMs`) would otherwise be ignored and the simulation run without it.
  const problems: string[] = Object.keys(script)
    .filter((key) => !SCRIPT_KEYS.includes(key))
    .map((key) => `unknown key "${key}" (known: ${SCRIPT_KEYS.join(', ')})`);
  if (
    script.turns !== undefined &&
    !(Array.isArray(script.turns) && script.turns.every((t) => typeof t === 'string'))
  ) {
    problems.push('turns must be a list of strings');
  }
  if (
    script.levels !== undefined &&
    !(
      Array.isArray(script.levels) &&
      script.levels.every(
        (l) =>
          l &&
          typeof l === 'object' &&
          typeof (l as { atMs?: unknown }).atMs === 'number' &&
          Array.isArray((l as { levels?: unknown }).levels) &&
          (l as { levels: unknown[] }).levels.every((v) => typeof v === 'number' && v >= 0),
      )
    )
  ) {
    problems.push('levels must be a list of {atMs: number, levels: number[] (≥ 0)}');
  }
  for (const key of ['hangUpAtMs'] as const) {
    if (script[key] !== undefined && !(typeof script[key] === 'number' && (script[key] as number) >= 0)) {
      problems.push(`${key} must be a number of milliseconds`);
    }
  }
  for (const key of ['isMobile', 'assistantEnds'] as const) {
    if (script[key] !== undefined && typeof script[key] !== 'boolean') problems.push(`${key} must be true or false`);
  }
  if (problems.length) throw usageError(`${file}: ${problems.join('; ')}`);
  return script as SimulationScript;
}

export function parseStage(value: string | undefined) {
  if (value === undefined) return undefined;
  const stage = CALL_START_STAGES.find((s) => s === value);
  if (!stage || stage === 'initialization' || stage === 'mobile-permissions') {
    const allowed = CALL_START_STAGES.filter((s) => s !== 'initialization' && s !== 'mobile-permissions');
    throw usageError(`--fail-stage must be one of ${allowed.join(', ')} (got "${value}").`);
  }
  return stage;
}

async function localPost(
  url: string,
  init: { headers?: Record<string, string>; body?: unknown },
  baseUrl: string,
): Promise<Response> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...init.headers },
      body: JSON.stringify(init.body ?? {}),
    });
  } catch {
    throw new CliError(
      `The local platform is not reachable at ${baseUrl}. Start it with \`npm start\`, or use --offline.`,
    );
  }
}

/** A signed-in session for a seeded clinician, minted by the local platform (its /__local/sessions hook). */
export async function localAccessToken(baseUrl: string, email: string): Promise<string> {
  const response = await localPost(`${baseUrl}/__local/sessions`, { body: { email } }, baseUrl);
  if (response.status === 404) throw new CliError(`No seeded clinician ${email} on the local platform.`, EXIT.notFound);
  if (!response.ok) throw new CliError(`The local platform refused a session (${response.status}).`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Makes sure the tools server can reach the clinician's calendar: the Google grant an offline sign-in
 * leaves on the server. One already stored (a browser sign-in) is kept when it allows what is asked
 * (`write`: calendar changes too); otherwise the local platform stores one (/__local/google-grants), as
 * signing in, and allowing calendar changes, would.
 */
export async function ensureLocalGoogleGrant(
  baseUrl: string,
  email: string,
  accessToken: string,
  options: { write?: boolean } = {},
): Promise<{ stored: boolean; scopes: string[] }> {
  const need = options.write ? 'write' : 'read';
  const current = await localPost(
    `${baseUrl}${FUNCTIONS_PATH}/${FUNCTION_NAMES.googleToken}`,
    { headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${accessToken}` }, body: { need } },
    baseUrl,
  );
  if (current.ok) {
    const { scopes } = (await current.json()) as { scopes?: string[] };
    return { stored: false, scopes: scopes ?? [] };
  }
  await current.body?.cancel();
  const scopes = options.write ? [CALENDAR_READONLY_SCOPE, CALENDAR_EVENTS_SCOPE] : [CALENDAR_READONLY_SCOPE];
  const granted = await localPost(`${baseUrl}/__local/google-grants`, { body: { email, scopes } }, baseUrl);
  if (granted.status === 404) {
    const { message } = (await granted.json().catch(() => ({}))) as { message?: string };
    if (message?.startsWith('Unknown local hook')) {
      throw new CliError(`The local platform at ${baseUrl} cannot store a Google grant (no /__local/google-grants).`);
    }
    throw new CliError(`No seeded clinician ${email} on the local platform.`, EXIT.notFound);
  }
  if (!granted.ok) {
    throw new CliError(
      `The local platform could not store a Google grant for ${email} (${granted.status}); is it older than this CLI?`,
    );
  }
  return { stored: true, scopes: ((await granted.json()) as { scopes?: string[] }).scopes ?? scopes };
}

/** A call token for the signed-in clinician, from the call-token function, as the web app gets one. */
export async function localCallToken(baseUrl: string, accessToken: string): Promise<string> {
  const response = await localPost(
    `${baseUrl}${FUNCTIONS_PATH}/${FUNCTION_NAMES.callToken}`,
    { headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${accessToken}` } },
    baseUrl,
  );
  if (!response.ok) {
    await response.body?.cancel();
    throw new CliError(`The call-token function refused the session (${response.status}).`, EXIT.auth);
  }
  return ((await response.json()) as { callToken: string }).callToken;
}

/**
 * The clinician's part of a call as the web app plays it: a local session, the Google grant on the server,
 * and a call token for the assistant. The Supabase access token stays here; only the call token goes to
 * the assistant.
 */
export async function localClinician(
  baseUrl: string,
  email: string,
  options: { write?: boolean } = {},
): Promise<{ callToken: string; grantStored: boolean; scopes: string[] }> {
  const accessToken = await localAccessToken(baseUrl, email);
  const grant = await ensureLocalGoogleGrant(baseUrl, email, accessToken, options);
  return { callToken: await localCallToken(baseUrl, accessToken), grantStored: grant.stored, scopes: grant.scopes };
}

/**
 * Answers from the local assistant over its chat endpoint (the public key as Bearer, as the web app), or
 * says it is offline. With a call token (in `assistantOverrides.variableValues`) the assistant answers from
 * that clinician's calendar; without one it asks to sign in first.
 */
export function localAnswerer(baseUrl: string | null, callToken: string | null, assistantId: string) {
  let previousChatId: string | undefined;
  return async (text: string): Promise<TurnAnswer> => {
    if (!baseUrl) return { text: '(assistant offline: start the local platform with `npm start` for real answers)' };
    try {
      const response = await fetch(`${baseUrl}/chat/web`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${LOCAL_VOICE_PUBLIC_KEY}` },
        body: JSON.stringify({
          assistantId,
          input: text,
          ...(callToken ? { assistantOverrides: { variableValues: { [CALL_TOKEN_VARIABLE]: callToken } } } : {}),
          ...(previousChatId ? { previousChatId } : {}),
        }),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return { text: `(assistant unavailable: HTTP ${response.status})` };
      }
      const chat = (await response.json()) as {
        id?: string;
        output?: Array<{ role?: string; content?: string; name?: string }>;
      };
      previousChatId = chat.id ?? previousChatId;
      const output = chat.output ?? [];
      return {
        text:
          output
            .filter((o) => o.role === 'assistant')
            .map((o) => o.content ?? '')
            .join(' ')
            .trim() || '(no answer)',
        toolResults: output
          .filter((o) => o.role === 'tool')
          .map((o) => ({ name: o.name ?? 'tool', result: o.content ?? '' })),
      };
    } catch {
      return { text: '(assistant offline: the local platform is not reachable)' };
    }
  };
}

export interface CallSimulation {
  events: SimulationEvent[];
  result: SimulationResult;
}

export async function runCallSimulation(opts: {
  assistantId: string;
  script: SimulationScript;
  failStage?: ReturnType<typeof parseStage>;
  bundleTimeouts?: number;
  answer: (text: string) => Promise<string | TurnAnswer>;
  onEvent?: (event: SimulationEvent) => void;
}): Promise<CallSimulation> {
  const events: SimulationEvent[] = [];
  const result = await simulateCall({
    assistantId: opts.assistantId,
    script: opts.script,
    failStage: opts.failStage,
    bundleTimeouts: opts.bundleTimeouts,
    answer: opts.answer,
    onEvent: (event) => {
      events.push(event);
      opts.onEvent?.(event);
    },
  });
  return { events, result };
}

/** The human report: stage timeline with durations, speaking events, the conversation and the end. */
export function formatSimulation(sim: CallSimulation): string {
  const lines: string[] = [];
  const at = (t: number) => `${(t / 1000).toFixed(2).padStart(7)} s`;
  lines.push('Start stages');
  for (const e of sim.events) {
    if (e.type !== 'call-start-progress') continue;
    const p = e.payload as { stage: string; status: string; durationMs?: number; metadata?: Record<string, unknown> };
    if (p.status === 'started') continue;
    const detail = p.metadata?.action ? `  (${String(p.metadata.action)})` : '';
    lines.push(`  ${p.stage.padEnd(28)} ${p.status.padEnd(9)} ${String(p.durationMs ?? 0).padStart(6)} ms${detail}`);
  }
  lines.push('', 'Events');
  for (const e of sim.events) {
    if (
      [
        'call-start',
        'call-end',
        'speech-start',
        'speech-end',
        'call-start-success',
        'call-start-failed',
        'error',
      ].includes(e.type)
    ) {
      const payload = e.payload as Record<string, unknown> | undefined;
      const extra =
        e.type === 'error'
          ? ` ${String(payload?.type)}: ${String((payload?.error as { message?: string } | undefined)?.message ?? '')}`
          : e.type === 'call-start-failed'
            ? ` at ${String(payload?.stage)}: ${String(payload?.error)}`
            : '';
      lines.push(`  ${at(e.t)}  ${e.type}${extra}`);
    } else if (e.type === 'video-client-state') {
      lines.push(`  ${at(e.t)}  video client → ${(e.payload as { state: string }).state}`);
    } else if (e.type === 'turn') {
      const turn = e.payload as { role: string; text: string };
      lines.push(`  ${at(e.t)}  ${turn.role === 'user' ? 'you      ' : 'assistant'}: ${turn.text}`);
    } else if (e.type === 'message') {
      const message = e.payload as { type?: string; toolCallResult?: { name?: string; result?: string } };
      if (message.type !== 'tool-calls-result') continue;
      const result = parseToolResult(message.toolCallResult?.result);
      const status = result ? `${result.status}${result.calendarChanged ? ' (calendar changed)' : ''}` : 'error';
      lines.push(`  ${at(e.t)}  tool     : ${message.toolCallResult?.name ?? '?'} → ${status}`);
    }
  }
  const peak = Math.max(0, ...sim.events.filter((e) => e.type === 'volume-level').map((e) => Number(e.payload)));
  lines.push('');
  lines.push(
    sim.result.ok
      ? `Call ${sim.result.callId} ended: ${sim.result.endedReason ?? 'unknown'} after ${(sim.result.simulatedMs / 1000).toFixed(1)} s simulated (peak volume ${peak.toFixed(2)})`
      : `Call failed to start at ${sim.result.failedStage ?? 'an unknown stage'}`,
  );
  return lines.join('\n');
}
