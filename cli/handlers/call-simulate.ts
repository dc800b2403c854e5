// `homerounds call simulate`: runs a call through the real call-session and video-client machines with
// the simulated client. Conversation turns are answered by the local assistant when the local platform
// is reachable (POST /chat/web), otherwise marked offline. Returns data; the command prints it.
import {
  CALL_START_STAGES,
  type SimulationEvent,
  type SimulationResult,
  type SimulationScript,
  simulateCall,
} from '../adapters/call-simulator.ts';
import { CliError, EXIT, usageError } from '../errors.ts';
import { readDocumentFile } from './input.ts';

export const DEFAULT_TURNS = ['What are my appointments tomorrow?', "Optimise tomorrow's route"];

export async function readScript(file: string | undefined): Promise<SimulationScript> {
  if (!file) return { turns: DEFAULT_TURNS };
  const raw = await readDocumentFile(file);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw usageError(`${file} must hold an object`);
  const script = raw as Record<string, unknown>;
  const problems: string[] = [];
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

/** A signed-in session for a seeded clinician, minted by the local platform (its /__local/sessions hook). */
export async function localAccessToken(baseUrl: string, email: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/__local/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
  } catch {
    throw new CliError(
      `The local platform is not reachable at ${baseUrl}. Start it with \`npm start\`, or use --offline.`,
    );
  }
  if (response.status === 404) throw new CliError(`No seeded clinician ${email} on the local platform.`, EXIT.notFound);
  if (!response.ok) throw new CliError(`The local platform refused a session (${response.status}).`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Answers from the local assistant over its chat endpoint, or says it is offline. With an access token the
 * assistant answers from that clinician's calendar; with only the public key it asks to sign in.
 */
export function localAnswerer(baseUrl: string | null, bearer: string, assistantId: string) {
  let previousChatId: string | undefined;
  return async (text: string): Promise<string> => {
    if (!baseUrl) return '(assistant offline: start the local platform with `npm start` for real answers)';
    try {
      const response = await fetch(`${baseUrl}/chat/web`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body: JSON.stringify({ assistantId, input: text, ...(previousChatId ? { previousChatId } : {}) }),
      });
      if (!response.ok) return `(assistant unavailable: HTTP ${response.status})`;
      const chat = (await response.json()) as { id?: string; output?: Array<{ role?: string; content?: string }> };
      previousChatId = chat.id ?? previousChatId;
      return (
        chat.output
          ?.map((o) => o.content ?? '')
          .join(' ')
          .trim() || '(no answer)'
      );
    } catch {
      return '(assistant offline: the local platform is not reachable)';
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
  answer: (text: string) => Promise<string>;
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
