// Where travel times come from: the offline haversine estimate, an OSRM-compatible table service, or a road-matrix
// service such as Google Routes (server/geo/google-route-matrix.ts, through the server's port).
import type { TravelMatrix } from '../model.ts';

export interface LatLon {
  lat: number;
  lon: number;
}

export interface TravelMatrixOptions {
  signal?: AbortSignal;
  /**
   * When the drives start: a traffic-aware provider answers for that time (Google Routes: TRAFFIC_AWARE with this
   * departure); providers without traffic ignore it. Absent: typical, traffic-free times.
   */
  departureTime?: Date;
}

export interface TravelTimeProvider {
  readonly name: string;
  /**
   * Travel minutes between every pair of points (row = from, column = to); `null` = unreachable. A road-based
   * provider says so (`roadBased: true`) and may add the metres (`distances`).
   */
  matrix(points: readonly LatLon[], options?: TravelMatrixOptions): Promise<TravelMatrix>;
}
