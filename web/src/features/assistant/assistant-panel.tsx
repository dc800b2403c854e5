// "Your AI Assistant" (spec §2): badge, the voice widget in its 300 px slot, the text chat beside it
// (one transcript for voice and chat), the "AI Assistant Ready" note and the six example phrases, which
// ask themselves in the chat. The voice client (and @vapi-ai/web) loads only when a call starts.
import { useState } from 'react';
import { type AssistantServices, browserAssistantServices } from './assistant-services.ts';
import { Chat } from './chat.tsx';
import { useConversation } from './use-conversation.ts';
import { VoiceWidget } from './voice-widget.tsx';
import './assistant.css';

export const EXAMPLE_PHRASES = [
  'What are my appointments tomorrow?',
  'Schedule a home visit with a new patient on Friday at 10 am.',
  'Reschedule my therapy session to Thursday afternoon.',
  'Optimize my route for tomorrow.',
  'What is the best order for Tuesday’s patients?',
  'Add travel time between my 9 am and 11 am visits.',
] as const;

export function AssistantPanel({ services }: { services?: AssistantServices } = {}) {
  const [{ voice, face, chat }] = useState(() => services ?? browserAssistantServices());
  const conversation = useConversation(chat, face);
  return (
    <section className="card panel assistant-panel" aria-labelledby="assistant-title">
      <div className="panel__header">
        <h2 id="assistant-title">Your AI Assistant</h2>
        <span className="badge">Voice &amp; Chat Enabled</span>
      </div>
      <div className="voice-widget-slot" data-testid="voice-widget-slot">
        <VoiceWidget face={face} publicKey={voice.publicKey} assistantId={voice.assistantId} />
      </div>
      <Chat
        messages={conversation.messages}
        busy={conversation.busy}
        error={conversation.error}
        onSend={(text) => void conversation.ask(text)}
      />
      <div className="assistant-note">
        <h3>AI Assistant Ready</h3>
        <p>Your assistant can add appointments, reschedule visits and answer questions about your calendar.</p>
      </div>
      <div className="assistant-examples">
        <h3>Try asking</h3>
        <ul>
          {EXAMPLE_PHRASES.map((phrase) => (
            <li key={phrase}>
              <button
                type="button"
                className="example-phrase"
                disabled={conversation.busy}
                onClick={() => void conversation.ask(phrase)}
              >
                “{phrase}”
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
