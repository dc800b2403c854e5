// Drive times a caller fetched beforehand (a road matrix for a day's points, from a TravelTimeProvider), handed to the
// synchronous planner (plan-day.ts, day-plan.ts) as a lookup by place: the planner asks it for each leg it needs and
// falls back to the straight-line estimate for a leg it does not know. Whether the times follow roads is said, so the
// report can say "road drive times" or "straight-line estimate (approximate)".
import type { TravelMatrix } from '../model.ts';
import type { LatLon } from './provider.ts';

export interface TravelLookup {
  /**
   * Minutes from `from` to `to`: a number; `null` when the road network has no route between them (the leg is then
   * unreachable, as with OSRM's `null`); `undefined` when the lookup does not know this pair (the planner then uses
   * the straight-line estimate for it, and counts it).
   */
  minutes(from: LatLon, to: LatLon): number | null | undefined;
  /** Road metres from `from` to `to`, when the source gave them (same null / undefined meaning as `minutes`). */
  meters?(from: LatLon, to: LatLon): number | null | undefined;
  /** True when the minutes follow a road network; false: they are estimates (reported as approximate). */
  roadBased: boolean;
  /** Where the minutes came from, in words for the report (e.g. "Google Routes, traffic at 08:00"). */
  source?: string;
}

/** A place's key: 6 decimals (≈ 0.1 m), so the same coordinates find their row whatever object carries them. */
export function placeKey(point: LatLon): string {
  return `${point.lat.toFixed(6)},${point.lon.toFixed(6)}`;
}

/**
 * The lookup over a matrix fetched for `points` (the same order as the matrix's rows and columns). Road-based when
 * the matrix says so (`matrix.roadBased`), unless the caller says otherwise.
 */
export function lookupFromMatrix(
  points: readonly LatLon[],
  matrix: TravelMatrix,
  options: { roadBased?: boolean; source?: string } = {},
): TravelLookup {
  const index = new Map<string, number>();
  points.forEach((point, i) => {
    const key = placeKey(point);
    if (!index.has(key)) index.set(key, i);
  });
  const read = (table: (number | null)[][], from: LatLon, to: LatLon) => {
    const i = index.get(placeKey(from));
    const j = index.get(placeKey(to));
    if (i === undefined || j === undefined) return undefined;
    const value = table[i]?.[j];
    return value === undefined ? undefined : value;
  };
  const distances = matrix.distances;
  return {
    roadBased: options.roadBased ?? matrix.roadBased === true,
    ...((options.source ?? matrix.source) ? { source: options.source ?? matrix.source } : {}),
    minutes: (from, to) => read(matrix.minutes, from, to),
    ...(distances ? { meters: (from: LatLon, to: LatLon) => read(distances, from, to) } : {}),
  };
}
