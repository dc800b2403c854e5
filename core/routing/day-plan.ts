// A clinician's day, planned: the calendar's order beside the optimised order, totals before/after and one line per
// change. Shared by the CLI (`homerounds route optimize`), the dashboard's Route view and the assistant. Travel times
// are the offline straight-line estimate (haversine, approximate) unless the caller hands in drive times it fetched
// beforehand (`travel`, a TravelLookup: e.g. the server's road matrix); the report says which (`roadDriveTimes`).
import type { SkippedEvent } from './calendar-day.ts';
import { compareWithCalendarOrder } from './compare.ts';
import { explainUnservable } from './explain.ts';
import { formatClock, type Problem, type RouteEvaluation, type Violation, type Visit } from './model.ts';
import { type AreaType, circuityFor, haversineKm, haversineMatrix } from './travel/haversine.ts';
import type { TravelLookup } from './travel/lookup.ts';
import type { LatLon } from './travel/provider.ts';

/** One visit as in visits.json. Times are "HH:MM" or ISO date-times read at their written wall-clock time. */
export interface VisitInput {
  id: string;
  /** Patient name or event title, used in explanations. */
  title?: string;
  address?: string;
  lat: number;
  lon: number;
  /** Booked start in the calendar; the calendar order is the visits sorted by it. */
  start: string;
  durationMinutes: number;
  /** Patient availability for the visit's start. */
  window?: { earliest: string; latest: string };
  /** Pinned: must start exactly at `start`. */
  fixed?: boolean;
  /** Located only approximately (a ZIP code's centre, a partial match): its drives are estimates. */
  approximate?: boolean;
}

export interface PlaceInput {
  lat: number;
  lon: number;
  label?: string;
}

export interface RouteOptimizeInput {
  visits: VisitInput[];
  /** Where the day starts (home/office). Absent: anywhere (no first leg counted). */
  start?: PlaceInput;
  /** Where the day ends. Absent: same as start. */
  end?: PlaceInput;
  /** Default: 08:00–18:00, widened to cover the calendar (an hour either side). */
  workingHours?: { start: string; end: string };
  /** YYYY-MM-DD; ISO visit times must fall on this date. */
  date: string;
  area?: AreaType;
  timeLimitMs?: number;
  /**
   * Drive minutes fetched beforehand (a road matrix for the day's points). Each leg it knows replaces the straight-line
   * estimate (`null`: no route, an unreachable leg); a leg it does not know keeps the estimate and is counted in
   * `estimatedLegs`. Absent: every leg is the straight-line estimate.
   */
  travel?: TravelLookup;
}

export interface ReportStop {
  id: string;
  title: string;
  arrival: string;
  start: string;
  departure: string;
  waitMinutes: number;
  lateByMinutes: number;
  travelFromPreviousMinutes: number | null;
}

export interface ReportRoute {
  order: string[];
  /** Scheduled departure (start of working hours) and the latest departure with the same finish. */
  leave: string;
  leaveLatest: string;
  stops: ReportStop[];
  returnTravelMinutes: number | null;
  finish: string;
  totalTravelMinutes: number;
  /** Minutes late in all (every missed window plus a late return); 0 when feasible. */
  lateMinutes: number;
  feasible: boolean;
}

export interface RouteReport {
  date: string;
  /** Where the drive times come from, in words ("road drive times (…)" or "approximate: great-circle …"). */
  travelTimes: string;
  /**
   * True when the legs are road drive times (the caller's `travel` lookup, road-based); false: the straight-line
   * estimate, approximate. Always set by routeOptimize (optional only for reports built elsewhere).
   */
  roadDriveTimes?: boolean;
  /** With road drive times: how many legs the lookup did not know and were estimated in a straight line instead. */
  estimatedLegs?: number;
  /** Whether some order meets every window and working hours. False: no saving is claimed (null below). */
  feasible: boolean;
  provedOptimal: boolean;
  /** Why the best order is not proven optimal, when the exact search stopped (its memory or work budget). */
  proofNote?: string;
  /** True when the drives from the start (home) and back to the end are counted; false: between visits only. */
  countsHomeLegs: boolean;
  /** Which legs the totals count, in words (shown by the CLI, the Route view and the assistant alike). */
  legsNote: string;
  calendar: ReportRoute;
  optimized: ReportRoute;
  travelBeforeMinutes: number;
  travelAfterMinutes: number;
  /** Null when no order is feasible: the optimised order is then only the least-late one found. */
  savedMinutes: number | null;
  savedPercent: number | null;
  /**
   * Kilometres driven over the legs the totals count, in the calendar order and the optimised order: road distances
   * when the drive times came with them for every such leg (`roadDistances`), else the straight-line estimate's
   * (great-circle × the road factor), approximate.
   */
  distanceBeforeKm: number;
  distanceAfterKm: number;
  /** Null when no order is feasible (as `savedMinutes`); negative when the optimised order drives farther. */
  savedKm: number | null;
  /** True when both distances are road distances; false: some or all of them are estimates (approximate). */
  roadDistances: boolean;
  changes: string[];
  violations: Violation[];
  unservable: Violation[];
  /** Calendar events of the day that could not be planned, and why. */
  skipped?: SkippedEvent[];
  /** Visits located only approximately (a ZIP code's centre): their drives are rougher still. */
  approximateVisits?: string[];
}

const HHMM = /^(\d{1,2}):(\d{2})$/;
const ISO = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** Minutes since midnight, or an error message. */
function parseTime(value: unknown, date: string, where: string): number | string {
  if (typeof value !== 'string') return `${where} must be a time string ("HH:MM" or ISO date-time)`;
  const hm = HHMM.exec(value);
  if (hm) {
    const h = Number(hm[1]);
    const m = Number(hm[2]);
    return h < 24 && m < 60 ? h * 60 + m : `${where} "${value}" is not a valid time`;
  }
  const iso = ISO.exec(value);
  if (!iso) return `${where} "${value}" must be "HH:MM" or an ISO date-time`;
  if (iso[1] !== date) return `${where} is on ${iso[1]}, not on date ${date}`;
  return Number(iso[2]) * 60 + Number(iso[3]);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkLatLon(v: Record<string, unknown>, where: string, errors: string[]): void {
  if (typeof v.lat !== 'number' || !(v.lat >= -90 && v.lat <= 90))
    errors.push(`${where}.lat must be a number between -90 and 90`);
  if (typeof v.lon !== 'number' || !(v.lon >= -180 && v.lon <= 180)) {
    errors.push(`${where}.lon must be a number between -180 and 180`);
  }
}

/** Validates visits.json; throws one Error listing every problem ("visits[3].lat must be …"). */
export function validateRouteOptimizeInput(raw: unknown): RouteOptimizeInput {
  const errors: string[] = [];
  if (!isObject(raw)) throw new Error('input must be an object with "date" and "visits"');
  const date = raw.date;
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.push('date must be "YYYY-MM-DD"');
  const day = typeof date === 'string' ? date : '';
  if (!Array.isArray(raw.visits)) errors.push('visits must be an array');
  const ids = new Set<string>();
  for (const [i, v] of (Array.isArray(raw.visits) ? raw.visits : []).entries()) {
    const at = `visits[${i}]`;
    if (!isObject(v)) {
      errors.push(`${at} must be an object`);
      continue;
    }
    if (typeof v.id !== 'string' || v.id === '') errors.push(`${at}.id must be a non-empty string`);
    else if (ids.has(v.id)) errors.push(`${at}.id "${v.id}" is used twice`);
    else ids.add(v.id);
    if (v.title !== undefined && typeof v.title !== 'string') errors.push(`${at}.title must be a string`);
    checkLatLon(v, at, errors);
    const start = parseTime(v.start, day, `${at}.start`);
    if (typeof start === 'string') errors.push(start);
    if (typeof v.durationMinutes !== 'number' || !(v.durationMinutes > 0 && v.durationMinutes <= 24 * 60)) {
      errors.push(`${at}.durationMinutes must be a number of minutes between 1 and 1440`);
    }
    if (v.fixed !== undefined && typeof v.fixed !== 'boolean') errors.push(`${at}.fixed must be true or false`);
    if (v.window !== undefined) {
      if (!isObject(v.window)) errors.push(`${at}.window must be {"earliest", "latest"}`);
      else {
        const e = parseTime(v.window.earliest, day, `${at}.window.earliest`);
        const l = parseTime(v.window.latest, day, `${at}.window.latest`);
        if (typeof e === 'string') errors.push(e);
        if (typeof l === 'string') errors.push(l);
        if (typeof e === 'number' && typeof l === 'number' && l < e)
          errors.push(`${at}.window.latest is before earliest`);
      }
    }
  }
  for (const key of ['start', 'end'] as const) {
    const p = raw[key];
    if (p === undefined) continue;
    if (!isObject(p)) errors.push(`${key} must be {"lat", "lon"}`);
    else checkLatLon(p, key, errors);
  }
  if (raw.workingHours !== undefined) {
    const w = raw.workingHours;
    if (!isObject(w)) errors.push('workingHours must be {"start", "end"}');
    else {
      const s = parseTime(w.start, day, 'workingHours.start');
      const e = parseTime(w.end, day, 'workingHours.end');
      if (typeof s === 'string') errors.push(s);
      if (typeof e === 'string') errors.push(e);
      if (typeof s === 'number' && typeof e === 'number' && e <= s) errors.push('workingHours.end must be after start');
    }
  }
  if (raw.area !== undefined && raw.area !== 'urban' && raw.area !== 'suburban' && raw.area !== 'rural') {
    errors.push('area must be "urban", "suburban" or "rural"');
  }
  if (raw.timeLimitMs !== undefined && !(typeof raw.timeLimitMs === 'number' && raw.timeLimitMs > 0)) {
    errors.push('timeLimitMs must be a positive number of milliseconds');
  }
  if (errors.length > 0) throw new Error(`invalid visits input:\n  ${errors.join('\n  ')}`);
  return raw as unknown as RouteOptimizeInput;
}

const minutesOf = (value: string, date: string): number => parseTime(value, date, 'time') as number;

export function routeOptimize(rawInput: RouteOptimizeInput): RouteReport {
  const input = validateRouteOptimizeInput(rawInput);
  const { date } = input;
  const booked = [...input.visits].sort((a, b) => minutesOf(a.start, date) - minutesOf(b.start, date));

  // Locations: visits first, then start and end. A missing start/end is "anywhere": 0 minutes to everything.
  const points: LatLon[] = input.visits.map((v) => ({ lat: v.lat, lon: v.lon }));
  const start = input.start ?? null;
  const end = input.end ?? input.start ?? null;
  const minutes = haversineMatrix(
    [...points, start ?? points[0] ?? { lat: 0, lon: 0 }, end ?? points[0] ?? { lat: 0, lon: 0 }],
    {
      area: input.area,
    },
  ).minutes;
  const n = points.length;
  // Drive times fetched beforehand replace the estimate, leg by leg (the "anywhere" start or end is zeroed below).
  const travel = input.travel;
  let estimatedLegs = 0;
  if (travel) {
    const places: LatLon[] = [...points, start ?? { lat: 0, lon: 0 }, end ?? { lat: 0, lon: 0 }];
    const counts = (k: number) => k < n || (k === n && start !== null) || (k === n + 1 && end !== null);
    for (let i = 0; i < n + 2; i++) {
      for (let j = 0; j < n + 2; j++) {
        if (i === j || !counts(i) || !counts(j)) continue;
        const known = travel.minutes(places[i] as LatLon, places[j] as LatLon);
        if (known === undefined) {
          // A leg between two places of the same point is 0 either way: not an estimate worth saying.
          if ((minutes[i]?.[j] ?? 0) > 0) estimatedLegs++;
        } else (minutes[i] as (number | null)[])[j] = known;
      }
    }
  }
  const roadDriveTimes = travel?.roadBased === true;
  for (let i = 0; i < n + 2; i++) {
    const row = minutes[i] as (number | null)[];
    if (!start) (minutes[n] as (number | null)[])[i] = row[n] = 0;
    if (!end) (minutes[n + 1] as (number | null)[])[i] = row[n + 1] = 0;
  }

  const bookedStart = booked.map((v) => minutesOf(v.start, date));
  const bookedEnd = booked.map((v, i) => (bookedStart[i] as number) + v.durationMinutes);
  const shift = input.workingHours
    ? { start: minutesOf(input.workingHours.start, date), end: minutesOf(input.workingHours.end, date) }
    : { start: Math.min(480, Math.min(...bookedStart) - 60), end: Math.max(1080, Math.max(...bookedEnd) + 60) };

  const visits: Visit[] = input.visits.map((v, i) => {
    const visit: Visit = { id: v.id, label: v.title ?? v.id, location: i, durationMinutes: v.durationMinutes };
    const at = minutesOf(v.start, date);
    if (v.fixed) visit.window = { earliest: at, latest: at };
    else if (v.window)
      visit.window = { earliest: minutesOf(v.window.earliest, date), latest: minutesOf(v.window.latest, date) };
    return visit;
  });
  const problem: Problem = {
    matrix: roadDriveTimes
      ? { minutes, source: travel?.source ?? 'road network', roadBased: true }
      : { minutes, source: 'haversine (approximate)' },
    vehicles: [{ id: 'clinician', startLocation: n, endLocation: n + 1, shift }],
    visits,
  };
  const cmp = compareWithCalendarOrder(
    problem,
    booked.map((v) => v.id),
    undefined,
    { timeLimitMs: input.timeLimitMs ?? 1000 },
  );
  const titles = new Map(input.visits.map((v) => [v.id, v.title ?? v.id]));
  // Distances over the same legs: the lookup's road metres where it has them, else the estimate's road kilometres.
  const places: LatLon[] = [...points, start ?? { lat: 0, lon: 0 }, end ?? { lat: 0, lon: 0 }];
  const countedPlace = (k: number) => k < n || (k === n && start !== null) || (k === n + 1 && end !== null);
  const distanceOf = (route: RouteEvaluation): { km: number; road: boolean } => {
    let km = 0;
    let road = true;
    for (const leg of route.legs) {
      const { fromLocation: i, toLocation: j } = leg;
      if (i === j || !countedPlace(i) || !countedPlace(j)) continue;
      const a = places[i] as LatLon;
      const b = places[j] as LatLon;
      const meters = roadDriveTimes ? travel?.meters?.(a, b) : undefined;
      if (typeof meters === 'number') km += meters / 1000;
      else {
        const straight = haversineKm(a, b);
        km += straight * circuityFor(straight);
        // The same place is 0 km whatever the source: not an estimate worth saying.
        if (straight > 1e-6) road = false;
      }
    }
    return { km, road };
  };
  // A day with no feasible order has no saving: the optimised order is only the least-late one found, and
  // its travel is not comparable with a calendar order that is late elsewhere.
  const feasible = cmp.optimized.feasible;
  const countsHomeLegs = start !== null;
  const distanceBefore = distanceOf(cmp.calendar);
  const distanceAfter = distanceOf(cmp.optimized);
  return {
    date,
    travelTimes: roadDriveTimes
      ? `road drive times (${travel?.source ?? 'road network'})${estimatedLegs ? `; ${estimatedLegs} leg${estimatedLegs === 1 ? '' : 's'} estimated in a straight line (approximate)` : ''}`
      : 'approximate: great-circle distance × road factor ÷ area speed + parking',
    roadDriveTimes,
    ...(roadDriveTimes ? { estimatedLegs } : {}),
    ...(input.visits.some((v) => v.approximate)
      ? { approximateVisits: input.visits.filter((v) => v.approximate).map((v) => v.id) }
      : {}),
    feasible,
    provedOptimal: cmp.provedOptimal,
    ...(cmp.proofNote ? { proofNote: cmp.proofNote } : {}),
    countsHomeLegs,
    legsNote: legsNote(countsHomeLegs, end !== null),
    calendar: reportRoute(cmp.calendar, titles),
    optimized: reportRoute(cmp.optimized, titles),
    travelBeforeMinutes: cmp.travelBeforeMinutes,
    travelAfterMinutes: cmp.travelAfterMinutes,
    savedMinutes: feasible ? cmp.savedMinutes : null,
    savedPercent: feasible ? cmp.savedPercent : null,
    distanceBeforeKm: r2(distanceBefore.km),
    distanceAfterKm: r2(distanceAfter.km),
    savedKm: feasible ? r2(distanceBefore.km - distanceAfter.km) : null,
    roadDistances: roadDriveTimes && distanceBefore.road && distanceAfter.road,
    changes: cmp.changes.map((c) => c.line),
    violations: cmp.optimized.violations,
    unservable: cmp.optimized.feasible ? [] : explainUnservable(problem),
  };
}

const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;

/** Kilometres in a statute mile (US clinicians read miles). */
export const KM_PER_MILE = 1.609344;

/** Which legs the totals count. */
export function legsNote(countsStart: boolean, countsEnd: boolean): string {
  if (countsStart && countsEnd) return 'Driving counted from home, between visits and back home.';
  if (countsStart) return 'Driving counted from home and between visits; the end of the day is anywhere.';
  if (countsEnd) return 'Driving counted between visits and to the end of the day; the start is anywhere.';
  return 'Driving between visits only: the drive from and back home is not counted (the home is not known).';
}

/** Minutes late in all: every missed window plus a late return. */
export function lateMinutes(violations: readonly Violation[]): number {
  return violations.reduce((sum, v) => sum + v.lateByMinutes, 0);
}

function reportRoute(r: RouteEvaluation, titles: Map<string, string>): ReportRoute {
  return {
    order: r.order,
    leave: formatClock(r.departStart),
    leaveLatest: formatClock(r.latestDepartStart),
    stops: r.stops.map((s, i) => ({
      id: s.visitId,
      title: titles.get(s.visitId) ?? s.visitId,
      arrival: formatClock(s.arrival),
      start: formatClock(s.start),
      departure: formatClock(s.departure),
      waitMinutes: r1(s.wait),
      lateByMinutes: r1(s.lateBy),
      travelFromPreviousMinutes: r.legs[i]?.minutes == null ? null : r1(r.legs[i]?.minutes ?? 0),
    })),
    returnTravelMinutes: r.legs.at(-1)?.minutes == null ? null : r1(r.legs.at(-1)?.minutes ?? 0),
    finish: formatClock(r.finish),
    totalTravelMinutes: r1(r.totalTravelMinutes),
    lateMinutes: r1(lateMinutes(r.violations)),
    feasible: r.feasible,
  };
}

/**
 * Said instead of a saving when no order meets every window: which order is shown (the least-late found),
 * how late it and the calendar order are, and its driving. The `!` lines below name each window.
 */
export function infeasibleLine(report: RouteReport): string {
  const proven = report.provedOptimal ? ' (proven)' : '';
  const same = report.optimized.order.join('\u0000') === report.calendar.order.join('\u0000');
  const which = same
    ? `The calendar order is the least-late order found: ${r1(report.calendar.lateMinutes)} min late in all`
    : `Least-late order found (shown as optimised): ${r1(report.optimized.lateMinutes)} min late in all, against ${r1(report.calendar.lateMinutes)} min for the calendar order`;
  return (
    `No order meets every window${proven}, so no saving is claimed. ${which}; ` +
    `travel ${r1(report.travelAfterMinutes)} min (calendar order ${r1(report.travelBeforeMinutes)} min).`
  );
}

/** "12.3 mi (19.8 km)": miles for US clinicians, kilometres beside them. */
export function routeDistanceText(km: number): string {
  return `${r1(km / KM_PER_MILE)} mi (${r1(km)} km)`;
}

/** The distances of both orders, and whether they are road distances or the estimate's (approximate). */
export function distanceLine(report: RouteReport): string {
  const saved = report.savedKm;
  const change =
    saved === null || Math.abs(saved) < 0.05
      ? ''
      : saved > 0
        ? `, ${r1(saved / KM_PER_MILE)} mi less`
        : `, ${r1(-saved / KM_PER_MILE)} mi more`;
  return (
    `Distance: ${routeDistanceText(report.distanceBeforeKm)} in calendar order → ${routeDistanceText(report.distanceAfterKm)} optimised${change}` +
    ` (${report.roadDistances ? 'road distances' : 'approximate: straight-line distance × road factor'})`
  );
}

/** Plain-text report: both orders side by side, the optimised schedule, totals and the change lines. */
export function formatRouteReport(report: RouteReport & { rule?: string }): string {
  const out: string[] = [];
  out.push(`Route for ${report.date} (travel times ${report.travelTimes})`);
  out.push('');
  const width = Math.max(8, ...report.calendar.stops.map((s) => s.title.length));
  out.push(`  #  ${'Calendar'.padEnd(width)}  Optimised`);
  report.optimized.stops.forEach((s, i) => {
    out.push(`${String(i + 1).padStart(3)}  ${(report.calendar.stops[i]?.title ?? '').padEnd(width)}  ${s.title}`);
  });
  out.push('');
  out.push(`  ${'Visit'.padEnd(width)}  Drive  Arrive  Start  Leave  Wait  Late`);
  out.push(
    `  ${'(start)'.padEnd(width)}  ${''.padStart(5)}  ${''.padStart(6)}  ${''.padStart(5)}  ${report.optimized.leave}`,
  );
  for (const s of report.optimized.stops) {
    const drive = s.travelFromPreviousMinutes === null ? '  n/a' : String(s.travelFromPreviousMinutes).padStart(5);
    out.push(
      `  ${s.title.padEnd(width)}  ${drive}  ${s.arrival.padStart(6)}  ${s.start}  ${s.departure}  ${String(s.waitMinutes).padStart(4)}  ${String(s.lateByMinutes).padStart(4)}`,
    );
  }
  const back = report.optimized.returnTravelMinutes;
  out.push(
    `  ${'(end)'.padEnd(width)}  ${back === null ? '  n/a' : String(back).padStart(5)}  ${report.optimized.finish.padStart(6)}`,
  );
  if (report.optimized.leaveLatest !== report.optimized.leave) {
    out.push(`  Leaving as late as ${report.optimized.leaveLatest} keeps every visit on time and the same finish.`);
  }
  out.push('');
  out.push(report.legsNote);
  if (report.feasible) {
    out.push(
      `Travel: ${r1(report.travelBeforeMinutes)} min in calendar order → ${r1(report.travelAfterMinutes)} min optimised` +
        ` (saves ${r1(report.savedMinutes ?? 0)} min, ${r1(report.savedPercent ?? 0)}%)${report.provedOptimal ? ', proven optimal' : ''}`,
    );
  } else {
    out.push(infeasibleLine(report));
  }
  out.push(distanceLine(report));
  if (report.proofNote) out.push(report.proofNote);
  for (const line of report.changes) out.push(`- ${line}`);
  // A visit that cannot be served even alone is reported once, with its root cause.
  const rootCauses = new Set(report.unservable.map((v) => `${v.visitId}:${v.reason}`));
  for (const v of report.unservable) out.push(`! ${v.message}`);
  for (const v of report.violations) if (!rootCauses.has(`${v.visitId}:${v.reason}`)) out.push(`! ${v.message}`);
  if (report.rule) out.push(report.rule);
  if (report.approximateVisits?.length) {
    out.push(`Located only approximately (a ZIP code's centre): ${report.approximateVisits.join(', ')}.`);
  }
  // The events of the day that were not planned, and why: a calendar written by people says what it skipped.
  if (report.skipped?.length) {
    out.push('');
    out.push('Not planned:');
    for (const s of report.skipped) out.push(`- ${s.title}: ${s.reason}`);
  }
  return out.join('\n');
}
