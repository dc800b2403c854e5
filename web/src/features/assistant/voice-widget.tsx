// The voice widget (spec §2 "Voice widget"): the voice-widget machine through useActorRef + useSelector
// (toVoiceWidgetView). Status pill and green start button; during a call also the mute toggle and the
// red end button, and a typed input for what the user would say (where the browser cannot recognise
// speech, that is the way in); the error view with the microphone badge, the environment check, the
// debug details (stage timeline with durations, video-client state) and Try Again. The view's texts are shown in
// the dashboard's language by its structured fields (status, call active, microphone permission); the debug
// details' stage names, states and raw error stay as the SDK reported them.
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useId, useState } from 'react';
import {
  createVoiceWidgetActors,
  toVoiceWidgetView,
  type VoiceWidgetView,
  voiceWidgetMachine,
} from '../../../../machines/voice-widget/index.ts';
import type { VoiceWidgetFace } from '../../adapters/voice/widget-ports.ts';
import { useT } from '../../i18n/use-t.ts';
import { assistantText, micBadgeText, voiceStatusText } from './assistant-texts.ts';

export interface VoiceWidgetProps {
  face: VoiceWidgetFace;
  publicKey: string | null;
  assistantId: string | null;
}

function shallowEqualView(a: VoiceWidgetView, b: VoiceWidgetView): boolean {
  const keys = Object.keys(a) as Array<keyof VoiceWidgetView>;
  return keys.every((key) => a[key] === b[key]);
}

export function VoiceWidget({ face, publicKey, assistantId }: VoiceWidgetProps) {
  const actor = useActorRef(voiceWidgetMachine.provide({ actors: createVoiceWidgetActors(face) }), {
    input: { publicKey, assistantId },
  });
  const view = useSelector(actor, toVoiceWidgetView, shallowEqualView);
  const titleId = useId();
  const t = useT();
  const active = view.showCallControls;
  return (
    <div className={`voice-widget voice-widget--${view.status}`} data-machine="voice-widget" data-state={view.state}>
      <div className="voice-widget__top">
        <span className={`status-pill status-pill--${view.status}`} role="status">
          {voiceStatusText(t, view.status)}
        </span>
      </div>
      {view.error ? (
        <ErrorView view={view} titleId={titleId} onRetry={() => actor.send({ type: 'widget.retry' })} />
      ) : (
        <>
          <h3 id={titleId} className="voice-widget__title">
            {t(active ? 'machines.voiceWidget.activeTitle' : 'machines.voiceWidget.idleTitle')}
          </h3>
          <p className="voice-widget__description">
            {t(active ? 'machines.voiceWidget.activeDescription' : 'machines.voiceWidget.idleDescription')}
          </p>
          <div className="voice-widget__controls">
            <button
              type="button"
              className="call-button call-button--start"
              // aria-disabled, not disabled: the button keeps focus while the call connects (a disabled
              // button would drop it to <body>).
              onClick={() => {
                if (view.canStart) actor.send({ type: 'widget.start' });
              }}
              aria-disabled={!view.canStart}
            >
              {t('assistant.voice.start')}
            </button>
            {view.showCallControls && (
              <>
                <button
                  type="button"
                  className="call-button call-button--mute"
                  aria-pressed={view.muted}
                  onClick={() => actor.send({ type: 'widget.toggleMute' })}
                  disabled={!view.canToggleMute}
                >
                  {view.muted ? t('assistant.voice.unmute') : t('assistant.voice.mute')}
                </button>
                <button
                  type="button"
                  className="call-button call-button--end"
                  onClick={() => actor.send({ type: 'widget.end' })}
                  disabled={!view.canEnd}
                >
                  {t('assistant.voice.end')}
                </button>
              </>
            )}
          </div>
          {view.connected && <TypedSpeech face={face} />}
        </>
      )}
    </div>
  );
}

/** What the user would say, typed: sent into the call like recognised speech. */
function TypedSpeech({ face }: { face: VoiceWidgetFace }) {
  const t = useT();
  const [text, setText] = useState('');
  const inputId = useId();
  const listens = face.client()?.canListen() ?? false;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content) return;
    face.client()?.send({ type: 'add-message', message: { role: 'user', content } });
    setText('');
  };
  return (
    <form className="voice-widget__typed" onSubmit={submit}>
      <label htmlFor={inputId}>{listens ? t('assistant.voice.speakOrType') : t('assistant.voice.type')}</label>
      <div className="voice-widget__typed-row">
        <input id={inputId} value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />
        <button type="submit" className="button button--secondary" disabled={!text.trim()}>
          {t('assistant.voice.say')}
        </button>
      </div>
    </form>
  );
}

function ErrorView({ view, titleId, onRetry }: { view: VoiceWidgetView; titleId: string; onRetry: () => void }) {
  const t = useT();
  const error = view.error;
  if (!error) return null;
  const badge = view.micPermission === 'granted' ? 'ok' : view.micPermission === 'denied' ? 'blocked' : 'unknown';
  return (
    <div className="voice-widget__error" role="alert">
      <h3 id={titleId}>{t('machines.voiceWidget.errorHeading')}</h3>
      <p className="voice-widget__message">{assistantText(t, error.message)}</p>
      {/* Right under the message: the 300 px panel scrolls, and the way out must never be below the fold. */}
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('machines.voiceWidget.tryAgain')}
      </button>
      <dl className="voice-widget__checks">
        <div>
          <dt>{t('assistant.voice.microphone')}</dt>
          <dd>
            <span className={`mic-badge mic-badge--${badge}`}>{micBadgeText(t, view.micPermission)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('assistant.voice.publicKey')}</dt>
          <dd>{error.env.hasPublicKey ? t('assistant.voice.present') : t('assistant.voice.missing')}</dd>
        </div>
        <div>
          <dt>{t('assistant.voice.assistantId')}</dt>
          <dd>{error.env.hasAssistantId ? t('assistant.voice.present') : t('assistant.voice.missing')}</dd>
        </div>
      </dl>
      <details className="voice-widget__debug">
        <summary>{t('assistant.voice.debug')}</summary>
        {view.debug.rawError && (
          <p>
            {t('assistant.voice.errorLabel')} <code>{view.debug.rawError}</code>
          </p>
        )}
        <p>
          {t('assistant.voice.videoClient')}{' '}
          <code>{view.debug.videoClientState ?? t('assistant.voice.notCreated')}</code>
        </p>
        {view.debug.stages.length > 0 ? (
          <table>
            <caption>{t('assistant.voice.stages')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('assistant.voice.stage')}</th>
                <th scope="col">{t('assistant.voice.status')}</th>
                <th scope="col">{t('assistant.voice.duration')}</th>
              </tr>
            </thead>
            <tbody>
              {view.debug.stages.map((stage, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the timeline is append-only
                <tr key={index}>
                  <td>{stage.stage}</td>
                  <td>{stage.status}</td>
                  <td>{stage.durationMs === null ? '' : `${Math.round(stage.durationMs)} ms`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>{t('assistant.voice.noStages')}</p>
        )}
      </details>
    </div>
  );
}
