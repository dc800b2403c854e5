// The Routes API client's decisions without a network (server/geo/google-route-matrix.ts): the request it sends,
// how it places an answer that comes in any order, batching into requests of at most 625 elements, asking only the
// pairs the cache does not hold, retries with backoff on 429/503 (bounded) and none on 400/403, what it logs (one line
// per kind of failure, nothing of the places or the key), departure time → TRAFFIC_AWARE, ROUTE_NOT_FOUND → null; the
// deadline wrapper (server/geo/travel-deadline.ts) that falls back to the straight-line estimate; the server's
// setting and composition. The same client against the local platform's stand-in: tests/contract/route-matrix.contract.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { estimateMinutes, haversineKm } from '../../../core/routing/travel/haversine.ts';
import { TravelTimeServiceError } from '../../../core/routing/travel/osrm-table.ts';
import type { LatLon, TravelTimeProvider } from '../../../core/routing/travel/provider.ts';
import { fixedNow } from '../../../core/time/clock.ts';
import { REQUIRED_SETTINGS, SERVER_FUNCTIONS, serverConfigFromEnv } from '../../../server/config.ts';
import {
  blocksOf,
  coverMissingPairs,
  createGoogleRouteMatrix,
  DEFAULT_ROUTE_MATRIX_RETRY_DELAYS_MS,
  durationSeconds,
  type GoogleRouteMatrixOptions,
  interpretRouteMatrixBody,
  interpretRouteMatrixError,
  ROUTE_MATRIX_FIELD_MASK,
  routeMatrixPointKey,
} from '../../../server/geo/google-route-matrix.ts';
import {
  type CachedLeg,
  createRouteMatrixCache,
  legKey,
  type RouteMatrixCache,
} from '../../../server/geo/route-matrix-cache.ts';
import { travelWithin } from '../../../server/geo/travel-deadline.ts';
import { createServer } from '../../../server/index.ts';

afterEach(() => vi.useRealTimers());

const KEY = 'test-routes-key-123456';
const NOW = new Date('2026-10-28T14:30:00Z');
const BASE = 'https://routes.test';

/** Places around Chicago, distinct at 5 decimals. */
function places(n: number): LatLon[] {
  return Array.from({ length: n }, (_, i) => ({
    lat: 41.85 + (i % 7) * 0.013 + i * 0.0007,
    lon: -87.75 + Math.floor(i / 7) * 0.021 + i * 0.0003,
  }));
}

/** What the fake Google answers for a leg: 10 m/s plus 30 s, road 1.3 × the straight line. */
function leg(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const km = haversineKm({ lat: a.latitude, lon: a.longitude }, { lat: b.latitude, lon: b.longitude });
  return km < 1e-9 ? { seconds: 0, meters: 0 } : { seconds: Math.round(km * 100) + 30, meters: Math.round(km * 1300) };
}
const expectedMinutes = (a: LatLon, b: LatLon) => {
  const { seconds } = leg(
    { latitude: Number(routeMatrixPointKey(a).split(',')[0]), longitude: Number(routeMatrixPointKey(a).split(',')[1]) },
    { latitude: Number(routeMatrixPointKey(b).split(',')[0]), longitude: Number(routeMatrixPointKey(b).split(',')[1]) },
  );
  return Math.ceil(seconds / 60) + 4;
};

type LatLng = { latitude: number; longitude: number };
interface SentRequest {
  url: string;
  headers: Record<string, string>;
  body: {
    origins: Array<{ waypoint: { location: { latLng: LatLng } } }>;
    destinations: Array<{ waypoint: { location: { latLng: LatLng } } }>;
    travelMode: string;
    routingPreference: string;
    departureTime?: string;
  };
}

/**
 * A fake Routes API: the elements of every pair, in reverse order, zero-valued fields left out (as proto3 JSON does);
 * `script(n)` may answer the n-th request (0-based) instead.
 */
function fakeGoogle(script?: (n: number, request: SentRequest) => Response | Promise<Response> | undefined) {
  const requests: SentRequest[] = [];
  const fetch: GoogleRouteMatrixOptions['fetch'] = async (input, init) => {
    const request: SentRequest = {
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: JSON.parse(String(init?.body)),
    };
    requests.push(request);
    const scripted = script?.(requests.length - 1, request);
    if (scripted) return scripted;
    const elements: Array<Record<string, unknown>> = [];
    request.body.origins.forEach((o, i) => {
      request.body.destinations.forEach((d, j) => {
        const { seconds, meters } = leg(o.waypoint.location.latLng, d.waypoint.location.latLng);
        elements.push({
          ...(i ? { originIndex: i } : {}),
          ...(j ? { destinationIndex: j } : {}),
          status: {},
          condition: 'ROUTE_EXISTS',
          ...(meters ? { distanceMeters: meters } : {}),
          duration: `${seconds}s`,
        });
      });
    });
    return Response.json(elements.reverse());
  };
  return { requests, fetch };
}

const rpc = (code: number, status: string, message = 'x') =>
  Response.json({ error: { code, message, status } }, { status: code });

/** An in-memory cache recording what it is asked. */
function memoryCache(): RouteMatrixCache & { rows: Map<string, CachedLeg>; buckets: string[]; puts: number } {
  const rows = new Map<string, CachedLeg>();
  const cache = {
    rows,
    buckets: [] as string[],
    puts: 0,
    async get(pairs: readonly (readonly [string, string])[], bucket: string) {
      cache.buckets.push(bucket);
      const found = new Map<string, CachedLeg>();
      for (const [o, d] of pairs) {
        const row = rows.get(`${bucket}#${legKey(o, d)}`);
        if (row) found.set(legKey(o, d), row);
      }
      return found;
    },
    async put(legs: readonly { origin: string; destination: string; leg: CachedLeg }[], bucket: string) {
      cache.puts++;
      for (const l of legs) rows.set(`${bucket}#${legKey(l.origin, l.destination)}`, l.leg);
    },
  };
  return cache;
}

function client(options: Partial<GoogleRouteMatrixOptions> & Pick<GoogleRouteMatrixOptions, 'fetch'>) {
  const logs: string[] = [];
  const waits: number[] = [];
  const provider = createGoogleRouteMatrix({
    apiKey: KEY,
    baseUrl: BASE,
    now: () => NOW,
    log: (line) => logs.push(line),
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { provider, logs, waits };
}

const pairsAsked = (requests: SentRequest[]) =>
  requests.flatMap((r) =>
    r.body.origins.flatMap((o) =>
      r.body.destinations.map(
        (d) =>
          `${o.waypoint.location.latLng.latitude},${o.waypoint.location.latLng.longitude}>${d.waypoint.location.latLng.latitude},${d.waypoint.location.latLng.longitude}`,
      ),
    ),
  );
const pairOf = (a: LatLon, b: LatLon) => {
  const [x, y] = [routeMatrixPointKey(a), routeMatrixPointKey(b)].map((k) => k.split(',').map(Number).join(','));
  return `${x}>${y}`;
};

describe('the request and the answer', () => {
  it('POSTs the documented request and answers minutes rounded up plus parking, metres, placed by index', async () => {
    const google = fakeGoogle();
    const { provider, logs } = client({ fetch: google.fetch });
    const points = places(3);
    const matrix = await provider.matrix(points);
    expect(google.requests).toHaveLength(1);
    const [sent] = google.requests as [SentRequest];
    expect(sent.url).toBe(`${BASE}/distanceMatrix/v2:computeRouteMatrix`);
    expect(sent.headers['x-goog-api-key']).toBe(KEY);
    expect(sent.headers['x-goog-fieldmask']).toBe(
      'originIndex,destinationIndex,duration,distanceMeters,status,condition',
    );
    expect(ROUTE_MATRIX_FIELD_MASK).toBe(sent.headers['x-goog-fieldmask']);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body.travelMode).toBe('DRIVE');
    expect(sent.body.routingPreference).toBe('TRAFFIC_UNAWARE');
    expect(sent.body).not.toHaveProperty('departureTime');
    expect(sent.body.origins.map((o) => o.waypoint.location.latLng)).toEqual(
      points.map((p) => ({ latitude: Number(p.lat.toFixed(5)), longitude: Number(p.lon.toFixed(5)) })),
    );
    expect(sent.body.destinations).toEqual(sent.body.origins);
    // The answer came reversed and without zero indices: every pair is where it belongs.
    points.forEach((a, i) => {
      points.forEach((b, j) => {
        expect(matrix.minutes[i]?.[j], `${i}→${j}`).toBe(i === j ? 0 : expectedMinutes(a, b));
        expect(matrix.distances?.[i]?.[j], `${i}→${j}`).toBe(
          i === j
            ? 0
            : leg(
                sent.body.origins[i]?.waypoint.location.latLng as LatLng,
                sent.body.origins[j]?.waypoint.location.latLng as LatLng,
              ).meters,
        );
      });
    });
    expect(matrix.roadBased).toBe(true);
    expect(matrix.source).toBe('Google Routes API');
    expect(provider.name).toBe('google-routes');
    expect(logs).toEqual([]);
  });

  it('61 s of driving is 2 minutes, plus 4 of parking; parkingMinutes changes the latter', async () => {
    const answer = () =>
      Response.json([
        { status: {}, condition: 'ROUTE_EXISTS', duration: '0s' },
        { destinationIndex: 1, status: {}, condition: 'ROUTE_EXISTS', duration: '61s', distanceMeters: 800 },
        { originIndex: 1, status: {}, condition: 'ROUTE_EXISTS', duration: '120s', distanceMeters: 900 },
        { originIndex: 1, destinationIndex: 1, status: {}, condition: 'ROUTE_EXISTS', duration: '0s' },
      ]);
    const points = places(2);
    expect((await client({ fetch: async () => answer() }).provider.matrix(points)).minutes).toEqual([
      [0, 6],
      [6, 0],
    ]);
    expect((await client({ fetch: async () => answer(), parkingMinutes: 0 }).provider.matrix(points)).minutes).toEqual([
      [0, 2],
      [2, 0],
    ]);
  });

  it('the same place twice is 0 and asked once; one place asks nothing', async () => {
    const google = fakeGoogle();
    const { provider } = client({ fetch: google.fetch });
    const [a, b] = places(2) as [LatLon, LatLon];
    const matrix = await provider.matrix([a, b, { lat: a.lat + 1e-7, lon: a.lon }]);
    expect(matrix.minutes[0]?.[2]).toBe(0);
    expect(matrix.minutes[2]?.[1]).toBe(matrix.minutes[0]?.[1]);
    expect(google.requests[0]?.body.origins).toHaveLength(2);
    expect(await provider.matrix([a])).toMatchObject({ minutes: [[0]], roadBased: true });
    expect(google.requests).toHaveLength(1);
  });

  it('ROUTE_NOT_FOUND is null minutes and metres, and is cached as "no route"', async () => {
    const points = places(2);
    const cache = memoryCache();
    const fetch = async () =>
      Response.json([
        { destinationIndex: 1, status: {}, condition: 'ROUTE_NOT_FOUND' },
        { originIndex: 1, status: {}, condition: 'ROUTE_EXISTS', duration: '300s', distanceMeters: 4000 },
        { status: {}, condition: 'ROUTE_EXISTS', duration: '0s' },
        { originIndex: 1, destinationIndex: 1, status: {}, condition: 'ROUTE_EXISTS', duration: '0s' },
      ]);
    const matrix = await client({ fetch, cache }).provider.matrix(points);
    expect(matrix.minutes).toEqual([
      [0, null],
      [9, 0],
    ]);
    expect(matrix.distances).toEqual([
      [0, null],
      [4000, 0],
    ]);
    const [a, b] = points.map(routeMatrixPointKey) as [string, string];
    expect(cache.rows.get(`none#${legKey(a, b)}`)).toBe('no-route');
    expect(cache.rows.get(`none#${legKey(b, a)}`)).toEqual({ seconds: 300, meters: 4000 });
  });
});

describe('what an answer means', () => {
  const ok = (o: number, d: number, extra: Record<string, unknown> = {}) => ({
    originIndex: o,
    destinationIndex: d,
    status: {},
    condition: 'ROUTE_EXISTS',
    duration: '10s',
    distanceMeters: 5,
    ...extra,
  });

  it('every pair once, in the documented shape; anything else fails the whole answer', () => {
    expect(interpretRouteMatrixBody([ok(0, 0), ok(0, 1)], 1, 2)).toMatchObject({ kind: 'elements' });
    const fails: Array<[unknown, string]> = [
      [{ elements: [] }, 'unexpected body'],
      [[ok(0, 0)], 'incomplete answer'],
      [[ok(0, 0), ok(0, 0)], 'unexpected body'],
      [[ok(0, 0), ok(0, 2)], 'unexpected body'],
      [[ok(0, 0), ok(0, 1, { duration: '10 s' })], 'unexpected body'],
      [[ok(0, 0), ok(0, 1, { distanceMeters: -1 })], 'unexpected body'],
      [[ok(0, 0), ok(0, 1, { condition: 'ROUTE_MATRIX_ELEMENT_CONDITION_UNSPECIFIED' })], 'unexpected body'],
      [[ok(0, 0), ok(0, 1, { status: { code: 3, message: 'bad waypoint' } })], 'element status 3'],
    ];
    for (const [body, status] of fails) {
      expect(interpretRouteMatrixBody(body, 1, 2), JSON.stringify(body)).toEqual({ kind: 'fail', status });
    }
  });

  it('durations are seconds with an "s"', () => {
    expect(durationSeconds('123s')).toBe(123);
    expect(durationSeconds('0.5s')).toBe(0.5);
    expect(durationSeconds('123')).toBeNull();
    expect(durationSeconds(123)).toBeNull();
  });

  it('429 and 5xx are worth another try, other statuses are not; the status name comes from the body', () => {
    expect(interpretRouteMatrixError(429, { error: { status: 'RESOURCE_EXHAUSTED' } })).toEqual({
      kind: 'retry',
      status: 'HTTP 429 RESOURCE_EXHAUSTED',
    });
    expect(interpretRouteMatrixError(503, undefined)).toEqual({ kind: 'retry', status: 'HTTP 503' });
    expect(interpretRouteMatrixError(403, { error: { status: 'PERMISSION_DENIED' } })).toEqual({
      kind: 'fail',
      status: 'HTTP 403 PERMISSION_DENIED',
    });
    expect(interpretRouteMatrixError(400, { error: { status: 'not a status name: 41.9,-87.6' } })).toEqual({
      kind: 'fail',
      status: 'HTTP 400',
    });
  });
});

describe('batching: at most 625 elements per request, only the missing pairs', () => {
  it('a 40-place matrix goes in 3 requests of at most 625 elements, every pair asked exactly once', async () => {
    const google = fakeGoogle();
    const { provider } = client({ fetch: google.fetch });
    const points = places(40);
    const matrix = await provider.matrix(points);
    expect(google.requests).toHaveLength(3);
    for (const r of google.requests)
      expect(r.body.origins.length * r.body.destinations.length).toBeLessThanOrEqual(625);
    const asked = pairsAsked(google.requests);
    expect(new Set(asked).size).toBe(asked.length);
    for (const a of points) for (const b of points) if (a !== b) expect(asked).toContain(pairOf(a, b));
    expect(matrix.minutes[39]?.[0]).toBe(expectedMinutes(points[39] as LatLon, points[0] as LatLon));
    expect(matrix.minutes.flat().every((m) => typeof m === 'number')).toBe(true);
  });

  it('maxElementsPerRequest lowers the limit (and never raises it above 625)', async () => {
    const google = fakeGoogle();
    await client({ fetch: google.fetch, maxElementsPerRequest: 10 }).provider.matrix(places(5));
    expect(google.requests.map((r) => [r.body.origins.length, r.body.destinations.length])).toEqual([
      [2, 5],
      [2, 5],
      [1, 5],
    ]);
    const big = fakeGoogle();
    await client({ fetch: big.fetch, maxElementsPerRequest: 10_000 }).provider.matrix(places(26));
    for (const r of big.requests) expect(r.body.origins.length * r.body.destinations.length).toBeLessThanOrEqual(625);
    expect(big.requests).toHaveLength(2);
  });

  it('blocksOf cuts a rectangle into blocks within the limit; coverMissingPairs never covers a pair not missing', () => {
    expect(blocksOf([0, 1, 2], [0, 1, 2], 625)).toEqual([{ origins: [0, 1, 2], destinations: [0, 1, 2] }]);
    expect(blocksOf([0, 1, 2], [5, 6, 7, 8], 5).map((b) => [b.origins, b.destinations])).toEqual([
      [[0], [5, 6, 7, 8]],
      [[1], [5, 6, 7, 8]],
      [[2], [5, 6, 7, 8]],
    ]);
    // Every pair of 4 places: one rectangle (the own pairs ride along).
    const all: Array<[number, number]> = [];
    for (let o = 0; o < 4; o++) for (let d = 0; d < 4; d++) if (o !== d) all.push([o, d]);
    expect(coverMissingPairs(all)).toEqual([{ origins: [0, 1, 2, 3], destinations: [0, 1, 2, 3] }]);
    // A new place 3 among 0–2 already cached: its row and its column, nothing else.
    const added: Array<[number, number]> = [
      [3, 0],
      [3, 1],
      [3, 2],
      [0, 3],
      [1, 3],
      [2, 3],
    ];
    const cover = coverMissingPairs(added);
    const covered = cover.flatMap((r) => r.origins.flatMap((o) => r.destinations.map((d) => `${o}>${d}`)));
    expect(covered.filter((p) => p.split('>')[0] !== p.split('>')[1]).sort()).toEqual(
      added.map(([o, d]) => `${o}>${d}`).sort(),
    );
    expect(cover).toHaveLength(2);
  });

  it('asks only the pairs the cache does not hold: a place added to a cached day costs its row and its column', async () => {
    const cache = memoryCache();
    const points = places(4);
    await client({ fetch: fakeGoogle().fetch, cache }).provider.matrix(points.slice(0, 3));
    const google = fakeGoogle();
    const matrix = await client({ fetch: google.fetch, cache }).provider.matrix(points);
    const asked = pairsAsked(google.requests).filter((p) => p.split('>')[0] !== p.split('>')[1]);
    const d = points[3] as LatLon;
    expect(asked.sort()).toEqual(
      points
        .slice(0, 3)
        .flatMap((p) => [pairOf(p, d), pairOf(d, p)])
        .sort(),
    );
    expect(matrix.minutes[3]?.[0]).toBe(expectedMinutes(d, points[0] as LatLon));
    expect(matrix.minutes[0]?.[1]).toBe(expectedMinutes(points[0] as LatLon, points[1] as LatLon));
  });

  it('a cache hit asks nothing, and gives the same matrix', async () => {
    const cache = memoryCache();
    const points = places(5);
    const first = await client({ fetch: fakeGoogle().fetch, cache }).provider.matrix(points);
    const google = fakeGoogle();
    const second = await client({ fetch: google.fetch, cache }).provider.matrix(points);
    expect(google.requests).toEqual([]);
    expect(second).toEqual(first);
  });

  it('a cache that fails to read or write is logged and the answer is used', async () => {
    const broken: RouteMatrixCache = {
      get: () => Promise.reject(new Error('db down')),
      put: () => Promise.reject(new Error('db down')),
    };
    const google = fakeGoogle();
    const { provider, logs } = client({ fetch: google.fetch, cache: broken });
    expect((await provider.matrix(places(2))).roadBased).toBe(true);
    expect(google.requests).toHaveLength(1);
    expect(logs).toEqual([
      'route matrix cache: read failed, asking the Routes API instead',
      'route matrix cache: write failed, the answer is used uncached',
    ]);
  });
});

describe('the departure time', () => {
  it('given and ahead: TRAFFIC_AWARE with that departureTime, cached under its hour', async () => {
    const google = fakeGoogle();
    const cache = memoryCache();
    const departureTime = new Date('2026-10-29T13:15:00Z');
    const matrix = await client({ fetch: google.fetch, cache }).provider.matrix(places(2), { departureTime });
    expect(google.requests[0]?.body.routingPreference).toBe('TRAFFIC_AWARE');
    expect(google.requests[0]?.body.departureTime).toBe('2026-10-29T13:15:00.000Z');
    expect(cache.buckets).toEqual(['2026-10-29T13:00Z']);
    expect(matrix.source).toBe('Google Routes API, traffic-aware');
    // Another hour is another entry: asked again.
    await client({ fetch: google.fetch, cache }).provider.matrix(places(2), {
      departureTime: new Date('2026-10-29T14:15:00Z'),
    });
    expect(google.requests).toHaveLength(2);
  });

  it('passed (or under a minute away): TRAFFIC_AWARE without departureTime (Google refuses a past one), now’s hour', async () => {
    const google = fakeGoogle();
    const cache = memoryCache();
    for (const departureTime of [new Date('2026-10-28T12:00:00Z'), new Date(NOW.getTime() + 30_000)]) {
      await client({ fetch: google.fetch, cache: memoryCache() }).provider.matrix(places(2), { departureTime });
    }
    await client({ fetch: google.fetch, cache }).provider.matrix(places(2), {
      departureTime: new Date('2026-10-28T12:00:00Z'),
    });
    for (const r of google.requests) {
      expect(r.body.routingPreference).toBe('TRAFFIC_AWARE');
      expect(r.body).not.toHaveProperty('departureTime');
    }
    expect(cache.buckets).toEqual(['2026-10-28T14:00Z']);
  });

  it('none: TRAFFIC_UNAWARE, cached under "none"', async () => {
    const google = fakeGoogle();
    const cache = memoryCache();
    await client({ fetch: google.fetch, cache }).provider.matrix(places(2));
    expect(google.requests[0]?.body.routingPreference).toBe('TRAFFIC_UNAWARE');
    expect(cache.buckets).toEqual(['none']);
  });
});

describe('failures: retried when worth it, then a TravelTimeServiceError and one line, nothing private', () => {
  const points = places(3);
  const privateWords = [KEY, ...points.flatMap((p) => [p.lat.toFixed(3), p.lon.toFixed(3)])];
  const expectNothingPrivate = (text: string) => {
    for (const word of privateWords) expect(text).not.toContain(word);
  };

  it('429 RESOURCE_EXHAUSTED is retried after the default waits, and a quota that passes answers', async () => {
    const google = fakeGoogle((n) => (n < 2 ? rpc(429, 'RESOURCE_EXHAUSTED') : undefined));
    const { provider, waits, logs } = client({ fetch: google.fetch });
    expect((await provider.matrix(points)).roadBased).toBe(true);
    expect(google.requests).toHaveLength(3);
    expect(waits).toEqual([...DEFAULT_ROUTE_MATRIX_RETRY_DELAYS_MS]);
    expect(DEFAULT_ROUTE_MATRIX_RETRY_DELAYS_MS).toEqual([500, 2_000]);
    expect(logs).toEqual([]);
  });

  it('429 every time: 3 attempts, then an error and one log line naming the status; nothing cached', async () => {
    const cache = memoryCache();
    const google = fakeGoogle(() => rpc(429, 'RESOURCE_EXHAUSTED', `Quota exceeded for ${points[0]?.lat}`));
    const { provider, logs } = client({ fetch: google.fetch, cache, retryDelaysMs: [10, 20] });
    const error = await provider.matrix(points).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TravelTimeServiceError);
    expect((error as TravelTimeServiceError).status).toBe(429);
    expect((error as TravelTimeServiceError).code).toBe('HTTP 429 RESOURCE_EXHAUSTED');
    expect(google.requests).toHaveLength(3);
    expect(logs).toEqual([
      "route matrix unavailable: the Routes API answered HTTP 429 RESOURCE_EXHAUSTED after 3 attempts (more requests than the project's quota allows)",
    ]);
    expectNothingPrivate(`${(error as Error).message} ${logs.join(' ')}`);
    expect(cache.puts).toBe(0);
    // The same failure again within the minute: not logged again.
    await provider.matrix(points).catch(() => {});
    expect(logs).toHaveLength(1);
  });

  it('503 and no answer at all are retried too', async () => {
    const google = fakeGoogle((n) => (n === 0 ? rpc(503, 'UNAVAILABLE') : undefined));
    expect((await client({ fetch: google.fetch }).provider.matrix(points)).roadBased).toBe(true);
    expect(google.requests).toHaveLength(2);
    let calls = 0;
    const { provider, logs } = client({
      fetch: async () => {
        calls++;
        throw new TypeError(`fetch failed for ${KEY}`);
      },
    });
    await expect(provider.matrix(points)).rejects.toThrow(/no answer from the Routes API after 3 attempts/);
    expect(calls).toBe(3);
    expectNothingPrivate(logs.join(' '));
  });

  it('403 PERMISSION_DENIED (a wrong key, the API not enabled) is not retried, and says what to check', async () => {
    const google = fakeGoogle(() => rpc(403, 'PERMISSION_DENIED', `key ${KEY} blocked`));
    const { provider, logs } = client({ fetch: google.fetch });
    await expect(provider.matrix(points)).rejects.toBeInstanceOf(TravelTimeServiceError);
    expect(google.requests).toHaveLength(1);
    expect(logs).toEqual([
      "route matrix unavailable: the Routes API answered HTTP 403 PERMISSION_DENIED (check GOOGLE_ROUTES_API_KEY, that the Routes API is enabled for the key's project and the key's API restrictions)",
    ]);
    expectNothingPrivate(logs.join(' '));
  });

  it('400 INVALID_ARGUMENT and an answer that is not the documented shape are not retried', async () => {
    const bad = fakeGoogle(() => rpc(400, 'INVALID_ARGUMENT'));
    await expect(client({ fetch: bad.fetch }).provider.matrix(points)).rejects.toThrow(/HTTP 400 INVALID_ARGUMENT/);
    expect(bad.requests).toHaveLength(1);
    const odd = fakeGoogle(() => Response.json({ rows: [] }));
    const { provider, logs } = client({ fetch: odd.fetch });
    await expect(provider.matrix(points)).rejects.toThrow(/a body that is not the documented shape/);
    expect(odd.requests).toHaveLength(1);
    expect(logs).toHaveLength(1);
  });

  it('a caller that gives up stops the retries', async () => {
    const controller = new AbortController();
    const google = fakeGoogle(() => {
      controller.abort(new Error('caller gone'));
      return rpc(503, 'UNAVAILABLE');
    });
    const { provider, logs } = client({ fetch: google.fetch });
    await expect(provider.matrix(points, { signal: controller.signal })).rejects.toThrow('caller gone');
    expect(google.requests).toHaveLength(1);
    expect(logs).toEqual([]);
  });
});

describe('the deadline (travelWithin): a slow or failing service gives the straight-line estimate', () => {
  const points = places(3);
  const road: TravelTimeProvider = {
    name: 'roads',
    matrix: async (p) => ({ minutes: p.map(() => p.map(() => 7)), roadBased: true, source: 'roads' }),
  };

  it('an answer in time is passed through, road-based', async () => {
    expect(await travelWithin(road, 1_000).matrix(points)).toEqual({
      minutes: points.map(() => points.map(() => 7)),
      roadBased: true,
      source: 'roads',
    });
  });

  it('no answer by the deadline: the estimate, marked approximate, and the service is told to stop', async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    const slow: TravelTimeProvider = {
      name: 'slow',
      matrix: (_p, options) => {
        if (options?.signal) signals.push(options.signal);
        return new Promise(() => {});
      },
    };
    const logs: string[] = [];
    const answer = travelWithin(slow, 1_000, { log: (line) => logs.push(line) }).matrix(points, {
      departureTime: new Date('2026-10-29T13:00:00Z'),
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const matrix = await answer;
    expect(signals[0]?.aborted).toBe(true);
    expect(matrix.roadBased).toBeUndefined();
    expect(matrix.source).toBe('haversine (approximate; road drive times unavailable: no answer within 1000 ms)');
    expect(matrix.minutes).toEqual(points.map((a) => points.map((b) => estimateMinutes(a, b))));
    expect(logs).toEqual(['road drive times: slow gave no answer within 1000 ms; the straight-line estimate is used']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a failing service gives the estimate at once; a caller that gives up gets its own reason', async () => {
    vi.useFakeTimers();
    const failing: TravelTimeProvider = { name: 'down', matrix: () => Promise.reject(new Error('HTTP 503')) };
    const matrix = await travelWithin(failing, 1_000).matrix(points);
    expect(matrix.source).toMatch(/^haversine \(approximate; road drive times unavailable: the service failed\)$/);
    expect(vi.getTimerCount()).toBe(0);
    const controller = new AbortController();
    const aborting: TravelTimeProvider = {
      name: 'aborting',
      matrix: () => {
        controller.abort(new Error('caller gone'));
        return Promise.reject(new Error('aborted'));
      },
    };
    await expect(travelWithin(aborting, 1_000).matrix(points, { signal: controller.signal })).rejects.toThrow(
      'caller gone',
    );
  });

  it('the real client behind it: an exhausted quota gives the estimate, not an error', async () => {
    const google = fakeGoogle(() => rpc(429, 'RESOURCE_EXHAUSTED'));
    const { provider } = client({ fetch: google.fetch });
    const matrix = await travelWithin(provider, 5_000).matrix(points);
    expect(matrix.roadBased).toBeUndefined();
    expect(matrix.source).toContain('approximate');
    expect(google.requests).toHaveLength(3);
  });
});

describe('the cache over SQL (createRouteMatrixCache): parameters bound, freshness by the given clock', () => {
  it('binds the pairs and the instants; the SQL text carries no place', async () => {
    const calls: Array<{ sql: string; params: readonly unknown[] }> = [];
    const cache = createRouteMatrixCache(async (sql, params) => {
      calls.push({ sql, params });
      return {
        rows: [
          { origin: 'a', destination: 'b', condition: 'ROUTE_EXISTS', duration_s: 120, distance_m: 900 },
          { origin: 'b', destination: 'a', condition: 'ROUTE_NOT_FOUND', duration_s: null, distance_m: null },
        ],
      };
    });
    const found = await cache.get(
      [
        ['41.90000,-87.60000', '41.91000,-87.61000'],
        ['a', 'b'],
      ],
      'none',
      NOW,
    );
    expect(found).toEqual(
      new Map<string, CachedLeg>([
        [legKey('a', 'b'), { seconds: 120, meters: 900 }],
        [legKey('b', 'a'), 'no-route'],
      ]),
    );
    expect(calls[0]?.params).toEqual([
      'none',
      JSON.stringify([
        ['41.90000,-87.60000', '41.91000,-87.61000'],
        ['a', 'b'],
      ]),
      '2026-09-28T14:30:00.000Z',
      '2026-10-27T14:30:00.000Z',
    ]);
    await cache.put(
      [{ origin: '41.90000,-87.60000', destination: '41.91000,-87.61000', leg: 'no-route' }],
      '2026-10-28T15:00Z',
      NOW,
    );
    expect(calls[1]?.sql).toContain('insert into public.route_matrix_cache');
    expect(calls[2]?.sql).toContain('delete from public.route_matrix_cache');
    expect(calls[2]?.params).toEqual(['2026-09-28T14:30:00.000Z', '2026-10-27T14:30:00.000Z', '2026-10-28T14:00Z']);
    for (const { sql } of calls) expect(sql).not.toMatch(/41\.9|87\.6/);
  });
});

describe('the setting and server.travelTimes()', () => {
  const runtime = { query: async () => ({ rows: [] }), now: fixedNow(NOW), log: () => {} };

  it('GOOGLE_ROUTES_API_KEY (trimmed) configures it, apart from GOOGLE_MAPS_API_KEY; optional for every function', () => {
    const env = (values: Record<string, string>) => serverConfigFromEnv((name) => values[name], runtime);
    expect(env({ GOOGLE_ROUTES_API_KEY: ' routes-key ' }).routes).toEqual({ apiKey: 'routes-key' });
    expect(env({ GOOGLE_MAPS_API_KEY: 'maps-key' }).routes).toBeUndefined();
    expect(env({ GOOGLE_ROUTES_API_KEY: '  ' }).routes).toBeUndefined();
    for (const fn of SERVER_FUNCTIONS) expect(REQUIRED_SETTINGS[fn]).not.toContain('GOOGLE_ROUTES_API_KEY');
  });

  it('is null without a key; built lazily, once, over the base URL, fetch and the SQL cache', async () => {
    const base = serverConfigFromEnv(() => undefined, runtime);
    expect(createServer(base).travelTimes()).toBeNull();
    const google = fakeGoogle();
    const queries: string[] = [];
    const server = createServer({
      ...base,
      routes: { apiKey: KEY, baseUrl: 'http://127.0.0.1:9/' },
      query: async (sql) => {
        queries.push(sql);
        return { rows: [] };
      },
      fetch: google.fetch,
    });
    expect(queries).toEqual([]);
    const travel = server.travelTimes();
    expect(server.travelTimes()).toBe(travel);
    const matrix = await travel?.matrix(places(2));
    expect(matrix?.roadBased).toBe(true);
    expect(google.requests.map((r) => r.url)).toEqual(['http://127.0.0.1:9/distanceMatrix/v2:computeRouteMatrix']);
    expect(queries.some((sql) => sql.includes('from public.route_matrix_cache'))).toBe(true);
    expect(queries.some((sql) => sql.includes('insert into public.route_matrix_cache'))).toBe(true);
  });
});
