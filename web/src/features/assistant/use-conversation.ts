// The panel's conversation: chat turns (through the chat client) and the voice call's final
// transcripts (the client's `message` events), in one transcript. The tool results of both — a voice
// `tool-calls-result` client message, a chat answer's `role: 'tool'` items — go to `onToolResults`, so
// the panel can tell the dashboard what the assistant did to the calendar.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatClient } from '../../adapters/voice/chat-client.ts';
import type { VoiceClient } from '../../adapters/voice/voice-client.ts';
import type { VoiceWidgetFace } from '../../adapters/voice/widget-ports.ts';
import type { TranscriptMessage } from './chat.tsx';

/** Tool result strings (core/assistant/contract.ts ToolResult JSON) of one turn or one voice tool call. */
export type ToolResultsListener = (results: readonly string[]) => void;

/** The result string of a voice `tool-calls-result` client message, or null for any other message. */
export function voiceToolResult(message: Record<string, unknown>): string | null {
  if (message.type !== 'tool-calls-result') return null;
  const result = (message.toolCallResult as { result?: unknown } | undefined)?.result;
  return typeof result === 'string' ? result : null;
}

export function useConversation(chat: ChatClient, face: VoiceWidgetFace, onToolResults?: ToolResultsListener) {
  const [messages, setMessages] = useState<TranscriptMessage[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nextId = useRef(0);
  const mounted = useRef(true);
  // The latest listener, without re-subscribing to the voice client when it changes.
  const toolResults = useRef(onToolResults);
  toolResults.current = onToolResults;

  const add = useCallback((role: TranscriptMessage['role'], text: string, via: TranscriptMessage['via']) => {
    nextId.current += 1;
    const message: TranscriptMessage = { id: `m${nextId.current}`, role, text, via };
    setMessages((current) => [...current, message]);
  }, []);

  useEffect(() => {
    mounted.current = true;
    let attached: VoiceClient | null = null;
    const onMessage = (message: Record<string, unknown>) => {
      const result = voiceToolResult(message);
      if (result !== null) {
        toolResults.current?.([result]);
        return;
      }
      if (message.type !== 'transcript' || message.transcriptType !== 'final') return;
      const role = message.role;
      const text = typeof message.transcript === 'string' ? message.transcript.trim() : '';
      if ((role === 'user' || role === 'assistant') && text) add(role, text, 'voice');
    };
    const unsubscribe = face.onClient((client) => {
      attached = client;
      client.on('message', onMessage);
    });
    return () => {
      mounted.current = false;
      unsubscribe();
      attached?.off('message', onMessage);
    };
  }, [face, add]);

  const ask = useCallback(
    async (text: string) => {
      add('user', text, 'chat');
      setBusy(true);
      setError(null);
      try {
        const reply = await chat.send(text);
        if (!mounted.current) return;
        add('assistant', reply.text || '(no answer)', 'chat');
        const results = reply.toolResults ?? [];
        if (results.length > 0) toolResults.current?.(results);
      } catch (caught) {
        if (mounted.current) setError(caught instanceof Error ? caught.message : String(caught));
      } finally {
        if (mounted.current) setBusy(false);
      }
    },
    [chat, add],
  );

  return { messages, busy, error, ask };
}
