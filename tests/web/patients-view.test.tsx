// @vitest-environment happy-dom
// The Patients view (issue 21): the calendar's patients suggested once per person however the events spell them,
// each added or marked "not a patient" (never suggested again), a patient's details edited, bad input refused with
// what to fix, and provider text shown as text.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEvent } from '../../core/calendar/index.ts';
import type { PatientRecord } from '../../core/patients/patients.ts';
import type { PatientListPorts, PatientSave } from '../../machines/patient-list/index.ts';
import { createPatientLinker, createPatientStore } from '../../web/src/adapters/patients.ts';
import { PatientsView } from '../../web/src/features/patients/patients-view.tsx';
import { I18nProvider } from '../../web/src/i18n/i18n-provider.tsx';

afterEach(cleanup);

const DAY = '2026-11-24';
const event = (id: string, title: string, hhmm: string, location?: string): CalendarEvent => ({
  id,
  title,
  start: `${DAY}T${hhmm}:00-06:00`,
  end: `${DAY}T${hhmm.slice(0, 2)}:45:00-06:00`,
  allDay: false,
  ...(location ? { location } : {}),
});
const EVENTS = [
  event('e1', 'SN f/u: WINTER, IDA', '09:00', '4400 N Broadway, Chicago, IL 60640'),
  event('e2', 'Lunch', '11:00', '3400 N Clark St, Chicago, IL 60657'),
  event('e3', 'Ida Winter ROC', '13:00', '4400 N Broadway, Chicago, IL 60640'),
  event('e4', 'PT eval - <b>Rosa</b> Delgado', '15:00', '1815 W Cortland St, Chicago, IL 60622'),
];

/** Ida as the list holds her once added: nothing kept about her yet but her address. */
const IDA: PatientRecord = {
  id: 'p1',
  name_key: 'ida winter',
  status: 'patient',
  full_name: 'Ida Winter',
  address: '4400 N Broadway, Chicago, IL 60640',
  lat: null,
  lng: null,
  phone: null,
  window_start: null,
  window_end: null,
  language: null,
  notes: null,
  automated_calls_consent: false,
};

/** The list in memory, as the database would keep it (ids assigned on insert, one row per name key). */
function memoryStore(initial: PatientRecord[] = []) {
  const rows = new Map(initial.map((r) => [r.id, r]));
  const saves: PatientSave[] = [];
  let next = 1;
  const store: PatientListPorts = {
    list: async () => [...rows.values()],
    save: async (save) => {
      saves.push(save);
      if (save.kind === 'insert') {
        const row = { ...save.record, id: `id-${next++}` };
        rows.set(row.id, row);
        return row;
      }
      const row = { ...(rows.get(save.id) as PatientRecord), ...save.changes } as PatientRecord;
      rows.set(row.id, row);
      return row;
    },
  };
  return { store, saves, rows };
}

async function open(store: PatientListPorts) {
  render(<PatientsView events={EVENTS} onClose={() => {}} store={store} timeZone="America/Chicago" />);
  return screen.findByRole('list', { name: 'Suggested patients' });
}

describe('the Patients view', () => {
  it('suggests each patient once however the calendar spells them, not the lunch, and shows their text as text', async () => {
    const { store } = memoryStore();
    const suggested = await open(store);
    const cards = within(suggested).getAllByRole('listitem');
    expect(cards.map((c) => c.querySelector('.patient-card__name')?.textContent)).toEqual([
      expect.stringMatching(/^(Ida Winter|IDA WINTER|Winter, Ida)$/i),
      expect.stringMatching(/Rosa.*Delgado/),
    ]);
    expect(cards[0]?.textContent).toContain('2 visits on your calendar');
    expect(cards[0]?.textContent).toContain('4400 N Broadway');
    expect(suggested.textContent).not.toContain('Lunch');
    expect(suggested.querySelector('b')).toBeNull();
  });

  it('adds a suggestion to the list, and a name marked “Not a patient” is remembered and not suggested again', async () => {
    const { store, saves } = memoryStore();
    const suggested = await open(store);
    const [ida, rosa] = within(suggested).getAllByRole('listitem');
    await act(async () => {
      fireEvent.click(within(ida as HTMLElement).getByRole('button', { name: 'Add to my patients' }));
    });
    expect(saves[0]).toMatchObject({
      kind: 'insert',
      record: { name_key: 'ida winter', status: 'patient', address: '4400 N Broadway, Chicago, IL 60640' },
    });
    const patients = await screen.findByRole('list', { name: 'Patients' });
    expect(patients.textContent).toMatch(/Ida Winter/i);
    await act(async () => {
      fireEvent.click(within(rosa as HTMLElement).getByRole('button', { name: 'Not a patient' }));
    });
    expect(saves[1]).toMatchObject({ kind: 'insert', record: { status: 'not_patient', address: null } });
    expect(screen.getByText('No new patients on your calendar.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Not patients' }).textContent).toMatch(/Delgado/);
    cleanup();
    // Opened again (the list read from the store): nothing is suggested twice.
    render(<PatientsView events={EVENTS} onClose={() => {}} store={store} timeZone="America/Chicago" />);
    await screen.findByRole('list', { name: 'Patients' });
    expect(screen.queryByRole('list', { name: 'Suggested patients' })).toBeNull();
  });

  it('edits what the clinician keeps about a patient', async () => {
    const { store, saves } = memoryStore([IDA]);
    await open(store);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Ida Winter' });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '09:00' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '12:00' } });
    fireEvent.change(within(form).getByLabelText('Language'), { target: { value: 'Polish' } });
    fireEvent.click(within(form).getByLabelText('Agrees to automated reminder calls'));
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    });
    expect(saves[0]).toMatchObject({
      kind: 'update',
      id: 'p1',
      changes: { window_start: '09:00', window_end: '12:00', language: 'Polish', automated_calls_consent: true },
    });
    const card = screen.getByRole('list', { name: 'Patients' });
    expect(card.textContent).toContain('Polish');
    expect(card.textContent).toContain('Agrees to automated reminder calls');
    expect(card.textContent).toMatch(/Prefers 9:00\sAM – 12:00\sPM/);
  });

  it('says what cannot be read, and Try again reads it', async () => {
    const list = vi.fn().mockRejectedValueOnce(new Error('PGRST000')).mockResolvedValue([]);
    render(
      <PatientsView events={EVENTS} onClose={() => {}} store={{ list, save: vi.fn() }} timeZone="America/Chicago" />,
    );
    await screen.findByText(/Your patient list could not be loaded just now\./);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Suggested patients' });
  });
});

describe('the patient store', () => {
  it('refuses a change that cannot be right before it reaches the database, saying what to fix', async () => {
    const loader = { load: vi.fn(async () => Promise.reject(new Error('not reached'))) };
    const store = createPatientStore(loader as never);
    const signal = new AbortController().signal;
    await expect(
      store.save({ kind: 'update', id: 'p1', changes: { window_start: '12:00', window_end: '09:00' } }, signal),
    ).rejects.toMatchObject({ userMessage: 'The preferred window must end after it starts.' });
    await expect(
      store.save({ kind: 'update', id: 'p1', changes: { window_start: '12:00' } }, signal),
    ).rejects.toMatchObject({
      userMessage: 'Give both ends of the preferred window, or neither.',
    });
    await expect(store.save({ kind: 'update', id: 'p1', changes: { full_name: '  ' } }, signal)).rejects.toMatchObject({
      userMessage: 'The name cannot be empty.',
    });
    expect(loader.load).not.toHaveBeenCalled();
  });

  /** A loader whose client records what would be written, and answers it back as the stored row. */
  function recordingLoader() {
    const written: Record<string, unknown>[] = [];
    const chain = (row: Record<string, unknown>) => {
      written.push(row);
      const answer = {
        data: [{ id: 'p1', name_key: 'ida winter', status: 'patient', full_name: 'Ida Winter', ...row }],
      };
      const query = { eq: () => query, select: () => query, abortSignal: async () => ({ ...answer, error: null }) };
      return query;
    };
    const client = { from: () => ({ insert: chain, update: chain }), auth: { getSession: async () => ({ data: {} }) } };
    return { loader: { load: async () => client } as never, written };
  }
  const ADDRESS = '4400 N Broadway, Chicago, IL 60640';

  it('locates an address when it is saved, and keeps whether the place is only approximate', async () => {
    const { loader, written } = recordingLoader();
    const locate = vi.fn(async (addresses: readonly string[]) =>
      addresses.map((a) => [a, { lat: 41.96, lon: -87.66, approximate: true, formatted: null }] as const),
    );
    const store = createPatientStore(loader, { locate });
    const saved = await store.save(
      { kind: 'update', id: 'p1', changes: { address: ` ${ADDRESS} ` } },
      new AbortController().signal,
    );
    expect(locate).toHaveBeenCalledWith([ADDRESS], expect.anything());
    expect(written[0]).toMatchObject({ address: ADDRESS, lat: 41.96, lng: -87.66, location_approximate: true });
    expect(saved).toMatchObject({ lat: 41.96, lng: -87.66, location_approximate: true });
    render(<PatientsView events={[]} onClose={() => {}} store={{ list: async () => [saved], save: vi.fn() }} />);
    await screen.findByText(/Found only approximately on the map/);
  });

  it('saves the address even when it cannot be located, with no place (located again when planned)', async () => {
    const { loader, written } = recordingLoader();
    const notFound = createPatientStore(loader, { locate: async (a) => a.map((x) => [x, 'not-found'] as const) });
    await notFound.save({ kind: 'update', id: 'p1', changes: { address: ADDRESS } }, new AbortController().signal);
    const down = createPatientStore(loader, { locate: () => Promise.reject(new Error('offline')) });
    await down.save({ kind: 'update', id: 'p1', changes: { address: ADDRESS } }, new AbortController().signal);
    for (const row of written) expect(row).toMatchObject({ address: ADDRESS, lat: null, lng: null });
    // A change that is not an address asks nothing of the geocoder.
    const locate = vi.fn();
    await createPatientStore(loader, { locate }).save(
      { kind: 'update', id: 'p1', changes: { language: 'Polish' } },
      new AbortController().signal,
    );
    expect(locate).not.toHaveBeenCalled();
  });

  it('links events added before consent once the list is read, asking each event once and stopping when not allowed', async () => {
    const { store } = memoryStore([{ ...IDA, address: null }]);
    const linker = vi.fn(async () => 2);
    const reloaded = vi.fn();
    render(
      <PatientsView
        events={EVENTS}
        onClose={() => {}}
        store={store}
        timeZone="America/Chicago"
        linker={linker}
        onCalendarChanged={reloaded}
      />,
    );
    await screen.findByRole('list', { name: 'Patients' });
    expect(linker).toHaveBeenCalledWith([{ patientId: 'p1', eventIds: ['e1', 'e3'] }]);
    // Linked events have new etags: the schedule reloads them.
    await vi.waitFor(() => expect(reloaded).toHaveBeenCalled());

    const bodies: unknown[] = [];
    let writeAccess = false;
    const fetch = vi.fn(async (_url: unknown, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      const linked = writeAccess ? init && JSON.parse(String(init.body)).eventIds : [];
      return new Response(JSON.stringify({ linked, unchanged: [], skipped: [], writeAccess }), { status: 200 });
    });
    const loader = {
      load: async () => ({ auth: { getSession: async () => ({ data: { session: { access_token: 't' } } }) } }),
    };
    const link = createPatientLinker(loader as never, { supabaseUrl: 'http://x', anonKey: 'k', fetch: fetch as never });
    expect(
      await link([
        { patientId: 'p1', eventIds: ['e1'] },
        { patientId: 'p2', eventIds: ['e4'] },
      ]),
    ).toBe(0);
    // Not allowed: the second patient is not asked for this page load.
    expect(bodies).toEqual([{ patientId: 'p1', eventIds: ['e1'] }]);
    writeAccess = true;
    const again = createPatientLinker(loader as never, {
      supabaseUrl: 'http://x',
      anonKey: 'k',
      fetch: fetch as never,
    });
    expect(await again([{ patientId: 'p1', eventIds: ['e1', 'e3'] }])).toBe(2);
    expect(await again([{ patientId: 'p1', eventIds: ['e1', 'e3', 'e5'] }])).toBe(1);
    expect(bodies.slice(1)).toEqual([
      { patientId: 'p1', eventIds: ['e1', 'e3'] },
      { patientId: 'p1', eventIds: ['e5'] },
    ]);
  });
});

describe('the Patients view in Spanish (issue 27)', () => {
  it('adds a suggested patient and lists them, saying it all in Spanish', async () => {
    const { store, saves } = memoryStore();
    render(
      <I18nProvider initialLocale="es">
        <PatientsView events={EVENTS} onClose={() => {}} store={store} timeZone="America/Chicago" />
      </I18nProvider>,
    );
    const suggested = await screen.findByRole('list', { name: 'Pacientes sugeridos' });
    const ida = within(suggested).getAllByRole('listitem')[0] as HTMLElement;
    expect(ida.textContent).toContain('2 visitas en su calendario');
    expect(within(suggested).getByText('1 visita en su calendario')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(ida).getByRole('button', { name: 'Agregar a mis pacientes' }));
    });
    expect(saves).toHaveLength(1);
    const patients = screen.getByRole('list', { name: 'Pacientes' });
    expect(within(patients).getByText('Sin llamadas automáticas')).toBeTruthy();
    expect(within(patients).getByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(screen.getByText(/^Solo usted puede ver esta lista\./)).toBeTruthy();
  });
});
