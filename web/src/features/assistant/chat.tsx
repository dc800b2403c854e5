// The conversation with the assistant: the transcript of chat and voice (role and text, always as text,
// never HTML), an input with a Send button; new messages are announced (role="log" is aria-live polite).
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { TranscriptMessage } from '../../../../machines/conversation/index.ts';

export interface ChatProps {
  messages: readonly TranscriptMessage[];
  busy: boolean;
  error: string | null;
  onSend(text: string): void;
}

export function Chat({ messages, busy, error, onSend }: ChatProps) {
  const [text, setText] = useState('');
  const inputId = useId();
  const titleId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const log = logRef.current;
    if (log && messages.length > 0 && typeof log.scrollTo === 'function') {
      log.scrollTo({ top: log.scrollHeight });
    }
  }, [messages.length]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || busy) return;
    onSend(content);
    setText('');
    // Send disables itself until the next question: keep focus in the message box, not on <body>.
    inputRef.current?.focus();
  };
  return (
    <section className="assistant-chat" aria-labelledby={titleId}>
      <h3 id={titleId}>Conversation</h3>
      {/* A scrollable log: focusable so keyboard users can scroll it. */}
      <div
        ref={logRef}
        className="chat-log"
        role="log"
        aria-live="polite"
        aria-label="Conversation with the assistant"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region must be reachable by keyboard (axe)
        tabIndex={0}
      >
        {messages.map((message) => (
          <div key={message.id} className={`chat-msg chat-msg--${message.role}`} data-role={message.role}>
            <span className="chat-msg__role">
              {message.role === 'user' ? 'You' : 'Assistant'}
              {message.via === 'voice' ? ' (voice)' : ''}
            </span>
            <p className="chat-msg__text">{message.text}</p>
          </div>
        ))}
      </div>
      {messages.length === 0 && <p className="chat-log__empty">Ask by voice, type below, or pick an example.</p>}
      {busy && <p className="chat-log__busy">Assistant is thinking...</p>}
      {error && (
        <p className="chat-error" role="alert">
          {error}
        </p>
      )}
      <form className="chat-form" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          Message to the assistant
        </label>
        <input
          ref={inputRef}
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Ask about your visits, route or travel time"
          autoComplete="off"
          maxLength={2000}
        />
        <button type="submit" className="button button--primary" disabled={busy || !text.trim()}>
          Send
        </button>
      </form>
    </section>
  );
}
