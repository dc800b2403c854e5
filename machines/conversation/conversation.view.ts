// What the assistant panel shows of the conversation: the transcript, "Assistant is thinking...", the last error.
import type { SnapshotFrom } from 'xstate';
import type { conversationMachine } from './conversation.machine.ts';
import type { TranscriptMessage } from './conversation.types.ts';

export interface ConversationView {
  messages: readonly TranscriptMessage[];
  /** A chat question is being answered: Send and the example phrases wait. */
  busy: boolean;
  error: string | null;
}

export function toConversationView(snapshot: SnapshotFrom<typeof conversationMachine>): ConversationView {
  const { messages, error } = snapshot.context;
  return { messages, busy: snapshot.hasTag('busy'), error };
}
