// Client for an OSRM-compatible `/table/v1/{profile}/...` service (self-hosted OSRM keeps addresses in-house).
// Large matrices are split into source × destination blocks so no request carries more than
// `maxCoordinatesPerRequest` coordinates (OSRM's default --max-table-size is 100), a few requests in flight at a
// time (`concurrency`: a 3,000-point matrix is 3,600 blocks of 50 × 50, too slow one after the other and too many
// at once for a self-hosted server). `null` durations
// (no route) stay `null`: the solver treats those legs as infeasible and says so.
// Error messages name the service's base URL but never the coordinates (patient locations).
import type { TravelMatrix } from '../model.ts';
import { PARKING_WALK_MINUTES } from './haversine.ts';
import type { LatLon, TravelTimeProvider } from './provider.ts';

export const OSRM_MAX_COORDINATES_PER_REQUEST = 100;
/** Block requests in flight at once. */
export const OSRM_CONCURRENCY = 4;

export class TravelTimeServiceError extends Error {
  readonly url: string;
  readonly status?: number;
  readonly code?: string;
  constructor(message: string, details: { url: string; status?: number; code?: string; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'TravelTimeServiceError';
    this.url = details.url;
    this.status = details.status;
    this.code = details.code;
  }
}

export interface OsrmTableOptions {
  /** e.g. http://127.0.0.1:5000 (no trailing /table). */
  baseUrl: string;
  /** The network (core does no I/O of its own). */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  profile?: string;
  maxCoordinatesPerRequest?: number;
  /** Added to every leg between different points: OSRM gives driving time only. */
  parkingMinutes?: number;
  /** Block requests in flight at once (default OSRM_CONCURRENCY). */
  concurrency?: number;
}

interface TableResponse {
  code?: string;
  message?: string;
  durations?: (number | null)[][];
}

export function createOsrmTableProvider(options: OsrmTableOptions): TravelTimeProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch;
  const profile = options.profile ?? 'driving';
  const maxCoords = Math.max(2, options.maxCoordinatesPerRequest ?? OSRM_MAX_COORDINATES_PER_REQUEST);
  const parking = options.parkingMinutes ?? PARKING_WALK_MINUTES;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? OSRM_CONCURRENCY));
  const where = `OSRM table service at ${base}`;

  async function table(points: readonly LatLon[], src: number[], dst: number[], signal?: AbortSignal) {
    // One request: the union of the two blocks, with sources/destinations as indices into it.
    const coords = [...new Set([...src, ...dst])];
    const pos = new Map(coords.map((p, i) => [p, i]));
    const path = coords.map((i) => `${(points[i] as LatLon).lon},${(points[i] as LatLon).lat}`).join(';');
    const query =
      src.length === points.length && dst.length === points.length
        ? ''
        : `?sources=${src.map((i) => pos.get(i)).join(';')}&destinations=${dst.map((i) => pos.get(i)).join(';')}`;
    const url = `${base}/table/v1/${profile}/${path}${query}`;
    let response: Response;
    try {
      response = await doFetch(url, { signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new TravelTimeServiceError(`${where} is unreachable: ${(error as Error).message}`, {
        url: base,
        cause: error,
      });
    }
    let body: TableResponse;
    try {
      body = (await response.json()) as TableResponse;
    } catch (error) {
      throw new TravelTimeServiceError(`${where} answered HTTP ${response.status} without a JSON table`, {
        url: base,
        status: response.status,
        cause: error,
      });
    }
    if (body.code !== 'Ok') {
      throw new TravelTimeServiceError(
        `${where} answered code "${body.code ?? 'missing'}" (HTTP ${response.status})${body.message ? `: ${body.message}` : ''}`,
        { url: base, status: response.status, code: body.code },
      );
    }
    const d = body.durations;
    if (
      !Array.isArray(d) ||
      d.length !== src.length ||
      d.some((row) => !Array.isArray(row) || row.length !== dst.length)
    ) {
      throw new TravelTimeServiceError(`${where} answered a durations table of the wrong shape`, {
        url: base,
        status: response.status,
      });
    }
    return d;
  }

  return {
    name: 'osrm',
    async matrix(points, opts = {}): Promise<TravelMatrix> {
      const n = points.length;
      const minutes: (number | null)[][] = Array.from({ length: n }, () => new Array<number | null>(n).fill(null));
      const all = Array.from({ length: n }, (_, i) => i);
      const block = n <= maxCoords ? n : Math.floor(maxCoords / 2);
      const blocks: number[][] = [];
      for (let i = 0; i < n; i += block) blocks.push(all.slice(i, i + block));
      const jobs = blocks.flatMap((src) => blocks.map((dst) => [src, dst] as const));
      let next = 0;
      let failure: { error: unknown } | undefined;
      // A few workers take the blocks in order; after a failure they take no more, and the first error is thrown.
      const worker = async () => {
        while (next < jobs.length && !failure) {
          const [src, dst] = jobs[next++] as (typeof jobs)[number];
          let d: (number | null)[][];
          try {
            d = await table(points, src, dst, opts.signal);
          } catch (error) {
            failure ??= { error };
            return;
          }
          src.forEach((i, r) => {
            dst.forEach((j, k) => {
              const s = d[r]?.[k];
              const row = minutes[i] as (number | null)[];
              if (i === j) row[j] = 0;
              else row[j] = typeof s === 'number' && Number.isFinite(s) ? s / 60 + parking : null;
            });
          });
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
      if (failure) throw failure.error;
      return { minutes, source: 'osrm', roadBased: true };
    },
  };
}
