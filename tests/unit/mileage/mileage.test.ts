// The mileage log's pure core (core/mileage): a day's legs in the calendar's final order, equal to the Route view's
// own plan of that day (web/src/features/route/route-plan.ts planDay with the same drive times), the commute legs
// marked, the month's totals with edited and upcoming days, the dated IRS rate or the agency's, and the one CSV
// (RFC 4180, formula-injection safe).
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../../core/calendar/calendar.types.ts';
import { parseMileageRequest } from '../../../core/mileage/contract.ts';
import {
  csvField,
  IRS_STANDARD_RATES,
  irsRateFor,
  type MileageDay,
  mileageCsv,
  mileageDay,
  mileageMonth,
  mileageRate,
  monthDays,
  parseMonth,
  reimbursementDollars,
  safeCell,
  stopNames,
  withEdit,
} from '../../../core/mileage/index.ts';
import { KM_PER_MILE } from '../../../core/routing/day-plan.ts';
import { dayPoints } from '../../../core/routing/plan-day.ts';
import { lookupFromMatrix } from '../../../core/routing/travel/lookup.ts';
import { planDay } from '../../../web/src/features/route/route-plan.ts';

const HOME = { lat: 41.8781, lon: -87.6298, label: 'Home' };
const DAY = '2026-11-02';

/** A visit as HomeRounds writes it: coordinates in private properties, Chicago's offset. */
function visit(id: string, title: string, start: string, end: string, lat: number, lng: number): CalendarEvent {
  return {
    id,
    title,
    start: `${DAY}T${start}:00-06:00`,
    end: `${DAY}T${end}:00-06:00`,
    allDay: false,
    location: '2100 N Halsted St, Chicago, IL 60614',
    description: 'Gate code 4411. Phone: (312) 555-0142',
    properties: { lat: String(lat), lng: String(lng), homeroundsPatientId: id },
  };
}

// Booked out of geographic order on purpose: the log follows the calendar, not the optimiser.
const EVENTS: CalendarEvent[] = [
  visit('a', 'PT visit - Rosa Delgado', '09:00', '10:00', 41.9163, -87.6744),
  visit('b', 'SN visit - John Wu', '10:45', '11:30', 41.7922, -87.5997),
  visit('c', 'OT - Ana Lucía Gómez', '13:00', '13:45', 41.9775, -87.6561),
  { id: 'lunch', title: 'Lunch', start: `${DAY}T12:00:00-06:00`, end: `${DAY}T12:30:00-06:00`, allDay: false },
];
const NAMES = stopNames(EVENTS, []);

/** Road drive times for the day's places: made-up minutes and metres (not the straight-line estimate's). */
function roadLookup(events: readonly CalendarEvent[]) {
  const { points } = dayPoints(events, DAY, { home: HOME });
  const minutes = points.map((_, i) => points.map((__, j) => (i === j ? 0 : 10 + 3 * i + 2 * j)));
  const meters = points.map((_, i) => points.map((__, j) => (i === j ? 0 : 5000 + 700 * i + 300 * j)));
  return lookupFromMatrix(points, { minutes, distances: meters, roadBased: true, source: 'test roads' });
}

describe('a day of the mileage log', () => {
  it("is the Route view's plan of the calendar order: same legs, minutes and miles (road drive times)", () => {
    const travel = roadLookup(EVENTS);
    const day = mileageDay(EVENTS, DAY, { home: HOME, travel, names: NAMES });
    const route = planDay(EVENTS, DAY, { home: HOME, travel }).report;
    if (!route) throw new Error('no plan');
    expect(day.legs.map((leg) => leg.minutes)).toEqual([
      ...route.calendar.stops.map((s) => s.travelFromPreviousMinutes),
      route.calendar.returnTravelMinutes,
    ]);
    expect(day.plannedMinutes).toBe(route.travelBeforeMinutes);
    expect(day.plannedMiles).toBe(Math.round((route.distanceBeforeKm / KM_PER_MILE) * 10) / 10);
    const legMiles = day.legs.reduce((sum, leg) => sum + leg.miles, 0);
    expect(legMiles).toBeCloseTo(route.distanceBeforeKm / KM_PER_MILE, 1);
    // Road metres: home → a is 5000 + 0 + 300 m.
    expect(day.legs[0]?.miles).toBe(Math.round((5.3 / KM_PER_MILE) * 100) / 100);
    expect(day.roadBased).toBe(true);
    expect(day.legs.every((leg) => leg.roadBased)).toBe(true);
  });

  it('goes home → each visit in booked order → home, the first and last legs marked as commute', () => {
    const day = mileageDay(EVENTS, DAY, { home: HOME, names: NAMES });
    const ends = day.legs.map((leg) => [leg.from, leg.to]);
    expect(ends).toEqual([
      [{ kind: 'home' }, { kind: 'visit', time: '09:00', patient: 'Rosa Delgado' }],
      [
        { kind: 'visit', time: '09:00', patient: 'Rosa Delgado' },
        { kind: 'visit', time: '10:45', patient: 'John Wu' },
      ],
      [
        { kind: 'visit', time: '10:45', patient: 'John Wu' },
        { kind: 'visit', time: '13:00', patient: 'Ana Lucía Gómez' },
      ],
      [{ kind: 'visit', time: '13:00', patient: 'Ana Lucía Gómez' }, { kind: 'home' }],
    ]);
    expect(day.legs.map((leg) => [leg.fromHome, leg.toHome])).toEqual([
      [true, false],
      [false, false],
      [false, false],
      [false, true],
    ]);
    expect(day).toMatchObject({ visits: 3, unplaced: 0, countsHomeLegs: true, roadBased: false });
    // Without road drive times every leg is the straight-line estimate, said approximate.
    expect(day.legs.every((leg) => !leg.roadBased && leg.miles > 0)).toBe(true);
  });

  it('counts between visits only when the home is not known', () => {
    const day = mileageDay(EVENTS, DAY, { names: NAMES });
    expect(day.countsHomeLegs).toBe(false);
    expect(day.legs).toHaveLength(2);
    expect(day.legs.some((leg) => leg.fromHome || leg.toHome)).toBe(false);
    const route = planDay(EVENTS, DAY, {}).report;
    expect(day.plannedMiles).toBe(Math.round(((route?.distanceBeforeKm ?? 0) / KM_PER_MILE) * 10) / 10);
  });

  it('names the patient from the patient list first, and never carries an address, phone or note', () => {
    const listed = EVENTS.map((e) =>
      e.id === 'b' ? { ...e, properties: { ...e.properties, homeroundsPatientRecord: 'r1' } } : e,
    );
    const names = stopNames(listed, [{ id: 'r1', full_name: 'Johnathan Wu' }]);
    expect(names.get('b')).toBe('Johnathan Wu');
    expect(names.get('a')).toBe('Rosa Delgado');
    const text = JSON.stringify(mileageDay(listed, DAY, { home: HOME, names }));
    expect(text).not.toContain('Halsted');
    expect(text).not.toContain('555-0142');
    expect(text).not.toContain('Gate code');
  });

  it('leaves out a visit with no place and says how many', () => {
    const unplaced: CalendarEvent = {
      ...EVENTS[0],
      id: 'x',
      title: 'PT visit - Tom Hale',
      properties: {},
    } as CalendarEvent;
    unplaced.location = undefined;
    const day = mileageDay([...EVENTS, unplaced], DAY, { home: HOME, names: NAMES });
    expect(day).toMatchObject({ visits: 3, unplaced: 1 });
  });
});

const day = (d: string, plannedMiles: number, extra: Partial<MileageDay> = {}): MileageDay => ({
  day: d,
  legs: [],
  plannedMiles,
  plannedMinutes: plannedMiles * 3,
  roadBased: true,
  countsHomeLegs: true,
  visits: 4,
  unplaced: 0,
  edit: null,
  miles: plannedMiles,
  upcoming: false,
  ...extra,
});

describe('a month of the mileage log', () => {
  it('adds up the days driven, counts an edited day at its edited miles and leaves the days ahead out', () => {
    const base = (d: string, m: number) => {
      const { edit: _e, miles: _m, upcoming: _u, ...rest } = day(d, m);
      return rest;
    };
    const days = [
      withEdit(base('2026-11-03', 20.4), null, '2026-11-05'),
      withEdit(base('2026-11-02', 12.25), { miles: 30.04, reason: 'Detour' }, '2026-11-05'),
      withEdit(base('2026-11-06', 99), null, '2026-11-05'),
    ];
    const month = mileageMonth('2026-11', days, {});
    expect(month.days.map((d) => d.day)).toEqual(['2026-11-02', '2026-11-03', '2026-11-06']);
    expect(month.days[0]).toMatchObject({ miles: 30, plannedMiles: 12.25, edit: { miles: 30.04, reason: 'Detour' } });
    expect(month.days[2]?.upcoming).toBe(true);
    expect(month.totalMiles).toBe(50.4);
    expect(month.plannedMiles).toBe(32.7);
    expect(month.rate).toMatchObject({ centsPerMile: 72.5, kind: 'irs', year: 2026 });
    expect(month.reimbursement).toBe(36.54);
  });

  it('knows the month: YYYY-MM only, every day of it', () => {
    expect(parseMonth('2026-11')).toEqual({ year: 2026, month: 11 });
    for (const bad of ['2026-13', '2026-1', '26-11', '2026-11-01', '', 202611]) expect(parseMonth(bad)).toBeNull();
    expect(monthDays('2026-02')).toHaveLength(28);
    expect(monthDays('2028-02')).toHaveLength(29);
    expect(monthDays('2026-12').at(-1)).toBe('2026-12-31');
  });
});

describe('the rate', () => {
  it("is the agency's when set, else the IRS standard business rate of the month's year, dated", () => {
    expect(mileageRate(2026, null)).toMatchObject({ centsPerMile: 72.5, kind: 'irs', year: 2026 });
    expect(mileageRate(2026, null).note).toContain('IRS Notice 2026-10');
    expect(mileageRate(2025, undefined)).toMatchObject({ centsPerMile: 70, year: 2025 });
    expect(mileageRate(2026, 65.5)).toMatchObject({ centsPerMile: 65.5, kind: 'agency' });
    expect(mileageRate(2026, 0).kind).toBe('irs');
    // A later year not in the table yet uses the latest known rate and says so; an earlier one the oldest.
    expect(irsRateFor(2027).year).toBe(2026);
    expect(mileageRate(2027, null).note).toContain("2027's is not in the table yet");
    expect(irsRateFor(2019).year).toBe(Math.min(...IRS_STANDARD_RATES.map((r) => r.year)));
    expect(reimbursementDollars(100.5, 72.5)).toBe(72.86);
  });
});

describe('the CSV', () => {
  it('quotes by RFC 4180 and never lets a cell run as a formula', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(safeCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField(-3)).toBe('-3');
  });

  it('has a row per leg, a total per day, the month total, the rate and the reimbursement, CRLF ended', () => {
    const logDay = mileageDay(EVENTS, DAY, { home: HOME, names: stopNames(EVENTS, []) });
    const month = mileageMonth(
      '2026-11',
      [withEdit(logDay, { miles: 25, reason: '=cmd|calc, "detour"' }, '2026-11-30')],
      {},
    );
    const csv = mileageCsv(month);
    expect(csv.endsWith('\r\n')).toBe(true);
    const lines = csv.split('\r\n').slice(0, -1);
    expect(lines[0]).toBe('Date,Leg,From,To,Miles,Minutes,Distance,Commute,Miles counted,Note');
    expect(lines[1]).toMatch(/^2026-11-02,1,Home,9:00 AM Rosa Delgado,\d+\.\d,\d+,approximate,from home,,$/);
    expect(lines[4]).toMatch(/^2026-11-02,4,1:00 PM Ana Lucía Gómez,Home,\d+\.\d,\d+,approximate,to home,,$/);
    expect(lines[5]).toBe(
      `2026-11-02,Day total,,,${logDay.plannedMiles.toFixed(1)},${Math.round(logDay.plannedMinutes)},approximate,,25.0,"Not driven as planned: =cmd|calc, ""detour"""`,
    );
    expect(lines[6]).toBe(
      `2026-11,Month total,,,${logDay.plannedMiles.toFixed(1)},${Math.round(logDay.plannedMinutes)},,,25.0,`,
    );
    expect(lines[7]).toBe(
      '2026-11,Rate,,,,,,,,"72.5 cents per mile: IRS standard business rate for 2026, IRS Notice 2026-10"',
    );
    expect(lines[8]).toBe('2026-11,Reimbursement,,,,,,,,$18.13');
  });

  it('guards a patient name that starts like a formula', () => {
    const events = [visit('z', 'PT visit - Rosa Delgado', '09:00', '10:00', 41.9163, -87.6744)];
    const names = new Map([['z', '@SUM(1+1)*cmd']]);
    const csv = mileageCsv(
      mileageMonth('2026-11', [withEdit(mileageDay(events, DAY, { home: HOME, names }), null, '2026-11-30')], {}),
    );
    expect(csv).toContain(',9:00 AM @SUM(1+1)*cmd,');
    const edited = mileageCsv(
      mileageMonth(
        '2026-11',
        [withEdit(mileageDay(events, DAY, { home: HOME, names }), { miles: 1, reason: 'x' }, '2026-11-30')],
        {},
      ),
    );
    expect(edited).toContain('Not driven as planned: x');
  });
});

describe('the request', () => {
  it('says what to fix', () => {
    expect(parseMileageRequest({ month: '2026-11' })).toEqual({ month: '2026-11' });
    expect(parseMileageRequest({ month: 'November' })).toMatchObject({ problem: expect.stringContaining('YYYY-MM') });
    expect(parseMileageRequest({ month: '2026-11', x: 1 })).toMatchObject({
      problem: expect.stringContaining('Unknown field x'),
    });
    expect(
      parseMileageRequest({ month: '2026-11', edit: { day: '2026-11-31', drivenMiles: 2, reason: 'r' } }),
    ).toMatchObject({
      problem: expect.stringContaining('not a calendar date'),
    });
    expect(
      parseMileageRequest({ month: '2026-11', edit: { day: '2026-11-02', drivenMiles: -1, reason: 'r' } }),
    ).toMatchObject({
      problem: expect.stringContaining('drivenMiles'),
    });
    expect(
      parseMileageRequest({ month: '2026-11', edit: { day: '2026-11-02', drivenMiles: 12.345, reason: '  a  b ' } }),
    ).toEqual({
      month: '2026-11',
      edit: { day: '2026-11-02', drivenMiles: 12.3, reason: 'a b' },
    });
    expect(parseMileageRequest({ month: '2026-11', edit: { day: '2026-11-02', drivenMiles: null } })).toEqual({
      month: '2026-11',
      edit: { day: '2026-11-02', drivenMiles: null, reason: '' },
    });
  });
});
