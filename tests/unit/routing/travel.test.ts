import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AREA_SPEED_KMH,
  CIRCUITY_LONG,
  CIRCUITY_SHORT,
  circuityFor,
  createOsrmTableProvider,
  estimateMinutes,
  haversineKm,
  haversineMatrix,
  PARKING_WALK_MINUTES,
  TravelTimeServiceError,
} from '../../../core/routing/index.ts';

describe('haversine travel-time estimate', () => {
  it('uses the documented constants (routing.md §4.3)', () => {
    expect(AREA_SPEED_KMH).toEqual({ urban: 25, suburban: 40, rural: 60 });
    expect([CIRCUITY_SHORT, CIRCUITY_LONG]).toEqual([1.3, 1.2]);
    expect(PARKING_WALK_MINUTES).toBeGreaterThanOrEqual(3);
    expect(PARKING_WALK_MINUTES).toBeLessThanOrEqual(5);
  });

  it('computes great-circle distance', () => {
    // One degree of latitude on a 6371.0088 km sphere.
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo((6371.0088 * Math.PI) / 180, 6);
    expect(haversineKm({ lat: 41.88, lon: -87.63 }, { lat: 41.88, lon: -87.63 })).toBe(0);
  });

  it('turns distance into minutes: km × circuity ÷ speed + parking', () => {
    const a = { lat: 0, lon: 0 };
    const b = { lat: 0.02, lon: 0 }; // ≈ 2.22 km: short leg, circuity 1.3
    const km = haversineKm(a, b);
    expect(estimateMinutes(a, b)).toBeCloseTo(((km * 1.3) / 25) * 60 + PARKING_WALK_MINUTES, 9);
    expect(estimateMinutes(a, b, { area: 'rural', parkingMinutes: 0 })).toBeCloseTo(((km * 1.3) / 60) * 60, 9);
    expect(circuityFor(12.5)).toBeCloseTo(1.25, 9);
    expect(circuityFor(50)).toBe(1.2);
    const m = haversineMatrix([a, b, a]);
    expect(m.minutes[0]?.[2]).toBe(0);
    expect(m.minutes[0]?.[1]).toBeCloseTo(m.minutes[1]?.[0] ?? -1, 12);
  });
});

// A tiny OSRM stand-in: duration(i→j) = 60 s × |i − j| by point latitude index, null to/from latitude 99.
let requests: URL[] = [];
let mode: 'ok' | 'error' = 'ok';
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const url = new URL(req.url ?? '/', 'http://x');
  requests.push(url);
  res.setHeader('content-type', 'application/json');
  if (mode === 'error') {
    res.statusCode = 400;
    res.end(JSON.stringify({ code: 'TooBig', message: 'Too many table coordinates' }));
    return;
  }
  const m = /^\/table\/v1\/driving\/(.+)$/.exec(url.pathname);
  if (!m) {
    res.statusCode = 404;
    res.end(JSON.stringify({ code: 'InvalidUrl' }));
    return;
  }
  const coords = (m[1] ?? '').split(';').map((c) => c.split(',').map(Number) as [number, number]);
  const pick = (p: string | null) => (p === null || p === 'all' ? coords.map((_, i) => i) : p.split(';').map(Number));
  const sources = pick(url.searchParams.get('sources'));
  const destinations = pick(url.searchParams.get('destinations'));
  const durations = sources.map((s) =>
    destinations.map((d) => {
      const a = coords[s] as [number, number];
      const b = coords[d] as [number, number];
      return a[1] === 99 || b[1] === 99 ? (a === b ? 0 : null) : 60 * Math.abs(a[0] - b[0]);
    }),
  );
  res.end(JSON.stringify({ code: 'Ok', durations }));
});
let base = '';

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

describe('OSRM table client (local server)', () => {
  // lon = index (so durations are easy to predict), lat = 1 (or 99 = unroutable island).
  const points = (n: number) => Array.from({ length: n }, (_, i) => ({ lat: 1, lon: i }));

  it('fetches one table and converts seconds to minutes plus parking', async () => {
    requests = [];
    mode = 'ok';
    const provider = createOsrmTableProvider({ baseUrl: `${base}/`, fetch, parkingMinutes: 2 });
    const m = await provider.matrix(points(3));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.pathname).toBe('/table/v1/driving/0,1;1,1;2,1');
    expect(m.minutes).toEqual([
      [0, 3, 4],
      [3, 0, 3],
      [4, 3, 0],
    ]);
  });

  it('chunks large matrices so no request exceeds the coordinate limit', async () => {
    requests = [];
    mode = 'ok';
    const provider = createOsrmTableProvider({ baseUrl: base, fetch, maxCoordinatesPerRequest: 10, parkingMinutes: 0 });
    const n = 23;
    const m = await provider.matrix(points(n));
    // Blocks of 5 → 5 source blocks × 5 destination blocks.
    expect(requests).toHaveLength(25);
    for (const r of requests) expect((r.pathname.split('/')[4] ?? '').split(';').length).toBeLessThanOrEqual(10);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) expect(m.minutes[i]?.[j]).toBe(Math.abs(i - j));
  });

  it('keeps unroutable pairs as null, and the solver reports them as unreachable legs', async () => {
    mode = 'ok';
    const provider = createOsrmTableProvider({ baseUrl: base, fetch });
    const pts = [...points(2), { lat: 99, lon: 5 }];
    const m = await provider.matrix(pts);
    expect(m.minutes[0]?.[2]).toBeNull();
    expect(m.minutes[2]?.[1]).toBeNull();
    expect(m.minutes[2]?.[2]).toBe(0);
    const { solveRoute } = await import('../../../core/routing/index.ts');
    const { BACKSTOP_MS } = await import('../../support/routing/budget.ts');
    const s = solveRoute(
      {
        matrix: m,
        vehicles: [{ id: 'c', startLocation: 0, endLocation: 0, shift: { start: 480, end: 1080 } }],
        visits: [
          { id: 'a', location: 1, durationMinutes: 30 },
          { id: 'island', location: 2, durationMinutes: 30 },
        ],
      },
      { timeLimitMs: BACKSTOP_MS },
    );
    expect(s.feasible).toBe(false);
    expect(s.unservable).toEqual([expect.objectContaining({ visitId: 'island', reason: 'unreachable' })]);
  });

  it('throws a typed error naming the URL when the service answers code != Ok', async () => {
    mode = 'error';
    const provider = createOsrmTableProvider({ baseUrl: base, fetch });
    const error = await provider.matrix(points(2)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TravelTimeServiceError);
    expect((error as TravelTimeServiceError).message).toContain(base);
    expect((error as TravelTimeServiceError).message).toContain('TooBig');
    expect((error as TravelTimeServiceError).code).toBe('TooBig');
    mode = 'ok';
  });

  it('throws a typed error naming the URL when the service is down', async () => {
    // Grab a free port, then close it so nothing listens there.
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const port = (probe.address() as AddressInfo).port;
    probe.close();
    await once(probe, 'close');
    const down = `http://127.0.0.1:${port}`;
    const error = await createOsrmTableProvider({ baseUrl: down, fetch })
      .matrix(points(2))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TravelTimeServiceError);
    expect((error as Error).message).toMatch(new RegExp(`OSRM table service at ${down} is unreachable`));
  });

  it('passes the abort signal through', async () => {
    mode = 'ok';
    const controller = new AbortController();
    controller.abort();
    const provider = createOsrmTableProvider({ baseUrl: base, fetch });
    await expect(provider.matrix(points(2), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
