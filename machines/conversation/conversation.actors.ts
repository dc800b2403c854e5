// Builds the conversation machine's actors from a face's ports; the machine's abort signal reaches the chat request.
import { fromPromise } from 'xstate';
import type { ChatAnswer, ConversationPorts } from './conversation.types.ts';

export function createConversationActors(ports: ConversationPorts) {
  return {
    sendChat: fromPromise<ChatAnswer, { text: string }>(({ input, signal }) => ports.send(input.text, signal)),
  };
}
