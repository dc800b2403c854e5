// Offline travel-time estimate: great-circle distance × road circuity ÷ area speed + parking/walking time.
// Constants follow ../shared/reference/routing.md §4.3 (unverified defaults, to calibrate against OSRM);
// label the result "approximate" wherever it is shown.
import type { TravelMatrix } from '../model.ts';
import type { LatLon, TravelTimeProvider } from './provider.ts';

/** Mean Earth radius in km (IUGG mean radius R1 = 6371.0088 km). */
export const EARTH_RADIUS_KM = 6371.0088;

/**
 * Road distance ÷ straight-line distance. routing.md §4.3: 1.3 for short in-town legs, 1.2 for longer legs
 * (Newell 1980 ≈ 1.2 for random urban pairs; O'Sullivan 1996 1.21–1.23; short trips are more circuitous).
 */
export const CIRCUITY_SHORT = 1.3;
export const CIRCUITY_LONG = 1.2;
/** Our choice (not from a source): circuity is 1.3 up to 5 km, 1.2 from 20 km, linear in between. */
export const CIRCUITY_SHORT_KM = 5;
export const CIRCUITY_LONG_KM = 20;

/**
 * Average door-to-door driving speed by area, km/h. routing.md §4.3: 25 urban, 40 suburban, 60 rural
 * (unverified defaults; a traffic-engineering table gives 15–20 mph urban, 25–30 mph suburban).
 */
export const AREA_SPEED_KMH = { urban: 25, suburban: 40, rural: 60 } as const;
export type AreaType = keyof typeof AREA_SPEED_KMH;
export const DEFAULT_AREA: AreaType = 'urban';

/** Parking and walking to the door per leg, minutes. routing.md §4.3: 3–5 min; we take the middle. */
export const PARKING_WALK_MINUTES = 4;

/**
 * Peak-hour multiplier. routing.md §4.3: Travel Time Index averaged 1.39 across 75 US urban areas (BTS/TTI);
 * off by default (1) because the estimate does not know the time of day.
 */
export const DEFAULT_PEAK_MULTIPLIER = 1;
export const SUGGESTED_PEAK_MULTIPLIER = 1.39;

export interface HaversineOptions {
  area?: AreaType;
  /** Overrides the area speed. */
  speedKmh?: number;
  parkingMinutes?: number;
  peakMultiplier?: number;
}

export function haversineKm(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function circuityFor(km: number): number {
  if (km <= CIRCUITY_SHORT_KM) return CIRCUITY_SHORT;
  if (km >= CIRCUITY_LONG_KM) return CIRCUITY_LONG;
  const f = (km - CIRCUITY_SHORT_KM) / (CIRCUITY_LONG_KM - CIRCUITY_SHORT_KM);
  return CIRCUITY_SHORT + f * (CIRCUITY_LONG - CIRCUITY_SHORT);
}

/** Estimated minutes from a to b; 0 for the same point (no parking needed to stay put). */
export function estimateMinutes(a: LatLon, b: LatLon, options: HaversineOptions = {}): number {
  const km = haversineKm(a, b);
  if (km < 1e-6) return 0;
  const speed = options.speedKmh ?? AREA_SPEED_KMH[options.area ?? DEFAULT_AREA];
  const driving = ((km * circuityFor(km)) / speed) * 60 * (options.peakMultiplier ?? DEFAULT_PEAK_MULTIPLIER);
  return driving + (options.parkingMinutes ?? PARKING_WALK_MINUTES);
}

export function haversineMatrix(points: readonly LatLon[], options: HaversineOptions = {}): TravelMatrix {
  return {
    minutes: points.map((a) => points.map((b) => estimateMinutes(a, b, options))),
    source: 'haversine (approximate)',
  };
}

export function createHaversineProvider(options: HaversineOptions = {}): TravelTimeProvider {
  return {
    name: 'haversine',
    matrix: async (points) => haversineMatrix(points, options),
  };
}
