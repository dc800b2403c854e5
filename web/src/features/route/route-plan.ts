// The Route view's model: a day of loaded calendar events → the optimiser's report (calendar order vs
// optimised order, with the server's drive times or the straight-line estimate, from home when the home is known),
// plus the texts (minutes and miles, where the drive times come from) and the map geometry the view shows. Pure; loaded with the Route view only (core/routing stays out of the dashboard chunk).
import { KM_PER_MILE, type RouteReport, type Violation } from '../../../../core/routing/index.ts';
import { formatClock, formatMinutes } from '../../components/time-format.ts';

export { dayDriveTimesRequest } from '../../../../core/routing/departure.ts';
export { addressesToLocate, type DayPlan, DEFAULT_MOVE_RULE, planDay } from '../../../../core/routing/index.ts';

/** The optimiser's lines write times as "09:40"; the app shows them in its one format ("9:40 AM"). */
export function clockTextIn(line: string): string {
  return line.replace(/\b([01]?\d|2[0-3]):([0-5]\d)\b/g, (time) => formatClock(time));
}

export const minutesText = (minutes: number): string => `${Math.round(minutes)} min`;

/** Miles to one decimal (US clinicians): "14.2 mi". */
export const milesText = (km: number): string => `${(km / KM_PER_MILE).toFixed(1)} mi`;

/** " and 3.4 miles" when the order also drives fewer miles (at least a tenth of one), else nothing. */
function milesSaved(report: RouteReport): string {
  const miles = (report.savedKm ?? 0) / KM_PER_MILE;
  return miles >= 0.05 ? ` and ${miles.toFixed(1)} ${miles.toFixed(1) === '1.0' ? 'mile' : 'miles'}` : '';
}

/** The saving line: positive, nothing to gain, why the optimised order drives more, or no saving at all. */
export function savingText(report: RouteReport): string {
  if (report.optimized.stops.length < 2) return 'Only one visit on this day: there is nothing to reorder.';
  const same = report.optimized.order.join('\u0000') === report.calendar.order.join('\u0000');
  if (!report.feasible || report.savedMinutes === null) {
    // No feasible order: no saving is claimed, and the order shown is only the least late.
    return same
      ? `No order meets every patient window, so there is no saving: your calendar order is the least late (${lateText(report.calendar.lateMinutes)} late in all).`
      : `No order meets every patient window, so there is no saving: below is the least-late order found (${lateText(report.optimized.lateMinutes)} late in all; your calendar order: ${lateText(report.calendar.lateMinutes)}).`;
  }
  const saved = Math.round(report.savedMinutes);
  const percent = Math.round(report.savedPercent ?? 0);
  if (saved >= 1)
    return `Saves ${saved} min${milesSaved(report)} of driving (${percent} %) against your calendar order.`;
  if (saved <= -1) {
    return report.calendar.feasible
      ? `Drives ${-saved} min more than your calendar order.`
      : `Drives ${-saved} min more than your calendar order, because your calendar order misses a patient's time window; this order keeps the windows.`;
  }
  return same
    ? 'Your calendar order is already the shortest.'
    : 'Saves less than a minute of driving against your calendar order.';
}

/**
 * Where the plan's drive times and miles come from, said under the totals: road drive times (the server's road
 * matrix, with the traffic of the departure asked for) or the straight-line estimate, approximate.
 */
export function driveTimesText(report: RouteReport, departureMinute: number | null): string {
  if (!report.roadDriveTimes) {
    return 'Drive times and miles are approximate (straight-line distance × a road factor ÷ city speed, plus parking).';
  }
  const traffic = departureMinute === null ? '' : `, with traffic for leaving around ${formatMinutes(departureMinute)}`;
  const legs = report.estimatedLegs ?? 0;
  const estimated =
    legs > 0
      ? ` ${legs === 1 ? 'One leg is' : `${legs} legs are`} a straight-line estimate (approximate).`
      : report.roadDistances
        ? ''
        : ' Miles are approximate (straight-line distance × a road factor).';
  return `Drive times and miles are road drive times${traffic}.${estimated}`;
}

/** Any lateness is shown, at least as "1 min". */
export const lateText = (minutes: number): string => `${Math.max(1, Math.round(minutes))} min`;

/** Said when the calendar order itself is late somewhere (and the optimised order is not). */
export function calendarMissesWindow(report: RouteReport): boolean {
  return !report.calendar.feasible && report.feasible && (report.savedMinutes ?? 0) > -1;
}

export function provenText(report: RouteReport): string {
  if (!report.feasible) {
    return report.provedOptimal
      ? 'Proven: no order of these visits meets every window.'
      : 'No order meeting every window was found in the time allowed.';
  }
  return report.provedOptimal
    ? 'Proven the shortest order for these visits.'
    : 'The best order found in the time allowed; not proven the shortest.';
}

/** Windows that cannot be met: root causes first, then the optimised route's other violations. */
export function problemLines(report: RouteReport): string[] {
  const key = (v: Violation) => `${v.visitId}:${v.reason}`;
  const roots = new Set(report.unservable.map(key));
  return [
    ...report.unservable.map((v) => v.message),
    ...report.violations.filter((v) => !roots.has(key(v))).map((v) => v.message),
  ].map(clockTextIn);
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
