// The conversation the voice platform sends with a tool call (`message.artifact.messages`: user, bot, system,
// tool_calls and tool_call_result messages, in order), read for two facts the confirmation rules need: did the
// clinician speak after a proposal, and has a change already been made since the clinician last spoke. Only
// the platform writes this list (the model cannot add a user turn to it), so it is evidence the model's
// arguments are not. The local stand-in sends user and bot messages only; the OpenAI-style roles
// (`assistant` with tool_calls, `tool`) are read too.
import { parseToolResult } from './contract.ts';

export type ConversationEntry =
  | { kind: 'user' }
  | { kind: 'tool_calls'; ids: string[] }
  | { kind: 'tool_result'; id: string; name: string | null; result: unknown }
  | { kind: 'other' };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function entryOf(raw: unknown): ConversationEntry {
  if (!isObject(raw)) return { kind: 'other' };
  if (raw.role === 'user') return { kind: 'user' };
  const calls = raw.toolCalls ?? raw.tool_calls;
  if (Array.isArray(calls)) {
    const ids = calls.map((c) => (isObject(c) && typeof c.id === 'string' ? c.id : null));
    return { kind: 'tool_calls', ids: ids.filter((id): id is string => id !== null) };
  }
  const id = raw.toolCallId ?? raw.tool_call_id;
  if ((raw.role === 'tool_call_result' || raw.role === 'tool') && typeof id === 'string') {
    return {
      kind: 'tool_result',
      id,
      name: typeof raw.name === 'string' ? raw.name : null,
      result: raw.result ?? raw.content,
    };
  }
  return { kind: 'other' };
}

/** The conversation sent with a server message, or null when none was sent. */
export function conversationOf(message: Json): ConversationEntry[] | null {
  const artifact = isObject(message.artifact) ? message.artifact : null;
  const messages = artifact && Array.isArray(artifact.messages) ? artifact.messages : null;
  return messages?.length ? messages.map(entryOf) : null;
}

export function userTurns(conversation: readonly ConversationEntry[]): number {
  return conversation.filter((e) => e.kind === 'user').length;
}

const mentions = (entry: ConversationEntry, id: string): boolean =>
  (entry.kind === 'tool_calls' && entry.ids.includes(id)) || (entry.kind === 'tool_result' && entry.id === id);

/** Whether a user turn follows the tool call `id` (its call or its result); null when the call is not in it. */
export function userSpokeAfter(conversation: readonly ConversationEntry[], id: string): boolean | null {
  const last = conversation.findLastIndex((e) => mentions(e, id));
  if (last < 0) return null;
  return conversation.slice(last + 1).some((e) => e.kind === 'user');
}

/**
 * Whether a change was made since the clinician last spoke: a result of one of `changeTools` that says it
 * changed something (status done, not "already so"). Results of the calls in `exclude` (the message being
 * answered, which the platform may already list) do not count.
 */
export function changedSinceUserSpoke(
  conversation: readonly ConversationEntry[],
  isChangeTool: (name: string) => boolean,
  exclude: ReadonlySet<string> = new Set(),
): boolean {
  const lastUser = conversation.findLastIndex((e) => e.kind === 'user');
  for (const entry of conversation.slice(lastUser + 1)) {
    if (entry.kind !== 'tool_result' || exclude.has(entry.id)) continue;
    if (entry.name !== null && !isChangeTool(entry.name)) continue;
    const result = parseToolResult(entry.result);
    if (result?.status === 'done' && result.calendarChanged !== false) return true;
  }
  return false;
}
