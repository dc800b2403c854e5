// The faces' shared drive times (docs/routing.md § Road drive times): one departure rule (core/routing/departure.ts)
// for the Route view, the assistant and the CLI; the drive-times function's contract (parse, answer, lookup, client);
// and the report's distances: road metres when the drive times give them for every counted leg, else the estimate's
// kilometres, said approximate.
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../../core/calendar/index.ts';
import { distanceLine, routeOptimize } from '../../../core/routing/day-plan.ts';
import {
  dayDeparture,
  dayDriveTimesRequest,
  departureMinute,
  writtenOffsetMinutes,
} from '../../../core/routing/departure.ts';
import {
  DriveTimesError,
  driveTimesLookup,
  parseDriveTimesRequest,
  readDriveTimesResponse,
  requestDriveTimes,
} from '../../../core/routing/drive-times-contract.ts';
import { planDay } from '../../../core/routing/plan-day.ts';
import { circuityFor, haversineKm } from '../../../core/routing/travel/haversine.ts';
import { placeKey, type TravelLookup } from '../../../core/routing/travel/lookup.ts';
import type { LatLon } from '../../../core/routing/travel/provider.ts';

const DAY = '2026-11-24';

function visit(id: string, start: string, end: string, lat: number, lng: number, offset = '-06:00'): CalendarEvent {
  return {
    id,
    title: `Wound care — Patient ${id}`,
    start: `${DAY}T${start}:00${offset}`,
    end: `${DAY}T${end}:00${offset}`,
    allDay: false,
    properties: { lat: String(lat), lng: String(lng), windowStart: '07:00', windowEnd: '18:00' },
  };
}

const EVENTS = [
  visit('b', '09:45', '10:30', 41.9231, -87.6331),
  visit('a', '08:10', '09:15', 41.9214, -87.7134),
  visit('c', '11:00', '11:30', 41.9102, -87.7205),
];
const HOME = { lat: 41.95, lon: -87.68, label: 'Home' };
const roadKm = (a: LatLon, b: LatLon) => haversineKm(a, b) * circuityFor(haversineKm(a, b));

describe('one departure rule for every face', () => {
  it('today: the first booked visit, not before now; tomorrow: the first visit; later: typical times', () => {
    expect(departureMinute(DAY, DAY, 490, 420)).toBe(490);
    expect(departureMinute(DAY, DAY, 490, 600)).toBe(600);
    expect(departureMinute(DAY, '2026-11-23', 490, 600)).toBe(490);
    expect(departureMinute(DAY, '2026-11-22', 490, 600)).toBeNull();
    expect(departureMinute(DAY, DAY, null, 600)).toBeNull();
  });

  it('reads the day on the calendar’s own clock: the first visit’s written offset', () => {
    expect(writtenOffsetMinutes('2026-11-24T08:10:00-06:00')).toBe(-360);
    expect(writtenOffsetMinutes('2026-11-24T08:10:00+05:30')).toBe(330);
    expect(writtenOffsetMinutes('2026-11-24T08:10:00Z')).toBe(0);
    expect(writtenOffsetMinutes('2026-11-24T08:10:00')).toBeNull();
    // 08:10 in Chicago (−06:00) is 14:10 UTC, whatever zone the caller runs in.
    const now = new Date('2026-11-23T18:00:00Z');
    expect(dayDeparture(DAY, '2026-11-24T08:10:00-06:00', { today: '2026-11-23', now })).toEqual({
      minute: 490,
      instant: new Date('2026-11-24T14:10:00Z'),
    });
    // Today at 09:30 Chicago (15:30 UTC): leaving now, not at the 08:10 visit that has passed.
    expect(
      dayDeparture(DAY, '2026-11-24T08:10:00-06:00', { today: DAY, now: new Date('2026-11-24T15:30:00Z') }),
    ).toEqual({ minute: 570, instant: new Date('2026-11-24T15:30:00Z') });
    expect(dayDeparture(DAY, '2026-11-24T08:10:00-06:00', { today: '2026-11-20', now })).toBeNull();
    expect(dayDeparture(DAY, null, { today: '2026-11-23', now })).toBeNull();
  });

  it('asks for the home and each located visit in booked order, with that departure; nothing for one place', () => {
    const asked = dayDriveTimesRequest(EVENTS, DAY, { home: HOME, today: '2026-11-23', now: new Date(0) });
    expect(asked?.request).toEqual({
      points: [
        { lat: 41.95, lon: -87.68 },
        { lat: 41.9214, lon: -87.7134 },
        { lat: 41.9231, lon: -87.6331 },
        { lat: 41.9102, lon: -87.7205 },
      ],
      departureTime: '2026-11-24T14:10:00.000Z',
    });
    expect(asked?.departure?.minute).toBe(490);
    const later = dayDriveTimesRequest(EVENTS, DAY, { today: '2026-11-01', now: new Date(0) });
    expect(later?.request.departureTime).toBeUndefined();
    expect(later?.request.points).toHaveLength(3);
    expect(dayDriveTimesRequest(EVENTS.slice(0, 1), DAY, { today: '2026-11-23', now: new Date(0) })).toBeNull();
  });
});

describe('the drive-times contract', () => {
  const points = [
    { lat: 41.9, lon: -87.7 },
    { lat: 41.95, lon: -87.65 },
  ];

  it('accepts 2–25 places and an RFC 3339 departure, and says what to fix otherwise (never quoting a place)', () => {
    expect(parseDriveTimesRequest({ points })).toEqual({ points });
    expect(parseDriveTimesRequest({ points, departureTime: '2026-11-24T08:10:00-06:00' })).toEqual({
      points,
      departureTime: '2026-11-24T08:10:00-06:00',
    });
    const problem = (body: unknown) => (parseDriveTimesRequest(body) as { problem?: string }).problem;
    expect(problem(null)).toMatch(/^The body is not a JSON object\. Send \{"points"/);
    expect(problem({})).toMatch(/^points must be an array/);
    expect(problem({ points: points.slice(0, 1) })).toBe('points has 1 entries; send 2 to 25.');
    expect(problem({ points: Array.from({ length: 26 }, () => points[0]) })).toBe(
      'points has 26 entries; send 2 to 25.',
    );
    expect(problem({ points: [points[0], { lat: 91, lon: 0 }] })).toBe(
      'points[1].lat must be a number between -90 and 90.',
    );
    expect(problem({ points: [points[0], { lat: 41.9, lon: '-87.7' }] })).toBe(
      'points[1].lon must be a number between -180 and 180.',
    );
    expect(problem({ points: [points[0], [41.9, -87.7]] })).toMatch(/^points\[1\] must be \{"lat", "lon"\}/);
    expect(problem({ points, departureTime: 'tomorrow at 8' })).toMatch(/^departureTime must be an RFC 3339 date-time/);
    expect(problem({ points, departureTime: '2026-13-45T08:00:00Z' })).toMatch(/^departureTime must be/);
    expect(problem({ points, travelMode: 'WALK' })).toMatch(/^Unknown field travelMode\./);
    expect(problem({ points: [{ lat: 41.9123, lon: 200 }, points[1]] })).not.toContain('41.9123');
  });

  it('reads an answer only in its documented shape, and looks legs up by place', () => {
    const answer = {
      minutes: [
        [0, 9],
        [11, 0],
      ],
      meters: [
        [0, 4000],
        [4200, 0],
      ],
      roadBased: true,
      source: 'roads',
    };
    expect(readDriveTimesResponse(answer, 2)).toEqual(answer);
    expect(readDriveTimesResponse({ ...answer, minutes: [[0, 9]] }, 2)).toBeNull();
    expect(readDriveTimesResponse({ ...answer, roadBased: 'yes' }, 2)).toBeNull();
    expect(
      readDriveTimesResponse(
        {
          minutes: [
            [0, null],
            [-1, 0],
          ],
          roadBased: false,
        },
        2,
      ),
    ).toBeNull();
    expect(
      readDriveTimesResponse(
        {
          minutes: [
            [0, null],
            [3, 0],
          ],
          roadBased: false,
        },
        2,
      ),
    ).toEqual({
      minutes: [
        [0, null],
        [3, 0],
      ],
      roadBased: false,
    });
    const lookup = driveTimesLookup(points, answer);
    expect(lookup.roadBased).toBe(true);
    expect(lookup.minutes({ ...points[1] } as LatLon, points[0] as LatLon)).toBe(11);
    expect(lookup.meters?.(points[0] as LatLon, points[1] as LatLon)).toBe(4000);
  });

  it('the client posts the places in the body with the session, and turns a refusal into a status', async () => {
    const seen: Array<{ url: string; init: RequestInit }> = [];
    const answer = {
      minutes: [
        [0, 9],
        [11, 0],
      ],
      roadBased: true,
    };
    const fetch = async (url: string, init?: RequestInit) => {
      seen.push({ url, init: init ?? {} });
      return Response.json(answer);
    };
    const request = { points, departureTime: '2026-11-24T14:10:00.000Z' };
    await expect(
      requestDriveTimes({ supabaseUrl: 'https://p.example/', anonKey: 'anon', accessToken: 'jwt', fetch, request }),
    ).resolves.toEqual(answer);
    expect(seen[0]?.url).toBe('https://p.example/functions/v1/drive-times');
    expect(seen[0]?.url).not.toContain('41.9');
    expect(seen[0]?.init.method).toBe('POST');
    expect(seen[0]?.init.headers).toMatchObject({ apikey: 'anon', Authorization: 'Bearer jwt' });
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual(request);
    const refused = async () => new Response('{"code":"unauthorized"}', { status: 401 });
    await expect(
      requestDriveTimes({ supabaseUrl: 'x', anonKey: 'a', accessToken: 'jwt', fetch: refused, request }),
    ).rejects.toEqual(new DriveTimesError(401));
    await expect(
      requestDriveTimes({ supabaseUrl: 'x', anonKey: 'a', accessToken: null, fetch, request }),
    ).rejects.toMatchObject({ status: 401 });
    const malformed = async () => Response.json({ minutes: 'soon' });
    await expect(
      requestDriveTimes({ supabaseUrl: 'x', anonKey: 'a', accessToken: 'jwt', fetch: malformed, request }),
    ).rejects.toBeInstanceOf(DriveTimesError);
  });
});

describe('the report’s distances', () => {
  const places = EVENTS.map((e) => ({ lat: Number(e.properties?.lat), lon: Number(e.properties?.lng) }));
  const all = [HOME, ...places];
  /** Road metres: 1.5 × the estimate's road kilometres; minutes: the estimate's, doubled. */
  function roads(options: { meters?: boolean; knows?: (a: LatLon, b: LatLon) => boolean } = {}): TravelLookup {
    const known = (a: LatLon, b: LatLon) =>
      all.some((p) => placeKey(p) === placeKey(a)) && all.some((p) => placeKey(p) === placeKey(b));
    const knows = options.knows ?? (() => true);
    return {
      roadBased: true,
      source: 'test roads',
      minutes: (a, b) =>
        known(a, b) && knows(a, b) ? 2 * (roadKm(a, b) / 25) * 60 + (placeKey(a) === placeKey(b) ? 0 : 4) : undefined,
      ...(options.meters === false
        ? {}
        : { meters: (a: LatLon, b: LatLon) => (known(a, b) && knows(a, b) ? 1500 * roadKm(a, b) : undefined) }),
    };
  }
  const plan = (travel?: TravelLookup) =>
    planDay(EVENTS, DAY, { home: HOME, flexible: 'all', ...(travel ? { travel } : {}) }).report as NonNullable<
      ReturnType<typeof planDay>['report']
    >;
  const legsKm = (order: string[]) => {
    const at = (id: string) => places[EVENTS.findIndex((e) => e.id === id)] as LatLon;
    const stops = [HOME, ...order.map(at), HOME];
    return stops.slice(1).reduce((sum, p, i) => sum + roadKm(stops[i] as LatLon, p), 0);
  };

  it('without road drive times: the estimate’s kilometres over the counted legs, said approximate', () => {
    const report = plan();
    expect(report.roadDistances).toBe(false);
    expect(report.distanceBeforeKm).toBeCloseTo(legsKm(report.calendar.order), 1);
    expect(report.distanceAfterKm).toBeCloseTo(legsKm(report.optimized.order), 1);
    expect(report.savedKm).toBeCloseTo(report.distanceBeforeKm - report.distanceAfterKm, 1);
    expect(distanceLine(report)).toMatch(
      /^Distance: [\d.]+ mi \([\d.]+ km\) in calendar order → [\d.]+ mi \([\d.]+ km\) optimised.*\(approximate: straight-line distance × road factor\)$/,
    );
  });

  it('with road metres for every leg: road distances', () => {
    const report = plan(roads());
    expect(report.roadDriveTimes).toBe(true);
    expect(report.roadDistances).toBe(true);
    expect(report.distanceBeforeKm).toBeCloseTo(1.5 * legsKm(report.calendar.order), 1);
    expect(report.distanceAfterKm).toBeCloseTo(1.5 * legsKm(report.optimized.order), 1);
    expect(distanceLine(report)).toMatch(/\(road distances\)$/);
  });

  it('road minutes without metres, or a leg the lookup does not know: the distances are approximate', () => {
    expect(plan(roads({ meters: false })).roadDistances).toBe(false);
    const home = placeKey(HOME);
    const partial = plan(roads({ knows: (a, b) => placeKey(a) !== home && placeKey(b) !== home }));
    expect(partial.roadDriveTimes).toBe(true);
    expect(partial.estimatedLegs).toBeGreaterThan(0);
    expect(partial.roadDistances).toBe(false);
  });

  it('between visits only when the home is not known; no saving of distance on a day with no feasible order', () => {
    const visitsOnly = planDay(EVENTS, DAY, { flexible: 'all' }).report;
    const at = (id: string) => places[EVENTS.findIndex((e) => e.id === id)] as LatLon;
    const order = visitsOnly?.calendar.order ?? [];
    const between = order.slice(1).reduce((sum, id, i) => sum + roadKm(at(order[i] as string), at(id)), 0);
    expect(visitsOnly?.distanceBeforeKm).toBeCloseTo(between, 1);
    const impossible = routeOptimize({
      date: DAY,
      visits: [
        { id: 'p', lat: 42.05, lon: -87.68, start: '09:00', durationMinutes: 30, fixed: true },
        { id: 'q', lat: 41.72, lon: -87.6, start: '09:35', durationMinutes: 30, fixed: true },
      ],
    });
    expect(impossible.feasible).toBe(false);
    expect(impossible.savedKm).toBeNull();
    expect(distanceLine(impossible)).not.toMatch(/less|more/);
  });
});
