// "Your AI Assistant" (spec §2): badge, the voice widget in its 300 px slot, the text chat beside it
// (one transcript for voice and chat), the "AI Assistant Ready" note and the six example phrases, which
// ask themselves in the chat. The voice client (and @vapi-ai/web) loads only when a call starts.
// What the assistant's tools did reaches the dashboard: a change to the calendar → `onCalendarChanged`
// (the schedule reloads); a change refused for lack of write access → "Allow calendar changes", which
// asks for the incremental consent (`writeAccess.onAllow`: the auth machine leaves for Google's consent page,
// or says why it could not). Its texts are in the dashboard's language; the example phrases ask in it too (the
// assistant answers in the language it hears).
import { useCallback, useState } from 'react';
import { calendarSignals } from '../../../../core/assistant/contract.ts';
import { WRITE_ACCESS_FAILED_PREFIX } from '../../../../machines/auth/auth.machine.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import { type Translate, useT } from '../../i18n/use-t.ts';
import { OnlineOnly } from '../../offline/online-only.tsx';
import { type AssistantServices, browserAssistantServices } from './assistant-services.ts';
import { Chat } from './chat.tsx';
import { useConversation } from './use-conversation.ts';
import { VoiceWidget } from './voice-widget.tsx';
import './assistant.css';

/** The spec's English texts (§2); the panel shows them from the catalog, whose English is these, word for word. */
export const EXAMPLE_PHRASES = [
  'What are my appointments tomorrow?',
  'Schedule a home visit with a new patient on Friday at 10 am.',
  'Reschedule my therapy session to Thursday afternoon.',
  'Optimize my route for tomorrow.',
  'What is the best order for Tuesday’s patients?',
  'Add travel time between my 9 am and 11 am visits.',
] as const;

/** The example phrases' catalog ids, in the order above (English: EXAMPLE_PHRASES). */
export const EXAMPLE_PHRASE_IDS: readonly MessageId[] = [
  'assistant.example.appointmentsTomorrow',
  'assistant.example.scheduleVisit',
  'assistant.example.reschedule',
  'assistant.example.optimizeRoute',
  'assistant.example.bestOrder',
  'assistant.example.travelTime',
];

/** How to choose the language: by speaking or typing it (the assistant answers in the language it hears). */
export const LANGUAGE_NOTE =
  'Speak or type in English or Spanish: it answers in the language you use (también en español).';

export const ALLOW_CALENDAR_CHANGES_TEXT = 'Allow calendar changes';
export const WRITE_ACCESS_NOTE =
  'To book, move or cancel visits for you, the assistant needs your permission to change your Google Calendar.';

export interface AssistantPanelProps {
  services?: AssistantServices;
  /** The assistant changed the calendar (a tool result said `calendarChanged`). */
  onCalendarChanged?: () => void;
  /** The consent to calendar changes, as the auth machine runs it. */
  writeAccess?: WriteAccess;
}

export interface WriteAccess {
  /** Asks for the consent (the page then leaves for Google's consent screen). */
  onAllow(): void;
  /** Asked, and the page is about to leave. */
  asking: boolean;
  /** Why the consent could not start, or null. */
  error: string | null;
}

export function AssistantPanel({ services, onCalendarChanged, writeAccess }: AssistantPanelProps = {}) {
  const [{ voice, face, chat }] = useState(() => services ?? browserAssistantServices());
  const [needsWriteAccess, setNeedsWriteAccess] = useState(false);
  const onToolResults = useCallback(
    (results: readonly string[]) => {
      const signals = calendarSignals(results);
      if (signals.changed) {
        setNeedsWriteAccess(false);
        onCalendarChanged?.();
      }
      if (signals.needsWriteAccess) setNeedsWriteAccess(true);
    },
    [onCalendarChanged],
  );
  const conversation = useConversation(chat, face, onToolResults);
  const t = useT();
  return (
    <section className="card panel assistant-panel" aria-labelledby="assistant-title">
      <div className="panel__header">
        <h2 id="assistant-title">{t('assistant.title')}</h2>
        <span className="badge">{t('assistant.badge')}</span>
      </div>
      {/* Offline: no call, no chat send; it says it needs a connection (docs/offline.md). */}
      <OnlineOnly notice="assistant">
        <div className="voice-widget-slot" data-testid="voice-widget-slot">
          <VoiceWidget face={face} publicKey={voice.publicKey} assistantId={voice.assistantId} />
        </div>
        <Chat
          messages={conversation.messages}
          busy={conversation.busy}
          error={conversation.error}
          onSend={conversation.ask}
        />
      </OnlineOnly>
      {needsWriteAccess && <WriteAccessRequest access={writeAccess} />}
      <div className="assistant-note">
        <h3>{t('assistant.readyTitle')}</h3>
        <p>{t('assistant.readyText')}</p>
        <p>{t('assistant.languageNote')}</p>
      </div>
      <OnlineOnly>
        <div className="assistant-examples">
          <h3>{t('assistant.tryAsking')}</h3>
          <ul>
            {EXAMPLE_PHRASE_IDS.map((id) => t(id)).map((phrase) => (
              <li key={phrase}>
                <button
                  type="button"
                  className="example-phrase"
                  // aria-disabled keeps focus on the phrase while the assistant answers.
                  aria-disabled={conversation.busy}
                  onClick={() => {
                    if (!conversation.busy) conversation.ask(phrase);
                  }}
                >
                  “{phrase}”
                </button>
              </li>
            ))}
          </ul>
        </div>
      </OnlineOnly>
    </section>
  );
}

/** The note and the button that asks for the consent to calendar changes (the page then leaves for Google). */
function WriteAccessRequest({ access }: { access?: WriteAccess }) {
  const t = useT();
  return (
    <div className="assistant-consent" data-testid="write-access-request">
      <p>{t('assistant.writeAccessNote')}</p>
      {access && (
        <button
          type="button"
          className="button button--primary"
          disabled={access.asking}
          onClick={() => access.onAllow()}
        >
          {t('assistant.allowCalendarChanges')}
        </button>
      )}
      {access?.error && (
        <p className="chat-error" role="alert">
          {writeAccessErrorText(t, access.error)}
        </p>
      )}
    </div>
  );
}

/** The auth machine's "Could not ask for calendar changes: <cause>" in the dashboard's language (the cause as it came). */
export function writeAccessErrorText(t: Translate, error: string): string {
  return error.startsWith(WRITE_ACCESS_FAILED_PREFIX)
    ? t('assistant.writeAccessFailed', { reason: error.slice(WRITE_ACCESS_FAILED_PREFIX.length) })
    : error;
}
