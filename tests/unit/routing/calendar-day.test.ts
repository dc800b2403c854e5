// visitsFromCalendar: which events of a day the optimiser plans, with what window and coordinates — the product's
// own events by their properties, events written by people by recognition and a located address.
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../../core/calendar/index.ts';
import { type Geocoder, type Located, locateAll } from '../../../core/geo/geocoder.ts';
import { addressesToLocate } from '../../../core/routing/calendar-day.ts';
import {
  DEFAULT_MOVE_RULE,
  formatRouteReport,
  planDay,
  type RouteReport,
  visitsFromCalendar,
} from '../../../core/routing/index.ts';

const visit = (id: string, start: string, end: string, properties?: Record<string, string>): CalendarEvent => ({
  id,
  title: `Wound care — Patient ${id}`,
  start,
  end,
  allDay: false,
  location: `${id} N Halsted St, Chicago, IL`,
  ...(properties ? { properties } : {}),
});

describe('visitsFromCalendar', () => {
  const events: CalendarEvent[] = [
    visit('a', '2026-11-24T09:00:00-06:00', '2026-11-24T09:45:00-06:00', {
      lat: '41.92',
      lng: '-87.65',
      windowStart: '08:00',
      windowEnd: '11:00',
    }),
    // A window shorter than the visit says nothing usable about its start.
    visit('b', '2026-11-24T13:00:00-06:00', '2026-11-24T14:00:00-06:00', {
      lat: '41.90',
      lng: '-87.70',
      windowStart: '13:00',
      windowEnd: '13:30',
    }),
    visit('c', '2026-11-24T15:00:00-06:00', '2026-11-24T15:30:00-06:00'),
    visit('d', '2026-11-25T09:00:00-06:00', '2026-11-25T09:30:00-06:00', { lat: '41.9', lng: '-87.6' }),
    { id: 'e', title: 'Team meeting day', start: '2026-11-24', end: '2026-11-25', allDay: true },
  ];

  it('plans the timed visits of the day, with coordinates, duration and the latest start that fits the window', () => {
    const { visits } = visitsFromCalendar(events, '2026-11-24');
    expect(visits).toEqual([
      {
        id: 'a',
        title: 'Wound care — Patient a',
        address: 'a N Halsted St, Chicago, IL',
        lat: 41.92,
        lon: -87.65,
        start: '2026-11-24T09:00:00-06:00',
        durationMinutes: 45,
        window: { earliest: '08:00', latest: '10:15' },
      },
      {
        id: 'b',
        title: 'Wound care — Patient b',
        address: 'b N Halsted St, Chicago, IL',
        lat: 41.9,
        lon: -87.7,
        start: '2026-11-24T13:00:00-06:00',
        durationMinutes: 60,
      },
    ]);
  });

  it('reports a visit whose address no geocoder located as skipped, and ignores all-day events and other days', () => {
    const { skipped } = visitsFromCalendar(events, '2026-11-24');
    expect(skipped).toEqual([
      { id: 'c', title: 'Wound care — Patient c', reason: 'its address has not been located (no geocoder here)' },
    ]);
  });
});

describe('a day written by people, not by HomeRounds', () => {
  const DAY = '2026-12-02';
  const at = (hhmm: string) => `${DAY}T${hhmm}:00-06:00`;
  const event = (id: string, title: string, start: string, end: string, location?: string): CalendarEvent => ({
    id,
    title,
    start: at(start),
    end: at(end),
    allDay: false,
    ...(location ? { location } : {}),
  });
  const A = '1815 W Cortland St, Chicago, IL 60622';
  const B = '5230 N Kenmore Ave, Chicago, IL 60640';
  const C = '2100 Somewhere Unknown, Evanston, IL 60201';
  const D = '77 Nowhere Lane, Nowhere, IL 60999';
  const events = [
    event('e1', 'PT eval - Rosa Delgado', '09:00', '10:00', A),
    event('e2', 'Lunch', '12:00', '12:30', '3400 N Clark St, Chicago, IL 60657'),
    event('e3', 'SN: WINTER, IDA', '13:00', '13:45', B),
    event('e4', 'Tomasz Wrona', '15:00', '15:45', C),
    event('e5', 'Team meeting', '16:00', '17:00', 'Main office'),
    event('e6', 'OT f/u - Glen Story', '17:00', '17:45', D),
  ];
  const places: Record<string, Located | 'not-found'> = {
    [A]: { lat: 41.9163, lon: -87.6744, approximate: false, formatted: A },
    [B]: { lat: 41.9775, lon: -87.6561, approximate: false, formatted: B },
    [C]: { lat: 42.0451, lon: -87.6877, approximate: true, formatted: 'Evanston, IL 60201, USA' },
    [D]: 'not-found',
  };
  const asked: string[] = [];
  const geocoder: Geocoder = {
    locate: async (address) => {
      asked.push(address);
      return places[address] ?? 'unavailable';
    },
  };

  it('asks the geocoder only for the visits’ addresses, each once', async () => {
    const addresses = addressesToLocate([...events, event('e7', 'PT eval - Rosa Delgado', '18:00', '18:30', A)], DAY);
    expect(addresses).toEqual([A, B, C, D, A]);
    await locateAll(geocoder, addresses);
    expect(asked.sort()).toEqual([A, B, C, D].sort());
  });

  it('plans the recognised visits at their located addresses, marks the approximate one, and says why the rest are left out', async () => {
    const locations = await locateAll(geocoder, addressesToLocate(events, DAY));
    const plan = planDay(events, DAY, { locations, flexible: 'all' });
    expect(plan.visits.map((v) => [v.id, v.lat, v.approximate ?? false])).toEqual([
      ['e1', 41.9163, false],
      ['e3', 41.9775, false],
      ['e4', 42.0451, true],
    ]);
    expect(plan.skipped).toEqual([
      { id: 'e2', title: 'Lunch', reason: 'not a visit: “Lunch” marks it as not a visit' },
      { id: 'e5', title: 'Team meeting', reason: 'not a visit: “Team” marks it as not a visit' },
      { id: 'e6', title: 'OT f/u - Glen Story', reason: 'its address could not be found on the map' },
    ]);
    expect(plan.report?.approximateVisits).toEqual(['e4']);
    expect(plan.report?.optimized.order.sort()).toEqual(['e1', 'e3', 'e4']);
  });

  it('prints, as `route optimize --clinician` does, the rule it followed, the approximate places and what it skipped', async () => {
    const locations = await locateAll(geocoder, addressesToLocate(events, DAY));
    const plan = planDay(events, DAY, { locations, rule: { rule: DEFAULT_MOVE_RULE, today: '2026-12-01' } });
    const text = formatRouteReport({
      ...(plan.report as RouteReport),
      skipped: plan.skipped,
      rule: plan.rule as string,
    });
    expect(text).toContain('Visits may move up to 90 minutes from their booked times');
    expect(text).toContain("Located only approximately (a ZIP code's centre): e4.");
    expect(text).toContain(
      'Not planned:\n- Lunch: not a visit: “Lunch” marks it as not a visit\n- Team meeting: not a visit: “Team” marks it as not a visit\n- OT f/u - Glen Story: its address could not be found on the map',
    );
  });
});
