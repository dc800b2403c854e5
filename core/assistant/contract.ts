// The assistant backend's contract, shared by the tools server (supabase/functions/assistant-tools),
// the local voice platform's language-understanding stand-in, the web app and the CLI's template:
// the tool names, the shape of every tool result, the assistant-overrides variable that carries the
// call token, and the Edge Function names. Pure constants and types, no I/O.

/** Edge Function names: production serves them at `{SUPABASE_URL}/functions/v1/<name>`, the local platform at the same path. */
export const FUNCTION_NAMES = {
  assistantTools: 'assistant-tools',
  googleToken: 'google-token',
  callToken: 'call-token',
} as const;

export const FUNCTIONS_PATH = '/functions/v1';

/** The assistant-overrides variable (`assistantOverrides.variableValues[CALL_TOKEN_VARIABLE]`) with the call token. */
export const CALL_TOKEN_VARIABLE = 'homeroundsCallToken';

/** The scheduling tools the assistant may call (function tools on the voice platform). */
export const READ_TOOLS = [
  'list_visits',
  'find_visit',
  'summarize_days',
  'find_free_slots',
  'optimize_route',
  'drive_time',
  'patient_details',
  'confirmation_status',
] as const;
export const WRITE_TOOLS = ['book_visit', 'move_visit', 'cancel_visit'] as const;
/** Tools that change the clinician's patient list (HomeRounds' database, not the calendar). */
export const PATIENT_TOOLS = ['update_patient'] as const;
export type ReadToolName = (typeof READ_TOOLS)[number];
export type WriteToolName = (typeof WRITE_TOOLS)[number];
export type PatientToolName = (typeof PATIENT_TOOLS)[number];
export type ToolName = ReadToolName | WriteToolName | PatientToolName;
export const TOOL_NAMES: readonly ToolName[] = [...READ_TOOLS, ...WRITE_TOOLS, ...PATIENT_TOOLS];

export function isToolName(name: unknown): name is ToolName {
  return typeof name === 'string' && (TOOL_NAMES as readonly string[]).includes(name);
}
export function isWriteTool(name: unknown): name is WriteToolName {
  return typeof name === 'string' && (WRITE_TOOLS as readonly string[]).includes(name);
}

/**
 * What a tool answered. Serialised as JSON into the webhook's `result` string, so the hosted model, the
 * local stand-in and the web app read the same thing. `say` is a complete, true sentence the assistant
 * may speak as it is; the other fields are the facts behind it.
 * - `answer`: facts read from the calendar;
 * - `proposal`: a change not yet made (a write tool called without `confirm: true`);
 * - `done`: the calendar was changed (or already was as asked: a repeated confirmation writes once);
 * - `needs_write_access`: the clinician has not allowed calendar changes yet (nothing was changed);
 * - `needs_sign_in`: Google access is gone (revoked or never granted): the clinician must sign in again;
 * - `not_found` / `ambiguous` / `invalid`: the request could not be matched; `say` asks back or explains;
 * - `confirmation_required`: a confirmation without the proposal's token, or without the clinician's turn
 *   after it, or a second change in one turn: nothing was changed (core/assistant/confirm-gate.ts);
 * - `conflict` / `not_allowed` / `unavailable`: the calendar refused (a clash, a change it does not allow) or
 *   Google could not answer; `say` tells which (core/assistant/tool-failure.ts).
 */
export type ToolStatus =
  | 'answer'
  | 'proposal'
  | 'done'
  | 'needs_write_access'
  | 'needs_sign_in'
  | 'not_found'
  | 'ambiguous'
  | 'invalid'
  | 'confirmation_required'
  | 'conflict'
  | 'not_allowed'
  | 'unavailable';

export interface ToolResult {
  status: ToolStatus;
  say: string;
  /** True only when this call changed the calendar (the dashboard reloads). */
  calendarChanged?: boolean;
  [fact: string]: unknown;
}

/** What the web app learns from a turn's tool results (each the `result` string a tool returned). */
export interface CalendarSignals {
  changed: boolean;
  needsWriteAccess: boolean;
  needsSignIn: boolean;
}

export function parseToolResult(result: unknown): ToolResult | null {
  if (typeof result !== 'string') return null;
  try {
    const parsed = JSON.parse(result) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const record = parsed as Record<string, unknown>;
    return typeof record.status === 'string' && typeof record.say === 'string' ? (record as ToolResult) : null;
  } catch {
    return null;
  }
}

export function calendarSignals(results: readonly unknown[]): CalendarSignals {
  const signals: CalendarSignals = { changed: false, needsWriteAccess: false, needsSignIn: false };
  for (const raw of results) {
    const result = parseToolResult(raw);
    if (!result) continue;
    if (result.calendarChanged === true) signals.changed = true;
    if (result.status === 'needs_write_access') signals.needsWriteAccess = true;
    if (result.status === 'needs_sign_in') signals.needsSignIn = true;
  }
  return signals;
}
