// Types of the conversation machine: one transcript of chat turns and the voice call's final transcripts, what a
// chat turn answers, and what the face provides to send one.

/** One line of the transcript (shown as text, never as HTML). */
export interface TranscriptMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  via: 'chat' | 'voice';
}

/** What a chat turn answered: the assistant's text and this turn's tool results (ToolResult JSON strings). */
export interface ChatAnswer {
  text: string;
  toolResults: readonly string[];
}

export interface ConversationContext {
  messages: TranscriptMessage[];
  /** Why the last question got no answer (shown under the transcript), or null. */
  error: string | null;
  /** The question being answered. */
  pending: string | null;
}

export type ConversationEvent =
  /** The clinician asks in the chat (typed, or an example phrase). */
  | { type: 'chat.ask'; text: string }
  /** A final transcript of the voice call (either side). */
  | { type: 'voice.transcript'; role: 'user' | 'assistant'; text: string }
  /** A voice tool call's result (a `tool-calls-result` client message). */
  | { type: 'voice.toolResult'; result: string };

/** What the machine tells its face: what the assistant's tools did, for the dashboard (calendar changed, …). */
export type ConversationEmitted = { type: 'toolResults'; results: readonly string[] };

/** What a face provides: the chat client's send (aborted when the answer is given up). */
export interface ConversationPorts {
  send(text: string, signal: AbortSignal): Promise<ChatAnswer>;
}
