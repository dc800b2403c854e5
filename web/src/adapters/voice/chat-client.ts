// The text chat with the assistant: the voice platform's web chat endpoint, `POST {base}/chat/web` with
// the public key as Bearer and `{assistantId, input, previousChatId?}` → `{id, output: [{role, content}]}`.
// On the local platform the same endpoint on the page's origin; there the Bearer is the user's access
// token (the local assistant answers from that clinician's calendar), or the public key when signed out.

export interface ChatReply {
  id: string;
  text: string;
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
  getAccessToken?: () => string | null;
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

export function createChatClient(options: ChatClientOptions): ChatClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let previousChatId: string | null = null;
  return {
    async send(input, signal) {
      if (!options.publicKey || !options.assistantId) throw new ChatError(CHAT_UNAVAILABLE_MESSAGE, null);
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      const token = options.mode === 'local' ? (options.getAccessToken?.() ?? null) : null;
      headers.Authorization = `Bearer ${token ?? options.publicKey}`;
      const body: Record<string, unknown> = { assistantId: options.assistantId, input };
      if (previousChatId) body.previousChatId = previousChatId;
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
        throw new ChatError('Network error. Please check your connection and try again.', null);
      }
      const json = (await response.json().catch(() => null)) as {
        id?: unknown;
        output?: Array<{ role?: unknown; content?: unknown }>;
      } | null;
      if (!response.ok || !json) throw new ChatError(messageOf(json, response.status), response.status);
      if (typeof json.id === 'string') previousChatId = json.id;
      const text = (json.output ?? [])
        .filter((m) => m.role === 'assistant' && typeof m.content === 'string')
        .map((m) => m.content as string)
        .join('\n');
      return { id: String(json.id ?? ''), text };
    },
    reset() {
      previousChatId = null;
    },
  };
}
