// Drive times fetched beforehand (core/routing/travel/lookup.ts) in the planner (plan-day.ts `travel`, day-plan.ts
// routeOptimize) and in the assistant's optimize_route (ctx.travel): road minutes replace the straight-line estimate
// leg by leg, change the plan and its totals, and the report and the answer say "road drive times" or "straight-line
// estimate (approximate)". Without them every caller gets exactly the plan it got before.
import { describe, expect, it } from 'vitest';
import { optimizeRoute } from '../../../core/assistant/tools/optimize-route.ts';
import type { CalendarEvent } from '../../../core/calendar/index.ts';
import type { TravelMatrix } from '../../../core/routing/model.ts';
import { dayPoints, planDay } from '../../../core/routing/plan-day.ts';
import { estimateMinutes } from '../../../core/routing/travel/haversine.ts';
import { lookupFromMatrix, placeKey, type TravelLookup } from '../../../core/routing/travel/lookup.ts';
import type { LatLon, TravelMatrixOptions, TravelTimeProvider } from '../../../core/routing/travel/provider.ts';
import { zonedDateTime } from '../../../core/time/zoned-time.ts';
import { memoryCalendar, seedFor } from '../../support/memory-calendar.ts';

const DAY = '2026-11-24';

function visit(id: string, start: string, end: string, lat: number, lng: number): CalendarEvent {
  return {
    id,
    title: `Wound care — Patient ${id}`,
    start: `${DAY}T${start}:00-06:00`,
    end: `${DAY}T${end}:00-06:00`,
    allDay: false,
    location: `${id} Street 1, Chicago, IL`,
    properties: { lat: String(lat), lng: String(lng), windowStart: '07:00', windowEnd: '18:00' },
  };
}

// Booked zig-zagging west ↔ east: in a straight line, a planner free to move them groups each side.
const ZIGZAG = [
  visit('a', '08:30', '09:15', 41.9214, -87.7134),
  visit('b', '09:45', '10:30', 41.9231, -87.6331),
  visit('c', '11:00', '11:30', 41.9102, -87.7205),
  visit('d', '12:15', '13:00', 41.9088, -87.6298),
  visit('e', '13:45', '14:30', 41.9434, -87.7001),
];
const at = (id: string): LatLon => {
  const e = ZIGZAG.find((x) => x.id === id) as CalendarEvent;
  return { lat: Number(e.properties?.lat), lon: Number(e.properties?.lng) };
};

/**
 * Roads where the booked order is the quick way round (a river everywhere else): 3 min along a→b→c→d→e, 60 min
 * for any other leg. The straight line says the opposite.
 */
function riverRoads(knows: (from: string, to: string) => boolean = () => true): TravelLookup {
  const order = ['a', 'b', 'c', 'd', 'e'];
  const idOf = (p: LatLon) => order.find((id) => placeKey(at(id)) === placeKey(p));
  return {
    roadBased: true,
    source: 'test roads',
    minutes(from, to) {
      const f = idOf(from);
      const t = idOf(to);
      if (!f || !t || !knows(f, t)) return undefined;
      return order.indexOf(t) === order.indexOf(f) + 1 ? 3 : 60;
    },
  };
}

describe('planDay with drive times fetched beforehand', () => {
  it('without them: the straight-line plan, said approximate (every caller as before)', () => {
    const report = planDay(ZIGZAG, DAY, { flexible: 'all' }).report;
    if (!report) throw new Error('no report');
    expect(report.optimized.order).not.toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(report.savedMinutes).toBeGreaterThan(0);
    expect(report.roadDriveTimes).toBe(false);
    expect(report.travelTimes).toBe('approximate: great-circle distance × road factor ÷ area speed + parking');
    expect(report).not.toHaveProperty('estimatedLegs');
  });

  it('road minutes change the plan and its totals, and the report says road drive times', () => {
    const report = planDay(ZIGZAG, DAY, { flexible: 'all', travel: riverRoads() }).report;
    if (!report) throw new Error('no report');
    // Along the river the booked order is the best: nothing to save, and the totals are the road minutes.
    expect(report.optimized.order).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(report.travelBeforeMinutes).toBe(4 * 3);
    expect(report.travelAfterMinutes).toBe(4 * 3);
    expect(report.optimized.stops.slice(1).map((s) => s.travelFromPreviousMinutes)).toEqual([3, 3, 3, 3]);
    expect(report.roadDriveTimes).toBe(true);
    expect(report.estimatedLegs).toBe(0);
    expect(report.travelTimes).toBe('road drive times (test roads)');
  });

  it('legs the lookup does not know keep the straight-line estimate and are counted', () => {
    // The lookup knows only the legs out of a.
    const report = planDay(ZIGZAG, DAY, { flexible: 'all', travel: riverRoads((from) => from === 'a') }).report;
    if (!report) throw new Error('no report');
    expect(report.roadDriveTimes).toBe(true);
    expect(report.estimatedLegs).toBe(4 * 5 - 4);
    expect(report.travelTimes).toBe(
      'road drive times (test roads); 16 legs estimated in a straight line (approximate)',
    );
    // a → b is the river's 3 min wherever it is driven; b → c is the estimate.
    const leg = (from: string, to: string) => {
      const i = report.calendar.stops.findIndex((s) => s.id === to);
      return report.calendar.stops[i - 1]?.id === from ? report.calendar.stops[i]?.travelFromPreviousMinutes : null;
    };
    expect(leg('a', 'b')).toBe(3);
    expect(leg('b', 'c')).toBeCloseTo(estimateMinutes(at('b'), at('c')), 1);
  });

  it('a leg with no road route is unreachable: the plan says so', () => {
    const roads = riverRoads();
    const noRoute: TravelLookup = {
      ...roads,
      // e is on an island: no road to it or from it.
      minutes: (from, to) =>
        placeKey(to) === placeKey(at('e')) || placeKey(from) === placeKey(at('e')) ? null : roads.minutes(from, to),
    };
    const home = { lat: 41.95, lon: -87.68, label: 'Home' };
    const report = planDay(ZIGZAG, DAY, { flexible: 'all', home, travel: noRoute }).report;
    if (!report) throw new Error('no report');
    expect(report.feasible).toBe(false);
    expect(report.unservable).toEqual([expect.objectContaining({ visitId: 'e', reason: 'unreachable' })]);
  });

  it('an estimate passed as drive times is not called road drive times', () => {
    const points = ZIGZAG.map((e) => at(e.id));
    const estimate: TravelMatrix = {
      minutes: points.map((p) => points.map((q) => estimateMinutes(p, q))),
      source: 'haversine (approximate)',
    };
    const report = planDay(ZIGZAG, DAY, { flexible: 'all', travel: lookupFromMatrix(points, estimate) }).report;
    const plain = planDay(ZIGZAG, DAY, { flexible: 'all' }).report;
    expect(report?.roadDriveTimes).toBe(false);
    expect(report?.travelTimes).toBe(plain?.travelTimes);
    expect(report?.optimized.order).toEqual(plain?.optimized.order);
  });

  it('dayPoints: the home first, then each located visit in booked order, and the first booked start', () => {
    const home = { lat: 41.95, lon: -87.68, label: 'Home' };
    const shuffled = [ZIGZAG[3], ZIGZAG[0], ZIGZAG[4], ZIGZAG[1], ZIGZAG[2]] as CalendarEvent[];
    expect(dayPoints(shuffled, DAY, { home })).toEqual({
      points: [{ lat: 41.95, lon: -87.68 }, ...['a', 'b', 'c', 'd', 'e'].map(at)],
      firstStartMinute: 8 * 60 + 30,
      firstStart: `${DAY}T08:30:00-06:00`,
    });
    expect(dayPoints([], DAY)).toEqual({ points: [], firstStartMinute: null, firstStart: null });
  });

  it('lookupFromMatrix: by place, metres when the matrix has them, road-based only when it says so', () => {
    const points = [at('a'), at('b')];
    const lookup = lookupFromMatrix(points, {
      minutes: [
        [0, 7],
        [9, 0],
      ],
      distances: [
        [0, 2100],
        [2500, 0],
      ],
      source: 'roads',
      roadBased: true,
    });
    expect(lookup.roadBased).toBe(true);
    expect(lookup.minutes({ ...at('b') }, at('a'))).toBe(9);
    expect(lookup.meters?.(at('a'), at('b'))).toBe(2100);
    expect(lookup.minutes(at('a'), at('c'))).toBeUndefined();
    expect(
      lookupFromMatrix(points, {
        minutes: [
          [0, 1],
          [1, 0],
        ],
      }).roadBased,
    ).toBe(false);
  });
});

// ─── The assistant's optimize_route with the server's road matrix ───────────────────────────────────────────────

const TODAY = '2026-11-23';
const EMAIL = 'maya.patel@homerounds.test';
const SEED = seedFor(TODAY);
const clinician = SEED.clinicians.find((c) => c.email === EMAIL) as (typeof SEED.clinicians)[number];
const home = { lat: clinician.home.lat, lon: clinician.home.lng };

/** A road provider: the straight-line estimate doubled, recording what it was asked. */
function doubledRoads(): TravelTimeProvider & { asked: Array<{ points: LatLon[]; options: TravelMatrixOptions }> } {
  const asked: Array<{ points: LatLon[]; options: TravelMatrixOptions }> = [];
  return {
    name: 'doubled',
    asked,
    async matrix(points, options = {}) {
      asked.push({ points: [...points], options });
      return {
        minutes: points.map((p) => points.map((q) => Math.ceil(2 * estimateMinutes(p, q)))),
        source: 'doubled roads',
        roadBased: true,
      };
    },
  };
}

function context(travel?: TravelTimeProvider) {
  return {
    calendar: memoryCalendar(SEED, EMAIL),
    userId: clinician.id,
    timeZone: 'America/Chicago',
    now: new Date('2026-11-23T12:00:00Z'), // 06:00 in Chicago
    language: 'en' as const,
    canWrite: async () => false,
    home: async () => home,
    ...(travel ? { travel } : {}),
  };
}

/** The first day from `from` on which Maya has at least two located visits. */
function plannedDay(from: string): string {
  const located = [...memoryCalendar(SEED, EMAIL).events.values()].filter((e) => !e.allDay && e.properties?.lat);
  const days = [...new Set(located.map((e) => e.start.slice(0, 10)))].sort();
  const day = days.find((d) => d >= from && located.filter((e) => e.start.startsWith(d)).length >= 2);
  if (!day) throw new Error(`no seeded day from ${from}`);
  return day;
}

describe('optimize_route with road drive times (ctx.travel)', () => {
  it('plans tomorrow with road minutes for the day’s places, traffic for leaving at the first visit, and says so', async () => {
    const tomorrow = plannedDay('2026-11-24');
    expect(tomorrow).toBe('2026-11-24');
    const roads = doubledRoads();
    const withRoads = await optimizeRoute({ date: tomorrow }, context(roads));
    const straight = await optimizeRoute({ date: tomorrow }, context());
    // One matrix, for the home and the day's located visits, with the first visit's start as the departure.
    const events = await memoryCalendar(SEED, EMAIL).list(
      zonedDateTime(tomorrow, 0, 'America/Chicago').instant,
      zonedDateTime('2026-11-25', 0, 'America/Chicago').instant,
    );
    const day = dayPoints(events, tomorrow, { home });
    expect(roads.asked).toHaveLength(1);
    expect(roads.asked[0]?.points).toEqual(day.points);
    expect(roads.asked[0]?.options.departureTime).toEqual(
      zonedDateTime(tomorrow, day.firstStartMinute as number, 'America/Chicago').instant,
    );
    // Twice the straight line: about twice the driving, and the answer names its drive times.
    expect(withRoads.driveTimes).toBe('road');
    expect(straight.driveTimes).toBe('approximate');
    expect(withRoads.travelBeforeMinutes as number).toBeGreaterThan(1.8 * (straight.travelBeforeMinutes as number));
    const h = Math.floor((day.firstStartMinute as number) / 60);
    const m = String((day.firstStartMinute as number) % 60).padStart(2, '0');
    expect(withRoads.say).toContain(`Drive times are road drive times, with traffic for leaving around ${h}:${m} AM.`);
    expect(straight.say).toContain('Drive times are straight-line estimates (approximate).');
    expect(straight.say).not.toContain('road drive times');
  });

  it('a day further ahead asks typical times (no departure): traffic is not known that far', async () => {
    const later = plannedDay('2026-11-26');
    const roads = doubledRoads();
    const said = await optimizeRoute({ date: later }, context(roads));
    expect(roads.asked).toHaveLength(1);
    expect(roads.asked[0]?.options).toEqual({});
    expect(said.say).toContain('Drive times are road drive times.');
  });

  it('a road service that fails leaves the straight-line plan, said approximate', async () => {
    const failing: TravelTimeProvider = {
      name: 'down',
      matrix: () => Promise.reject(new Error('unavailable')),
    };
    const tomorrow = plannedDay('2026-11-24');
    const said = await optimizeRoute({ date: tomorrow }, context(failing));
    const straight = await optimizeRoute({ date: tomorrow }, context());
    expect(said.driveTimes).toBe('approximate');
    expect(said.travelBeforeMinutes).toBe(straight.travelBeforeMinutes);
    expect(said.say).toContain('straight-line estimates (approximate)');
  });
});
