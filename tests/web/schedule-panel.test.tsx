// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEvent } from '../../machines/schedule/index.ts';
import { SchedulePanel } from '../../web/src/features/schedule/schedule-panel.tsx';
import { I18nProvider } from '../../web/src/i18n/i18n-provider.tsx';
import { allowConsoleError } from './console-guard.ts';
import { deferred, fakeSchedule } from './web-test-kit.tsx';

const DAY = '2026-11-24';
const EVENTS: CalendarEvent[] = [
  {
    id: 'e1',
    title: 'Wound care: Maria Lopez',
    start: `${DAY}T09:00:00-06:00`,
    end: `${DAY}T09:45:00-06:00`,
    allDay: false,
  },
  { id: 'e2', title: 'PT follow-up', start: `${DAY}T10:30:00-06:00`, end: `${DAY}T11:15:00-06:00`, allDay: false },
  {
    id: 'e3',
    title: '<script>alert(1)</script> staff meeting',
    description: '<b>Gate code</b> 1234 <img src=x onerror=alert(1)>',
    start: `${DAY}T12:00:00-06:00`,
    end: `${DAY}T12:30:00-06:00`,
    allDay: false,
  },
  { id: 'e4', title: 'Medication review', start: `${DAY}T14:00:00-06:00`, end: `${DAY}T14:45:00-06:00`, allDay: false },
  { id: 'e5', title: 'Vitals check', start: `${DAY}T15:30:00-06:00`, end: `${DAY}T16:00:00-06:00`, allDay: false },
];

// The panel loads FullCalendar lazily; import it once up front so the first test does not time out.
beforeAll(async () => {
  await import('../../web/src/features/schedule/schedule-calendar.tsx');
});
afterEach(cleanup);
beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('SchedulePanel', () => {
  it('shows "Loading your calendar..." while the events load, then the month calendar', async () => {
    const pending = deferred<CalendarEvent[]>();
    const ports = fakeSchedule({ fetchEvents: () => pending.promise });
    render(<SchedulePanel ports={ports} onSignInAgain={() => {}} initialDate={DAY} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Your Schedule' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading your calendar...');
    await act(async () => pending.resolve(EVENTS.slice(0, 2)));
    expect(await screen.findByText('Maria Lopez')).toBeTruthy();
    expect(screen.queryByText('Loading your calendar...')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Month view' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Week view' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Day view' })).toBeTruthy();
  });

  it('renders titles and descriptions as text, never as HTML', async () => {
    const ports = fakeSchedule({ events: EVENTS.slice(2, 3) });
    const { container } = render(<SchedulePanel ports={ports} onSignInAgain={() => {}} initialDate={DAY} />);
    const title = await screen.findByText('<script>alert(1)</script> staff meeting');
    expect(title.tagName).toBe('SPAN');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    // The chip's tooltip keeps the provider's text as text; the visit sheet shows it as plain text.
    expect(title.closest('[title]')?.getAttribute('title')).toBe('<b>Gate code</b> 1234 <img src=x onerror=alert(1)>');
    fireEvent.click(title);
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByText('Gate code 1234')).toBeTruthy();
    expect(sheet.querySelector('b, img, script')).toBeNull();
  });

  it('shows at most 3 events in a day cell and a "more" link that opens a popover', async () => {
    const ports = fakeSchedule({ events: EVENTS });
    render(<SchedulePanel ports={ports} onSignInAgain={() => {}} initialDate={DAY} />);
    await screen.findByText('Maria Lopez');
    expect(screen.queryByText('Vitals check')).toBeNull();
    const more = screen.getByText(/\+2 more/);
    fireEvent.click(more);
    expect(await screen.findByText('Vitals check')).toBeTruthy();
  });

  it('logs a clicked event and does not navigate', async () => {
    const ports = fakeSchedule({ events: EVENTS.slice(0, 1) });
    render(<SchedulePanel ports={ports} onSignInAgain={() => {}} initialDate={DAY} />);
    fireEvent.click(await screen.findByText('Maria Lopez'));
    expect(console.log).toHaveBeenCalledWith('[schedule] event clicked:', expect.objectContaining({ id: 'e1' }));
  });

  it('shows "Calendar Error" with the message and recovers with Try Again', async () => {
    // Spec §8: the cause of a failed fetch is logged.
    const logged = allowConsoleError(/^\[schedule\] Failed to load calendar events:/);
    let fail = true;
    const ports = fakeSchedule({
      fetchEvents: async () => {
        if (fail) throw new Error('Calendar API 500');
        return EVENTS.slice(0, 1);
      },
    });
    render(<SchedulePanel ports={ports} onSignInAgain={() => {}} initialDate={DAY} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Calendar Error' })).toBeTruthy();
    expect(within(alert).getByText('Failed to load calendar events. Please try again.')).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Sign in again' })).toBeNull();
    expect(within(alert).getByRole('button', { name: 'Try Again' }).className).toContain('button--primary');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Maria Lopez')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(logged.calls).toEqual(['[schedule] Failed to load calendar events: Calendar API 500']);
  });

  it('asks to sign in again (primary) when there is no Google access token', async () => {
    const onSignInAgain = vi.fn();
    const ports = fakeSchedule({ token: null });
    render(<SchedulePanel ports={ports} onSignInAgain={onSignInAgain} initialDate={DAY} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Calendar Error' })).toBeTruthy();
    expect(within(alert).getByText('Google Calendar access not available. Please sign in again.')).toBeTruthy();
    // Only signing in helps: it is the primary action, first; Try Again stays, secondary.
    const buttons = within(alert).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Sign in again', 'Try Again']);
    expect(buttons[0]?.className).toContain('button--primary');
    expect(buttons[1]?.className).toContain('button--secondary');
    fireEvent.click(within(alert).getByRole('button', { name: 'Sign in again' }));
    expect(onSignInAgain).toHaveBeenCalledTimes(1);
    expect(ports.fetchEvents).not.toHaveBeenCalled();
  });

  it('reloads with Refresh and keeps showing the calendar meanwhile', async () => {
    const ports = fakeSchedule({ events: EVENTS.slice(0, 1) });
    const { container } = render(<SchedulePanel ports={ports} onSignInAgain={() => {}} initialDate={DAY} />);
    await screen.findByText('Maria Lopez');
    expect(container.querySelector('[data-machine="schedule"]')?.getAttribute('data-state')).toBe('loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(ports.fetchEvents).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect(container.querySelector('[data-machine="schedule"]')?.getAttribute('data-state')).toBe('loaded'),
    );
    expect(screen.getByText('Maria Lopez')).toBeTruthy();
  });
});

describe('SchedulePanel in Spanish', () => {
  it('loads, then shows the month with FullCalendar in Spanish: its title, tabs and "+2 más"', async () => {
    const pending = deferred<CalendarEvent[]>();
    const ports = fakeSchedule({ fetchEvents: () => pending.promise });
    render(
      <I18nProvider initialLocale="es">
        <SchedulePanel ports={ports} onSignInAgain={() => {}} initialDate={DAY} />
      </I18nProvider>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Su agenda' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Cargando su calendario...');
    await act(async () => pending.resolve(EVENTS));
    expect(await screen.findByText('Maria Lopez')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /^noviembre de 2026$/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Vista del mes' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Vista de la semana' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Vista del día' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Vista de agenda' })).toBeTruthy();
    // The week starts on Sunday, as in English.
    expect(screen.getAllByRole('columnheader')[0]?.textContent).toMatch(/^dom/);
    fireEvent.click(screen.getByText(/\+2 más/));
    expect(await screen.findByText('Vitals check')).toBeTruthy();
  });

  it('says "Calendar Error" and its message in Spanish, and Try Again recovers', async () => {
    allowConsoleError(/^\[schedule\] Failed to load calendar events:/);
    let fail = true;
    const ports = fakeSchedule({
      fetchEvents: async () => {
        if (fail) throw new Error('Calendar API 500');
        return EVENTS.slice(0, 1);
      },
    });
    render(
      <I18nProvider initialLocale="es">
        <SchedulePanel ports={ports} onSignInAgain={() => {}} initialDate={DAY} />
      </I18nProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error del calendario' })).toBeTruthy();
    expect(
      within(alert).getByText('No se pudieron cargar los eventos del calendario. Inténtelo de nuevo.'),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Maria Lopez')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeTruthy();
  });
});
