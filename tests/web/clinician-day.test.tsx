// @vitest-environment happy-dom
// The clinician's day in the schedule panel: the agenda's one line per visit, the visit sheet (plain
// text, tel: and directions links, window, who booked it, Escape returns focus), one time format, and
// a calendar that stays current (a failed refresh keeps the events, a refresh asked during a load is
// not lost, coming back to the tab after a while reloads). Also the skip link to the assistant.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { CalendarEvent } from '../../machines/schedule/index.ts';
import { formatClock, formatTimeRange } from '../../web/src/components/time-format.ts';
import { visibleHours } from '../../web/src/features/schedule/schedule-calendar.tsx';
import { SchedulePanel, STALE_AFTER_MS } from '../../web/src/features/schedule/schedule-panel.tsx';
import { bookedByText, directionsUrl, telHref } from '../../web/src/features/schedule/visit-sheet.tsx';
import { esMessages } from '../../web/src/i18n/catalog.es.ts';
import { I18nProvider, intlFor } from '../../web/src/i18n/i18n-provider.tsx';
import { translator } from '../../web/src/i18n/use-t.ts';
import { resetTestNow, setTestNow, testNow } from '../support/test-clock.ts';
import { allowConsoleError } from './console-guard.ts';
import { ADA, ADA_PROFILE, deferred, fakeAuth, fakeSchedule, renderApp } from './web-test-kit.tsx';

const DAY = '2026-11-24';
const VISIT: CalendarEvent = {
  id: 'v1',
  title: 'Wound care — Maria Lopez',
  start: `${DAY}T09:00:00-06:00`,
  end: `${DAY}T09:45:00-06:00`,
  allDay: false,
  location: '2642 N Halsted St, Chicago, IL 60614',
  description:
    '<p>Gate code <b>4411</b>. Dog in the yard.</p><script>alert("xss")</script>\nPatient time window: 08:00–11:00\nVisit length: 45 min\nPhone: (312) 555-0142',
  properties: { lat: '41.93', lng: '-87.65', windowStart: '08:00', windowEnd: '11:00' },
};
const BOOKED_BY_ASSISTANT: CalendarEvent = {
  ...VISIT,
  id: 'v2',
  title: 'PT follow-up — Sam Lee',
  start: `${DAY}T13:00:00-06:00`,
  end: `${DAY}T13:30:00-06:00`,
  description: 'Phone: (312) 555-0100',
  properties: { ...VISIT.properties, bookedBy: 'homerounds-assistant' },
};

beforeAll(async () => {
  await import('../../web/src/features/schedule/schedule-calendar.tsx');
});
beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(cleanup);
afterEach(() => vi.restoreAllMocks());

function agendaPanel(ports = fakeSchedule({ events: [VISIT, BOOKED_BY_ASSISTANT] })) {
  render(<SchedulePanel ports={ports} onSignInAgain={() => {}} initialDate={DAY} />);
  return ports;
}

async function openAgenda() {
  fireEvent.click(await screen.findByRole('tab', { name: 'Agenda view' }));
  await screen.findAllByText('Maria Lopez');
}

describe('one time format', () => {
  it('formats instants, ranges and wall-clock times alike, in the clinician’s locale', () => {
    expect(formatClock('13:03')).toBe('1:03 PM');
    expect(formatClock('08:00')).toBe('8:00 AM');
    expect(formatTimeRange(VISIT.start, VISIT.end)).toBe('9:00 AM – 9:45 AM');
  });

  it('opens week and day at working hours, widened to every visit', () => {
    expect(visibleHours([VISIT])).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '19:00:00' });
    const early = { ...VISIT, start: `${DAY}T05:30:00-06:00`, end: `${DAY}T06:00:00-06:00` };
    const late = { ...VISIT, id: 'l', start: `${DAY}T19:30:00-06:00`, end: `${DAY}T20:15:00-06:00` };
    expect(visibleHours([early, late])).toEqual({ slotMinTime: '05:00:00', slotMaxTime: '21:00:00' });
  });
});

describe('the agenda and the visit sheet', () => {
  it('shows one line per visit: time range, patient, visit type, address and window', async () => {
    agendaPanel();
    await openAgenda();
    const line = document.querySelector('.agenda-event') as HTMLElement;
    expect([...line.children].map((c) => c.textContent)).toEqual([
      '9:00 AM – 9:45 AM',
      'Maria Lopez',
      'Wound care',
      '2642 N Halsted St, Chicago, IL 60614',
      'Window 8:00 AM – 11:00 AM',
    ]);
  });

  it('opens the sheet on click: plain-text notes, tel: and directions links, window, who booked it', async () => {
    agendaPanel();
    await openAgenda();
    const patient = screen.getAllByText('Maria Lopez')[0] as HTMLElement;
    fireEvent.click(patient);
    const sheet = await screen.findByRole('dialog', { name: 'Maria Lopez' });
    const text = sheet.textContent ?? '';
    expect(text).toContain('Tuesday, November 24, 9:00 AM – 9:45 AM');
    expect(text).toContain('Wound care');
    expect(text).toContain("Patient's time window8:00 AM – 11:00 AM");
    expect(text).toContain('Booked byYour calendar (not booked by the assistant)');
    expect(within(sheet).getByText('Gate code 4411. Dog in the yard.')).toBeTruthy();
    expect(sheet.querySelector('b, script, p b')).toBeNull();
    expect(text).not.toContain('alert');
    expect(
      within(sheet)
        .getByRole('link', { name: /^Call \(312\) 555-0142/ })
        .getAttribute('href'),
    ).toBe('tel:3125550142');
    expect(
      within(sheet)
        .getByRole('link', { name: /^Directions to 2642 N Halsted St/ })
        .getAttribute('href'),
    ).toBe(directionsUrl('2642 N Halsted St, Chicago, IL 60614'));
    // Focus moves into the sheet, on Close.
    expect(document.activeElement?.textContent).toBe('Close');
    // Why it is a visit: the recognition's reasons, in words the clinician can check, and how to correct it.
    const why = within(sheet).getByText('Why is this a visit?').closest('details') as HTMLElement;
    expect(within(why).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(why.textContent).toContain('mark this name “Not a patient”');
  });

  it('opens by keyboard and Escape returns focus to the visit', async () => {
    agendaPanel();
    await openAgenda();
    const visit = (screen.getAllByText('Maria Lopez')[0] as HTMLElement).closest('[role=button]') as HTMLElement;
    expect(visit.tabIndex).toBe(0);
    visit.focus();
    fireEvent.click(visit);
    const sheet = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.keyDown(sheet, { key: 'Escape' });
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(visit));
  });

  it('says who booked it', () => {
    expect(bookedByText('homerounds-assistant')).toBe('Your AI assistant');
    expect(bookedByText(null)).toBe('Your calendar (not booked by the assistant)');
    expect(telHref('+1 (312) 555-0142')).toBe('tel:+13125550142');
  });

  it('says who booked it in Spanish', () => {
    const spanish = translator(intlFor('es', esMessages));
    expect(bookedByText('homerounds-assistant', spanish)).toBe('Su asistente de IA');
    expect(bookedByText(null, spanish)).toBe('Su calendario (no la agendó el asistente)');
    expect(bookedByText('Dispatch (Ana)', spanish)).toBe('Dispatch (Ana)');
  });
});

describe('an always-current calendar', () => {
  it('keeps the last good calendar on a failed refresh, with the error, Try Again and when it was updated', async () => {
    // Spec §8: the cause of a failed fetch is logged.
    allowConsoleError(/^\[schedule\] Failed to load calendar events: HTTP 500/);
    let fail = false;
    const ports = agendaPanel(
      fakeSchedule({
        fetchEvents: async () => {
          if (fail) throw new Error('HTTP 500');
          return [VISIT];
        },
      }),
    );
    await openAgenda();
    expect(screen.getByText(/^Updated \d{1,2}:\d{2}\s[AP]M$/)).toBeTruthy();
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Calendar Error')).toBeTruthy();
    expect(within(alert).getByText('Failed to load calendar events. Please try again.')).toBeTruthy();
    expect(screen.getAllByText('Maria Lopez').length).toBeGreaterThan(0);
    expect(screen.getByText(/not current: the last refresh failed/)).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    // Focus goes to the panel's heading, not <body>.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Your Schedule' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(ports.fetchEvents).toHaveBeenCalledTimes(3);
  });

  it('keeps a refresh asked while a load runs and reloads when that load ends', async () => {
    const first = deferred<CalendarEvent[]>();
    let calls = 0;
    const listeners = new Set<() => void>();
    const ports = fakeSchedule({
      fetchEvents: () => {
        calls += 1;
        return calls === 1 ? first.promise : Promise.resolve([VISIT]);
      },
    });
    render(
      <SchedulePanel
        ports={ports}
        onSignInAgain={() => {}}
        initialDate={DAY}
        refreshRequests={(listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        }}
      />,
    );
    await waitFor(() => expect(calls).toBe(1));
    // The assistant changes the calendar while the first load is still running.
    act(() => {
      for (const listener of listeners) listener();
    });
    await act(async () => first.resolve([]));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('reloads when the tab comes back after a while, not after a moment', async () => {
    const ports = agendaPanel(fakeSchedule({ events: [VISIT] }));
    await waitFor(() =>
      expect(document.querySelector('[data-machine="schedule"]')?.getAttribute('data-state')).toBe('loaded'),
    );
    const now = testNow().getTime();
    const visible = () => document.dispatchEvent(new Event('visibilitychange'));
    act(visible);
    expect(ports.fetchEvents).toHaveBeenCalledTimes(1);
    onTestFinished(() => resetTestNow());
    setTestNow(new Date(now + STALE_AFTER_MS + 1000));
    act(visible);
    await waitFor(() => expect(ports.fetchEvents).toHaveBeenCalledTimes(2));
  });
});

describe('an always-current calendar, in Spanish', () => {
  it('says a failed refresh and when the calendar shown was updated in Spanish', async () => {
    allowConsoleError(/^\[schedule\] Failed to load calendar events: HTTP 500/);
    let fail = false;
    const ports = fakeSchedule({
      fetchEvents: async () => {
        if (fail) throw new Error('HTTP 500');
        return [VISIT];
      },
    });
    render(
      <I18nProvider initialLocale="es">
        <SchedulePanel ports={ports} onSignInAgain={() => {}} initialDate={DAY} />
      </I18nProvider>,
    );
    expect(await screen.findByText(/^Actualizado: \d{1,2}:\d{2}\s[ap]\.\s?m\.$/)).toBeTruthy();
    await screen.findAllByText('Maria Lopez');
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error del calendario')).toBeTruthy();
    expect(screen.getAllByText('Maria Lopez').length).toBeGreaterThan(0);
    expect(screen.getByText(/^Actualizado: .+ · no está al día: falló la última actualización$/)).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Su agenda' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('keyboard: the dashboard', () => {
  it('offers a skip link straight to the assistant', async () => {
    renderApp('/dashboard', fakeAuth({ user: ADA, profile: ADA_PROFILE }));
    const skip = await screen.findByRole('link', { name: 'Skip to the assistant' });
    expect(skip.getAttribute('href')).toBe('#assistant');
    const target = document.getElementById('assistant');
    expect(target?.tabIndex).toBe(-1);
    expect(within(target as HTMLElement).getByRole('heading', { name: 'Your AI Assistant' })).toBeTruthy();
  });

  it('offers the skip links in Spanish on a Spanish dashboard (the clinician’s stored choice)', async () => {
    localStorage.setItem('homerounds.locale', 'es');
    onTestFinished(() => localStorage.removeItem('homerounds.locale'));
    renderApp('/dashboard', fakeAuth({ user: ADA, profile: ADA_PROFILE }));
    const skip = await screen.findByRole('link', { name: 'Ir al asistente' });
    expect(skip.getAttribute('href')).toBe('#assistant');
    expect(screen.getByRole('link', { name: 'Ir al contenido principal' }).getAttribute('href')).toBe('#main');
    expect(
      within(document.getElementById('assistant') as HTMLElement).getByRole('heading', { name: 'Su asistente de IA' }),
    ).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
  });
});
