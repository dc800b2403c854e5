// Conversation: the assistant panel's transcript. A chat question is sent and answered one at a time (a second
// question waits for the Send button to come back); an answer that has not come after a minute is given up (the
// request is aborted) and said. The voice call's final transcripts join the same transcript at any time, and the
// tool results of both — a chat answer's and a voice tool call's — are emitted for the dashboard.
import { assertEvent, assign, emit, enqueueActions, setup } from 'xstate';
import { errorMessage, notProvidedPromise } from '../shared/not-provided.ts';
import type {
  ChatAnswer,
  ConversationContext,
  ConversationEmitted,
  ConversationEvent,
  TranscriptMessage,
} from './conversation.types.ts';

/** A chat answer still missing after this long is given up. */
export const CHAT_ANSWER_TIMEOUT_MS = 60_000;

export const CONVERSATION_MESSAGES = {
  noAnswer: '(no answer)',
  timedOut: 'The assistant did not answer within a minute. Please try again.',
} as const;

export const conversationMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only; nothing reads them at run time.
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
    emitted: {} as ConversationEmitted,
  },
  actors: {
    sendChat: notProvidedPromise<ChatAnswer, { text: string }>('sendChat'),
  },
  guards: {
    /** Blank questions are not sent. */
    hasQuestion: ({ event }) => {
      assertEvent(event, 'chat.ask');
      return event.text.trim().length > 0;
    },
    hasText: ({ event }) => {
      assertEvent(event, 'voice.transcript');
      return event.text.trim().length > 0;
    },
  },
  actions: {
    addVoiceLine: assign({
      messages: ({ context, event }) => {
        assertEvent(event, 'voice.transcript');
        return appended(context.messages, event.role, event.text.trim(), 'voice');
      },
    }),
    emitVoiceResult: emit(({ event }) => {
      assertEvent(event, 'voice.toolResult');
      return { type: 'toolResults' as const, results: [event.result] };
    }),
  },
  delays: { answerTimeout: CHAT_ANSWER_TIMEOUT_MS },
}).createMachine({
  id: 'conversation',
  context: { messages: [], error: null, pending: null },
  on: {
    'voice.transcript': { guard: 'hasText', actions: 'addVoiceLine' },
    'voice.toolResult': { actions: 'emitVoiceResult' },
  },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'chat.ask': {
          guard: 'hasQuestion',
          target: 'answering',
          actions: assign(({ context, event }) => ({
            messages: appended(context.messages, 'user', event.text.trim(), 'chat'),
            pending: event.text.trim(),
            error: null,
          })),
        },
      },
    },
    answering: {
      tags: ['busy'],
      invoke: {
        id: 'sendChat',
        src: 'sendChat',
        // Stryker disable next-line StringLiteral: entered only from chat.ask, which sets the pending question.
        input: ({ context }) => ({ text: context.pending ?? '' }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({
              messages: appended(
                context.messages,
                'assistant',
                event.output.text || CONVERSATION_MESSAGES.noAnswer,
                'chat',
              ),
              pending: null,
            })),
            // Only a turn whose tools ran has results to tell the dashboard.
            enqueueActions(({ event, enqueue }) => {
              if (event.output.toolResults.length > 0) {
                enqueue.emit({ type: 'toolResults', results: event.output.toolResults });
              }
            }),
          ],
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ error: errorMessage(event.error), pending: null })),
        },
      },
      after: {
        answerTimeout: { target: 'ready', actions: assign({ error: CONVERSATION_MESSAGES.timedOut, pending: null }) },
      },
    },
  },
});

/** The transcript with one more line; ids follow the transcript's length, so they stay unique and stable. */
function appended(
  messages: TranscriptMessage[],
  role: TranscriptMessage['role'],
  text: string,
  via: TranscriptMessage['via'],
): TranscriptMessage[] {
  return [...messages, { id: `m${messages.length + 1}`, role, text, via }];
}
