// The drive times the Routes API stand-in answers: deterministic from the coordinates, road-like, never measured.
// ../shared/reference/routing.md §4.3's offline estimate, made to look like a road network's answer:
//   road km  = great-circle km × circuity (core's circuityFor: 1.3 up to 5 km, 1.2 from 20 km, linear between)
//   driving  = the road km through speed bands, like tax brackets (so a longer trip never takes less time):
//              the first 5 km at 25 km/h (in town), the next 15 km at 40 km/h (suburban), the rest at 60 km/h
//            + 60 s to get onto and off the road network
//   detour   = a factor in [0.95, 1.10) from a hash of the ordered pair (one-way streets, the way the roads go:
//              A→B and B→A differ, as on real roads), applied to the time and the distance
//   traffic  = × 1.3 with TRAFFIC_AWARE (or _OPTIMAL) when the departure (departureTime, else now) is in the peak
//              hours 07:00–09:00 or 16:00–18:00 on the local platform's wall clock (America/Chicago, the seed's
//              zone); routing.md: the Travel Time Index averaged 1.39 in US urban areas, ~1.3–1.4 at peak.
// A place on the open water of Lake Michigan (OPEN_WATER, a box off Chicago clear of either shore) has no road:
// every pair with it is ROUTE_NOT_FOUND (its pair with itself excepted), so clients can see an unreachable leg.
import { circuityFor, haversineKm } from '../../core/routing/travel/haversine.ts';
import type { LatLon } from '../../core/routing/travel/provider.ts';
import { zonedMinute } from '../../core/time/zoned-time.ts';
import { SEED_TIME_ZONE } from '../../fixtures/time.ts';

/** Speed by band of road distance: up to `toKm` (from the previous band's end) at `kmh`. */
export const SPEED_BANDS = [
  { toKm: 5, kmh: 25 },
  { toKm: 20, kmh: 40 },
  { toKm: Number.POSITIVE_INFINITY, kmh: 60 },
] as const;
/** Getting onto and off the road network, per leg between different places. */
export const ACCESS_SECONDS = 60;
export const DETOUR_RANGE = { min: 0.95, max: 1.1 } as const;
/** Peak hours [from, to) on the platform's wall clock, and the factor traffic-aware times take then. */
export const PEAK_HOURS: ReadonlyArray<readonly [number, number]> = [
  [7, 9],
  [16, 18],
];
export const PEAK_FACTOR = 1.3;
export const PEAK_TIME_ZONE = SEED_TIME_ZONE;
/** Open water of Lake Michigan, east of Chicago's shore and west of Michigan's: no road reaches it. */
export const OPEN_WATER = { south: 41.95, north: 44.0, west: -87.45, east: -86.7 } as const;

export interface Drive {
  /** Whole seconds, as the stand-in's `duration` ("123s"). */
  seconds: number;
  meters: number;
}

export function onOpenWater(point: LatLon): boolean {
  return (
    point.lat >= OPEN_WATER.south &&
    point.lat <= OPEN_WATER.north &&
    point.lon >= OPEN_WATER.west &&
    point.lon <= OPEN_WATER.east
  );
}

/** FNV-1a of a string → [0, 1). */
function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 0x1_0000_0000;
}

const pointText = (p: LatLon) => `${p.lat.toFixed(6)},${p.lon.toFixed(6)}`;

/** Driving seconds over `roadKm` through the speed bands (no access time). */
export function bandSeconds(roadKm: number): number {
  let seconds = 0;
  let from = 0;
  for (const band of SPEED_BANDS) {
    if (roadKm <= from) break;
    const km = Math.min(roadKm, band.toKm) - from;
    seconds += (km / band.kmh) * 3600;
    from = band.toKm;
  }
  return seconds;
}

/** Whether an instant is in the peak hours on the platform's wall clock. */
export function isPeak(instant: Date): boolean {
  const hour = zonedMinute(instant, PEAK_TIME_ZONE) / 60;
  return PEAK_HOURS.some(([from, to]) => hour >= from && hour < to);
}

/** The drive from `a` to `b`, or null when there is no route; `peak` applies the traffic factor. */
export function standInDrive(a: LatLon, b: LatLon, peak: boolean): Drive | null {
  const km = haversineKm(a, b);
  if (km < 1e-6) return { seconds: 0, meters: 0 };
  if (onOpenWater(a) || onOpenWater(b)) return null;
  const roadKm = km * circuityFor(km);
  const detour = DETOUR_RANGE.min + unitHash(`${pointText(a)}>${pointText(b)}`) * (DETOUR_RANGE.max - DETOUR_RANGE.min);
  const seconds = (ACCESS_SECONDS + bandSeconds(roadKm)) * detour * (peak ? PEAK_FACTOR : 1);
  return { seconds: Math.round(seconds), meters: Math.round(roadKm * 1000 * detour) };
}

/** A stable order of no meaning (Google does not promise one): by a hash of the pair's indices. */
export function shuffleKey(originIndex: number, destinationIndex: number): number {
  return unitHash(`${originIndex}:${destinationIndex}`);
}
