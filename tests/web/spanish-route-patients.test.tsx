// @vitest-environment happy-dom
// The Route view and the Patients view in Spanish (issue 27): what a clinician who chose Spanish sees — headings,
// buttons, the saving line with its plurals, the change lines and the rule, errors (the server's by their code) —
// and no English word left from our catalogs anywhere on the screen (the visits' own titles and addresses aside).
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEvent as CoreEvent } from '../../core/calendar/index.ts';
import type { PatientRecord } from '../../core/patients/patients.ts';
import { DEFAULT_MOVE_RULE, KM_PER_MILE, planDay, type RouteReport } from '../../core/routing/index.ts';
import { DAY_DRIVES_MESSAGES } from '../../machines/day-drives/index.ts';
import { DAY_ORDER_MESSAGES } from '../../machines/day-order/index.ts';
import { DAY_PLACES_MESSAGES } from '../../machines/day-places/index.ts';
import { DAY_START_MESSAGES } from '../../machines/day-start/index.ts';
import { MOVE_RULE_MESSAGES } from '../../machines/move-rule/index.ts';
import { PATIENT_LIST_MESSAGES, type PatientListPorts } from '../../machines/patient-list/index.ts';
import type { CalendarEvent } from '../../machines/schedule/index.ts';
import type { ProfileHomeStore } from '../../web/src/adapters/profile-home.ts';
import { PatientsView } from '../../web/src/features/patients/patients-view.tsx';
import { LOCATE_MESSAGES } from '../../web/src/features/route/route-home.tsx';
import { RouteView } from '../../web/src/features/route/route-view.tsx';
import { enMessages } from '../../web/src/i18n/catalog.en.ts';
import { esMessages } from '../../web/src/i18n/catalog.es.ts';
import { I18nProvider } from '../../web/src/i18n/i18n-provider.tsx';

afterEach(cleanup);
beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const DAY = '2026-11-24';
const PLANNED_ON = '2026-11-23';

function visit(
  id: string,
  title: string,
  start: string,
  end: string,
  lat: number,
  lng: number,
  window: [string, string] = ['08:00', '17:00'],
): CalendarEvent {
  return {
    id,
    title,
    start: `${DAY}T${start}:00-06:00`,
    end: `${DAY}T${end}:00-06:00`,
    allDay: false,
    etag: `"${id}1"`,
    location: `${id.toUpperCase()} Calle 1, Chicago, IL`,
    properties: { lat: String(lat), lng: String(lng), windowStart: window[0], windowEnd: window[1], flexible: 'true' },
  };
}

// Booked zig-zagging west ↔ east: the optimiser visits each side in one go (a saving in minutes and miles).
const EVENTS: CalendarEvent[] = [
  visit('a', 'Curación — María López', '08:30', '09:15', 41.9214, -87.7134),
  visit('b', 'Terapia — Samuel Lee', '09:45', '10:30', 41.9231, -87.6331),
  visit('c', 'Signos vitales — Ana Ray', '11:00', '11:30', 41.9102, -87.7205),
  visit('d', 'Medicamentos — José Kim', '12:15', '13:00', 41.9088, -87.6298, ['11:00', '15:00']),
  visit('e', 'Diabetes — Eva Park', '13:45', '14:30', 41.9434, -87.7001),
  { id: 'x', title: 'Lunch', start: `${DAY}T15:00:00-06:00`, end: `${DAY}T15:30:00-06:00`, allDay: false },
];
const PLAN = planDay(EVENTS, DAY, { rule: { rule: DEFAULT_MOVE_RULE, today: PLANNED_ON } });
const REPORT = PLAN.report as RouteReport;

/** The literal words of a message (its placeholders and ICU syntax left out). */
function wordsOf(elements: MessageFormatElement[], into: string[] = []): string[] {
  for (const element of elements) {
    if (element.type === TYPE.literal) into.push(...(element.value.match(/[A-Za-z]{4,}/g) ?? []));
    if ('options' in element) for (const option of Object.values(element.options)) wordsOf(option.value, into);
  }
  return into;
}

const OURS = /^(route|patients|machines\.(dayOrder|moveRule|dayStart|dayPlaces|dayDrives|patientList))\./;
const spanishWords = new Set(
  Object.values(esMessages).flatMap((text) => wordsOf(parse(text)).map((w) => w.toLowerCase())),
);
/** Every English word of the Route and Patients catalogs that Spanish never uses ("HomeRounds", "Google" do). */
const ENGLISH_WORDS = new Set(
  Object.entries(enMessages)
    .filter(([id]) => OURS.test(id))
    .flatMap(([, text]) => wordsOf(parse(text)).map((w) => w.toLowerCase()))
    .filter((word) => !spanishWords.has(word)),
);

/** English words of our catalogs on the screen, leaving out the clinician's own data (titles, names, addresses). */
function leftoverEnglish(container: HTMLElement, data: readonly string[]): string[] {
  let text = [
    container.textContent ?? '',
    ...[...container.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label') ?? ''),
  ].join(' ');
  for (const value of data) text = text.split(value).join(' ');
  return [...new Set((text.match(/[A-Za-z]{4,}/g) ?? []).filter((word) => ENGLISH_WORDS.has(word.toLowerCase())))];
}

const DATA = EVENTS.flatMap((e) => [e.title, e.location ?? '']).filter(Boolean);

function inSpanish(ui: React.ReactElement) {
  return render(<I18nProvider initialLocale="es">{ui}</I18nProvider>);
}

describe('the Route view in Spanish', () => {
  it('(the check for leftover English finds the English view’s words)', () => {
    const { container } = render(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} />);
    expect(leftoverEnglish(container, DATA)).toEqual(
      expect.arrayContaining(['Route', 'Back', 'Saves', 'Driving', 'optimised', 'Moved']),
    );
  });

  it('shows the plan in Spanish: headings, totals, the saving with its plurals, the change lines and the rule', async () => {
    const { container } = inSpanish(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} />);
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Ruta del martes, 24 de noviembre de 2026' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volver al calendario' })).toBeTruthy();
    for (const heading of ['Orden optimizado', 'Orden del calendario', 'Mapa', 'Por qué este orden', 'Sin planificar'])
      expect(screen.getByRole('heading', { level: 4, name: heading })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Orden optimizado' })).toBeTruthy();

    // The saving: minutes, miles to one decimal with a decimal comma, and the percentage.
    const saved = Math.round(REPORT.savedMinutes ?? Number.NaN);
    const miles = ((REPORT.savedKm ?? Number.NaN) / KM_PER_MILE).toFixed(1);
    expect(saved).toBeGreaterThan(1);
    expect(Number(miles)).toBeGreaterThan(1);
    expect(container.querySelector('.route-summary__saving')?.textContent).toBe(
      `Ahorra ${saved} min y ${miles.replace('.', ',')} millas de manejo (${Math.round(REPORT.savedPercent ?? 0)} %) frente al orden de su calendario.`,
    );
    const totals = container.querySelector('.route-summary__totals')?.textContent ?? '';
    expect(totals).toContain(
      `Millas, orden optimizado${(REPORT.distanceAfterKm / KM_PER_MILE).toFixed(1).replace('.', ',')} mi`,
    );
    expect(totals).toContain(`Manejo, orden del calendario${Math.round(REPORT.travelBeforeMinutes)} min`);
    expect(container.textContent).toContain(
      'Solo se cuenta el manejo entre visitas: no se cuentan los trayectos desde y hacia su casa',
    );
    expect(container.textContent).toContain('Comprobado: es el orden más corto para estas visitas.');

    // Why each visit moved, said from core's lines (one per moved visit).
    const changes = within(container.querySelector('.route-lines') as HTMLElement).getAllByRole('listitem');
    expect(changes).toHaveLength(REPORT.changes.length);
    for (const line of changes) expect(line.textContent).toMatch(/^Se movió .+ (antes de .+|al final del día): /);

    // The rule followed, the skipped lunch (its title as written), the legs and the read-only note.
    expect(
      screen.getByText(
        'Las visitas pueden moverse hasta 90 minutos de su hora agendada, dentro del horario preferido del paciente; las visitas marcadas con “Hora fija” conservan la suya.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Sin planificar' }).textContent).toBe(
      'Lunch: no es una visita: “Lunch” indica que no es una visita',
    );
    expect(screen.getAllByText(/^Manejo de \d+ min desde la visita anterior$/).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('checkbox', { name: 'Hora fija' })).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Cambiar regla' })).toBeTruthy();
    expect(container.textContent).toContain(
      'Este plan es una sugerencia: su calendario solo cambia cuando elige “Usar este orden”.',
    );
    // The map's name and description are Spanish too (read by screen readers).
    expect(container.querySelector('svg title')?.textContent).toBe(
      'Mapa esquemático de la ruta del martes, 24 de noviembre de 2026',
    );
    expect(container.querySelector('svg desc')?.textContent).toMatch(/^5 puntos numerados en el orden de visita/);

    expect(leftoverEnglish(container, DATA)).toEqual([]);
  });

  it('says a missed window and why no order saves anything, in Spanish', async () => {
    // X is pinned at nine and Y is booked right after it, 5 km away: the calendar's own order is late at Y.
    const tight = [
      visit('x', 'Hora fija — Rosa', '09:00', '09:30', 41.9, -87.7, ['09:00', '09:30']),
      visit('y', 'Temprano — Luis', '09:35', '10:05', 41.945, -87.7, ['08:00', '10:05']),
      visit('z', 'Media mañana — Sara', '10:30', '11:00', 41.99, -87.7, ['08:00', '13:30']),
    ];
    const { container } = inSpanish(<RouteView today={PLANNED_ON} day={DAY} events={tight} onClose={() => {}} />);
    await screen.findByRole('heading', { level: 4, name: 'Orden del calendario' });
    expect(screen.getAllByText(/llega \d+ min tarde para el horario/).length).toBeGreaterThan(0);
    for (const item of container.querySelectorAll('.route-lines--problem li'))
      expect(item.textContent).toMatch(
        /^(.+: (llega a las|aun como primera visita|no cabe en el horario)|regreso a las)/,
      );
    expect(
      leftoverEnglish(
        container,
        tight.flatMap((e) => [e.title, e.location ?? '']),
      ),
    ).toEqual([]);
  });

  it('says where the day starts, and that the addresses could not be located, in Spanish', async () => {
    const store: ProfileHomeStore = { read: vi.fn(async () => null), save: vi.fn(async (home) => home) };
    const written: CalendarEvent = {
      id: 'w',
      title: 'SN f/u: WINTER, IDA',
      start: `${DAY}T09:00:00-06:00`,
      end: `${DAY}T09:45:00-06:00`,
      allDay: false,
      location: '4400 N Broadway, Chicago, IL 60640',
    };
    const { container } = inSpanish(
      <RouteView
        today={PLANNED_ON}
        day={DAY}
        events={[...EVENTS.slice(0, 2), written]}
        onClose={() => {}}
        homeStore={store}
        locate={vi.fn(async () => Promise.reject(new Error('locations answered 503')))}
      />,
    );
    expect(await screen.findByRole('heading', { level: 4, name: 'Inicio y fin de su día' })).toBeTruthy();
    expect(screen.getByText(/^No se sabe dónde empieza su día/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Usar mi ubicación actual como inicio del día' })).toBeTruthy();
    expect(screen.getByText(/^No se pudieron ubicar las direcciones de las visitas/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Intentar de nuevo' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('list', { name: 'Sin planificar' }).textContent).toContain(
      'SN f/u: WINTER, IDA: su dirección no se ha ubicado (aquí no hay geocodificador)',
    );
    expect(
      leftoverEnglish(container, [...DATA, written.title, written.location ?? '']).filter(
        (word) => !['WINTER'].includes(word),
      ),
    ).toEqual([]);
  });

  it('says “Use this order”, its plurals and the server’s refusal by its code, in Spanish', async () => {
    const reorder = vi.fn().mockRejectedValue({
      code: 'changed',
      message: 'Your calendar changed since this plan was made, so nothing was moved.',
    });
    const { container } = inSpanish(
      <RouteView
        today={PLANNED_ON}
        day={DAY}
        events={EVENTS}
        onClose={() => {}}
        reorder={reorder as never}
        onCalendarChanged={() => {}}
      />,
    );
    const use = await screen.findByRole('button', { name: 'Usar este orden' });
    const note = container.querySelector('.route-order__note')?.textContent ?? '';
    expect(note).toMatch(/^Mueve \d+ visitas en su Google Calendar a las horas de arriba; puede deshacerlo\.$/);
    await act(async () => {
      fireEvent.click(use);
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Su calendario cambió desde que se hizo este plan, así que no se movió nada. El plan se vuelve a hacer con el calendario tal como está ahora.',
    );
    expect(leftoverEnglish(container, DATA)).toEqual([]);
  });

  it('after a move, says what moved and who was called in Spanish, and shows a refusal it has no words for as it came', async () => {
    const READ = EVENTS;
    const moved = (PLAN.report?.optimized.stops ?? [])
      .filter((s) => READ.find((e) => e.id === s.id)?.start.slice(11, 16) !== s.start)
      .map((s) => ({ id: s.id, etag: '"n"', start: '', end: '', previousStart: '08:00' }));
    expect(moved.length).toBeGreaterThan(1);
    const reorder = vi.fn().mockResolvedValueOnce({ day: DAY, moved, unchanged: [] });
    reorder.mockRejectedValueOnce({ code: 'invalid_request', message: 'moves[0].start must be HH:MM' });
    const callMoved = vi.fn().mockResolvedValue({ date: DAY, called: moved.slice(1).map((m) => m.id), notCalled: [] });
    inSpanish(
      <RouteView
        today={PLANNED_ON}
        day={DAY}
        events={READ}
        onClose={() => {}}
        reorder={reorder as never}
        callMoved={callMoved as never}
        onCalendarChanged={() => {}}
      />,
    );
    const use = await screen.findByRole('button', { name: 'Usar este orden' });
    await act(async () => {
      fireEvent.click(use);
    });
    expect(screen.getByText(`Se movieron ${moved.length} visitas al nuevo orden.`, { exact: false })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Llamarles ahora' }));
    });
    const calling = moved.length - 1;
    expect(
      screen.getByText(
        calling === 1
          ? 'Llamando ahora a 1 paciente sobre su nueva hora.'
          : `Llamando ahora a ${calling} pacientes sobre su nueva hora.`,
      ),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('No se pudo deshacer: moves[0].start must be HH:MM');
  });
});

describe('the Patients view in Spanish', () => {
  const event = (id: string, title: string, hhmm: string, location?: string): CoreEvent => ({
    id,
    title,
    start: `${DAY}T${hhmm}:00-06:00`,
    end: `${DAY}T${hhmm.slice(0, 2)}:45:00-06:00`,
    allDay: false,
    ...(location ? { location } : {}),
  });
  const CALENDAR = [
    event('e1', 'SN f/u: WINTER, IDA', '09:00', '4400 N Broadway, Chicago, IL 60640'),
    event('e2', 'Lunch', '11:00', '3400 N Clark St, Chicago, IL 60657'),
    event('e3', 'Ida Winter ROC', '13:00', '4400 N Broadway, Chicago, IL 60640'),
    event('e4', 'PT eval - Rosa Delgado', '15:00', '1815 W Cortland St, Chicago, IL 60622'),
  ];
  const ROSA: PatientRecord = {
    id: 'p2',
    name_key: 'rosa delgado',
    status: 'patient',
    full_name: 'Rosa Delgado',
    address: '1815 W Cortland St, Chicago, IL 60622',
    lat: 41.9163,
    lng: -87.6744,
    location_approximate: true,
    phone: '(312) 555-0100',
    window_start: '09:00',
    window_end: '12:00',
    language: 'Spanish',
    notes: null,
    automated_calls_consent: true,
  };
  const PATIENT_DATA = [
    ...CALENDAR.flatMap((e) => [e.title, e.location ?? '']),
    'Ida Winter',
    'Rosa Delgado',
    'Spanish',
  ];

  it('shows the suggestions with their plurals, the patients and their details in Spanish', async () => {
    const store: PatientListPorts = {
      list: async () => [
        ROSA,
        { ...ROSA, id: 'p3', name_key: 'front desk', full_name: 'Front Desk', status: 'not_patient' },
      ],
      save: async () => ROSA,
    };
    const { container } = inSpanish(
      <PatientsView events={CALENDAR} onClose={() => {}} store={store} timeZone="America/Chicago" linker={null} />,
    );
    const suggested = await screen.findByRole('list', { name: 'Pacientes sugeridos' });
    expect(screen.getByRole('heading', { level: 3, name: 'Sus pacientes' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 4, name: 'Sugeridos desde su calendario' })).toBeTruthy();
    expect(within(suggested).getByText('2 visitas en su calendario')).toBeTruthy();
    expect(within(suggested).getByRole('button', { name: 'Agregar a mis pacientes' })).toBeTruthy();
    expect(within(suggested).getByRole('button', { name: 'No es paciente' })).toBeTruthy();
    const patients = screen.getByRole('list', { name: 'Pacientes' });
    expect(within(patients).getByText(/^Prefiere de .+ a .+$/)).toBeTruthy();
    expect(within(patients).getByText(/^Ubicada solo de forma aproximada en el mapa/)).toBeTruthy();
    expect(within(patients).getByText('Acepta llamadas automáticas de recordatorio')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'No son pacientes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sí es paciente' })).toBeTruthy();
    fireEvent.click(within(patients).getByRole('button', { name: 'Editar' }));
    const form = screen.getByRole('form', { name: 'Editar a Rosa Delgado' });
    for (const label of ['Nombre', 'Dirección', 'Teléfono', 'Desde', 'Hasta', 'Idioma', 'Notas'])
      expect(within(form).getByLabelText(label)).toBeTruthy();
    expect(within(form).getByRole('group', { name: 'Horario preferido' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Guardar' })).toBeTruthy();
    expect(leftoverEnglish(container, [...PATIENT_DATA, 'Front Desk'])).toEqual([]);
  });

  it('says in Spanish why a change was not saved: the store’s refusal, and each of core’s problems', async () => {
    const save = vi
      .fn()
      .mockRejectedValueOnce({ userMessage: 'This patient is already on your list.' })
      .mockRejectedValueOnce({
        userMessage: 'The name cannot be empty. The notes may have at most 2000 characters. A sentence never seen.',
      });
    const store: PatientListPorts = { list: async () => [], save };
    const { container } = inSpanish(
      <PatientsView events={CALENDAR} onClose={() => {}} store={store} timeZone="America/Chicago" linker={null} />,
    );
    const suggested = await screen.findByRole('list', { name: 'Pacientes sugeridos' });
    expect(screen.getByText('Todavía no hay pacientes: agréguelos desde las sugerencias de arriba.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(suggested).getAllByRole('button', { name: 'Agregar a mis pacientes' })[0] as HTMLElement);
    });
    expect(screen.getByRole('alert').textContent).toBe('Este paciente ya está en su lista.');
    await act(async () => {
      fireEvent.click(within(suggested).getAllByRole('button', { name: 'No es paciente' })[0] as HTMLElement);
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'El nombre no puede estar vacío. Las notas pueden tener como máximo 2000 caracteres. A sentence never seen.',
    );
    expect(leftoverEnglish(container, [...PATIENT_DATA, 'A sentence never seen.'])).toEqual([]);
  });

  it('says in Spanish that the list could not be loaded, with Try again', async () => {
    const store: PatientListPorts = { list: async () => Promise.reject(new Error('PGRST000')), save: vi.fn() };
    inSpanish(<PatientsView events={CALENDAR} onClose={() => {}} store={store} timeZone="America/Chicago" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('No se pudo cargar su lista de pacientes en este momento. Intentar de nuevo');
    expect(within(alert).getByRole('button', { name: 'Intentar de nuevo' })).toBeTruthy();
  });
});

describe('the Spanish screens and axe', () => {
  // Layout-free checks only (happy-dom draws nothing: colour contrast is checked by the browser journeys).
  const serious = async (container: HTMLElement) => {
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
  };

  it('finds no serious violation in the Route view or the Patients view in Spanish', async () => {
    // (The check sees a button without a name.)
    const bad = document.body.appendChild(document.createElement('div'));
    bad.innerHTML = '<button type="button"></button>';
    expect(await serious(bad)).not.toEqual([]);
    bad.remove();
    const route = inSpanish(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} />);
    await screen.findByRole('list', { name: 'Orden optimizado' });
    expect(document.documentElement.lang).toBe('es');
    expect(await serious(route.container)).toEqual([]);
    cleanup();
    const store: PatientListPorts = { list: async () => [], save: vi.fn() };
    const patients = inSpanish(
      <PatientsView events={[]} onClose={() => {}} store={store} timeZone="America/Chicago" linker={null} />,
    );
    await screen.findByText('No hay pacientes nuevos en su calendario.');
    expect(await serious(patients.container)).toEqual([]);
  });
});

describe('the machines’ fixed texts', () => {
  // The dashboard says a machine's text by its key: the English catalog must hold the machine's own words.
  it.each([
    ['machines.dayOrder', DAY_ORDER_MESSAGES],
    ['machines.moveRule', MOVE_RULE_MESSAGES],
    ['machines.dayStart', DAY_START_MESSAGES],
    ['machines.dayPlaces', DAY_PLACES_MESSAGES],
    ['machines.dayDrives', DAY_DRIVES_MESSAGES],
    ['machines.patientList', PATIENT_LIST_MESSAGES],
    ['route.home.locate', LOCATE_MESSAGES],
  ] as const)('%s: every text is in the English catalog word for word', (namespace, table) => {
    for (const [key, text] of Object.entries(table)) {
      expect((enMessages as Record<string, string>)[`${namespace}.${key}`], key).toBe(text);
    }
  });
});
