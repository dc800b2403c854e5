// The Route view's model: a day of loaded calendar events → the optimiser's report (calendar order vs
// optimised order, with the server's drive times or the straight-line estimate, from home when the home is known),
// plus the texts (minutes and miles, where the drive times come from, in the dashboard's language through `t`) and the map geometry the view shows. Pure; loaded with the Route view only (core/routing stays out of the dashboard chunk).
import { KM_PER_MILE, type RouteReport, type Violation } from '../../../../core/routing/index.ts';
import { formatClock, formatMinutes } from '../../components/time-format.ts';
import type { Translate } from '../../i18n/use-t.ts';
import { changeLineText, localDecimal, problemLineText } from './route-lines.ts';

export { dayDriveTimesRequest } from '../../../../core/routing/departure.ts';
export { addressesToLocate, type DayPlan, DEFAULT_MOVE_RULE, planDay } from '../../../../core/routing/index.ts';

/** The optimiser's lines write times as "09:40"; the app shows them in its one format ("9:40 AM"). */
export function clockTextIn(line: string): string {
  return line.replace(/\b([01]?\d|2[0-3]):([0-5]\d)\b/g, (time) => formatClock(time));
}

/** Whole minutes: "12 min". */
export const minutesText = (t: Translate, minutes: number): string =>
  t('route.minutes', { minutes: String(Math.round(minutes)) });

/** Miles to one decimal (US clinicians): "14.2 mi" (in Spanish "14,2 mi"; the same digits). */
export const milesText = (t: Translate, km: number): string =>
  t('route.miles', { miles: localDecimal(t, (km / KM_PER_MILE).toFixed(1)) });

/** The saving line: positive, nothing to gain, why the optimised order drives more, or no saving at all. */
export function savingText(t: Translate, report: RouteReport): string {
  if (report.optimized.stops.length < 2) return t('route.saving.oneVisit');
  const same = report.optimized.order.join('\u0000') === report.calendar.order.join('\u0000');
  if (!report.feasible || report.savedMinutes === null) {
    // No feasible order: no saving is claimed, and the order shown is only the least late.
    return same
      ? t('route.saving.noneFeasibleSame', { late: lateText(t, report.calendar.lateMinutes) })
      : t('route.saving.noneFeasible', {
          late: lateText(t, report.optimized.lateMinutes),
          calendarLate: lateText(t, report.calendar.lateMinutes),
        });
  }
  const saved = Math.round(report.savedMinutes);
  const percent = String(Math.round(report.savedPercent ?? 0));
  if (saved >= 1) {
    // The miles too when the order also drives fewer (at least a tenth of one).
    const miles = (report.savedKm ?? 0) / KM_PER_MILE;
    if (miles < 0.05) return t('route.saving.saves', { minutes: String(saved), percent });
    const fixed = miles.toFixed(1);
    return t('route.saving.savesWithMiles', {
      minutes: String(saved),
      miles: Number(fixed),
      milesText: localDecimal(t, fixed),
      percent,
    });
  }
  if (saved <= -1) {
    return t(report.calendar.feasible ? 'route.saving.drivesMore' : 'route.saving.drivesMoreForWindows', {
      minutes: String(-saved),
    });
  }
  return t(same ? 'route.saving.alreadyShortest' : 'route.saving.lessThanMinute');
}

/**
 * Where the plan's drive times and miles come from, said under the totals: road drive times (the server's road
 * matrix, with the traffic of the departure asked for) or the straight-line estimate, approximate.
 */
export function driveTimesText(t: Translate, report: RouteReport, departureMinute: number | null): string {
  if (!report.roadDriveTimes) return t('route.drives.approximate');
  const road =
    departureMinute === null
      ? t('route.drives.road')
      : t('route.drives.roadWithTraffic', { time: formatMinutes(departureMinute) });
  const legs = report.estimatedLegs ?? 0;
  const estimated =
    legs > 0
      ? ` ${t('route.drives.estimatedLegs', { legs })}`
      : report.roadDistances
        ? ''
        : ` ${t('route.drives.milesApproximate')}`;
  return `${road}${estimated}`;
}

/** Any lateness is shown, at least as "1 min". */
export const lateText = (t: Translate, minutes: number): string =>
  t('route.minutes', { minutes: String(Math.max(1, Math.round(minutes))) });

/** Said when the calendar order itself is late somewhere (and the optimised order is not). */
export function calendarMissesWindow(report: RouteReport): boolean {
  return !report.calendar.feasible && report.feasible && (report.savedMinutes ?? 0) > -1;
}

export function provenText(t: Translate, report: RouteReport): string {
  if (!report.feasible) return t(report.provedOptimal ? 'route.proven.noneFeasible' : 'route.proven.noneFound');
  return t(report.provedOptimal ? 'route.proven.shortest' : 'route.proven.bestFound');
}

/** The names core's lines may hold: the day's visit titles (and ids, for a visit without one). */
function namesIn(report: RouteReport): string[] {
  return [...new Set(report.optimized.stops.flatMap((stop) => [stop.title, stop.id]))];
}

/** Windows that cannot be met: root causes first, then the optimised route's other violations. */
export function problemLines(t: Translate, report: RouteReport): string[] {
  const key = (v: Violation) => `${v.visitId}:${v.reason}`;
  const roots = new Set(report.unservable.map(key));
  const names = namesIn(report);
  return [
    ...report.unservable.map((v) => v.message),
    ...report.violations.filter((v) => !roots.has(key(v))).map((v) => v.message),
  ].map((line) => problemLineText(t, line, names, clockTextIn(line)));
}

/** Why the optimised order moves each visit it moves. */
export function changeLines(t: Translate, report: RouteReport): string[] {
  const names = namesIn(report);
  return report.changes.map((line) => changeLineText(t, line, names, clockTextIn(line)));
}

export interface MapPoint {
  id: string;
  x: number;
  y: number;
}

export interface MapBox {
  width: number;
  height: number;
  padding: number;
}

export const MAP_BOX: MapBox = { width: 400, height: 280, padding: 28 };

/**
 * Equirectangular projection with cos(mean latitude) scaling, fitted into the box with the same scale
 * on both axes (north up). A single point (or points at one place) lands in the middle.
 */
export function projectPoints(
  points: ReadonlyArray<{ id: string; lat: number; lon: number }>,
  box: MapBox = MAP_BOX,
): Map<string, MapPoint> {
  const out = new Map<string, MapPoint>();
  if (points.length === 0) return out;
  const meanLat = points.reduce((sum, p) => sum + p.lat, 0) / points.length;
  const k = Math.cos((meanLat * Math.PI) / 180);
  const xs = points.map((p) => p.lon * k);
  const ys = points.map((p) => p.lat);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const innerW = box.width - 2 * box.padding;
  const innerH = box.height - 2 * box.padding;
  const scale =
    spanX === 0 && spanY === 0
      ? 0
      : Math.min(spanX > 0 ? innerW / spanX : Infinity, spanY > 0 ? innerH / spanY : Infinity);
  const offsetX = box.padding + (innerW - spanX * scale) / 2;
  const offsetY = box.padding + (innerH - spanY * scale) / 2;
  points.forEach((p, i) => {
    const x = offsetX + ((xs[i] as number) - minX) * scale;
    const y = offsetY + (maxY - (ys[i] as number)) * scale;
    out.set(p.id, { id: p.id, x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 });
  });
  return out;
}

/** Straight-line size of the day's area, for the map's description ("about 12 km across"). */
export function spanKm(points: ReadonlyArray<{ lat: number; lon: number }>): number {
  if (points.length < 2) return 0;
  const meanLat = points.reduce((sum, p) => sum + p.lat, 0) / points.length;
  const kmPerDegLat = 111.32;
  const kmPerDegLon = kmPerDegLat * Math.cos((meanLat * Math.PI) / 180);
  const lats = points.map((p) => p.lat);
  const lons = points.map((p) => p.lon);
  const dy = (Math.max(...lats) - Math.min(...lats)) * kmPerDegLat;
  const dx = (Math.max(...lons) - Math.min(...lons)) * kmPerDegLon;
  return Math.hypot(dx, dy);
}
