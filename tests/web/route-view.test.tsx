// @vitest-environment happy-dom
// The Route view: one day's visits in the optimised order, legs and totals as routeOptimize reports
// them, the saving line, skipped events, provider text as text, one map marker per visit, and opening
// and closing it from the schedule panel by keyboard.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeOptimizeForClinician } from '../../cli/handlers/route-optimize.ts';
import { optimizeRoute } from '../../core/assistant/tools/optimize-route.ts';
import { mapProviderEvent, type ProviderEvent } from '../../core/calendar/index.ts';
import {
  type DriveTimesRequest,
  type DriveTimesResponse,
  driveTimesResponseOf,
} from '../../core/routing/drive-times-contract.ts';
import {
  DEFAULT_MOVE_RULE,
  formatRouteReport,
  type LatLon,
  legsNote,
  PARKING_WALK_MINUTES,
  planDay,
  type RouteReport,
  routeOptimize,
  type TravelTimeProvider,
  visitsFromCalendar,
} from '../../core/routing/index.ts';
import { ruleText } from '../../core/routing/move-rule.ts';
import { isPeak, standInDrive } from '../../emulators/route-matrix/drives.ts';
import type { Place } from '../../machines/day-places/index.ts';
import type { CalendarEvent } from '../../machines/schedule/index.ts';
import { formatClock } from '../../web/src/components/time-format.ts';
import { defaultRouteDay, formatDayLong } from '../../web/src/features/route/route-days.ts';
import {
  changeLineText,
  legsNoteText,
  problemLineText,
  ruleLineText,
  skippedReasonText,
} from '../../web/src/features/route/route-lines.ts';
import { clockTextIn, milesText, projectPoints, savingText } from '../../web/src/features/route/route-plan.ts';
import { RouteView } from '../../web/src/features/route/route-view.tsx';
import { SchedulePanel } from '../../web/src/features/schedule/schedule-panel.tsx';
import { esMessages } from '../../web/src/i18n/catalog.es.ts';
import { englishIntl, I18nProvider, intlFor } from '../../web/src/i18n/i18n-provider.tsx';
import { translator } from '../../web/src/i18n/use-t.ts';
import { memoryCalendar, seedFor } from '../support/memory-calendar.ts';
import { fakeSchedule } from './web-test-kit.tsx';

/** The Route view's sentence builders in English (what the view shows outside a provider). */
const en = translator(englishIntl);

const DAY = '2026-11-24';

function visit(
  id: string,
  title: string,
  start: string,
  end: string,
  lat: number,
  lng: number,
  window: [string, string] = ['08:00', '17:00'],
  flexible = true,
): CalendarEvent {
  return {
    id,
    title,
    start: `${DAY}T${start}:00-06:00`,
    end: `${DAY}T${end}:00-06:00`,
    allDay: false,
    location: `${id.toUpperCase()} Street 1, Chicago, IL`,
    properties: {
      lat: String(lat),
      lng: String(lng),
      windowStart: window[0],
      windowEnd: window[1],
      // Marked movable on the calendar: the plan may change its start (else it keeps its booked time).
      ...(flexible ? { flexible: 'true' } : {}),
    },
  };
}

// Booked zig-zagging west ↔ east across Chicago: the optimiser visits each side in one go.
const EVENTS: CalendarEvent[] = [
  visit('a', 'Wound care — Maria Lopez', '08:30', '09:15', 41.9214, -87.7134),
  visit('b', '<b>PT</b> follow-up — Sam Lee', '09:45', '10:30', 41.9231, -87.6331),
  visit('c', '<script>alert(1)</script> Vitals — Ann Ray', '11:00', '11:30', 41.9102, -87.7205),
  visit('d', 'Medication review — Joe Kim', '12:15', '13:00', 41.9088, -87.6298, ['11:00', '15:00']),
  visit('e', 'Diabetes check — Eve Park', '13:45', '14:30', 41.9434, -87.7001),
  {
    id: 'x',
    title: 'Charting (typed by hand)',
    start: `${DAY}T15:00:00-06:00`,
    end: `${DAY}T15:30:00-06:00`,
    allDay: false,
  },
  visit('other-day', 'Tomorrow visit', '09:00', '09:30', 41.9, -87.7),
].map((e) =>
  e.id === 'other-day' ? { ...e, start: '2026-11-25T09:00:00-06:00', end: '2026-11-25T09:30:00-06:00' } : e,
);

const { visits } = visitsFromCalendar(EVENTS, DAY);
/** The plan is made the day before: under the default rule the visits may move up to 90 minutes. */
const PLANNED_ON = '2026-11-23';
// The view's plan is core's planDay (the same the assistant gives).
const PLAN = planDay(EVENTS, DAY, { rule: { rule: DEFAULT_MOVE_RULE, today: PLANNED_ON } });
const REPORT = PLAN.report as NonNullable<ReturnType<typeof planDay>['report']>;
const clock = formatClock;

beforeAll(async () => {
  await Promise.all([
    import('../../web/src/features/schedule/schedule-calendar.tsx'),
    import('../../web/src/features/route/route-view.tsx'),
  ]);
});
beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(cleanup);
afterEach(() => vi.restoreAllMocks());

describe('RouteView', () => {
  it('lists the visits in the optimised order with the legs and totals of routeOptimize', () => {
    expect(REPORT.optimized.order).not.toEqual(REPORT.calendar.order);
    render(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} />);
    expect(screen.getByRole('heading', { level: 3, name: `Route for ${formatDayLong(DAY)}` })).toBeTruthy();
    expect(formatDayLong(DAY)).toBe('Tuesday, November 24, 2026');

    const optimised = screen.getByRole('list', { name: 'Optimised order' });
    const items = within(optimised).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-visit-id'))).toEqual(REPORT.optimized.order);
    REPORT.optimized.stops.forEach((stop, i) => {
      const text = items[i]?.textContent ?? '';
      expect(text).toContain(stop.title);
      // One time format: "8:30 AM – 9:15 AM", never "08:30".
      expect(text).toContain(`${clock(stop.start)} – ${clock(stop.departure)}`);
      expect(text).not.toMatch(/\b\d{1,2}:\d\d\b(?!\s[AP]M)/);
      // The day starts anywhere: no arrival time (nor wait) at the first visit.
      if (i === 0) expect(text).not.toContain('Arrive');
      else
        expect(text).toContain(
          `Arrive ${clock(stop.arrival)} · Start ${clock(stop.start)} · Leave ${clock(stop.departure)}`,
        );
      expect(text).toContain(visits.find((v) => v.id === stop.id)?.address ?? '');
      if (i === 0) expect(text).toContain('First visit');
      else expect(text).toContain(`Drive ${Math.round(stop.travelFromPreviousMinutes ?? Number.NaN)} min`);
      if (i > 0 && Math.round(stop.waitMinutes) > 0) expect(text).toContain(`Wait ${Math.round(stop.waitMinutes)} min`);
    });

    const calendar = within(screen.getByRole('list', { name: 'Calendar order' })).getAllByRole('listitem');
    expect(calendar.map((li) => li.textContent)).toEqual(
      REPORT.calendar.stops.map((s, i) =>
        expect.stringContaining(
          i === 0 ? s.title : `Drive ${Math.round(s.travelFromPreviousMinutes ?? Number.NaN)} min`,
        ),
      ),
    );

    const totals = screen.getByText('Driving, optimised').closest('dl') as HTMLElement;
    expect(totals.textContent).toContain(`Driving, optimised${Math.round(REPORT.travelAfterMinutes)} min`);
    expect(totals.textContent).toContain(`Driving, calendar order${Math.round(REPORT.travelBeforeMinutes)} min`);
    expect(totals.textContent).toContain(`Last visit ends${clock(REPORT.optimized.finish)}`);
  });

  it('says what the order saves, whether it is proven, why, and that home is not included', () => {
    const { container } = render(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} />);
    const saved = Math.round(REPORT.savedMinutes ?? Number.NaN);
    expect(saved).toBeGreaterThan(0);
    // Miles too (US clinicians), from the same legs; without road drive times they are approximate, and said so.
    const miles = ((REPORT.savedKm ?? Number.NaN) / 1.609344).toFixed(1);
    expect(Number(miles)).toBeGreaterThan(0);
    expect(
      screen.getByText(
        `Saves ${saved} min and ${miles} miles of driving (${Math.round(REPORT.savedPercent ?? Number.NaN)} %) against your calendar order.`,
      ),
    ).toBeTruthy();
    expect(REPORT.roadDistances).toBe(false);
    expect(container.textContent).toContain(
      'Drive times and miles are approximate (straight-line distance × a road factor ÷ city speed, plus parking).',
    );
    expect(REPORT.provedOptimal).toBe(true);
    expect(container.textContent).toContain('Proven the shortest order for these visits.');
    expect(container.textContent).toContain(
      'Driving between visits only: the drive from and back home is not counted (the home is not known).',
    );
    expect(screen.getByRole('heading', { level: 4, name: 'Why this order' })).toBeTruthy();
    for (const line of REPORT.changes) {
      expect(screen.getByText(line.replace(/\b(\d\d):(\d\d)\b/g, (t) => clock(t)))).toBeTruthy();
    }
    expect(container.textContent).toContain('your calendar changes only when you choose “Use this order”');
  });

  it('says the rule it followed: how far visits may move', () => {
    render(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} />);
    expect(PLAN.rule).toBe(
      'Visits may move up to 90 minutes from their booked times, inside the patient\'s preferred window; visits marked "time is fixed" keep theirs.',
    );
    expect(screen.getByText(PLAN.rule as string)).toBeTruthy();
    cleanup();
    render(<RouteView today={DAY} day={DAY} events={EVENTS} onClose={() => {}} />);
    expect(
      screen.getByText(
        "Today's visits keep their booked times (your rule); only the drives between them are compared.",
      ),
    ).toBeTruthy();
  });

  it('lists the events it could not plan', () => {
    render(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} />);
    const skipped = screen.getByRole('list', { name: 'Not planned' });
    expect(within(skipped).getAllByRole('listitem')).toHaveLength(1);
    expect(skipped.textContent).toContain('Charting (typed by hand): not a visit: “Charting” marks it as not a visit');
    expect(screen.queryByText('Tomorrow visit')).toBeNull();
  });

  it('renders provider titles as text, never as HTML', () => {
    const { container } = render(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} />);
    expect(container.querySelector('b, script')).toBeNull();
    expect(screen.getAllByText('<b>PT</b> follow-up — Sam Lee').length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByText('<script>alert(1)</script> Vitals — Ann Ray').length).toBeGreaterThanOrEqual(2);
  });

  it('draws a schematic SVG map: one numbered marker per visit, both orders, an accessible name', () => {
    const { container } = render(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} />);
    const map = screen.getByRole('img', { name: /Schematic map of the route for Tuesday, November 24, 2026/ });
    expect(map.tagName.toLowerCase()).toBe('svg');
    const markers = map.querySelectorAll('.route-map__stop');
    expect(markers).toHaveLength(visits.length);
    expect([...markers].map((m) => m.getAttribute('data-visit-id'))).toEqual(REPORT.optimized.order);
    expect([...markers].map((m) => m.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(map.querySelectorAll('polyline')).toHaveLength(2);
    expect(map.querySelector('desc')?.textContent).toContain(`1 ${REPORT.optimized.stops[0]?.title}`);
    // Nothing external: no images, links or fonts inside the map.
    expect(container.querySelector('image, img, use, link, a')).toBeNull();
  });

  it('projects north up, with one scale on both axes, inside the box', () => {
    const points = projectPoints([
      { id: 'n', lat: 42, lon: -87.7 },
      { id: 's', lat: 41.9, lon: -87.7 },
      { id: 'e', lat: 41.95, lon: -87.6 },
    ]);
    const n = points.get('n');
    const s = points.get('s');
    const e = points.get('e');
    expect(n && s && n.y < s.y).toBe(true);
    expect(e && n && e.x > n.x).toBe(true);
    for (const p of points.values()) {
      expect(p.x).toBeGreaterThanOrEqual(28);
      expect(p.x).toBeLessThanOrEqual(372);
      expect(p.y).toBeGreaterThanOrEqual(28);
      expect(p.y).toBeLessThanOrEqual(252);
    }
  });

  it('says when the calendar order is already the shortest, and when a day has nothing to plan', () => {
    const two = EVENTS.slice(0, 2);
    const report = routeOptimize({ date: DAY, visits: visitsFromCalendar(two, DAY).visits });
    expect(savingText(en, report)).toBe('Your calendar order is already the shortest.');
    render(<RouteView today={PLANNED_ON} day={DAY} events={two} onClose={() => {}} />);
    expect(screen.getByText('Your calendar order is already the shortest.')).toBeTruthy();
    cleanup();
    render(<RouteView day="2026-11-26" events={EVENTS} onClose={() => {}} />);
    expect(screen.getByText(/No visits with a location on this day/)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('explains a negative saving: the calendar order misses a window, the optimised order keeps it', () => {
    // X is pinned at 09:00 and Y is booked right after it, 5 km away: the calendar order is late at Y.
    // Seeing Y first keeps every window, at the cost of a little more driving.
    const tight = [
      visit('x', 'Fixed at nine', '09:00', '09:30', 41.9, -87.7, ['09:00', '09:30']),
      visit('y', 'Early bird', '09:35', '10:05', 41.945, -87.7, ['08:00', '10:05']),
      visit('z', 'Late morning', '10:30', '11:00', 41.99, -87.7, ['08:00', '13:30']),
    ];
    // Planned free of the calendar's span (the optimiser alone, as the CLI can), the text explains it.
    const report = routeOptimize({ date: DAY, visits: visitsFromCalendar(tight, DAY).visits });
    expect(report.calendar.feasible).toBe(false);
    expect(report.optimized.feasible).toBe(true);
    expect(report.savedMinutes).toBeLessThan(-1);
    expect(savingText(en, report)).toBe(
      `Drives ${Math.round(-(report.savedMinutes ?? Number.NaN))} min more than your calendar order, because your calendar order misses a patient's time window; this order keeps the windows.`,
    );
    // The Route view keeps the day within the calendar's own span (09:00 to 11:00): seeing Y before
    // nine would lengthen the day, so the late arrival is shown instead, never hidden.
    render(<RouteView today={PLANNED_ON} day={DAY} events={tight} onClose={() => {}} />);
    const calendar = screen.getByRole('list', { name: 'Calendar order' });
    expect(calendar.textContent).toMatch(/Early bird.*misses the window by \d+ min/);
  });

  it('lists windows that no order can meet', () => {
    const impossible = [
      visit('p', 'Far north', '09:00', '09:30', 42.05, -87.68, ['09:00', '09:30']),
      visit('q', 'Far south', '09:35', '10:05', 41.72, -87.6, ['09:30', '10:05']),
    ];
    render(<RouteView today={PLANNED_ON} day={DAY} events={impossible} onClose={() => {}} />);
    const heading = screen.getByRole('heading', { level: 4, name: 'Windows that cannot be met' });
    expect(heading.nextElementSibling?.textContent).toMatch(
      /Far south: arrives \d{1,2}:\d\d\s[AP]M, [\d.]+ min after the latest start 9:35\sAM/,
    );
    expect(screen.getByText(/^No order meets every patient window/)).toBeTruthy();
  });
});

describe('a day written by people: addresses, no coordinates', () => {
  const at = (hhmm: string) => `${DAY}T${hhmm}:00-06:00`;
  const typed = (id: string, title: string, start: string, end: string, location: string): CalendarEvent => ({
    id,
    title,
    start: at(start),
    end: at(end),
    allDay: false,
    location,
  });
  const A = '1815 W Cortland St, Chicago, IL 60622';
  const B = '5230 N Kenmore Ave, Chicago, IL 60640';
  const C = '2100 W Lawrence Ave, Chicago, IL 60625';
  const TYPED = [
    typed('p1', 'PT eval - Rosa Delgado', '09:00', '09:45', A),
    typed('p2', 'SN f/u: WINTER, IDA', '10:30', '11:15', B),
    typed('p3', 'Lunch', '11:30', '12:00', '3400 N Clark St, Chicago, IL 60657'),
    typed('p4', 'OT tx – Glen Story', '12:30', '13:15', C),
  ];
  const PLACES: Record<string, Place[1]> = {
    [A]: { lat: 41.9163, lon: -87.6744, approximate: false, formatted: A },
    [B]: { lat: 41.9775, lon: -87.6561, approximate: false, formatted: B },
    [C]: { lat: 41.9686, lon: -87.6843, approximate: true, formatted: 'Chicago, IL 60625, USA' },
  };

  it('has the visits’ addresses located on the server first, then plans the visits, not the lunch', async () => {
    const locate = vi.fn(async (addresses: readonly string[]) =>
      addresses.map((a) => [a, PLACES[a] ?? 'not-found'] as const),
    );
    render(<RouteView today={PLANNED_ON} day={DAY} events={TYPED} onClose={() => {}} locate={locate} />);
    const optimised = await screen.findByRole('list', { name: 'Optimised order' });
    expect(locate).toHaveBeenCalledTimes(1);
    expect(locate.mock.calls[0]?.[0]).toEqual([A, B, C]);
    expect(within(optimised).getAllByRole('listitem')).toHaveLength(3);
    expect(optimised.textContent).not.toContain('Lunch');
    expect(screen.getByRole('list', { name: 'Not planned' }).textContent).toContain('Lunch: not a visit');
    expect(document.body.textContent).toContain('One address is located only approximately');
  });

  it('plans without them when the server cannot locate them, says so, and Try again asks once more', async () => {
    const locate = vi.fn(async (): Promise<readonly Place[]> => {
      throw new Error('locations answered 503');
    });
    render(<RouteView today={PLANNED_ON} day={DAY} events={TYPED} onClose={() => {}} locate={locate} />);
    await screen.findByText(/could not be located just now: visits without a place on the calendar are left out/);
    expect(screen.getByText('No visits with a location on this day: there is no route to plan.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(locate).toHaveBeenCalledTimes(2));
  });

  it('plans with the patient list: a name marked “not a patient” is left out and says why', async () => {
    const locate = vi.fn(async (addresses: readonly string[]) =>
      addresses.map((a) => [a, PLACES[a] ?? 'not-found'] as const),
    );
    const rosa = {
      id: 'r1',
      name_key: 'rosa delgado',
      status: 'not_patient' as const,
      full_name: 'Rosa Delgado',
      address: null,
      lat: null,
      lng: null,
      phone: null,
      window_start: null,
      window_end: null,
      language: null,
      notes: null,
      automated_calls_consent: false,
    };
    const patients = { list: vi.fn(async () => [rosa]), save: vi.fn() };
    render(
      <RouteView today={PLANNED_ON} day={DAY} events={TYPED} onClose={() => {}} locate={locate} patients={patients} />,
    );
    const skipped = await screen.findByRole('list', { name: 'Not planned' });
    expect(skipped.textContent).toContain('PT eval - Rosa Delgado: not a visit: you marked this name as not a patient');
    expect(locate.mock.calls.flat(2)).not.toContain(A);
  });

  it('the route picker offers the day of visits written by people (addresses, no coordinates), not lunch days', () => {
    const lunchLater = typed('l2', 'Lunch', '12:00', '12:30', '3400 N Clark St, Chicago, IL 60657');
    const later = { ...lunchLater, start: '2026-11-27T12:00:00-06:00', end: '2026-11-27T12:30:00-06:00' };
    expect(defaultRouteDay([...TYPED, later], '2026-11-23')).toBe(DAY);
    expect(defaultRouteDay([later], '2026-11-23')).toBe('2026-11-23');
  });
});

describe('Route view in the schedule panel', () => {
  it('opens from Plan route on the next day with visits and closes by keyboard, focus going back', async () => {
    expect(defaultRouteDay(EVENTS, '2026-11-23')).toBe(DAY);
    const ports = fakeSchedule({ events: EVENTS });
    render(<SchedulePanel ports={ports} onSignInAgain={() => {}} initialDate={DAY} />);
    const plan = await screen.findByRole('button', { name: 'Plan route' });
    const date = screen.getByLabelText('Route for') as HTMLInputElement;
    expect(date.type).toBe('date');
    fireEvent.change(date, { target: { value: DAY } });
    expect(date.value).toBe(DAY);

    // A native submit button: Enter or Space activates it (a click event).
    plan.focus();
    expect(document.activeElement).toBe(plan);
    fireEvent.click(plan);
    // The view is loaded lazily (its own chunk): allow for a busy machine.
    const heading = await screen.findByRole(
      'heading',
      { level: 3, name: `Route for ${formatDayLong(DAY)}` },
      { timeout: 5000 },
    );
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('list', { name: 'Optimised order' })).toBeTruthy();
    // The calendar stays mounted but hidden.
    expect(screen.queryByRole('tab', { name: 'Month view' })).toBeNull();

    // Escape goes back to the calendar, focus on Plan route.
    await act(async () => {
      fireEvent.keyDown(heading, { key: 'Escape' });
    });
    expect(screen.queryByRole('heading', { level: 3, name: /^Route for / })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Month view' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Plan route' }));

    // Back to calendar does the same.
    fireEvent.click(screen.getByRole('button', { name: 'Plan route' }));
    await screen.findByRole('heading', { level: 3, name: /^Route for / });
    fireEvent.click(screen.getByRole('button', { name: 'Back to calendar' }));
    expect(screen.queryByRole('heading', { level: 3, name: /^Route for / })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Plan route' }));
    // No extra fetch: the Route view works from the loaded events.
    expect(ports.fetchEvents).toHaveBeenCalledTimes(1);
  });
});

// Issue 15: the Route view, the assistant's optimize_route and `homerounds route optimize --clinician`
// count the same legs and give the same numbers, on every seeded day of a clinician: Maya Patel (days with
// and without a feasible order) and Sam Novak (rural drives: no feasible order, least-late orders that
// differ from the calendar's).
const SEED = seedFor('2026-11-23');

/** One road network behind every face, recording who asked what (the places and the departure). */
interface RecordingRoads {
  asked: Array<{ face: string; points: DriveTimesRequest['points']; departureTime: string | undefined }>;
  /** What the server's drive-times function answers a face (the web's client, the CLI's platform). */
  answer(face: string, request: DriveTimesRequest): Promise<DriveTimesResponse>;
  /** The server's road matrix, as the tools server gives it to the assistant. */
  provider(face: string): TravelTimeProvider;
}

/** The platform's Routes stand-in (emulators/route-matrix/drives.ts), rounded as the Google client rounds. */
function recordingRoads(): RecordingRoads {
  const asked: RecordingRoads['asked'] = [];
  const matrix = (face: string, points: readonly LatLon[], departure: Date | undefined) => {
    asked.push({ face, points: [...points], departureTime: departure?.toISOString() });
    const peak = departure ? isPeak(departure) : false;
    const drives = points.map((a) => points.map((b) => standInDrive(a, b, peak)));
    return {
      minutes: drives.map((row, i) =>
        row.map((d, j) => (i === j ? 0 : d === null ? null : Math.ceil(d.seconds / 60) + PARKING_WALK_MINUTES)),
      ),
      distances: drives.map((row) => row.map((d) => (d === null ? null : d.meters))),
      source: departure ? 'Google Routes API, traffic-aware' : 'Google Routes API',
      roadBased: true,
    };
  };
  return {
    asked,
    answer: async (face, request) =>
      driveTimesResponseOf(
        matrix(face, request.points, request.departureTime ? new Date(request.departureTime) : undefined),
      ),
    provider: (face) => ({
      name: 'stand-in roads',
      matrix: async (points, o = {}) => matrix(face, points, o.departureTime),
    }),
  };
}

for (const email of ['maya.patel@homerounds.test', 'sam.novak@homerounds.test'])
  describe(`one plan whoever asks: Route view, assistant and CLI on every seeded day of ${email}`, () => {
    const seed = SEED;
    const clinician = seed.clinicians.find((c) => c.email === email) as (typeof seed.clinicians)[number];
    const providerEvents: ProviderEvent[] = seed.events
      .filter((e) => e.clinicianId === clinician.id)
      .map((e) => ({
        id: e.id,
        start: e.start,
        end: e.end,
        ...(e.summary !== undefined ? { summary: e.summary } : {}),
        ...(e.location !== undefined ? { location: e.location } : {}),
        ...(e.extendedProperties ? { extendedProperties: e.extendedProperties } : {}),
      }));
    const events = providerEvents.map(mapProviderEvent);
    const days = [...new Set(events.filter((e) => !e.allDay && e.properties?.lat).map((e) => e.start.slice(0, 10)))]
      .sort()
      .filter((day) => events.filter((e) => e.start.startsWith(day) && e.properties?.lat).length >= 2);
    const home = { lat: clinician.home.lat, lon: clinician.home.lng, label: 'Home' };
    const BASE = 'http://platform.test';

    /**
     * The local platform, as far as route optimize asks it: a token, the calendar, the home (or 404), and with road
     * drive times a session and the drive-times function over `roads` (else 404: the CLI plans with the estimate).
     */
    function platform(knowsHome: boolean, roads?: RecordingRoads): typeof fetch {
      return (async (input: string | URL | Request, init?: RequestInit) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        if (url.pathname === '/__local/provider-tokens') return Response.json({ access_token: 'token' });
        if (url.pathname === '/__local/clinician-home')
          return knowsHome ? Response.json({ home: clinician.home }) : new Response('{}', { status: 404 });
        if (url.pathname.endsWith('/events')) return Response.json({ items: providerEvents });
        if (roads && url.pathname === '/__local/sessions') return Response.json({ access_token: 'session' });
        if (roads && url.pathname === '/functions/v1/drive-times') {
          const request = JSON.parse(String(init?.body)) as DriveTimesRequest;
          return Response.json(await roads.answer('cli', request));
        }
        return new Response('{}', { status: 404 });
      }) as typeof fetch;
    }

    async function assistant(day: string, knowsHome: boolean, roads?: RecordingRoads) {
      const ctx = {
        calendar: memoryCalendar(seed, email),
        userId: clinician.id,
        timeZone: 'America/Chicago',
        now: new Date('2026-11-23T12:00:00Z'),
        language: 'en' as const,
        canWrite: async () => false,
        ...(knowsHome ? { home: async () => ({ lat: home.lat, lon: home.lon }) } : {}),
        // The server's road matrix, as the tools server hands it to the tools.
        ...(roads ? { travel: roads.provider('assistant') } : {}),
      };
      return optimizeRoute({ date: day }, ctx);
    }

    async function routeView(day: string, knowsHome: boolean, roads?: RecordingRoads) {
      const { container, unmount } = render(
        <RouteView
          day={day}
          events={events}
          onClose={() => {}}
          today="2026-11-23"
          now={new Date('2026-11-23T12:00:00Z')}
          {...(knowsHome ? { home } : {})}
          driveTimes={roads ? (request) => roads.answer('web', request) : null}
        />,
      );
      // With drive times the plan waits for them (asked of the server once the places are known).
      await waitFor(() => expect(container.querySelector('.route-summary__totals')).not.toBeNull());
      const totals = container.querySelector('.route-summary__totals') as HTMLElement;
      const shown = (label: RegExp) =>
        [...totals.querySelectorAll('div')]
          .find((d) => label.test(d.querySelector('dt')?.textContent ?? ''))
          ?.querySelector('dd')?.textContent;
      const minutes = (label: RegExp) => Number(shown(label)?.replace(' min', ''));
      const out = {
        order: [...container.querySelectorAll('.route-stop')].map((li) => li.getAttribute('data-visit-id')),
        after: minutes(/^Driving, (optimised|least-late order)$/),
        before: minutes(/^Driving, calendar order$/),
        milesAfter: shown(/^Miles, (optimised|least-late order)$/),
        milesBefore: shown(/^Miles, calendar order$/),
        saving: container.querySelector('.route-summary__saving')?.textContent ?? '',
        text: container.textContent ?? '',
      };
      unmount();
      return out;
    }

    it('has the seeded days this clinician is chosen for', () => {
      const reports = days.map((day) => planDay(events, day, { home }).report);
      expect(days.length).toBeGreaterThan(10);
      // The seed books the drive to the next patient, so every seeded calendar order is feasible from home too.
      expect(reports.every((r) => r?.feasible === true)).toBe(true);
    });

    for (const [knowsHome, road] of [
      [true, false],
      [false, false],
      [true, true],
      [false, true],
    ] as const) {
      it(`gives the same order, legs and numbers ${knowsHome ? 'from home and back' : 'when the home is not known'}${road ? ', with road drive times' : ''}`, async () => {
        for (const day of days) {
          // With road drive times: one road network (the platform's Routes stand-in) behind all three faces.
          const roads = road ? recordingRoads() : undefined;
          const cli = await routeOptimizeForClinician({
            baseUrl: BASE,
            email,
            date: day,
            now: new Date('2026-11-23T12:00:00Z'),
            fetch: platform(knowsHome, roads),
          });
          const said = await assistant(day, knowsHome, roads);
          const web = await routeView(day, knowsHome, roads);
          const where = `${day} (${knowsHome ? 'home' : 'no home'}${road ? ', roads' : ''})`;

          // The same drive times for all three: road ones, asked for the same places and the same departure (traffic
          // for leaving at the first visit tomorrow, typical times further ahead), and said so; else the estimate.
          expect(cli.roadDriveTimes, where).toBe(road);
          expect(said.driveTimes, where).toBe(road ? 'road' : 'approximate');
          expect(web.text, where).toContain(
            road ? 'Drive times and miles are road drive times' : 'Drive times and miles are approximate',
          );
          if (roads) {
            expect(roads.asked.map((a) => a.face).sort(), where).toEqual(['assistant', 'cli', 'web']);
            const [first, ...others] = roads.asked;
            for (const other of others) {
              expect(other.points, where).toEqual(first?.points);
              expect(other.departureTime, where).toEqual(first?.departureTime);
            }
            expect(first?.departureTime !== undefined, where).toBe(day === '2026-11-23' || day === '2026-11-24');
          }
          expect(cli.roadDistances, where).toBe(road);
          expect(web.milesAfter, where).toBe(milesText(en, cli.distanceAfterKm));
          expect(web.milesBefore, where).toBe(milesText(en, cli.distanceBeforeKm));

          expect(cli.countsHomeLegs, where).toBe(knowsHome);
          expect(said.countsHomeLegs, where).toBe(knowsHome);
          expect(web.text, where).toContain(cli.legsNote);
          expect(said.say, where).toContain(
            knowsHome ? 'counting the drive from and back home' : 'not counting the drive from and back home',
          );

          expect(said.order, where).toEqual(cli.optimized.order);
          expect(web.order, where).toEqual(cli.optimized.order);
          expect(said.travelBeforeMinutes, where).toBe(Math.round(cli.travelBeforeMinutes));
          expect(said.travelAfterMinutes, where).toBe(Math.round(cli.travelAfterMinutes));
          expect(web.before, where).toBe(Math.round(cli.travelBeforeMinutes));
          expect(web.after, where).toBe(Math.round(cli.travelAfterMinutes));
          expect(said.feasible, where).toBe(cli.feasible);

          if (cli.feasible) {
            const saved = Math.round(cli.savedMinutes ?? Number.NaN);
            expect(said.savedMinutes, where).toBe(saved);
            if (saved >= 1) {
              expect(web.saving, where).toMatch(new RegExp(`^Saves ${saved} min( and [\\d.]+ miles?)? of driving`));
              const miles = (cli.savedKm ?? 0) / 1.609344;
              if (miles >= 0.05) expect(web.saving, where).toContain(` and ${miles.toFixed(1)} mile`);
              expect(said.say, where).toContain(`you save ${saved} min`);
            }
          } else {
            // No feasible order: no saving anywhere, the windows that break, and the least-late order named so.
            expect(cli.savedMinutes, where).toBeNull();
            expect(cli.savedPercent, where).toBeNull();
            expect(said.savedMinutes, where).toBeNull();
            expect(web.saving, where).toMatch(/^No order meets every patient window, so there is no saving/);
            expect(web.saving, where).not.toMatch(/Saves \d/);
            expect(said.say, where).toContain('no saving to claim');
            expect(said.say, where).toContain('least-late order');
            expect(formatRouteReport(cli), where).toContain('No order meets every window');
            expect(formatRouteReport(cli), where).not.toMatch(/\(saves /);
            expect(cli.violations.length, where).toBeGreaterThan(0);
            for (const v of cli.violations) {
              if (v.reason === 'window') expect(said.say, where).toContain(v.message);
            }
          }
        }
      }, 60_000);
    }
  });

describe('Use this order (issue 21)', () => {
  const READ = EVENTS.map((e, i) => ({ ...e, etag: `"v${i}"` }));
  const READ_PLAN = planDay(READ, DAY, { rule: { rule: DEFAULT_MOVE_RULE, today: PLANNED_ON } });
  const stops = READ_PLAN.report?.optimized.stops ?? [];
  const changedStarts = stops.filter((s) => {
    const event = READ.find((e) => e.id === s.id);
    return event && event.start.slice(11, 16) !== s.start;
  });

  function renderWith(reorder: ReturnType<typeof vi.fn>, callMoved: ReturnType<typeof vi.fn> | null = null) {
    const changed = vi.fn();
    render(
      <RouteView
        today={PLANNED_ON}
        day={DAY}
        events={READ}
        onClose={() => {}}
        reorder={reorder as never}
        callMoved={callMoved as never}
        onCalendarChanged={changed}
        onAllowCalendarChanges={() => {}}
      />,
    );
    return { changed };
  }

  it('moves every visit whose time the plan changes, with the etag it was read with; Undo sends them back', async () => {
    expect(changedStarts.length).toBeGreaterThan(0);
    const moved = changedStarts.map((s) => {
      const event = READ.find((e) => e.id === s.id) as (typeof READ)[number];
      return { id: s.id, etag: `"n-${s.id}"`, start: '', end: '', previousStart: event.start.slice(11, 16) };
    });
    const reorder = vi.fn().mockResolvedValueOnce({ day: DAY, moved, unchanged: [] });
    reorder.mockResolvedValueOnce({ day: DAY, moved: [], unchanged: [] });
    const { changed } = renderWith(reorder);
    expect(
      screen.getByText(
        `Moves ${changedStarts.length} visits on your Google Calendar to the times above; you can undo it.`,
      ),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use this order' }));
    });
    expect(reorder).toHaveBeenCalledTimes(1);
    const [day, moves] = reorder.mock.calls[0] as [string, Array<{ id: string; etag: string; start: string }>];
    expect(day).toBe(DAY);
    expect(moves).toEqual(
      changedStarts.map((s) => ({ id: s.id, etag: READ.find((e) => e.id === s.id)?.etag, start: s.start })),
    );
    expect(changed).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/^Moved \d+ visits to the new order\./).textContent).toContain(
      `Moved ${moved.length} visits`,
    );
    expect(screen.queryByRole('button', { name: 'Use this order' })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    });
    expect(reorder.mock.calls[1]?.[1]).toEqual(moved.map((m) => ({ id: m.id, etag: m.etag, start: m.previousStart })));
    expect(changed).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Your visits are back at their booked times.')).toBeTruthy();
  });

  it('after a move, calls the moved patients now on the clinician’s word and says who was not called', async () => {
    const moved = changedStarts.map((s) => ({ id: s.id, etag: '"n"', start: '', end: '', previousStart: '08:00' }));
    const reorder = vi.fn().mockResolvedValue({ day: DAY, moved, unchanged: [] });
    const callMoved = vi.fn().mockResolvedValue({
      date: DAY,
      called: moved.slice(1).map((m) => m.id),
      notCalled: [{ eventId: moved[0]?.id, reason: 'the patient has not agreed to automated calls' }],
    });
    renderWith(reorder, callMoved);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use this order' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Call them now' }));
    });
    expect(callMoved).toHaveBeenCalledTimes(1);
    expect(callMoved.mock.calls[0]?.slice(0, 2)).toEqual([DAY, moved.map((m) => m.id)]);
    expect(
      screen.getByText(/Not called: 1 patient \(the patient has not agreed to automated calls\)\.$/).textContent,
    ).toMatch(/^(Calling \d+ patients? now about their new time\.|Nobody was called now\.)/);
    expect(screen.queryByRole('button', { name: 'Call them now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
  });

  it('offers no call now where the page cannot place one (moved patients hear in the evening call)', async () => {
    const moved = changedStarts.map((s) => ({ id: s.id, etag: '"n"', start: '', end: '', previousStart: '08:00' }));
    renderWith(vi.fn().mockResolvedValue({ day: DAY, moved, unchanged: [] }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use this order' }));
    });
    expect(screen.getByText(/hear the new time in the evening confirmation call/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Call them now' })).toBeNull();
  });

  it('without calendar-change consent, says so and offers to allow it; nothing reloads', async () => {
    const reorder = vi.fn().mockRejectedValue({
      code: 'write_access_required',
      message: 'HomeRounds may not change your calendar yet: allow calendar changes, then try again.',
    });
    const { changed } = renderWith(reorder);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use this order' }));
    });
    expect(screen.getByText(/^HomeRounds may not change your calendar yet/).getAttribute('role')).toBe('alert');
    expect(screen.getByRole('button', { name: 'Allow calendar changes' })).toBeTruthy();
    expect(changed).not.toHaveBeenCalled();
  });

  it('offers nothing when the calendar already has the plan’s times, or the events carry no etag', () => {
    render(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} reorder={vi.fn() as never} />);
    expect(screen.queryByRole('button', { name: 'Use this order' })).toBeNull();
  });
});

describe('the clinician’s rule for moving visits (issue 21)', () => {
  it('plans with the profile’s rule, and a changed rule, once saved, re-plans the day', async () => {
    const saved: unknown[] = [];
    const moveRule = {
      read: vi.fn(async () => ({ rule: { todayFixed: true, withinMinutes: 30 }, pins: [] })),
      save: vi.fn(async (rule: { todayFixed: boolean; withinMinutes: number | null }) => {
        saved.push(rule);
        return rule;
      }),
      pin: vi.fn(),
    };
    render(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} moveRule={moveRule} />);
    await screen.findByText(
      'Visits may move up to 30 minutes from their booked times, inside the patient\'s preferred window; visits marked "time is fixed" keep theirs.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change rule' }));
    const form = screen.getByRole('form', { name: 'Your rule for moving visits' });
    fireEvent.change(within(form).getByLabelText('Later visits may move'), { target: { value: 'any' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    });
    expect(saved).toEqual([{ todayFixed: true, withinMinutes: null }]);
    await screen.findByText(
      'Visits may move anywhere inside the patient\'s preferred window; visits marked "time is fixed" keep theirs.',
    );
  });

  it('follows the default rule, and says so, when the profile cannot be read', async () => {
    const moveRule = { read: vi.fn(async () => Promise.reject(new Error('PGRST000'))), save: vi.fn(), pin: vi.fn() };
    render(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} moveRule={moveRule} />);
    await screen.findByText(/could not be read just now: this plan follows the default rule/);
    expect(screen.getByText(PLAN.rule as string)).toBeTruthy();
  });

  it('a visit switched to “time is fixed” keeps its booked time in the plan, once the switch is saved', async () => {
    // A plan that moves visits (the day before, 90 minutes either way): pin one the plan moved.
    const movedStop = PLAN.report?.optimized.stops.find(
      (s) => s.start !== EVENTS.find((e) => e.id === s.id)?.start.slice(11, 16),
    );
    expect(movedStop).toBeDefined();
    const id = movedStop?.id as string;
    const booked = EVENTS.find((e) => e.id === id)?.start.slice(11, 16) as string;
    const pins: string[] = [];
    const moveRule = {
      read: vi.fn(async () => ({ rule: DEFAULT_MOVE_RULE, pins: [] })),
      save: vi.fn(),
      pin: vi.fn(async (eventId: string, fixed: boolean) => {
        if (fixed) pins.push(eventId);
        return [...pins];
      }),
    };
    const { container } = render(
      <RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} moveRule={moveRule} />,
    );
    const stop = await vi.waitFor(() => {
      const found = container.querySelector(`.route-stop[data-visit-id="${id}"]`);
      if (!found) throw new Error('not planned yet');
      return found as HTMLElement;
    });
    await act(async () => {
      fireEvent.click(within(stop).getByLabelText('Time is fixed'));
    });
    expect(moveRule.pin).toHaveBeenCalledWith(id, true, expect.anything());
    await vi.waitFor(() => {
      const again = container.querySelector(`.route-stop[data-visit-id="${id}"]`) as HTMLElement;
      expect((within(again).getByLabelText('Time is fixed') as HTMLInputElement).checked).toBe(true);
      expect(again.querySelector('.route-stop__time')?.textContent).toContain(clock(booked));
    });
  });
});

describe('core’s lines in the Route view’s language (issue 27)', () => {
  const es = translator(intlFor('es', esMessages));
  // A day no order serves (windows missed, a late return) and a day the optimiser reorders: every shape of line.
  const tight = [
    visit('x', 'Fixed at nine', '09:00', '09:30', 41.9, -87.7, ['09:00', '09:30']),
    visit('y', 'Early bird', '09:35', '10:05', 41.945, -87.7, ['08:00', '09:40']),
    visit('z', 'Late morning', '10:30', '11:00', 41.99, -87.7, ['08:00', '10:31']),
  ];
  const late = planDay(tight, DAY, { rule: { rule: DEFAULT_MOVE_RULE, today: PLANNED_ON } }).report as RouteReport;
  const reports = [REPORT, late, routeOptimize({ date: DAY, visits: visitsFromCalendar(tight, DAY).visits })];
  const names = (report: RouteReport) => report.optimized.stops.map((s) => s.title);

  it('says each change line and each missed window in English word for word as core wrote it', () => {
    const problems = reports.flatMap((r) => [...r.unservable, ...r.violations].map((v) => [r, v.message] as const));
    expect(problems.length).toBeGreaterThan(1);
    expect(reports.flatMap((r) => r.changes).length).toBeGreaterThan(1);
    for (const report of reports) {
      for (const line of report.changes)
        expect(changeLineText(en, line, names(report), '(not read)')).toBe(clockTextIn(line));
    }
    for (const [report, line] of problems) {
      expect(problemLineText(en, line, names(report), '(not read)')).toBe(clockTextIn(line));
      expect(problemLineText(es, line, names(report), '(not read)')).toMatch(/^(.+: )?(llega|aun|no cabe|regreso)/);
    }
    for (const line of REPORT.changes)
      expect(changeLineText(es, line, names(REPORT), '(not read)')).toMatch(/^Se movió .+: (ahorra|suma|el mismo)/);
  });

  it('says the rule, the legs counted and why an event is not planned in English as core does, and in Spanish', () => {
    for (const rule of [
      DEFAULT_MOVE_RULE,
      { todayFixed: false, withinMinutes: null },
      { todayFixed: false, withinMinutes: 0 },
      { todayFixed: false, withinMinutes: 30 },
    ]) {
      for (const today of ['2026-11-23', DAY, '2026-11-25']) {
        const text = ruleText(rule, DAY, today);
        expect(ruleLineText(en, text)).toBe(text);
        expect(ruleLineText(es, text)).not.toBe(text);
      }
    }
    for (const [start, end] of [
      [true, true],
      [true, false],
      [false, true],
      [false, false],
    ] as const) {
      expect(legsNoteText(en, legsNote(start, end))).toBe(legsNote(start, end));
      expect(legsNoteText(es, legsNote(start, end))).toMatch(/^(Se cuenta|Solo se cuenta)/);
    }
    for (const reason of [
      'not a visit: you marked this name as not a patient',
      'not a visit: “Charting” marks it as not a visit',
      'not a visit: “cancelled”: not a visit in person at this time',
      'not a visit: it names no patient and no visit',
      'not a visit: no patient',
      'no address on the event',
      'its address could not be found on the map',
      'ends before it starts',
    ]) {
      expect(skippedReasonText(en, reason)).toBe(reason);
      expect(skippedReasonText(es, reason)).not.toBe(reason);
    }
  });

  it('shows the whole plan in Spanish, with the minutes and miles in Spanish numbers', async () => {
    const { container } = render(
      <I18nProvider initialLocale="es">
        <RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} />
      </I18nProvider>,
    );
    expect(await screen.findByRole('heading', { level: 3, name: `Ruta del ${formatDayLong(DAY, 'es')}` })).toBeTruthy();
    expect(formatDayLong(DAY, 'es')).toBe('martes, 24 de noviembre de 2026');
    expect(container.querySelector('.route-summary__saving')?.textContent).toBe(savingText(es, REPORT));
    expect(savingText(es, REPORT)).toMatch(/^Ahorra \d+ min y \d+,\d millas de manejo \(\d+ %\) frente al orden/);
    expect(milesText(es, 22.85)).toBe('14,2 mi');
    expect(milesText(en, 22.85)).toBe('14.2 mi');
    const skipped = screen.getByRole('list', { name: 'Sin planificar' });
    expect(skipped.textContent).toContain(
      'Charting (typed by hand): no es una visita: “Charting” indica que no es una visita',
    );
    const optimised = within(screen.getByRole('list', { name: 'Orden optimizado' })).getAllByRole('listitem');
    expect(optimised[1]?.textContent).toMatch(/Llega .+ · Empieza .+ · Sale .+/);
  });
});
