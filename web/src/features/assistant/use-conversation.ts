// The panel's conversation, run by the conversation machine (machines/conversation): chat turns through the chat
// client, and the voice call's final transcripts (the client's `message` events), in one transcript. The tool
// results of both — a voice `tool-calls-result` client message, a chat answer's `role: 'tool'` items — go to
// `onToolResults`, so the panel can tell the dashboard what the assistant did to the calendar.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import {
  conversationMachine,
  createConversationActors,
  toConversationView,
} from '../../../../machines/conversation/index.ts';
import type { ChatClient } from '../../adapters/voice/chat-client.ts';
import type { VoiceClient } from '../../adapters/voice/voice-client.ts';
import type { VoiceWidgetFace } from '../../adapters/voice/widget-ports.ts';

/** Tool result strings (core/assistant/contract.ts ToolResult JSON) of one turn or one voice tool call. */
export type ToolResultsListener = (results: readonly string[]) => void;

/** The result string of a voice `tool-calls-result` client message, or null for any other message. */
export function voiceToolResult(message: Record<string, unknown>): string | null {
  if (message.type !== 'tool-calls-result') return null;
  const result = (message.toolCallResult as { result?: unknown } | undefined)?.result;
  return typeof result === 'string' ? result : null;
}

export function useConversation(chat: ChatClient, face: VoiceWidgetFace, onToolResults?: ToolResultsListener) {
  const actor = useActorRef(
    conversationMachine.provide({
      actors: createConversationActors({ send: (text, signal) => chat.send(text, signal) }),
    }),
  );
  const view = useSelector(actor, toConversationView);
  // The latest listener, without re-subscribing when it changes.
  const toolResults = useRef(onToolResults);
  toolResults.current = onToolResults;

  useEffect(() => {
    const subscription = actor.on('toolResults', (event) => toolResults.current?.(event.results));
    return () => subscription.unsubscribe();
  }, [actor]);

  useEffect(() => {
    let attached: VoiceClient | null = null;
    const onMessage = (message: Record<string, unknown>) => {
      const result = voiceToolResult(message);
      if (result !== null) {
        actor.send({ type: 'voice.toolResult', result });
        return;
      }
      if (message.type !== 'transcript' || message.transcriptType !== 'final') return;
      const role = message.role;
      const text = typeof message.transcript === 'string' ? message.transcript : '';
      if (role === 'user' || role === 'assistant') actor.send({ type: 'voice.transcript', role, text });
    };
    const unsubscribe = face.onClient((client) => {
      attached = client;
      client.on('message', onMessage);
    });
    return () => {
      unsubscribe();
      attached?.off('message', onMessage);
    };
  }, [face, actor]);

  const ask = useCallback((text: string) => actor.send({ type: 'chat.ask', text }), [actor]);

  return { ...view, ask };
}
