// Travel matrices for agency-scale days (core/routing/travel/osrm-table.ts): a thousand points fetched in blocks
// that respect the table service's coordinate limit, a few requests in flight, every entry where it belongs.
// A fake fetch stands in for the service (durations = 60 s per unit of longitude difference).
import { describe, expect, it } from 'vitest';
import { createOsrmTableProvider, TravelTimeServiceError } from '../../../core/routing/travel/osrm-table.ts';

function fakeOsrm(options: { failAt?: number } = {}) {
  const seen = { requests: 0, inFlight: 0, maxInFlight: 0, maxCoords: 0 };
  const fetch = async (url: string): Promise<Response> => {
    const k = seen.requests++;
    seen.inFlight++;
    seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
    await new Promise((resolve) => setTimeout(resolve, 0));
    seen.inFlight--;
    if (k === options.failAt) return new Response('oops', { status: 502 });
    const u = new URL(url);
    const coords = (u.pathname.split('/')[4] ?? '').split(';').map((c) => Number(c.split(',')[0]));
    seen.maxCoords = Math.max(seen.maxCoords, coords.length);
    const pick = (p: string | null) => (p === null ? coords.map((_, i) => i) : p.split(';').map(Number));
    const src = pick(u.searchParams.get('sources'));
    const dst = pick(u.searchParams.get('destinations'));
    const durations = src.map((s) => dst.map((d) => 60 * Math.abs((coords[s] as number) - (coords[d] as number))));
    return new Response(JSON.stringify({ code: 'Ok', durations }));
  };
  return { fetch, seen };
}

const points = (n: number) => Array.from({ length: n }, (_, i) => ({ lat: 1, lon: i }));

describe('OSRM table at agency scale', () => {
  it('1,000 points: blocks of 50 × 50 (100 coordinates), four in flight, every entry right', async () => {
    const { fetch, seen } = fakeOsrm();
    const provider = createOsrmTableProvider({ baseUrl: 'http://osrm.test', fetch, parkingMinutes: 0 });
    const n = 1000;
    const m = await provider.matrix(points(n));
    expect(seen.requests).toBe(20 * 20);
    expect(seen.maxCoords).toBeLessThanOrEqual(100);
    expect(seen.maxInFlight).toBe(4);
    expect(m.minutes).toHaveLength(n);
    for (let i = 0; i < n; i += 37) for (let j = 0; j < n; j += 41) expect(m.minutes[i]?.[j]).toBe(Math.abs(i - j));
    expect(m.minutes[n - 1]?.[0]).toBe(n - 1);
  });

  it('one request at a time when asked', async () => {
    const { fetch, seen } = fakeOsrm();
    const provider = createOsrmTableProvider({ baseUrl: 'http://osrm.test', fetch, concurrency: 1 });
    await provider.matrix(points(120));
    expect(seen.requests).toBe(9);
    expect(seen.maxInFlight).toBe(1);
  });

  it('a failing block fails the matrix with the service error, and no more blocks are asked for', async () => {
    const { fetch, seen } = fakeOsrm({ failAt: 5 });
    const provider = createOsrmTableProvider({ baseUrl: 'http://osrm.test', fetch });
    const error = await provider.matrix(points(500)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TravelTimeServiceError);
    expect((error as TravelTimeServiceError).status).toBe(502);
    // The workers stop taking blocks after the failure: only those already in flight finish.
    expect(seen.requests).toBeLessThan(5 + 4 + 1);
  });
});
