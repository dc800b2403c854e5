// Where travel times come from: the offline haversine estimate or an OSRM-compatible table service.
import type { TravelMatrix } from '../model.ts';

export interface LatLon {
  lat: number;
  lon: number;
}

export interface TravelTimeProvider {
  readonly name: string;
  /** Travel minutes between every pair of points (row = from, column = to); `null` = unreachable. */
  matrix(points: readonly LatLon[], options?: { signal?: AbortSignal }): Promise<TravelMatrix>;
}
