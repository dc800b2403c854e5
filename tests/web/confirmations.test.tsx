// @vitest-environment happy-dom
// Evening confirmation calls on the dashboard: the statuses are read with the calendar and attached to
// their events (same id and day), a failing or silent statuses query never fails the calendar (no
// marks, one warning without tokens), each status's mark and accessible label in the agenda, month,
// week, visit sheet and Route view, database text rendered as text, and the "Confirmations for <day>"
// card (calls in progress, what needs the clinician first, counts, moved visits, the order of the day).
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { CONFIRMATION_STATUSES, type ConfirmationStatus } from '../../core/confirmations/contract.ts';
import type {
  CalendarEvent,
  ConfirmationBatchInfo,
  ConfirmationsSnapshot,
  EventConfirmation,
  SchedulePorts,
} from '../../machines/schedule/index.ts';
import {
  BATCH_COLUMNS,
  CONFIRMATION_COLUMNS,
  ConfirmationsReadError,
  readConfirmations,
} from '../../web/src/adapters/confirmations.ts';
import { RouteView } from '../../web/src/features/route/route-view.tsx';
import { ConfirmationMark } from '../../web/src/features/schedule/confirmation-mark.tsx';
import { CALLS_IN_PROGRESS_TEXT, ConfirmationsCard } from '../../web/src/features/schedule/confirmations-card.tsx';
import {
  attachConfirmations,
  CONFIRMATIONS_TIMEOUT_MS,
  dashboardScheduleMachine,
} from '../../web/src/features/schedule/schedule-loader.ts';
import { SchedulePanel } from '../../web/src/features/schedule/schedule-panel.tsx';
import { I18nProvider } from '../../web/src/i18n/i18n-provider.tsx';
import { resetTestNow, setTestNow, useFakeTimersAt } from '../support/test-clock.ts';
import { fakeSchedule } from './web-test-kit.tsx';

// The evening before the visits (America/Chicago, as the tests run).
const NOW = new Date('2026-11-23T23:30:00Z');
const DAY = '2026-11-24';
const HOSTILE = '<img src=x onerror=alert(1)>';

function visit(id: string, title: string, start: string, end: string, lat: number, lng: number): CalendarEvent {
  return {
    id,
    title,
    start: `${DAY}T${start}:00-06:00`,
    end: `${DAY}T${end}:00-06:00`,
    allDay: false,
    location: `${id.toUpperCase()} Street 1, Chicago, IL`,
    properties: { lat: String(lat), lng: String(lng), windowStart: '08:00', windowEnd: '17:00' },
  };
}

const MARIA = visit('a', 'Wound care — Maria Lopez', '09:00', '09:45', 41.9214, -87.7134);
const SAM = visit('b', 'PT follow-up — Sam Lee', '10:30', '11:15', 41.9231, -87.6331);
const ANN = visit('c', 'Vitals — Ann Ray', '13:00', '13:30', 41.9102, -87.7205);

function status(eventId: string, value: ConfirmationStatus, extra: Partial<EventConfirmation> = {}): EventConfirmation {
  return {
    eventId,
    visitDate: DAY,
    patientName: 'Maria Lopez',
    status: value,
    originalStart: `${DAY}T09:00:00-06:00`,
    newStart: null,
    detail: null,
    late: false,
    updatedAt: '2026-11-23T23:20:00Z',
    ...extra,
  };
}

const DONE_BATCH: ConfirmationBatchInfo = {
  visitDate: DAY,
  state: 'done',
  updatedAt: '2026-11-23T23:25:00Z',
  summary: {
    counts: { confirmed: 1, moved: 1, 'cancel-requested': 1 },
    moved: [{ eventId: 'b', patientName: 'Sam Lee', from: `${DAY}T09:00:00-06:00`, to: `${DAY}T10:30:00-06:00` }],
    plan: {
      order: [
        { eventId: 'a', patientName: 'Maria Lopez', start: `${DAY}T09:00:00-06:00` },
        { eventId: 'b', patientName: 'Sam Lee', start: `${DAY}T10:30:00-06:00` },
        { eventId: 'c', patientName: HOSTILE, start: '13:00' },
      ],
      driveMinutes: 41.6,
      confirmedTimesKept: true,
      feasible: true,
    },
    planNote: null,
  },
};

function portsWith(
  events: CalendarEvent[],
  fetchConfirmations: SchedulePorts['fetchConfirmations'],
): SchedulePorts & { fetchConfirmations: ReturnType<typeof vi.fn> } {
  return { ...fakeSchedule({ events }), fetchConfirmations: vi.fn(fetchConfirmations) };
}

const answer =
  (confirmations: EventConfirmation[], batches: ConfirmationBatchInfo[] = []) =>
  async (): Promise<ConfirmationsSnapshot> => ({ confirmations, batches });

/**
 * The one mark inside a calendar element. FullCalendar renders its events under `visibility: hidden` in
 * happy-dom (it cannot measure), where no accessible name is computed: the role and aria-label are read.
 */
function markIn(element: HTMLElement): { name: string | null; text: string | null } {
  const mark = within(element).getByRole('img', { hidden: true });
  return { name: mark.getAttribute('aria-label'), text: mark.textContent };
}

function renderPanel(ports: SchedulePorts) {
  return render(<SchedulePanel ports={ports} onSignInAgain={() => {}} initialDate={DAY} />);
}

beforeAll(async () => {
  await import('../../web/src/features/schedule/schedule-calendar.tsx');
  await import('../../web/src/features/route/route-view.tsx');
});
beforeEach(() => {
  // Only the clock is pinned (to the evening before the visits); timers stay real.
  setTestNow(NOW, { frozen: true });
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(cleanup);
afterEach(() => {
  resetTestNow();
  vi.restoreAllMocks();
});

describe('loading the statuses with the calendar', () => {
  it('asks for the loaded days and attaches each status to its event by id and day', async () => {
    const batches = [DONE_BATCH];
    const ports = portsWith(
      [MARIA, SAM],
      answer(
        [
          status('a', 'confirmed'),
          // Same event id, another day (a recurring visit's other instance): not this event's status.
          status('b', 'moved', { visitDate: '2026-11-25' }),
        ],
        batches,
      ),
    );
    const actor = createActor(dashboardScheduleMachine(ports, () => NOW)).start();
    await waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
    expect(ports.fetchConfirmations).toHaveBeenCalledWith({ from: '2026-11-23', to: '2026-12-23' }, expect.any(Object));
    const { events, confirmationBatches } = actor.getSnapshot().context;
    expect(events.map((e) => e.confirmation?.status ?? null)).toEqual(['confirmed', null]);
    expect(confirmationBatches).toEqual(batches);
    actor.stop();
  });

  it('matches by day too: the same id on another day is left alone', () => {
    const other = { ...MARIA, start: '2026-11-25T09:00:00-06:00', end: '2026-11-25T09:45:00-06:00' };
    const attached = attachConfirmations([MARIA, other], [status('a', 'confirmed')]);
    expect(attached.map((e) => e.confirmation?.status ?? null)).toEqual(['confirmed', null]);
  });

  it('a failing statuses query never fails the calendar: no marks, no card, one warning without the token', async () => {
    const ports = portsWith([MARIA, SAM], async () => {
      throw new Error('JWT expired (Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2ln)');
    });
    const { container } = renderPanel(ports);
    expect(await screen.findByText('Maria Lopez')).toBeTruthy();
    expect(container.querySelector('[data-machine="schedule"]')?.getAttribute('data-state')).toBe('loaded');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryAllByRole('img', { hidden: true })).toEqual([]);
    expect(screen.queryByRole('heading', { name: /^Confirmations for/ })).toBeNull();
    expect(console.warn).toHaveBeenCalledTimes(1);
    const logged = vi.mocked(console.warn).mock.calls[0]?.join(' ') ?? '';
    expect(logged).toContain('JWT expired');
    expect(logged).not.toMatch(/eyJ|c2ln/);
  });

  it('a statuses query that does not answer is given up: the calendar loads without marks', async () => {
    useFakeTimersAt(NOW);
    let seen: AbortSignal | null = null;
    const ports = portsWith([MARIA], (_days, signal) => {
      seen = signal;
      return new Promise<ConfirmationsSnapshot>(() => {});
    });
    const actor = createActor(dashboardScheduleMachine(ports, () => NOW)).start();
    await vi.advanceTimersByTimeAsync(CONFIRMATIONS_TIMEOUT_MS - 1);
    // The calendar has answered and waits for the statuses.
    expect(actor.getSnapshot().value).toEqual({ loading: { calendar: 'fetched', confirmations: 'fetching' } });
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.events).toEqual([MARIA]);
    expect((seen as AbortSignal | null)?.aborted).toBe(true);
    expect(console.warn).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('an empty answer shows the calendar without marks or card', async () => {
    const ports = portsWith([MARIA, SAM], answer([], []));
    renderPanel(ports);
    expect(await screen.findByText('Maria Lopez')).toBeTruthy();
    expect(ports.fetchConfirmations).toHaveBeenCalledTimes(1);
    expect(screen.queryAllByRole('img', { hidden: true })).toEqual([]);
    expect(screen.queryByRole('heading', { name: /^Confirmations for/ })).toBeNull();
    expect(console.warn).not.toHaveBeenCalled();
  });
});

/** A supabase-js stand-in: records each query's chain and answers per table. */
function fakeClient(answers: Record<string, { data: unknown; error: { code: string; message: string } | null }>) {
  const queries: Array<{ table: string; calls: Array<[string, ...unknown[]]> }> = [];
  const client = {
    from(table: string) {
      const query = { table, calls: [] as Array<[string, ...unknown[]]> };
      queries.push(query);
      const builder = {
        // biome-ignore lint/suspicious/noThenProperty: supabase-js query builders are awaited as thenables
        then(resolve: (value: unknown) => void) {
          resolve(answers[table]);
        },
      } as Record<string, unknown>;
      for (const method of ['select', 'eq', 'gte', 'lte', 'in', 'order', 'abortSignal']) {
        builder[method] = (...args: unknown[]) => {
          query.calls.push([method, ...args]);
          return builder;
        };
      }
      return builder;
    },
  };
  return { client: client as unknown as Parameters<typeof readConfirmations>[0], queries };
}

describe('reading the statuses (PostgREST)', () => {
  const days = { from: '2026-11-23', to: '2026-12-23' };

  it('selects only the shown columns of the loaded days and the batches from the first day on', async () => {
    const { client, queries } = fakeClient({
      visit_confirmations: {
        data: [
          {
            event_id: 'a',
            visit_date: DAY,
            patient_name: 'Maria Lopez',
            status: 'moved',
            original_start: '2026-11-24T15:00:00+00:00',
            new_start: '2026-11-24T16:30:00+00:00',
            detail: null,
            late: false,
            updated_at: '2026-11-23T23:20:00+00:00',
          },
          // Malformed rows are dropped: an unknown status, no event id.
          { event_id: 'b', visit_date: DAY, status: 'teleported', original_start: '2026-11-24T15:00:00+00:00' },
          { visit_date: DAY, status: 'confirmed', original_start: '2026-11-24T15:00:00+00:00' },
        ],
        error: null,
      },
      confirmation_batches: {
        data: [
          {
            visit_date: DAY,
            state: 'done',
            summary: { counts: { confirmed: 2, bogus: 4 }, moved: 'nope', plan: null, planNote: 'No coordinates' },
            updated_at: '2026-11-23T23:25:00+00:00',
          },
          { visit_date: '2026-11-25', state: null, summary: null, updated_at: '' },
        ],
        error: null,
      },
    });
    const signal = new AbortController().signal;
    const found = await readConfirmations(client, days, signal);
    expect(queries).toEqual([
      {
        table: 'visit_confirmations',
        calls: [
          ['select', CONFIRMATION_COLUMNS],
          ['gte', 'visit_date', days.from],
          ['lte', 'visit_date', days.to],
          ['order', 'visit_date', { ascending: true }],
          ['abortSignal', signal],
        ],
      },
      {
        table: 'confirmation_batches',
        calls: [
          ['select', BATCH_COLUMNS],
          ['gte', 'visit_date', days.from],
          ['order', 'visit_date', { ascending: true }],
          ['abortSignal', signal],
        ],
      },
    ]);
    expect(CONFIRMATION_COLUMNS).not.toMatch(/phone|call_id|user_id|\*/);
    expect(found.confirmations).toEqual([
      {
        eventId: 'a',
        visitDate: DAY,
        patientName: 'Maria Lopez',
        status: 'moved',
        originalStart: '2026-11-24T15:00:00+00:00',
        newStart: '2026-11-24T16:30:00+00:00',
        detail: null,
        late: false,
        updatedAt: '2026-11-23T23:20:00+00:00',
      },
    ]);
    expect(found.batches).toEqual([
      {
        visitDate: DAY,
        state: 'done',
        summary: { counts: { confirmed: 2 }, moved: [], plan: null, planNote: 'No coordinates' },
        updatedAt: '2026-11-23T23:25:00+00:00',
      },
    ]);
  });

  it('fails with the table and the PostgREST code when a read is refused', async () => {
    const { client } = fakeClient({
      visit_confirmations: { data: [], error: null },
      confirmation_batches: { data: null, error: { code: '42P01', message: 'relation does not exist' } },
    });
    const read = readConfirmations(client, days, new AbortController().signal);
    await expect(read).rejects.toBeInstanceOf(ConfirmationsReadError);
    await expect(read).rejects.toThrow('confirmation_batches: 42P01 relation does not exist');
  });
});

describe('the marks', () => {
  const LABELS: Array<[ConfirmationStatus, Partial<EventConfirmation>, string]> = [
    ['pending', {}, 'Not called yet'],
    ['calling', {}, 'Calling…'],
    ['confirmed', {}, 'Confirmed'],
    ['moved', { newStart: `${DAY}T10:30:00-06:00` }, 'Moved from 9:00 AM'],
    ['move-requested', { detail: 'asked for Thursday morning' }, 'Wants another time: Thursday morning'],
    ['move-requested', { newStart: `${DAY}T14:30:00-06:00` }, 'Wants another time: 2:30 PM'],
    ['cancel-requested', {}, 'Asked to cancel'],
    ['no-answer', {}, 'No answer'],
    ['voicemail', {}, 'Voicemail left'],
    ['wrong-number', {}, 'Wrong number'],
    ['opted-out', {}, 'Opted out of calls'],
    ['skipped', { detail: 'no phone number' }, 'Not called: no phone number'],
    ['no-report', {}, 'No report'],
  ];

  it.each(LABELS)('%s (%o) reads "%s": an icon and the text, not colour alone', (value, extra, label) => {
    render(<ConfirmationMark confirmation={status('a', value, extra)} />);
    const mark = screen.getByRole('img', { name: label });
    const [icon, text] = [...mark.children];
    expect(icon?.textContent?.trim()).not.toBe('');
    expect(text?.textContent).toBe(label);
  });

  it('gives every status its own icon', () => {
    const { container } = render(
      <div>
        {CONFIRMATION_STATUSES.map((value) => (
          <ConfirmationMark key={value} confirmation={status('a', value)} />
        ))}
      </div>,
    );
    const icons = [...container.querySelectorAll('.confirmation-mark__icon')].map((i) => i.textContent);
    expect(icons).toHaveLength(12);
    expect(new Set(icons).size).toBe(12);
  });

  it('shows the mark in the month chip, the agenda line, the week and the visit sheet', async () => {
    const ports = portsWith(
      [MARIA, SAM],
      answer([
        status('a', 'confirmed'),
        status('b', 'moved', { patientName: 'Sam Lee', originalStart: `${DAY}T09:30:00-06:00` }),
      ]),
    );
    renderPanel(ports);
    // Month: the icon only, the label as the accessible name.
    const chip = (await screen.findAllByText('Maria Lopez'))[0]?.closest('.schedule-event') as HTMLElement;
    expect(markIn(chip)).toEqual({ name: 'Confirmed', text: '✓' });
    const samChip = screen.getAllByText('Sam Lee')[0]?.closest('.schedule-event') as HTMLElement;
    expect(markIn(samChip).name).toBe('Moved from 9:30 AM');

    fireEvent.click(screen.getByRole('tab', { name: 'Agenda view' }));
    await waitFor(() => expect(document.querySelector('.agenda-event')).toBeTruthy());
    const line = [...document.querySelectorAll<HTMLElement>('.agenda-event')].find((l) =>
      l.textContent?.includes('Maria Lopez'),
    ) as HTMLElement;
    expect(markIn(line)).toEqual({ name: 'Confirmed', text: '✓Confirmed' });

    fireEvent.click(screen.getByRole('tab', { name: 'Week view' }));
    await waitFor(() => expect(document.querySelector('.schedule-event--block')).toBeTruthy());
    const block = [...document.querySelectorAll<HTMLElement>('.schedule-event--block')].find((b) =>
      b.textContent?.includes('Sam Lee'),
    ) as HTMLElement;
    expect(markIn(block).name).toBe('Moved from 9:30 AM');

    fireEvent.click(within(block).getByText('Sam Lee'));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByText('Confirmation call')).toBeTruthy();
    expect(within(sheet).getByRole('img', { name: 'Moved from 9:30 AM' })).toBeTruthy();
  });

  it('renders the database detail as text, never as HTML', async () => {
    const ports = portsWith(
      [MARIA, SAM],
      answer([
        status('a', 'move-requested', { detail: HOSTILE }),
        status('b', 'cancel-requested', { patientName: HOSTILE, detail: `<b>moving</b> ${HOSTILE}` }),
      ]),
    );
    const { container } = renderPanel(ports);
    const chip = (await screen.findAllByText('Maria Lopez'))[0]?.closest('.schedule-event') as HTMLElement;
    expect(markIn(chip).name).toBe(`Wants another time: ${HOSTILE}`);
    fireEvent.click(screen.getAllByText('Sam Lee')[0] as HTMLElement);
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByText(`<b>moving</b> ${HOSTILE}`)).toBeTruthy();
    expect(container.ownerDocument.querySelector('img, b, script')).toBeNull();
  });

  it('marks the Route view’s stops', () => {
    const events = [
      { ...MARIA, confirmation: status('a', 'confirmed') },
      { ...SAM, confirmation: status('b', 'wrong-number', { patientName: 'Sam Lee' }) },
      ANN,
    ];
    render(<RouteView day={DAY} events={events} onClose={() => {}} />);
    const optimised = screen.getByRole('list', { name: 'Optimised order' });
    const stop = (id: string) => optimised.querySelector(`[data-visit-id="${id}"]`) as HTMLElement;
    expect(within(stop('a')).getByRole('img', { name: 'Confirmed' })).toBeTruthy();
    expect(within(stop('b')).getByRole('img', { name: 'Wrong number' })).toBeTruthy();
    expect(within(stop('c')).queryByRole('img')).toBeNull();
    const calendarOrder = screen.getByRole('list', { name: 'Calendar order' });
    expect(
      within(calendarOrder)
        .getAllByRole('img')
        .map((m) => m.getAttribute('aria-label')),
    ).toEqual(['Confirmed', 'Wrong number']);
  });
});

describe('the marks in Spanish', () => {
  const LABELS: Array<[ConfirmationStatus, Partial<EventConfirmation>, string]> = [
    ['pending', {}, 'Aún sin llamar'],
    ['confirmed', {}, 'Confirmada'],
    ['moved', { newStart: `${DAY}T10:30:00-06:00` }, 'Movida desde 9:00 a.m.'],
    // The patient's own words stay as said.
    ['move-requested', { detail: 'asked for el jueves en la mañana' }, 'Pide otra hora: el jueves en la mañana'],
    ['move-requested', { newStart: `${DAY}T14:30:00-06:00` }, 'Pide otra hora: 2:30 p.m.'],
    ['move-requested', { newStart: '2026-11-26T14:30:00-06:00' }, 'Pide otra hora: jueves 2:30 p.m.'],
    ['cancel-requested', {}, 'Pidió cancelar'],
    ['skipped', { detail: 'sin teléfono' }, 'Sin llamar: sin teléfono'],
  ];

  it.each(LABELS)('%s (%o) reads "%s"', async (value, extra, label) => {
    render(
      <I18nProvider initialLocale="es">
        <ConfirmationMark confirmation={status('a', value, extra)} />
      </I18nProvider>,
    );
    const mark = await screen.findByRole('img', { name: label });
    expect(mark.textContent).toContain(label);
  });
});

describe('the "Confirmations for <day>" card', () => {
  const events = [
    { ...MARIA, confirmation: status('a', 'confirmed') },
    { ...SAM, confirmation: status('b', 'moved', { patientName: 'Sam Lee' }) },
    {
      ...ANN,
      confirmation: status('c', 'cancel-requested', {
        patientName: 'Ann Ray',
        originalStart: `${DAY}T13:00:00-06:00`,
        detail: HOSTILE,
      }),
    },
  ];

  it('lists what needs the clinician first, then the counts, the moves and the folded order of the day', () => {
    const { container } = render(<ConfirmationsCard batches={[DONE_BATCH]} events={events} today="2026-11-23" />);
    const card = screen.getByRole('region', { name: 'Confirmations for Tuesday, November 24, 2026' });
    const needs = within(card).getByRole('list', { name: 'Visits that need you' });
    const counts = within(card).getByRole('list', { name: 'Calls by status' });
    expect(needs.compareDocumentPosition(counts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const [needed] = within(needs).getAllByRole('listitem');
    expect(needed?.textContent).toBe(`1:00 PM Ann Ray ✕Asked to cancel ${HOSTILE}`);
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['✓ 1 Confirmed', '↪ 1 Moved', '✕ 1 Asked to cancel']);
    expect(within(within(card).getByRole('list', { name: 'Moved visits' })).getByRole('listitem').textContent).toBe(
      'Sam Lee: 9:00 AM →to 10:30 AM',
    );
    const plan = container.querySelector('details') as HTMLDetailsElement;
    expect(plan.open).toBe(false);
    expect(within(plan).getByText('Re-optimised order · 42 min driving')).toBeTruthy();
    expect(
      within(plan)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['9:00 AM Maria Lopez', '10:30 AM Sam Lee', `1:00 PM ${HOSTILE}`]);
    expect(within(card).queryByText(CALLS_IN_PROGRESS_TEXT)).toBeNull();
    expect(container.querySelector('img, script')).toBeNull();
  });

  it.each(['placing', 'waitingForReports', 'reoptimising', 'aStateOfANewerServer'])(
    'says "Calls in progress" while the batch runs (%s), instead of a summary',
    (state) => {
      render(<ConfirmationsCard batches={[{ ...DONE_BATCH, state }]} events={events} today="2026-11-23" />);
      const card = screen.getByRole('region', { name: /^Confirmations for/ });
      expect(within(card).getByText(new RegExp(`^${CALLS_IN_PROGRESS_TEXT}`))).toBeTruthy();
      expect(within(card).queryByRole('list')).toBeNull();
      expect(card.querySelector('details')).toBeNull();
    },
  );

  it('reads in Spanish: the day, what needs the clinician, the counts, the moves and the order', async () => {
    const { container } = render(
      <I18nProvider initialLocale="es">
        <ConfirmationsCard batches={[DONE_BATCH]} events={events} today="2026-11-23" />
      </I18nProvider>,
    );
    const card = await screen.findByRole('region', { name: 'Confirmaciones del martes, 24 de noviembre de 2026' });
    const [needed] = within(within(card).getByRole('list', { name: 'Visitas que requieren su atención' })).getAllByRole(
      'listitem',
    );
    expect(needed?.textContent).toBe(`1:00 p.m. Ann Ray ✕Pidió cancelar ${HOSTILE}`);
    expect(
      within(within(card).getByRole('list', { name: 'Llamadas por estado' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['✓ Confirmada: 1', '↪ Movida: 1', '✕ Pidió cancelar: 1']);
    expect(within(within(card).getByRole('list', { name: 'Visitas movidas' })).getByRole('listitem').textContent).toBe(
      'Sam Lee: 9:00 a.m. →a 10:30 a.m.',
    );
    const plan = container.querySelector('details') as HTMLDetailsElement;
    expect(within(plan).getByText('Orden reoptimizado · 42 min de manejo')).toBeTruthy();
    expect(within(plan).getByText('Todas las visitas confirmadas conservan su hora.')).toBeTruthy();
  });

  it('says the calls in progress in Spanish, with when the batch was updated', async () => {
    render(
      <I18nProvider initialLocale="es">
        <ConfirmationsCard batches={[{ ...DONE_BATCH, state: 'placing' }]} events={events} today="2026-11-23" />
      </I18nProvider>,
    );
    const card = await screen.findByRole('region', { name: /^Confirmaciones del/ });
    expect(within(card).getByText(/^Llamadas en curso · actualizado: 5:25 p\.m\.$/)).toBeTruthy();
    expect(
      within(card).getByText('Los resultados aparecen en su calendario a medida que terminan las llamadas.'),
    ).toBeTruthy();
  });

  it('shows the nearest batch from today on, and nothing when there is only an older one', () => {
    const later = { ...DONE_BATCH, visitDate: '2026-11-26', state: 'scheduled' as const, summary: null };
    const older = { ...DONE_BATCH, visitDate: '2026-11-22' };
    const { rerender } = render(
      <ConfirmationsCard batches={[later, older, DONE_BATCH]} events={[]} today="2026-11-23" />,
    );
    expect(screen.getByRole('heading', { name: 'Confirmations for Tuesday, November 24, 2026' })).toBeTruthy();
    rerender(<ConfirmationsCard batches={[older]} events={[]} today="2026-11-23" />);
    expect(screen.queryByRole('heading', { name: /^Confirmations for/ })).toBeNull();
  });

  it('appears on the dashboard panel above the calendar once the statuses load', async () => {
    const ports = portsWith(
      [MARIA, ANN],
      answer([status('c', 'no-report', { patientName: 'Ann Ray', originalStart: ANN.start })], [DONE_BATCH]),
    );
    renderPanel(ports);
    const card = await screen.findByRole('region', { name: 'Confirmations for Tuesday, November 24, 2026' });
    expect(within(within(card).getByRole('list', { name: 'Visits that need you' })).getByText('Ann Ray')).toBeTruthy();
    const planButton = screen.getByRole('button', { name: 'Plan route' });
    expect(card.compareDocumentPosition(planButton) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await act(async () => {});
  });
});
