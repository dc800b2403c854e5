// @vitest-environment happy-dom
// The dashboard in Spanish, as a clinician sees it: the schedule panel (calendar, agenda, visit sheet, errors, the
// confirmations card), the assistant panel (chat, example phrases, errors) and the voice widget, with no English
// left from our catalogs or FullCalendar's; times and dates in Spanish. The machines' English texts are the
// catalog's English word for word, so the English dashboard reads exactly as before.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATUS_LABELS } from '../../core/confirmations/contract.ts';
import { toVisit } from '../../core/visits/visits.ts';
import {
  LISTENING_TIMEOUT_MESSAGE,
  MISSING_CALL_TARGET_MESSAGE,
  STOPPED_DURING_START_MESSAGE,
} from '../../machines/call-session/index.ts';
import {
  REOPTIMISE_FAILED_NOTE,
  RETRIES_NOT_PLACED_NOTE,
} from '../../machines/confirmation-batch/confirmation-batch.messages.ts';
import { CONVERSATION_MESSAGES } from '../../machines/conversation/index.ts';
import type { CalendarEvent, ConfirmationBatchInfo, EventConfirmation } from '../../machines/schedule/index.ts';
import {
  FETCH_FAILED_MESSAGE,
  NO_PROVIDER_TOKEN_MESSAGE,
  SCHEDULE_ERROR_HEADING,
  SCHEDULE_LOADING_TEXT,
} from '../../machines/schedule/index.ts';
import {
  BUNDLE_FAILED_MESSAGE,
  BUNDLE_TIMEOUT_MESSAGE,
  JOIN_TIMEOUT_MESSAGE,
} from '../../machines/video-client/video-client.messages.ts';
import {
  ACTIVE_DESCRIPTION,
  ACTIVE_TITLE,
  ASSISTANT_NOT_FOUND_MESSAGE,
  AUTHENTICATION_FAILED_MESSAGE,
  ERROR_HEADING,
  FAILED_TO_START_MESSAGE,
  failedToEndMessage,
  IDLE_DESCRIPTION,
  IDLE_TITLE,
  INIT_TIMEOUT_MS,
  initializationErrorMessage,
  MIC_BADGE_TEXT,
  MICROPHONE_DENIED_MESSAGE,
  MICROPHONE_PERMISSION_MESSAGE,
  MISSING_CREDENTIALS_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  STATUS_TEXT,
  TRY_AGAIN_TEXT,
  UNKNOWN_ERROR_MESSAGE,
} from '../../machines/voice-widget/index.ts';
import { CallTokenError } from '../../web/src/adapters/call-token.ts';
import { CHAT_UNAVAILABLE_MESSAGE, type ChatClient, type ChatReply } from '../../web/src/adapters/voice/chat-client.ts';
import { type VoiceClient, VoiceEmitter } from '../../web/src/adapters/voice/voice-client.ts';
import { createVoiceWidgetFace, NO_ANSWER_MESSAGE } from '../../web/src/adapters/voice/widget-ports.ts';
import { ErrorBoundary } from '../../web/src/components/error-boundary.tsx';
import { formatLocaleFor, formatTime } from '../../web/src/components/time-format.ts';
import {
  ALLOW_CALENDAR_CHANGES_TEXT,
  AssistantPanel,
  EXAMPLE_PHRASE_IDS,
  EXAMPLE_PHRASES,
  LANGUAGE_NOTE,
  WRITE_ACCESS_NOTE,
  writeAccessErrorText,
} from '../../web/src/features/assistant/assistant-panel.tsx';
import { assistantText } from '../../web/src/features/assistant/assistant-texts.ts';
import { VoiceWidget } from '../../web/src/features/assistant/voice-widget.tsx';
import { STATUS_LABEL_IDS } from '../../web/src/features/schedule/confirmation-mark.tsx';
import {
  CALLS_IN_PROGRESS_TEXT,
  CALLS_NOT_STARTED_TEXT,
  ConfirmationsCard,
  planNoteText,
} from '../../web/src/features/schedule/confirmations-card.tsx';
import { SchedulePanel } from '../../web/src/features/schedule/schedule-panel.tsx';
import { translateVisitReason } from '../../web/src/features/schedule/visit-reasons.ts';
import { enMessages } from '../../web/src/i18n/catalog.en.ts';
import { esMessages } from '../../web/src/i18n/catalog.es.ts';
import { englishIntl, I18nProvider, intlFor } from '../../web/src/i18n/i18n-provider.tsx';
import { appEn } from '../../web/src/i18n/messages/app.en.ts';
import { assistantEn } from '../../web/src/i18n/messages/assistant.en.ts';
import { scheduleEn } from '../../web/src/i18n/messages/schedule.en.ts';
import { translator } from '../../web/src/i18n/use-t.ts';
import { resetTestNow, setTestNow } from '../support/test-clock.ts';
import { allowConsoleError } from './console-guard.ts';
import { fakeSchedule } from './web-test-kit.tsx';

const english = translator(englishIntl);
const spanish = translator(intlFor('es', esMessages));

const NOW = new Date('2026-11-24T13:30:00Z');
const DAY = '2026-11-24';
/** A visit as a clinician's calendar holds it (its own words stay as written; none is English prose). */
const VISIT: CalendarEvent = {
  id: 'v1',
  title: 'RN SOC — Maria Lopez',
  start: `${DAY}T09:00:00-06:00`,
  end: `${DAY}T09:45:00-06:00`,
  allDay: false,
  location: '2642 N Halsted St, Chicago, IL 60614',
  description: 'Código de la reja 4411.',
  properties: { windowStart: '08:00', windowEnd: '11:00', homeroundsPatientPhone: '(312) 555-0142' },
};
const OTHER: CalendarEvent = {
  id: 'v2',
  title: 'RN ROC — Sam Lee',
  start: `${DAY}T13:00:00-06:00`,
  end: `${DAY}T13:30:00-06:00`,
  allDay: false,
  location: '1200 W Diversey Pkwy, Chicago, IL 60614',
};

/** Our English texts a Spanish screen must not show: each catalog text's literal words (4+ letters). */
const ENGLISH_PIECES = [
  ...new Set(
    Object.entries({ ...appEn, ...scheduleEn, ...assistantEn })
      .filter(([id, text]) => esMessages[id as keyof typeof esMessages] !== text)
      .flatMap(([, text]) => text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/))
      .map((piece) => piece.trim())
      .filter((piece) => /[A-Za-z]{4,}/.test(piece) && piece.length >= 5),
  ),
];
/** FullCalendar's English, should its Spanish locale not be applied. */
const CALENDAR_ENGLISH = /\b(Today|This Month|Month view|Week view|Day view|Previous|Next|November|Tuesday|more)\b/;

/** Everything a person reads or hears in an element: its text, accessible names, tooltips and placeholders. */
function whatIsSaid(root: HTMLElement): string {
  const attributes = [...root.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap((el) =>
    ['aria-label', 'title', 'placeholder', 'alt'].map((name) => el.getAttribute(name) ?? ''),
  );
  return [root.textContent ?? '', ...attributes].join('\n');
}

/** The English pieces found in a text, as whole words ("Visit" is not in "Visitas"). */
function englishIn(said: string): string[] {
  return ENGLISH_PIECES.filter((piece) =>
    new RegExp(`(?<![A-Za-z])${piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z])`).test(said),
  );
}

function expectNoEnglish(root: HTMLElement) {
  const said = whatIsSaid(root);
  expect(englishIn(said)).toEqual([]);
  expect(said).not.toMatch(CALENDAR_ENGLISH);
}

function Broken(): ReactNode {
  throw new Error('boom');
}

const inSpanish = (children: ReactNode) => <I18nProvider initialLocale="es">{children}</I18nProvider>;

beforeAll(async () => {
  await import('../../web/src/features/schedule/schedule-calendar.tsx');
  await import('@fullcalendar/react/locales/es');
});
beforeEach(() => {
  setTestNow(NOW, { frozen: true });
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(cleanup);
afterEach(() => {
  resetTestNow();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the schedule panel in Spanish', () => {
  it('shows the calendar, the agenda and a visit sheet in Spanish, with Spanish times and dates', async () => {
    const ports = fakeSchedule({ events: [VISIT, OTHER] });
    render(inSpanish(<SchedulePanel ports={ports} onSignInAgain={() => {}} initialDate={DAY} />));
    const panel = (await screen.findByRole('heading', { level: 2, name: 'Su agenda' })).closest(
      'section',
    ) as HTMLElement;
    await within(panel).findAllByText('Maria Lopez');
    expect(within(panel).getByRole('button', { name: 'Actualizar' })).toBeTruthy();
    expect(within(panel).getByText('Actualizado: 7:30 a.m.')).toBeTruthy();
    expect(within(panel).getByLabelText('Ruta del día')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Planear ruta' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Pacientes' })).toBeTruthy();
    // FullCalendar in Spanish: the month's title, the view tabs, Today with its hint.
    expect(within(panel).getByRole('heading', { level: 2, name: /noviembre de 2026/ })).toBeTruthy();
    expect(within(panel).getByRole('tab', { name: 'Vista del mes' }).getAttribute('aria-selected')).toBe('true');
    expect(within(panel).getByRole('button', { name: 'Hoy (este mes)' })).toBeTruthy();
    expectNoEnglish(panel);

    fireEvent.click(within(panel).getByRole('tab', { name: 'Vista de agenda' }));
    await waitFor(() => expect(panel.querySelector('.agenda-event')).not.toBeNull());
    const line = panel.querySelector('.agenda-event') as HTMLElement;
    expect([...line.children].map((c) => c.textContent)).toEqual([
      '9:00 a.m. – 9:45 a.m.',
      'Maria Lopez',
      'RN SOC',
      '2642 N Halsted St, Chicago, IL 60614',
      'Horario 8:00 a.m. – 11:00 a.m.',
    ]);
    expect(panel.textContent).toContain('martes');
    // The agenda has no single unit: its Today is plain "Hoy".
    expect(within(panel).getByRole('button', { name: 'Hoy' })).toBeTruthy();
    expectNoEnglish(panel);

    fireEvent.click(within(line).getByText('Maria Lopez'));
    const sheet = await screen.findByRole('dialog', { name: 'Maria Lopez' });
    const text = sheet.textContent ?? '';
    expect(text).toContain('Horamartes, 24 de noviembre, 9:00 a.m. – 9:45 a.m.');
    expect(text).toContain('PacienteMaria Lopez');
    expect(text).toContain('Tipo de visitaRN SOC');
    expect(text).toContain('Horario del paciente8:00 a.m. – 11:00 a.m.');
    expect(text).toContain('Agendada porSu calendario (no la agendó el asistente)');
    expect(within(sheet).getByRole('link', { name: /^Llamar al \(312\) 555-0142/ })).toBeTruthy();
    expect(
      within(sheet).getByRole('link', {
        name: 'Cómo llegar a 2642 N Halsted St, Chicago, IL 60614 (abre su app de mapas)',
      }),
    ).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Cerrar');
    const why = within(sheet).getByText('¿Por qué es una visita?').closest('details') as HTMLElement;
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '“RN”, “SOC”: palabras de visitas de salud en el hogar',
      '“Maria Lopez” parece el nombre del paciente',
      'la dirección parece la de una casa',
    ]);
    expect(why.textContent).toContain('marque este nombre como “No es paciente”');
    expectNoEnglish(sheet);
  });

  it('says the calendar errors in Spanish, with Spanish actions', async () => {
    render(
      inSpanish(<SchedulePanel ports={fakeSchedule({ token: null })} onSignInAgain={() => {}} initialDate={DAY} />),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error del calendario' })).toBeTruthy();
    expect(within(alert).getByText('No hay acceso a Google Calendar. Vuelva a iniciar sesión.')).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Volver a iniciar sesión', 'Reintentar']);
    expectNoEnglish(alert);
    cleanup();

    allowConsoleError(/^\[schedule\] Failed to load calendar events:/);
    const failing = fakeSchedule({
      fetchEvents: async () => {
        throw new Error('Calendar API 500');
      },
    });
    render(inSpanish(<SchedulePanel ports={failing} onSignInAgain={() => {}} initialDate={DAY} />));
    const failed = await screen.findByRole('alert');
    expect(
      within(failed).getByText('No se pudieron cargar los eventos del calendario. Inténtelo de nuevo.'),
    ).toBeTruthy();
    expect(within(failed).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expectNoEnglish(failed);
  });

  it('says "Cargando su calendario..." while the events load', async () => {
    render(
      inSpanish(
        <SchedulePanel ports={fakeSchedule({ fetchEvents: () => new Promise(() => {}) })} onSignInAgain={() => {}} />,
      ),
    );
    expect((await screen.findByRole('status')).textContent).toBe('Cargando su calendario...');
  });

  it('shows the evening confirmations card and the marks in Spanish', async () => {
    const needsYou: EventConfirmation = {
      eventId: 'v1',
      visitDate: DAY,
      patientName: 'Maria Lopez',
      status: 'move-requested',
      originalStart: `${DAY}T09:00:00-06:00`,
      newStart: `${DAY}T14:00:00-06:00`,
      detail: null,
      late: false,
      updatedAt: '2026-11-24T02:00:00Z',
    };
    const batch: ConfirmationBatchInfo = {
      visitDate: DAY,
      state: 'done',
      updatedAt: '2026-11-24T02:30:00Z',
      summary: {
        counts: { confirmed: 2, 'move-requested': 1 },
        moved: [{ eventId: 'v2', patientName: 'Sam Lee', from: `${DAY}T12:00:00-06:00`, to: `${DAY}T13:00:00-06:00` }],
        plan: null,
        planNote: `${REOPTIMISE_FAILED_NOTE}: timeout`,
      },
    };
    const events = [{ ...VISIT, confirmation: needsYou }, OTHER];
    render(inSpanish(<ConfirmationsCard batches={[batch]} events={events} today={DAY} />));
    const card = (
      await screen.findByRole('heading', { name: 'Confirmaciones del martes, 24 de noviembre de 2026' })
    ).closest('section') as HTMLElement;
    expect(within(card).getByText('Requiere su atención')).toBeTruthy();
    expect(within(card).getByRole('list', { name: 'Visitas que requieren su atención' }).textContent).toContain(
      'Pide otra hora: 2:00 p.m.',
    );
    expect(within(card).getByRole('list', { name: 'Llamadas por estado' }).textContent?.replace(/\s+/g, ' ')).toBe(
      '✓ Confirmada: 2⇄ Pide otra hora: 1',
    );
    expect(within(card).getByRole('list', { name: 'Visitas movidas' }).textContent).toContain(
      'Sam Lee: 12:00 p.m. →a 1:00 p.m.',
    );
    expect(within(card).getByText('Ruta no reoptimizada: No se pudo reoptimizar la ruta: timeout')).toBeTruthy();
    expectNoEnglish(card);
  });
});

describe('the assistant panel in Spanish', () => {
  function services(send: ChatClient['send']) {
    const emitter = new VoiceEmitter();
    const client: VoiceClient = {
      kind: 'local',
      on: (event, listener) => emitter.on(event, listener),
      off: (event, listener) => emitter.off(event, listener),
      start: async () => ({ id: 'call-1' }),
      stop: async () => {},
      setMuted: () => {},
      send: () => {},
      isActive: () => false,
      canListen: () => true,
    };
    const face = createVoiceWidgetFace(async () => client, {});
    return { voice: { publicKey: 'pk', assistantId: 'asst' }, face, chat: { send, reset: () => {} } };
  }

  it('speaks Spanish: headings, the example phrases (asked in Spanish), the chat and its errors', async () => {
    const send = vi.fn(async (text: string): Promise<ChatReply> => {
      if (text.startsWith('¿Qué citas')) return { id: 'c1', text: '', toolResults: [] };
      throw new Error(NETWORK_ERROR_MESSAGE);
    });
    render(inSpanish(<AssistantPanel services={services(send)} />));
    const panel = (await screen.findByRole('heading', { level: 2, name: 'Su asistente de IA' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(panel).getByText('Voz y chat activados')).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Asistente de IA listo' })).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Pruebe con estas preguntas' })).toBeTruthy();
    expect(within(panel).getByText('Pregunte por voz, escriba abajo o elija un ejemplo.')).toBeTruthy();
    expect(within(panel).getByRole('log', { name: 'Conversación con el asistente' })).toBeTruthy();
    expect(within(panel).getByRole('status').textContent).toBe('Listo');
    expect(within(panel).getByRole('heading', { name: 'Hable con la IA' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Iniciar llamada' })).toBeTruthy();
    expectNoEnglish(panel);

    // An example phrase asks itself in Spanish; an empty answer reads "(sin respuesta)".
    fireEvent.click(within(panel).getByRole('button', { name: '“¿Qué citas tengo mañana?”' }));
    expect(send).toHaveBeenCalledWith('¿Qué citas tengo mañana?', expect.any(AbortSignal));
    const log = within(panel).getByRole('log');
    expect(await within(log).findByText('(sin respuesta)')).toBeTruthy();
    expect(
      within(log)
        .getAllByText(/^(Usted|Asistente)$/)
        .map((el) => el.textContent),
    ).toEqual(['Usted', 'Asistente']);

    fireEvent.change(within(panel).getByLabelText('Mensaje para el asistente'), { target: { value: 'hola' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Enviar' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Error de red. Revise su conexión e inténtelo de nuevo.',
    );
    expectNoEnglish(panel);
  });

  it('shows the voice widget’s error view in Spanish', async () => {
    const face = createVoiceWidgetFace(async () => {
      throw new Error('never loaded');
    }, {});
    render(inSpanish(<VoiceWidget face={face} publicKey={null} assistantId={null} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Iniciar llamada' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error del asistente de IA' })).toBeTruthy();
    expect(alert.querySelector('.voice-widget__message')?.textContent).toBe(
      'Faltan las credenciales de la IA de voz. Agréguelas a su archivo .env y reinicie el servidor de desarrollo.',
    );
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    const checks = alert.querySelector('.voice-widget__checks')?.textContent;
    expect(checks).toBe('MicrófonoDesconocidoClave públicaFaltaID del asistenteFalta');
    expect(within(alert).getByText('Detalles de depuración')).toBeTruthy();
    expect(within(alert).getByText('No se registraron etapas de inicio.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Error');
    expectNoEnglish(alert);
  });

  it('shows a render failure in Spanish', async () => {
    allowConsoleError(/./);
    render(
      inSpanish(
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>,
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Volver a cargar la página' })).toBeTruthy();
  });
});

describe('the machines’ English is the catalog’s English, word for word', () => {
  it('schedule: loading, error heading and both errors', () => {
    expect(enMessages['machines.schedule.loading']).toBe(SCHEDULE_LOADING_TEXT);
    expect(enMessages['machines.schedule.errorHeading']).toBe(SCHEDULE_ERROR_HEADING);
    expect(enMessages['machines.schedule.noProviderToken']).toBe(NO_PROVIDER_TOKEN_MESSAGE);
    expect(enMessages['machines.schedule.fetchFailed']).toBe(FETCH_FAILED_MESSAGE);
  });

  it('voice widget: statuses, titles, badges and headings', () => {
    for (const [status, text] of Object.entries(STATUS_TEXT)) {
      expect(enMessages[`machines.voiceWidget.status.${status}` as keyof typeof enMessages]).toBe(text);
    }
    for (const [permission, text] of Object.entries(MIC_BADGE_TEXT)) {
      expect(enMessages[`machines.voiceWidget.mic.${permission}` as keyof typeof enMessages]).toBe(text);
    }
    expect(enMessages['machines.voiceWidget.idleTitle']).toBe(IDLE_TITLE);
    expect(enMessages['machines.voiceWidget.idleDescription']).toBe(IDLE_DESCRIPTION);
    expect(enMessages['machines.voiceWidget.activeTitle']).toBe(ACTIVE_TITLE);
    expect(enMessages['machines.voiceWidget.activeDescription']).toBe(ACTIVE_DESCRIPTION);
    expect(enMessages['machines.voiceWidget.errorHeading']).toBe(ERROR_HEADING);
    expect(enMessages['machines.voiceWidget.tryAgain']).toBe(TRY_AGAIN_TEXT);
  });

  it('the panels’ exported English texts (the tests’ and the spec’s) are the catalog’s', () => {
    expect(EXAMPLE_PHRASE_IDS.map((id) => english(id))).toEqual([...EXAMPLE_PHRASES]);
    expect(english('assistant.languageNote')).toBe(LANGUAGE_NOTE);
    expect(english('assistant.allowCalendarChanges')).toBe(ALLOW_CALENDAR_CHANGES_TEXT);
    expect(english('assistant.writeAccessNote')).toBe(WRITE_ACCESS_NOTE);
    expect(english('schedule.confirmations.inProgress')).toBe(CALLS_IN_PROGRESS_TEXT);
    expect(english('schedule.confirmations.notStarted')).toBe(CALLS_NOT_STARTED_TEXT);
  });

  it('confirmation statuses', () => {
    for (const [status, label] of Object.entries(STATUS_LABELS)) {
      expect(english(STATUS_LABEL_IDS[status as keyof typeof STATUS_LABELS])).toBe(label);
    }
  });

  const ERRORS = [
    MISSING_CREDENTIALS_MESSAGE,
    MICROPHONE_DENIED_MESSAGE,
    MICROPHONE_PERMISSION_MESSAGE,
    NETWORK_ERROR_MESSAGE,
    ASSISTANT_NOT_FOUND_MESSAGE,
    AUTHENTICATION_FAILED_MESSAGE,
    UNKNOWN_ERROR_MESSAGE,
    FAILED_TO_START_MESSAGE,
    failedToEndMessage('the SDK hung up'),
    initializationErrorMessage('boom'),
    initializationErrorMessage(`timed out after ${INIT_TIMEOUT_MS} ms`),
    BUNDLE_TIMEOUT_MESSAGE,
    BUNDLE_FAILED_MESSAGE,
    JOIN_TIMEOUT_MESSAGE,
    STOPPED_DURING_START_MESSAGE,
    LISTENING_TIMEOUT_MESSAGE,
    MISSING_CALL_TARGET_MESSAGE,
    CONVERSATION_MESSAGES.timedOut,
    CONVERSATION_MESSAGES.noAnswer,
    CHAT_UNAVAILABLE_MESSAGE,
    NO_ANSWER_MESSAGE,
    new CallTokenError(null).message,
    new CallTokenError(401).message,
  ];

  it.each(ERRORS)('the assistant says "%s" the same in English and in Spanish otherwise', (text) => {
    expect(assistantText(english, text)).toBe(text);
    const said = assistantText(spanish, text);
    expect(said).not.toBe(text);
    expect(englishIn(said)).toEqual([]);
  });

  it('keeps the cause a machine wraps, and what no machine said', () => {
    expect(assistantText(spanish, initializationErrorMessage('NotAllowedError'))).toBe(
      'Error al iniciar: NotAllowedError',
    );
    expect(assistantText(spanish, initializationErrorMessage(`timed out after ${INIT_TIMEOUT_MS} ms`))).toBe(
      `Error al iniciar: se agotó el tiempo (${INIT_TIMEOUT_MS} ms)`,
    );
    expect(assistantText(spanish, 'Rate limit reached')).toBe('Rate limit reached');
    expect(writeAccessErrorText(spanish, 'Could not ask for calendar changes: popup closed')).toBe(
      'No se pudo pedir permiso para cambiar el calendario: popup closed',
    );
    expect(writeAccessErrorText(english, 'Could not ask for calendar changes: popup closed')).toBe(
      'Could not ask for calendar changes: popup closed',
    );
  });

  it('the batch’s plan notes, with or without their cause', () => {
    for (const note of [REOPTIMISE_FAILED_NOTE, RETRIES_NOT_PLACED_NOTE, `${RETRIES_NOT_PLACED_NOTE}: 503`]) {
      expect(planNoteText(english, note)).toBe(note);
      expect(planNoteText(spanish, note)).not.toBe(note);
    }
    expect(planNoteText(spanish, `${RETRIES_NOT_PLACED_NOTE}: 503`)).toBe(
      'No se pudo volver a llamar a quienes no contestaron: 503',
    );
  });

  it('why an event is (not) a visit: every reason core gives, the same in English and translated in Spanish', () => {
    const events: CalendarEvent[] = [
      VISIT,
      { ...VISIT, id: 'a', title: 'Lunch with Maria Lopez', location: '' },
      { ...VISIT, id: 'b', title: 'CANCELLED RN SOC — Maria Lopez' },
      { ...VISIT, id: 'c', title: 'Staff meeting' },
      { ...VISIT, id: 'd', title: 'RN SOC', location: 'Walgreens, 1200 W Diversey Pkwy' },
      { ...VISIT, id: 'e', title: 'Vacation', allDay: true, start: DAY, end: DAY },
      { ...VISIT, id: 'f', title: 'Maria Lopez', location: 'Office' },
      { ...VISIT, id: 'g', title: 'RN SOC — Maria Lopez', properties: { homeroundsPatientId: 'p1' } },
      { ...VISIT, id: 'h', title: 'RN SOC — Maria Lopez', properties: { homeroundsNotPatient: 'true' } },
      { ...VISIT, id: 'i', title: 'Wrona - at son’s house', description: 'ROC visit\nPatient: Tomasz Wrona' },
      { ...VISIT, id: 'j', title: 'RN: Wrona, Tomasz' },
      { ...VISIT, id: 'k', title: 'RN', location: 'Harmon residence, 12 Oak St, Evanston, IL' },
    ];
    const reasons = [...new Set(events.flatMap((event) => toVisit(event, 'America/Chicago').reasons))];
    expect(reasons.length).toBeGreaterThanOrEqual(8);
    for (const reason of reasons) {
      expect(translateVisitReason(english, reason)).toBe(reason);
      const said = translateVisitReason(spanish, reason);
      expect(said, reason).not.toBe(reason);
      expect(englishIn(said)).toEqual([]);
    }
  });
});

describe('times and dates follow the language', () => {
  it('keeps the browser’s own format in English, takes the browser’s Spanish region, else the US’s', () => {
    expect(formatLocaleFor('en', ['en-US', 'es'])).toBeUndefined();
    expect(formatLocaleFor('en', [])).toBeUndefined();
    expect(formatLocaleFor('en', ['es-MX', 'en-GB'])).toBe('en-GB');
    expect(formatLocaleFor('es', ['en-US', 'es-MX'])).toBe('es-MX');
    expect(formatLocaleFor('es', ['en-US'])).toBe('es-US');
  });

  it('formats in Spanish under a Spanish dashboard and in English again once it is gone', async () => {
    const at = `${DAY}T13:30:00-06:00`;
    expect(formatTime(at)).toBe('1:30 PM');
    const { unmount } = render(inSpanish(<p>hola</p>));
    await screen.findByText('hola');
    expect(formatTime(at)).toBe('1:30 p.m.');
    unmount();
    expect(formatTime(at)).toBe('1:30 PM');
  });
});
