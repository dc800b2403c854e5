// The conversation machine's public names. Its model (test data for path generation) is not here: machines/registry.ts
// and the tests import it directly, so it never reaches a production bundle.
export { createConversationActors } from './conversation.actors.ts';
export { CHAT_ANSWER_TIMEOUT_MS, CONVERSATION_MESSAGES, conversationMachine } from './conversation.machine.ts';
export * from './conversation.types.ts';
export * from './conversation.view.ts';
