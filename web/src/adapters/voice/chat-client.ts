// The text chat with the assistant: the voice platform's web chat endpoint, `POST {base}/chat/web` with
// the public key as Bearer and `{assistantId, input, assistantOverrides: {variableValues: {<call token>}},
// sessionId?}` → `{id, sessionId, output: [{role, content}]}` (CreateWebChatDTO / WebChat). The call
// token tells the tools server which clinician asks; no Supabase or Google token is ever sent. On the
// local platform the same endpoint on the page's origin with the local public key (which answers no
// sessionId: the conversation continues by `previousChatId` there). The turn's tool results (`role:
// 'tool'` items, each `content` a tool result string) come back with the answer for the dashboard.
import { callTokenOverrides, type GetCallToken } from '../call-token.ts';

export interface ChatReply {
  id: string;
  text: string;
  /** This turn's tool results (core/assistant/contract.ts ToolResult JSON strings), oldest first. */
  toolResults: string[];
}

export interface ChatClient {
  /** Sends what the user typed; resolves the assistant's answer (the conversation continues). */
  send(input: string, signal?: AbortSignal): Promise<ChatReply>;
  reset(): void;
}

export interface ChatClientOptions {
  mode: 'vapi' | 'local';
  apiBaseUrl: string;
  publicKey: string | null;
  assistantId: string | null;
  /** The clinician's call token (null when signed out: the chat goes without one). */
  getCallToken?: GetCallToken;
  fetch?: typeof fetch;
}

export const CHAT_UNAVAILABLE_MESSAGE = 'Chat is not configured: the voice-AI public key or assistant id is missing.';

export class ChatError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ChatError';
  }
}

function messageOf(body: unknown, status: number): string {
  const record = (body ?? {}) as { message?: unknown; error?: unknown };
  if (Array.isArray(record.message)) return record.message.join('; ');
  if (typeof record.message === 'string') return record.message;
  if (typeof record.error === 'string') return record.error;
  return `The assistant answered ${status}`;
}

const NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';

type ChatMessage = { role?: unknown; content?: unknown; tool_call_id?: unknown };

/**
 * The tool results of this turn: `role: 'tool'` items of `output`, and of `messages` after its last user
 * message (earlier ones belong to earlier turns), each once (by tool_call_id).
 */
export function turnToolResults(body: { output?: unknown; messages?: unknown }): string[] {
  const output = Array.isArray(body.output) ? (body.output as ChatMessage[]) : [];
  const messages = Array.isArray(body.messages) ? (body.messages as ChatMessage[]) : [];
  const lastUser = messages.findLastIndex((m) => m?.role === 'user');
  const results: string[] = [];
  const seen = new Set<string>();
  for (const message of [...messages.slice(lastUser + 1), ...output]) {
    if (message?.role !== 'tool' || typeof message.content !== 'string') continue;
    const id = typeof message.tool_call_id === 'string' ? message.tool_call_id : null;
    if (id !== null) {
      if (seen.has(id)) continue;
      seen.add(id);
    }
    results.push(message.content);
  }
  return results;
}

export function createChatClient(options: ChatClientOptions): ChatClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  /** How the conversation continues: the platform's session, or (local platform) the previous chat. */
  let sessionId: string | null = null;
  let previousChatId: string | null = null;
  return {
    async send(input, signal) {
      if (!options.publicKey || !options.assistantId) throw new ChatError(CHAT_UNAVAILABLE_MESSAGE, null);
      let assistantOverrides: ReturnType<typeof callTokenOverrides>;
      try {
        assistantOverrides = callTokenOverrides((await options.getCallToken?.()) ?? null);
      } catch (error) {
        if (error instanceof TypeError) throw new ChatError(NETWORK_MESSAGE, null);
        throw new ChatError(error instanceof Error ? error.message : String(error), null);
      }
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${options.publicKey}`,
      };
      const body: Record<string, unknown> = { assistantId: options.assistantId, input };
      if (assistantOverrides) body.assistantOverrides = assistantOverrides;
      if (sessionId) body.sessionId = sessionId;
      else if (previousChatId) body.previousChatId = previousChatId;
      let response: Response;
      try {
        response = await doFetch(`${options.apiBaseUrl}/chat/web`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal,
        });
      } catch (error) {
        if ((error as { name?: string }).name === 'AbortError') throw error;
        throw new ChatError(NETWORK_MESSAGE, null);
      }
      const json = (await response.json().catch(() => null)) as {
        id?: unknown;
        sessionId?: unknown;
        output?: unknown;
        messages?: unknown;
      } | null;
      if (!response.ok || !json) throw new ChatError(messageOf(json, response.status), response.status);
      if (typeof json.sessionId === 'string' && json.sessionId) sessionId = json.sessionId;
      if (typeof json.id === 'string') previousChatId = json.id;
      const output = Array.isArray(json.output) ? (json.output as ChatMessage[]) : [];
      const text = output
        .filter((m) => m?.role === 'assistant' && typeof m.content === 'string' && m.content)
        .map((m) => m.content as string)
        .join('\n');
      return { id: String(json.id ?? ''), text, toolResults: turnToolResults(json) };
    },
    reset() {
      sessionId = null;
      previousChatId = null;
    },
  };
}
