// The conversation with the assistant: the transcript of chat and voice (role and text, always as text,
// never HTML), an input with a Send button; new messages are announced (role="log" is aria-live polite).
// What the people said is shown as said; the machines' own texts (errors, "(no answer)") in the dashboard's language.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { CONVERSATION_MESSAGES, type TranscriptMessage } from '../../../../machines/conversation/index.ts';
import { useT } from '../../i18n/use-t.ts';
import { assistantText } from './assistant-texts.ts';

export interface ChatProps {
  messages: readonly TranscriptMessage[];
  busy: boolean;
  error: string | null;
  onSend(text: string): void;
}

export function Chat({ messages, busy, error, onSend }: ChatProps) {
  const t = useT();
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
      <h3 id={titleId}>{t('assistant.chat.title')}</h3>
      {/* A scrollable log: focusable so keyboard users can scroll it. */}
      <div
        ref={logRef}
        className="chat-log"
        role="log"
        aria-live="polite"
        aria-label={t('assistant.chat.log')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region must be reachable by keyboard (axe)
        tabIndex={0}
      >
        {messages.map((message) => (
          <div key={message.id} className={`chat-msg chat-msg--${message.role}`} data-role={message.role}>
            <span className="chat-msg__role">
              {message.role === 'user'
                ? t(message.via === 'voice' ? 'assistant.chat.youByVoice' : 'assistant.chat.you')
                : t(message.via === 'voice' ? 'assistant.chat.assistantByVoice' : 'assistant.chat.assistant')}
            </span>
            <p className="chat-msg__text">
              {message.role === 'assistant' && message.text === CONVERSATION_MESSAGES.noAnswer
                ? t('machines.conversation.noAnswer')
                : message.text}
            </p>
          </div>
        ))}
      </div>
      {messages.length === 0 && <p className="chat-log__empty">{t('assistant.chat.empty')}</p>}
      {busy && <p className="chat-log__busy">{t('assistant.chat.thinking')}</p>}
      {error && (
        <p className="chat-error" role="alert">
          {assistantText(t, error)}
        </p>
      )}
      <form className="chat-form" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('assistant.chat.inputLabel')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('assistant.chat.placeholder')}
          autoComplete="off"
          maxLength={2000}
        />
        <button type="submit" className="button button--primary" disabled={busy || !text.trim()}>
          {t('assistant.chat.send')}
        </button>
      </form>
    </section>
  );
}
