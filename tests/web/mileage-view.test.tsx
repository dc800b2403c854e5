// @vitest-environment happy-dom
// The Mileage view (issue 27): a month's days with their legs to expand (home → visits → home, road or approximate,
// the commute legs marked), totals, the rate and the reimbursement in the chosen language's numbers and money,
// "Not driven as planned" saved through the machine, "Download CSV" saving core/mileage's CSV, Print, another month,
// a month that cannot be read (Try again); and the same screen in Spanish with no English text of ours left, axe clean.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mileageCsv } from '../../core/mileage/csv.ts';
import type { MileageMonth } from '../../core/mileage/mileage.types.ts';
import type { MileageDaySave, MileageMonthPorts } from '../../machines/mileage-month/index.ts';
import { MileageView } from '../../web/src/features/mileage/mileage-view.tsx';
import { I18nProvider } from '../../web/src/i18n/i18n-provider.tsx';

afterEach(cleanup);

const LOG: MileageMonth = {
  month: '2026-11',
  days: [
    {
      day: '2026-11-02',
      legs: [
        {
          from: { kind: 'home' },
          to: { kind: 'visit', time: '09:00', patient: 'Rosa Delgado' },
          miles: 4.24,
          minutes: 14.2,
          roadBased: true,
          fromHome: true,
          toHome: false,
        },
        {
          from: { kind: 'visit', time: '09:00', patient: 'Rosa Delgado' },
          to: { kind: 'visit', time: '13:30', patient: 'John Wu' },
          miles: 1234.5,
          minutes: 20,
          roadBased: false,
          fromHome: false,
          toHome: false,
        },
        {
          from: { kind: 'visit', time: '13:30', patient: 'John Wu' },
          to: { kind: 'home' },
          miles: 3.1,
          minutes: 11,
          roadBased: true,
          fromHome: false,
          toHome: true,
        },
      ],
      plannedMiles: 1241.8,
      plannedMinutes: 45.2,
      roadBased: false,
      countsHomeLegs: true,
      visits: 2,
      unplaced: 1,
      edit: null,
      miles: 1241.8,
      upcoming: false,
    },
    {
      day: '2026-11-30',
      legs: [],
      plannedMiles: 8.5,
      plannedMinutes: 20,
      roadBased: true,
      countsHomeLegs: true,
      visits: 1,
      unplaced: 0,
      edit: null,
      miles: 8.5,
      upcoming: true,
    },
  ],
  totalMiles: 1241.8,
  plannedMiles: 1241.8,
  totalMinutes: 45.2,
  rate: {
    centsPerMile: 72.5,
    kind: 'irs',
    year: 2026,
    note: 'IRS standard business rate for 2026, IRS Notice 2026-10',
  },
  reimbursement: 900.31,
};

function fakePorts() {
  const loads: string[] = [];
  const saves: Array<{ month: string; save: MileageDaySave }> = [];
  let next: (log: MileageMonth) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const ports: MileageMonthPorts = {
    load: (month) => {
      loads.push(month);
      return new Promise((resolve, reject) => {
        next = resolve;
        fail = reject;
      });
    },
    save: (request) => {
      saves.push(request);
      return new Promise((resolve, reject) => {
        next = resolve;
        fail = reject;
      });
    },
  };
  return {
    ports,
    loads,
    saves,
    answer: (log: MileageMonth) => act(async () => next(log)),
    refuse: (error: unknown) => act(async () => fail(error)),
  };
}

function show(locale: 'en' | 'es' = 'en') {
  const fake = fakePorts();
  const saveFile = vi.fn();
  const print = vi.fn();
  const onClose = vi.fn();
  const view = <MileageView month="2026-11" ports={fake.ports} saveFile={saveFile} print={print} onClose={onClose} />;
  render(locale === 'es' ? <I18nProvider initialLocale="es">{view}</I18nProvider> : view);
  return { ...fake, saveFile, print, onClose };
}

describe('Mileage view', () => {
  it('shows the month: days, legs with their commute marks, totals, rate and reimbursement', async () => {
    const { answer, loads } = show();
    expect(screen.getByRole('heading', { name: 'Mileage for November 2026' })).toBeTruthy();
    expect(screen.getByText('Adding up your drives…')).toBeTruthy();
    expect(loads).toEqual(['2026-11']);
    await answer(LOG);
    const days = screen.getByRole('table', { name: 'Days driven' });
    const row = within(days).getByRole('row', { name: /Mon, Nov 2/ });
    expect(within(row).getByText('2 visits')).toBeTruthy();
    expect(within(row).getAllByText('1,241.8 mi')).toHaveLength(2);
    expect(within(row).getByText('Approximate')).toBeTruthy();
    expect(within(days).getByText('Planned, not driven yet')).toBeTruthy();
    expect(screen.getByText('1 visit could not be placed on the map and is left out.')).toBeTruthy();

    const legs = screen.getByRole('button', { name: 'Legs of Mon, Nov 2' });
    expect(legs.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(legs);
    expect(legs.getAttribute('aria-expanded')).toBe('true');
    const legTable = screen.getByRole('table', { name: 'Legs of Mon, Nov 2' });
    const legRows = within(legTable).getAllByRole('row').slice(1);
    expect(legRows.map((r) => r.textContent)).toEqual([
      'Home9:00 AM Rosa Delgado · Commute from home4.2 mi14 minRoad',
      '9:00 AM Rosa Delgado1:30 PM John Wu1,234.5 mi20 minApproximate',
      '1:30 PM John WuHome · Back home3.1 mi11 minRoad',
    ]);
    expect(screen.getByTestId('mileage-total').textContent).toBe('1,241.8 mi');
    expect(screen.getByText(/\$0\.725 per mile \(IRS standard business rate for 2026\)/)).toBeTruthy();
    expect(screen.getByTestId('mileage-reimbursement').textContent).toBe('$900.31');
    expect(screen.getByText('Days after today are listed as planned and not counted in the totals.')).toBeTruthy();
  });

  it("downloads core/mileage's CSV as mileage-YYYY-MM.csv, prints, and closes", async () => {
    const { answer, saveFile, print, onClose } = show();
    await answer(LOG);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(saveFile).toHaveBeenCalledWith('mileage-2026-11.csv', mileageCsv(LOG));
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Back to calendar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('saves a day not driven as planned and shows the answer; a refusal keeps the form and says why', async () => {
    const { answer, refuse, saves } = show();
    await answer(LOG);
    fireEvent.click(screen.getByRole('button', { name: 'Not driven as planned' }));
    const form = screen.getByRole('group', { name: 'Not driven as planned on Mon, Nov 2' });
    fireEvent.change(within(form).getByLabelText('Miles you drove'), { target: { value: '30.5' } });
    fireEvent.change(within(form).getByLabelText('Why (a few words)'), { target: { value: 'Detour: bridge closed' } });
    fireEvent.submit(form.closest('form') as HTMLFormElement);
    expect(saves).toEqual([
      { month: '2026-11', save: { day: '2026-11-02', drivenMiles: 30.5, reason: 'Detour: bridge closed' } },
    ]);
    await refuse({ userMessage: 'edit.reason must be at most 200 characters.' });
    expect(screen.getByRole('alert').textContent).toBe('edit.reason must be at most 200 characters.');
    fireEvent.submit(form.closest('form') as HTMLFormElement);
    const day = LOG.days[0] as MileageMonth['days'][number];
    await answer({
      ...LOG,
      days: [{ ...day, edit: { miles: 30.5, reason: 'Detour: bridge closed' }, miles: 30.5 }, LOG.days[1] as never],
      totalMiles: 30.5,
      reimbursement: 22.11,
    });
    expect(screen.queryByRole('group', { name: /Not driven as planned on/ })).toBeNull();
    expect(screen.getByText(/Not driven as planned: Detour: bridge closed/)).toBeTruthy();
    expect(screen.getByTestId('mileage-total').textContent).toBe('30.5 mi');
    expect(screen.getByTestId('mileage-reimbursement').textContent).toBe('$22.11');
  });

  it('reads another month when picked, and says so when a month cannot be read (Try again)', async () => {
    const { answer, refuse, loads } = show();
    await answer(LOG);
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(loads).toEqual(['2026-11', '2026-10']);
    expect(screen.getByRole('heading', { name: 'Mileage for October 2026' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Days driven' })).toBeNull();
    await refuse(new Error('mileage answered 502'));
    expect(screen.getByRole('alert').textContent).toContain('Your mileage could not be read just now.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(loads).toEqual(['2026-11', '2026-10', '2026-10']);
    await answer({ ...LOG, month: '2026-10', days: [] });
    expect(screen.getByText('No visits this month: there are no drives to log.')).toBeTruthy();
  });

  it('is in Spanish when chosen: numbers, money and dates in Spanish, no English text of ours, axe clean', async () => {
    const { answer } = show('es');
    // The Spanish catalog loads asynchronously (a busy machine may take a while).
    expect(
      await screen.findByRole('heading', { name: 'Millaje de noviembre de 2026' }, { timeout: 10_000 }),
    ).toBeTruthy();
    await answer(LOG);
    fireEvent.click(screen.getAllByRole('button', { name: /^Trayectos del / })[0] as HTMLElement);
    const view = document.querySelector('.mileage-view') as HTMLElement;
    const text = view.textContent ?? '';
    expect(screen.getByTestId('mileage-total').textContent).toBe('1241,8 mi');
    expect(screen.getByTestId('mileage-reimbursement').textContent).toMatch(/900,31/);
    expect(text).toContain('Traslado desde casa');
    expect(text).toContain('Regreso a casa');
    expect(text).toContain('Planificado, aún no recorrido');
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeTruthy();
    // The patients' names aside, nothing English of ours is left.
    const ours = text.replace(/Rosa Delgado|John Wu/g, '');
    for (const english of [
      'Mileage',
      'Home',
      'Road',
      'Approximate',
      'visits',
      'Download',
      'Print',
      'Commute',
      'Back home',
      'per mile',
    ]) {
      expect(ours).not.toContain(english);
    }
    const results = await axe.run(view, { resultTypes: ['violations'] });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  }, 30_000);
});
