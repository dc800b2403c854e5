// @vitest-environment happy-dom
// The Route view's drive times (machines/day-drives, docs/routing.md § Road drive times): the day's places are sent to
// the server's drive-times function with the departure the assistant and the CLI use, the plan waits for the answer
// and uses it; the meta line says whether drive times and miles are road drive times or the straight-line estimate
// (approximate); a server that fails or is silent for 7 s leaves the estimate, said so, with a way to ask again. The
// saving says minutes and miles; the map numbers the calendar order's stops beside the optimised ones.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DriveTimesRequest, DriveTimesResponse } from '../../core/routing/drive-times-contract.ts';
import { driveTimesLookup } from '../../core/routing/drive-times-contract.ts';
import { DEFAULT_MOVE_RULE, planDay } from '../../core/routing/index.ts';
import { DRIVES_TIMEOUT_MS } from '../../machines/day-drives/index.ts';
import type { CalendarEvent } from '../../machines/schedule/index.ts';
import { milesText } from '../../web/src/features/route/route-plan.ts';
import { RouteView } from '../../web/src/features/route/route-view.tsx';
import { englishIntl, I18nProvider } from '../../web/src/i18n/i18n-provider.tsx';
import { translator } from '../../web/src/i18n/use-t.ts';
import { chicago, resetTestNow, useFakeTimersAt } from '../support/test-clock.ts';

/** The Route view's sentence builders in English (what the view shows outside a provider). */
const en = translator(englishIntl);

const DAY = '2026-11-24';
/** The day before: tomorrow's drives are asked with the traffic of leaving at the first visit (8:30 AM). */
const PLANNED_ON = '2026-11-23';

function visit(id: string, title: string, start: string, end: string, lat: number, lng: number): CalendarEvent {
  return {
    id,
    title,
    start: `${DAY}T${start}:00-06:00`,
    end: `${DAY}T${end}:00-06:00`,
    allDay: false,
    properties: { lat: String(lat), lng: String(lng), windowStart: '08:00', windowEnd: '17:00', flexible: 'true' },
  };
}

// Booked zig-zagging west ↔ east: in a straight line the optimiser groups each side.
const EVENTS: CalendarEvent[] = [
  visit('a', 'Wound care — Maria Lopez', '08:30', '09:15', 41.9214, -87.7134),
  visit('b', 'PT follow-up — Sam Lee', '09:45', '10:30', 41.9231, -87.6331),
  visit('c', 'Vitals — Ann Ray', '11:00', '11:30', 41.9102, -87.7205),
  visit('d', 'Medication review — Joe Kim', '12:15', '13:00', 41.9088, -87.6298),
];

/** Roads where every leg takes 6 min and 2 km, except the booked order's, which is slow: 30 min and 12 km. */
function roads(request: DriveTimesRequest): DriveTimesResponse {
  const n = request.points.length;
  const slow = (i: number, j: number) => j === i + 1;
  return {
    minutes: Array.from({ length: n }, (_, i) =>
      Array.from({ length: n }, (_, j) => (i === j ? 0 : slow(i, j) ? 30 : 6)),
    ),
    meters: Array.from({ length: n }, (_, i) =>
      Array.from({ length: n }, (_, j) => (i === j ? 0 : slow(i, j) ? 12_000 : 2_000)),
    ),
    roadBased: true,
    source: 'Google Routes API, traffic-aware',
  };
}

const render_ = (driveTimes: (request: DriveTimesRequest, signal: AbortSignal) => Promise<DriveTimesResponse>) =>
  render(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} driveTimes={driveTimes} />);

afterEach(cleanup);
afterEach(() => {
  vi.useRealTimers();
  resetTestNow();
});

describe('Route view with the server’s drive times', () => {
  it('asks for the day’s places with the departure of the first visit, waits, and plans with road drive times', async () => {
    const measure = vi.fn(async (request: DriveTimesRequest) => roads(request));
    const { container } = render_(measure);
    expect(screen.getByText('Planning the route...')).toBeTruthy();
    await screen.findByRole('list', { name: 'Optimised order' });
    expect(measure).toHaveBeenCalledTimes(1);
    const request = measure.mock.calls[0]?.[0] as DriveTimesRequest;
    expect(request.points).toEqual([
      { lat: 41.9214, lon: -87.7134 },
      { lat: 41.9231, lon: -87.6331 },
      { lat: 41.9102, lon: -87.7205 },
      { lat: 41.9088, lon: -87.6298 },
    ]);
    // 8:30 AM in Chicago, tomorrow: the assistant's and the CLI's departure too.
    expect(request.departureTime).toBe('2026-11-24T14:30:00.000Z');

    // The plan is planDay's with those drive times: the same totals, said road-based, with miles from road metres.
    const expected = planDay(EVENTS, DAY, {
      rule: { rule: DEFAULT_MOVE_RULE, today: PLANNED_ON },
      travel: driveTimesLookup(request.points, roads(request)),
    }).report;
    expect(expected?.roadDriveTimes).toBe(true);
    expect(expected?.roadDistances).toBe(true);
    const totals = container.querySelector('.route-summary__totals')?.textContent ?? '';
    expect(totals).toContain(`Driving, optimised${Math.round(expected?.travelAfterMinutes ?? Number.NaN)} min`);
    expect(totals).toContain(`Miles, optimised${milesText(en, expected?.distanceAfterKm ?? Number.NaN)}`);
    expect(totals).toContain(`Miles, calendar order${milesText(en, expected?.distanceBeforeKm ?? Number.NaN)}`);
    expect(container.textContent).toContain(
      'Drive times and miles are road drive times, with traffic for leaving around 8:30 AM.',
    );
    expect(container.textContent).not.toContain('approximate (straight-line');
    const saved = Math.round(expected?.savedMinutes ?? Number.NaN);
    const miles = ((expected?.savedKm ?? Number.NaN) / 1.609344).toFixed(1);
    expect(saved).toBeGreaterThan(0);
    expect(container.querySelector('.route-summary__saving')?.textContent).toMatch(
      new RegExp(
        `^Saves ${saved} min and ${miles.replace('.', '\\.')} miles of driving \\(\\d+ %\\) against your calendar order\\.$`,
      ),
    );
  });

  it('the server’s own estimate (no road matrix there) is planned with and said approximate', async () => {
    const measure = vi.fn(async (request: DriveTimesRequest) => ({
      ...roads(request),
      meters: undefined,
      roadBased: false,
    }));
    const { container } = render_(measure);
    await screen.findByRole('list', { name: 'Optimised order' });
    expect(container.textContent).toContain(
      'Drive times and miles are approximate (straight-line distance × a road factor ÷ city speed, plus parking).',
    );
    expect(container.textContent).not.toContain('could not be had');
  });

  it('a failing server leaves the straight-line estimate, says so, and asks again on request', async () => {
    const measure = vi.fn(async (): Promise<DriveTimesResponse> => {
      throw new Error('drive-times answered 503');
    });
    const { container } = render_(measure);
    await screen.findByText(
      'Road drive times could not be had just now: this plan uses straight-line estimates (approximate) instead.',
      { exact: false },
    );
    expect(screen.getByRole('list', { name: 'Optimised order' })).toBeTruthy();
    const straight = planDay(EVENTS, DAY, { rule: { rule: DEFAULT_MOVE_RULE, today: PLANNED_ON } }).report;
    expect(container.querySelector('.route-summary__totals')?.textContent).toContain(
      `Driving, optimised${Math.round(straight?.travelAfterMinutes ?? Number.NaN)} min`,
    );
    expect(container.textContent).toContain('Drive times and miles are approximate');
    fireEvent.click(screen.getByRole('button', { name: 'Ask for road drive times again' }));
    await waitFor(() => expect(measure).toHaveBeenCalledTimes(2));
  });

  it('plans with the estimate after 7 s of silence (the request aborted), and says so', async () => {
    useFakeTimersAt(chicago(PLANNED_ON, '18:00'));
    let signal: AbortSignal | undefined;
    const silent = vi.fn((_request: DriveTimesRequest, s: AbortSignal) => {
      signal = s;
      return new Promise<DriveTimesResponse>(() => {});
    });
    render_(silent);
    await act(async () => vi.advanceTimersByTime(DRIVES_TIMEOUT_MS - 1));
    expect(screen.getByText('Planning the route...')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Planning the route...')).toBeNull();
    expect(screen.getByRole('list', { name: 'Optimised order' })).toBeTruthy();
    expect(document.body.textContent).toContain('this plan uses straight-line estimates (approximate) instead');
    expect(signal?.aborted).toBe(true);
  });

  it('without a server to ask: the straight-line estimate at once, said approximate', () => {
    render(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} driveTimes={null} />);
    expect(screen.getByRole('list', { name: 'Optimised order' })).toBeTruthy();
    expect(document.body.textContent).toContain('Drive times and miles are approximate');
  });
});

describe('the map shows both orders', () => {
  it('numbers the calendar order’s stops with small hollow markers beside the optimised ones, and says both', () => {
    const { container } = render(
      <RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} driveTimes={null} />,
    );
    const report = planDay(EVENTS, DAY, { rule: { rule: DEFAULT_MOVE_RULE, today: PLANNED_ON } }).report;
    expect(report?.optimized.order).not.toEqual(report?.calendar.order);
    const map = screen.getByRole('img', { name: /^Schematic map of the route for / });
    const optimised = [...map.querySelectorAll('.route-map__stop')];
    const calendar = [...map.querySelectorAll('.route-map__calendar-stop')];
    expect(optimised.map((m) => m.getAttribute('data-visit-id'))).toEqual(report?.optimized.order);
    expect(calendar.map((m) => m.getAttribute('data-visit-id'))).toEqual(report?.calendar.order);
    expect(calendar.map((m) => m.textContent)).toEqual(['1', '2', '3', '4']);
    const desc = map.querySelector('desc')?.textContent ?? '';
    expect(desc).toContain(
      `Small hollow numbers beside them give the calendar order: ${report?.calendar.stops.map((s, i) => `${i + 1} ${s.title}`).join(', ')}`,
    );
    expect(desc).toContain(`1 ${report?.optimized.stops[0]?.title}`);
    // Drawn from data only: nothing fetched.
    expect(container.querySelector('image, img, use, link, a')).toBeNull();
  });
});

describe('Route view with the server’s drive times, in Spanish', () => {
  const inSpanish = (measure: (request: DriveTimesRequest, signal: AbortSignal) => Promise<DriveTimesResponse>) =>
    render(
      <I18nProvider initialLocale="es">
        <RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} driveTimes={measure} />
      </I18nProvider>,
    );

  it('says the drive times are road ones and gives the miles with a decimal comma', async () => {
    const { container } = inSpanish(async (request) => roads(request));
    await screen.findByRole('list', { name: 'Orden optimizado' });
    expect(container.textContent).toContain('Los tiempos de manejo y las millas son por carretera');
    expect(container.textContent).not.toContain('aproximados (distancia en línea recta');
    const totals = container.querySelector('.route-summary__totals')?.textContent ?? '';
    expect(totals).toMatch(/Millas, orden optimizado\d+,\d mi/);
  });

  it('says a failing server’s estimate in Spanish and offers to ask again', async () => {
    const measure = vi.fn(async (): Promise<DriveTimesResponse> => {
      throw new Error('drive-times answered 503');
    });
    const { container } = inSpanish(measure);
    await screen.findByText(
      'No se pudieron obtener los tiempos de manejo por carretera en este momento: este plan usa estimaciones en línea recta (aproximadas).',
      { exact: false },
    );
    expect(container.textContent).toContain('Los tiempos de manejo y las millas son aproximados');
    fireEvent.click(screen.getByRole('button', { name: 'Volver a pedir los tiempos de manejo por carretera' }));
    await waitFor(() => expect(measure).toHaveBeenCalledTimes(2));
  });
});
