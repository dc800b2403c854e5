// The panel's conversation: chat turns (through the chat client) and the voice call's final
// transcripts (the client's `message` events), in one transcript.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatClient } from '../../adapters/voice/chat-client.ts';
import type { VoiceClient } from '../../adapters/voice/voice-client.ts';
import type { VoiceWidgetFace } from '../../adapters/voice/widget-ports.ts';
import type { TranscriptMessage } from './chat.tsx';

export function useConversation(chat: ChatClient, face: VoiceWidgetFace) {
  const [messages, setMessages] = useState<TranscriptMessage[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nextId = useRef(0);
  const mounted = useRef(true);

  const add = useCallback((role: TranscriptMessage['role'], text: string, via: TranscriptMessage['via']) => {
    nextId.current += 1;
    const message: TranscriptMessage = { id: `m${nextId.current}`, role, text, via };
    setMessages((current) => [...current, message]);
  }, []);

  useEffect(() => {
    mounted.current = true;
    let attached: VoiceClient | null = null;
    const onMessage = (message: Record<string, unknown>) => {
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
        if (mounted.current) add('assistant', reply.text || '(no answer)', 'chat');
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
