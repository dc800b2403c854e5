// The server's Routes API client (server/geo/google-route-matrix.ts) and its Postgres cache (route-matrix-cache.ts)
// against the local platform's stand-in for Google's computeRouteMatrix (emulators/route-matrix, POST
// /distanceMatrix/v2:computeRouteMatrix): road-based minutes and metres for every pair of the seed's places, traffic
// at peak hours, a place on open water unreachable, the ≤ 625-element limit kept by batching, the cache (a second
// call asks nothing, an added place costs its row and column, per departure hour), a wrong key and an exhausted quota
// failing with one log line that names the status and nothing private, retries through the stand-in's fault switch,
// the deadline falling back to the straight-line estimate, and the assistant's optimize_route saying which it used;
// then the stand-in against the shapes Google documents (field mask required, element limit, error bodies, duration
// format, zero values left out, no particular order), so a drift from them fails here; public.route_matrix_cache
// closed to every API role.
import Ajv from 'ajv';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { parseToolResult } from '../../core/assistant/contract.ts';
import { toolCallsMessage } from '../../core/assistant/webhook-message.ts';
import { estimateMinutes, haversineKm } from '../../core/routing/travel/haversine.ts';
import { TravelTimeServiceError } from '../../core/routing/travel/osrm-table.ts';
import type { LatLon, TravelTimeProvider } from '../../core/routing/travel/provider.ts';
import {
  LOCAL_GOOGLE_MAPS_API_KEY,
  LOCAL_GOOGLE_ROUTES_API_KEY,
  LOCAL_TOOLS_SECRET,
} from '../../emulators/local-secrets.ts';
import { OPEN_WATER, PEAK_FACTOR, standInDrive } from '../../emulators/route-matrix/drives.ts';
import { answerRouteMatrix, ROUTE_MATRIX_ERROR_MESSAGES } from '../../emulators/route-matrix/routes.ts';
import {
  createGoogleRouteMatrix,
  type GoogleRouteMatrixOptions,
  ROUTE_MATRIX_CONDITIONS,
  ROUTE_MATRIX_FIELD_MASK,
  ROUTE_MATRIX_PATH,
  routeMatrixPointKey,
} from '../../server/geo/google-route-matrix.ts';
import { createRouteMatrixCache } from '../../server/geo/route-matrix-cache.ts';
import { travelWithin } from '../../server/geo/travel-deadline.ts';
import { assistantSession } from '../support/assistant-session.ts';
import { signIn, startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { DAYS, suiteSeed } from '../support/seed-calendar.ts';
import { chicago, SUITE_START, testNow } from '../support/test-clock.ts';

const DAY_MS = 86_400_000;
const seed = suiteSeed();
const maya = seed.clinicians[0] as (typeof seed.clinicians)[number];
/** Maya's home and four of her patients: real places of the seed. */
const PLACES: LatLon[] = [
  { lat: maya.home.lat, lon: maya.home.lng },
  ...seed.patients
    .filter((p) => p.clinicianId === maya.id)
    .slice(0, 4)
    .map((p) => ({ lat: p.lat, lon: p.lng })),
];
/** On Lake Michigan's open water: no road reaches it. */
const ON_THE_LAKE: LatLon = {
  lat: (OPEN_WATER.south + OPEN_WATER.north) / 2,
  lon: (OPEN_WATER.west + OPEN_WATER.east) / 2,
};
/** Tomorrow (the seed day's Thursday) at 08:00 and 11:00 in Chicago: a peak hour and an off-peak one. */
const PEAK = chicago(DAYS.thursday, '08:00');
const OFF_PEAK = chicago(DAYS.thursday, '11:00');

let platform: TestPlatform;
let now: Date;
let requests: Array<{ origins: number; destinations: number }>;
let logs: string[];

beforeAll(async () => {
  platform = await startLocalPlatform();
});
afterAll(async () => {
  await platform?.close();
});
beforeEach(async () => {
  now = SUITE_START;
  requests = [];
  logs = [];
  await platform.db.query('delete from public.route_matrix_cache');
});
afterEach(async () => {
  await faults({ status: null });
});

const query = (sql: string, params: readonly unknown[]) => platform.db.query(sql, [...params]);

/** The client as the server builds it, against the stand-in, counting its requests and their sizes. */
function provider(options: Partial<GoogleRouteMatrixOptions> = {}): TravelTimeProvider {
  return createGoogleRouteMatrix({
    apiKey: LOCAL_GOOGLE_ROUTES_API_KEY,
    baseUrl: platform.url,
    fetch: async (input, init) => {
      const body = JSON.parse(String(init?.body)) as { origins: unknown[]; destinations: unknown[] };
      requests.push({ origins: body.origins.length, destinations: body.destinations.length });
      return fetch(input, init);
    },
    cache: createRouteMatrixCache(query),
    now: () => now,
    log: (line) => logs.push(line),
    retryDelaysMs: [1, 1],
    ...options,
  });
}

function faults(body: Record<string, unknown>): Promise<Response> {
  return fetch(`${platform.url}/__local/route-matrix-faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const waypoint = (p: LatLon) => ({ waypoint: { location: { latLng: { latitude: p.lat, longitude: p.lon } } } });

/** A raw request to the stand-in. */
async function raw(
  body: unknown,
  headers: Record<string, string> = {
    'x-goog-api-key': LOCAL_GOOGLE_ROUTES_API_KEY,
    'x-goog-fieldmask': ROUTE_MATRIX_FIELD_MASK,
  },
  search = '',
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${platform.url}${ROUTE_MATRIX_PATH}${search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const matrixBody = (origins: LatLon[], destinations: LatLon[], extra: Record<string, unknown> = {}) => ({
  origins: origins.map(waypoint),
  destinations: destinations.map(waypoint),
  travelMode: 'DRIVE',
  routingPreference: 'TRAFFIC_UNAWARE',
  ...extra,
});

/** The stand-in's drive between two places as the client asks them (5 decimals). */
function standIn(a: LatLon, b: LatLon, peak = false) {
  const at = (p: LatLon) => {
    const [lat, lon] = routeMatrixPointKey(p).split(',').map(Number) as [number, number];
    return { lat, lon };
  };
  return standInDrive(at(a), at(b), peak);
}

/** Nothing of a place (its coordinates to 3 decimals) and not the key in any log line. */
function expectNothingPrivateLogged(points: LatLon[]): void {
  for (const line of logs) {
    expect(line).not.toContain(LOCAL_GOOGLE_ROUTES_API_KEY);
    for (const p of points) {
      expect(line).not.toContain(p.lat.toFixed(3));
      expect(line).not.toContain(p.lon.toFixed(3));
    }
  }
}

async function cachedRows(): Promise<Array<{ departure_hour: string; condition: string }>> {
  const { rows } = await platform.db.query<{ departure_hour: string; condition: string }>(
    'select departure_hour, condition from public.route_matrix_cache order by origin, destination, departure_hour',
  );
  return rows;
}

describe('road drive times through the stand-in', () => {
  it('every pair of the seed’s places: road minutes (driving rounded up + parking) and metres, one request', async () => {
    const matrix = await provider().matrix(PLACES);
    expect(requests).toEqual([{ origins: PLACES.length, destinations: PLACES.length }]);
    expect(matrix.roadBased).toBe(true);
    PLACES.forEach((a, i) => {
      PLACES.forEach((b, j) => {
        const drive = standIn(a, b);
        if (i === j) {
          expect(matrix.minutes[i]?.[j]).toBe(0);
          return;
        }
        expect(matrix.minutes[i]?.[j], `${i}→${j}`).toBe(Math.ceil((drive?.seconds ?? Number.NaN) / 60) + 4);
        expect(matrix.distances?.[i]?.[j], `${i}→${j}`).toBe(drive?.meters);
        // A road is longer than the straight line.
        expect(matrix.distances?.[i]?.[j] as number).toBeGreaterThan(haversineKm(a, b) * 1000);
      });
    });
    // Roads are not symmetric: somewhere A→B and B→A differ.
    expect(PLACES.some((_, i) => PLACES.some((__, j) => matrix.minutes[i]?.[j] !== matrix.minutes[j]?.[i]))).toBe(true);
    expect(logs).toEqual([]);
  });

  it('a departure at a peak hour takes longer than off-peak; each hour is its own cache entry', async () => {
    const peak = await provider().matrix(PLACES, { departureTime: PEAK });
    const offPeak = await provider().matrix(PLACES, { departureTime: OFF_PEAK });
    expect(requests).toHaveLength(2);
    const driving = (m: typeof peak, i: number, j: number) => (m.minutes[i]?.[j] as number) - 4;
    expect(driving(peak, 1, 2)).toBe(
      Math.ceil((standIn(PLACES[1] as LatLon, PLACES[2] as LatLon, true)?.seconds ?? 0) / 60),
    );
    expect(driving(offPeak, 1, 2)).toBe(
      Math.ceil((standIn(PLACES[1] as LatLon, PLACES[2] as LatLon)?.seconds ?? 0) / 60),
    );
    expect(driving(peak, 1, 2)).toBeGreaterThan(driving(offPeak, 1, 2));
    expect(PEAK_FACTOR).toBe(1.3);
    const hours = [...new Set((await cachedRows()).map((r) => r.departure_hour))].sort();
    expect(hours).toEqual(
      [`${PEAK.toISOString().slice(0, 13)}:00Z`, `${OFF_PEAK.toISOString().slice(0, 13)}:00Z`].sort(),
    );
    // The same peak hour again: nothing asked.
    await provider().matrix(PLACES, { departureTime: new Date(PEAK.getTime() + 20 * 60_000) });
    expect(requests).toHaveLength(2);
  });

  it('a place on open water has no route: null minutes and metres for every leg with it', async () => {
    const points = [PLACES[0] as LatLon, ON_THE_LAKE, PLACES[1] as LatLon];
    const matrix = await provider().matrix(points);
    expect(matrix.minutes[0]?.[1]).toBeNull();
    expect(matrix.minutes[1]?.[2]).toBeNull();
    expect(matrix.distances?.[2]?.[1]).toBeNull();
    expect(matrix.minutes[1]?.[1]).toBe(0);
    expect(typeof matrix.minutes[0]?.[2]).toBe('number');
    expect((await cachedRows()).filter((r) => r.condition === 'ROUTE_NOT_FOUND')).toHaveLength(4);
  });

  it('30 places (870 legs) go in requests of at most 625 elements, which the stand-in enforces', async () => {
    const points = Array.from({ length: 30 }, (_, i) => ({
      lat: 41.8 + (i % 6) * 0.02,
      lon: -87.8 + Math.floor(i / 6) * 0.03,
    }));
    const matrix = await provider().matrix(points);
    expect(requests).toEqual([
      { origins: 20, destinations: 30 },
      { origins: 10, destinations: 30 },
    ]);
    expect(matrix.minutes.flat().every((m) => typeof m === 'number')).toBe(true);
    expect((await cachedRows()).length).toBe(30 * 29);
  });
});

describe('the cache (public.route_matrix_cache)', () => {
  it('a second call asks nothing, from another instance too; an added place costs only its row and column', async () => {
    const first = await provider().matrix(PLACES);
    expect(await provider().matrix(PLACES)).toEqual(first);
    expect(await provider().matrix([...PLACES].reverse())).toMatchObject({ roadBased: true });
    expect(requests).toHaveLength(1);
    const added = { lat: 41.93, lon: -87.66 };
    const more = await provider().matrix([...PLACES, added]);
    const n = PLACES.length;
    expect(
      requests
        .slice(1)
        .map((r) => r.origins * r.destinations)
        .reduce((a, b) => a + b, 0),
    ).toBe(2 * n);
    expect(more.minutes.slice(0, n).map((row) => row.slice(0, n))).toEqual(first.minutes);
    expect((await cachedRows()).length).toBe((n + 1) * n);
  });

  it('a route is used for 30 days, "no route" for 1, by the injected clock; every write deletes older rows', async () => {
    const points = [PLACES[0] as LatLon, ON_THE_LAKE, PLACES[1] as LatLon];
    await provider().matrix(points);
    now = new Date(SUITE_START.getTime() + DAY_MS - 60_000);
    await provider().matrix(points);
    expect(requests).toHaveLength(1);
    now = new Date(SUITE_START.getTime() + DAY_MS);
    await provider().matrix(points);
    // Only the four legs with the lake were asked again.
    expect(
      requests
        .slice(1)
        .map((r) => r.origins * r.destinations)
        .reduce((a, b) => a + b, 0),
    ).toBeLessThanOrEqual(6);
    now = new Date(SUITE_START.getTime() + 30 * DAY_MS);
    await provider().matrix([PLACES[2] as LatLon, PLACES[3] as LatLon]);
    // The first day's routes are 30 days old: gone; the lake's refreshed "no route" rows too (29 days old, > 1 day).
    expect(await cachedRows()).toEqual([
      { departure_hour: 'none', condition: 'ROUTE_EXISTS' },
      { departure_hour: 'none', condition: 'ROUTE_EXISTS' },
    ]);
  });

  it('a traffic-aware row is dropped once its hour has passed', async () => {
    await provider().matrix(PLACES.slice(0, 2), { departureTime: PEAK });
    expect((await cachedRows()).map((r) => r.departure_hour)).toEqual([
      `${PEAK.toISOString().slice(0, 13)}:00Z`,
      `${PEAK.toISOString().slice(0, 13)}:00Z`,
    ]);
    now = new Date(PEAK.getTime() + 60 * 60_000);
    await provider().matrix(PLACES.slice(2, 4));
    expect((await cachedRows()).map((r) => r.departure_hour)).toEqual(['none', 'none']);
  });

  it('is closed to every API role: RLS on, no policy, no privileges for anon or authenticated', async () => {
    await provider().matrix(PLACES.slice(0, 2));
    const meta = await platform.db.query<{ rls: boolean; policies: number }>(
      `select c.relrowsecurity as rls,
              (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = 'route_matrix_cache') as policies
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relname = 'route_matrix_cache'`,
    );
    expect(meta.rows).toEqual([{ rls: true, policies: 0 }]);
    const { session } = await signIn(platform, maya.email);
    for (const token of [session.access_token, LOCAL_ANON_KEY]) {
      const response = await fetch(`${platform.url}/rest/v1/route_matrix_cache?select=*`, {
        headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}` },
      });
      expect([401, 403]).toContain(response.status);
      expect(((await response.json()) as { code: string }).code).toBe('42501');
    }
  });
});

describe('failures: retried when worth it, one log line naming the status, nothing private', () => {
  it('a wrong key (the geocoding key, say) is 403 PERMISSION_DENIED: not retried, one line, the key not logged', async () => {
    const error = await provider({ apiKey: LOCAL_GOOGLE_MAPS_API_KEY })
      .matrix(PLACES)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TravelTimeServiceError);
    expect(requests).toHaveLength(1);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(
      /^route matrix unavailable: the Routes API answered HTTP 403 PERMISSION_DENIED \(check GOOGLE_ROUTES_API_KEY/,
    );
    expect(logs[0]).not.toContain(LOCAL_GOOGLE_MAPS_API_KEY);
    expectNothingPrivateLogged(PLACES);
    expect(await cachedRows()).toEqual([]);
  });

  it('429 RESOURCE_EXHAUSTED is retried with backoff, then an error with one line; nothing cached', async () => {
    expect((await faults({ status: 'RESOURCE_EXHAUSTED' })).status).toBe(200);
    const waits: number[] = [];
    const travel = provider({
      retryDelaysMs: [200, 800],
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await expect(travel.matrix(PLACES)).rejects.toBeInstanceOf(TravelTimeServiceError);
    expect(requests).toHaveLength(3);
    expect(waits).toEqual([200, 800]);
    expect(logs).toEqual([
      expect.stringMatching(
        /^route matrix unavailable: the Routes API answered HTTP 429 RESOURCE_EXHAUSTED after 3 attempts/,
      ),
    ]);
    expectNothingPrivateLogged(PLACES);
    expect(await cachedRows()).toEqual([]);
  });

  it('a quota or an outage that passes: the retry answers', async () => {
    await faults({ status: 'RESOURCE_EXHAUSTED', times: 1 });
    expect(await provider().matrix(PLACES)).toMatchObject({ roadBased: true });
    expect(requests).toHaveLength(2);
    await faults({ status: 'UNAVAILABLE', times: 2 });
    expect(await provider({ cache: undefined }).matrix(PLACES)).toMatchObject({ roadBased: true });
    expect(requests).toHaveLength(5);
    expect(logs).toEqual([]);
  });

  it('behind the deadline, an exhausted quota gives the straight-line estimate, said approximate', async () => {
    await faults({ status: 'RESOURCE_EXHAUSTED' });
    const matrix = await travelWithin(provider(), 5_000).matrix(PLACES);
    expect(matrix.roadBased).toBeUndefined();
    expect(matrix.source).toMatch(/^haversine \(approximate; road drive times unavailable/);
    expect(matrix.minutes[1]?.[2]).toBe(estimateMinutes(PLACES[1] as LatLon, PLACES[2] as LatLon));
  });

  it('the fault hook refuses what it does not know', async () => {
    expect((await faults({ status: 'PERMISSION_DENIED' })).status).toBe(400);
    expect((await faults({ status: 'UNAVAILABLE', times: 0 })).status).toBe(400);
    expect((await faults({ status: null, extra: 1 })).status).toBe(400);
    expect(await (await fetch(`${platform.url}/__local/route-matrix-faults`)).json()).toEqual({ fault: null });
  });
});

describe('the assistant’s optimize_route on the local platform (server.travelTimes() behind the tools)', () => {
  async function optimize(callToken: string, date: string) {
    const message = toolCallsMessage({
      calls: [{ id: 'call_0', name: 'optimize_route', args: { date } }],
      callId: '3f0c1a7e-2b4d-4c8e-9f1a-5d6e7f8a9b0c',
      orgId: '00000000-0000-4000-8000-000000000001',
      callToken,
      now: testNow(),
    });
    const response = await fetch(`${platform.url}/functions/v1/assistant-tools`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-vapi-secret': LOCAL_TOOLS_SECRET },
      body: JSON.stringify(message),
    });
    const body = (await response.json()) as { results: Array<{ result: string }> };
    return parseToolResult(body.results[0]?.result) as Record<string, unknown> & { say: string };
  }

  it('plans tomorrow with road drive times with traffic, and with the straight-line estimate when the service fails', async () => {
    const { callToken } = await assistantSession(platform, maya.email);
    const road = await optimize(callToken, DAYS.thursday);
    expect(road.driveTimes).toBe('road');
    expect(road.say).toMatch(/Drive times are road drive times, with traffic for leaving around \d{1,2}:\d{2} AM\./);
    // The legs were cached under tomorrow's first visit's hour.
    expect((await cachedRows()).every((r) => r.departure_hour.startsWith(DAYS.thursday))).toBe(true);
    await platform.db.query('delete from public.route_matrix_cache');
    await faults({ status: 'UNAVAILABLE' });
    const estimate = await optimize(callToken, DAYS.thursday);
    expect(estimate.driveTimes).toBe('approximate');
    expect(estimate.say).toContain('Drive times are straight-line estimates (approximate).');
    expect(estimate.travelBeforeMinutes).not.toBe(road.travelBeforeMinutes);
  }, 60_000);
});

// ─── The stand-in against the documented shapes ─────────────────────────────────────────────────────────────────

/** Google's documented element conditions and error statuses, written out here so the code cannot drift alone. */
const DOCUMENTED_CONDITIONS = ['ROUTE_MATRIX_ELEMENT_CONDITION_UNSPECIFIED', 'ROUTE_EXISTS', 'ROUTE_NOT_FOUND'];
const ELEMENT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    originIndex: { type: 'integer', minimum: 1 },
    destinationIndex: { type: 'integer', minimum: 1 },
    status: {
      type: 'object',
      additionalProperties: false,
      properties: { code: { type: 'integer', minimum: 1 }, message: { type: 'string' }, details: { type: 'array' } },
    },
    condition: { enum: DOCUMENTED_CONDITIONS },
    distanceMeters: { type: 'integer', minimum: 1 },
    duration: { type: 'string', pattern: '^[0-9]+(\\.[0-9]{1,9})?s$' },
  },
  if: { properties: { condition: { const: 'ROUTE_NOT_FOUND' } }, required: ['condition'] },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, not a thenable.
  then: { not: { anyOf: [{ required: ['duration'] }, { required: ['distanceMeters'] }] } },
};
const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'status'],
      additionalProperties: false,
      properties: {
        code: { type: 'integer', minimum: 400, maximum: 599 },
        message: { type: 'string', minLength: 1 },
        status: {
          enum: ['INVALID_ARGUMENT', 'PERMISSION_DENIED', 'NOT_FOUND', 'RESOURCE_EXHAUSTED', 'UNAVAILABLE', 'INTERNAL'],
        },
        details: { type: 'array' },
      },
    },
  },
};
const ajv = new Ajv({ allErrors: true, strict: false });
const validElement = ajv.compile(ELEMENT_SCHEMA);
const validError = ajv.compile(ERROR_SCHEMA);

function expectError(
  answer: { status: number; body: unknown },
  status: number,
  rpc: string,
  message?: string | RegExp,
) {
  expect(answer.status).toBe(status);
  expect(validError(answer.body), JSON.stringify(validError.errors)).toBe(true);
  const error = (answer.body as { error: { code: number; status: string; message: string } }).error;
  expect(error.code).toBe(status);
  expect(error.status).toBe(rpc);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else if (message) expect(error.message).toMatch(message);
}

describe('the stand-in answers in the documented shapes', () => {
  it('the client knows exactly the documented conditions and asks the documented field mask', () => {
    expect([...ROUTE_MATRIX_CONDITIONS]).toEqual(DOCUMENTED_CONDITIONS);
    expect(ROUTE_MATRIX_FIELD_MASK).toBe('originIndex,destinationIndex,duration,distanceMeters,status,condition');
  });

  it('a 200 answer: one element per pair, each in the documented shape, "123s" durations, zero values left out', async () => {
    const answer = await raw(matrixBody(PLACES.slice(0, 3), [...PLACES.slice(0, 2), ON_THE_LAKE]));
    expect(answer.status).toBe(200);
    const elements = answer.body as Array<Record<string, unknown>>;
    expect(elements).toHaveLength(9);
    for (const e of elements)
      expect(validElement(e), `${JSON.stringify(e)} ${JSON.stringify(validElement.errors)}`).toBe(true);
    const at = (o: number, d: number) =>
      elements.find((e) => (e.originIndex ?? 0) === o && (e.destinationIndex ?? 0) === d) as Record<string, unknown>;
    // 0 → 0 is the same place: no index, no distance (zero values), "0s".
    expect(at(0, 0)).toEqual({ status: {}, condition: 'ROUTE_EXISTS', duration: '0s' });
    expect(at(1, 0)).toEqual({
      originIndex: 1,
      status: {},
      condition: 'ROUTE_EXISTS',
      distanceMeters: standIn(PLACES[1] as LatLon, PLACES[0] as LatLon)?.meters,
      duration: `${standIn(PLACES[1] as LatLon, PLACES[0] as LatLon)?.seconds}s`,
    });
    expect(at(2, 2)).toEqual({ originIndex: 2, destinationIndex: 2, status: {}, condition: 'ROUTE_NOT_FOUND' });
    // No particular order: not row by row.
    const rowMajor = [...elements].sort(
      (x, y) =>
        ((x.originIndex as number) ?? 0) * 3 +
        ((x.destinationIndex as number) ?? 0) -
        (((y.originIndex as number) ?? 0) * 3 + ((y.destinationIndex as number) ?? 0)),
    );
    expect(elements).not.toEqual(rowMajor);
  });

  it('answers only the fields the mask names; the mask may come as ?fields=', async () => {
    const body = matrixBody(PLACES.slice(0, 2), PLACES.slice(1, 3));
    const durations = await raw(body, {
      'x-goog-api-key': LOCAL_GOOGLE_ROUTES_API_KEY,
      'x-goog-fieldmask': 'duration',
    });
    expect((durations.body as object[]).every((e) => Object.keys(e).join() === 'duration')).toBe(true);
    const viaQuery = await raw(
      body,
      { 'x-goog-api-key': LOCAL_GOOGLE_ROUTES_API_KEY },
      '?fields=originIndex,condition',
    );
    expect(viaQuery.status).toBe(200);
    expect(
      (viaQuery.body as object[]).every((e) => Object.keys(e).every((k) => ['originIndex', 'condition'].includes(k))),
    ).toBe(true);
    const all = await raw(body, { 'x-goog-api-key': LOCAL_GOOGLE_ROUTES_API_KEY, 'x-goog-fieldmask': '*' });
    expect(all.status).toBe(200);
  });

  it('the field mask is required, and must name fields that exist', async () => {
    const body = matrixBody(PLACES.slice(0, 2), PLACES.slice(0, 2));
    expectError(
      await raw(body, { 'x-goog-api-key': LOCAL_GOOGLE_ROUTES_API_KEY }),
      400,
      'INVALID_ARGUMENT',
      ROUTE_MATRIX_ERROR_MESSAGES.missingFieldMask,
    );
    expect(ROUTE_MATRIX_ERROR_MESSAGES.missingFieldMask).toMatch(/^FieldMask is a required parameter\./);
    expectError(
      await raw(body, { 'x-goog-api-key': LOCAL_GOOGLE_ROUTES_API_KEY, 'x-goog-fieldmask': 'duration,routes.legs' }),
      400,
      'INVALID_ARGUMENT',
      "Error expanding 'fields' parameter. Cannot find matching fields for path 'routes.legs'.",
    );
  });

  it('the key: missing or another one is 403 PERMISSION_DENIED; ?key= works as the header does', async () => {
    const body = matrixBody(PLACES.slice(0, 2), PLACES.slice(0, 2));
    expectError(
      await raw(body, { 'x-goog-fieldmask': ROUTE_MATRIX_FIELD_MASK }),
      403,
      'PERMISSION_DENIED',
      'The request is missing a valid API key.',
    );
    expectError(
      await raw(body, { 'x-goog-api-key': LOCAL_GOOGLE_MAPS_API_KEY, 'x-goog-fieldmask': ROUTE_MATRIX_FIELD_MASK }),
      403,
      'PERMISSION_DENIED',
      /^Requests to this API routes\.googleapis\.com method google\.maps\.routing\.v2\.Routes\.ComputeRouteMatrix are blocked\.$/,
    );
    const viaQuery = await raw(
      body,
      { 'x-goog-fieldmask': ROUTE_MATRIX_FIELD_MASK },
      `?key=${LOCAL_GOOGLE_ROUTES_API_KEY}`,
    );
    expect(viaQuery.status).toBe(200);
  });

  it('at most 625 elements (100 with TRAFFIC_AWARE_OPTIMAL)', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ lat: 41.8 + i * 0.003, lon: -87.7 }));
    expect((await raw(matrixBody(many(25), many(25)))).status).toBe(200);
    expectError(
      await raw(matrixBody(many(26), many(25))),
      400,
      'INVALID_ARGUMENT',
      ROUTE_MATRIX_ERROR_MESSAGES.tooManyElements,
    );
    expectError(
      await raw(matrixBody(many(1), many(626))),
      400,
      'INVALID_ARGUMENT',
      ROUTE_MATRIX_ERROR_MESSAGES.tooManyElements,
    );
    expect((await raw(matrixBody(many(10), many(10), { routingPreference: 'TRAFFIC_AWARE_OPTIMAL' }))).status).toBe(
      200,
    );
    expectError(
      await raw(matrixBody(many(11), many(10), { routingPreference: 'TRAFFIC_AWARE_OPTIMAL' })),
      400,
      'INVALID_ARGUMENT',
      ROUTE_MATRIX_ERROR_MESSAGES.tooManyOptimalElements,
    );
  });

  it('bad waypoints, bodies and values are 400 INVALID_ARGUMENT in Google’s shape', async () => {
    const good = matrixBody(PLACES.slice(0, 2), PLACES.slice(0, 2));
    const cases: Array<[unknown, RegExp]> = [
      ['{"origins": [', /^Invalid JSON payload received/],
      [[1, 2], /^Invalid JSON payload received/],
      [{ ...good, origin: [] }, /^Invalid JSON payload received\. Unknown name "origin": Cannot find field\.$/],
      [{ ...good, origins: [] }, /origins/],
      [{ ...good, destinations: undefined }, /destinations/],
      [{ ...good, origins: [{ waypoint: {} }] }, /^Invalid origins\[0\]: the waypoint has no location\.latLng\.$/],
      [{ ...good, origins: [{ location: {} }] }, /^Invalid origins\[0\]: a waypoint is required\.$/],
      [{ ...good, destinations: [waypoint({ lat: 91, lon: 0 })] }, /^Invalid destinations\[0\]: latitude/],
      [{ ...good, destinations: [waypoint({ lat: 41, lon: -181 })] }, /^Invalid destinations\[0\]: longitude/],
      [{ ...good, origins: [{ waypoint: { address: '1 Main St' } }] }, /latLng waypoints only/],
      [{ ...good, travelMode: 'CAR' }, /^Invalid value at 'travel_mode'/],
      [{ ...good, travelMode: 'WALK' }, /DRIVE only/],
      [{ ...good, routingPreference: 'FASTEST' }, /^Invalid value at 'routing_preference'/],
      [
        { ...good, routingPreference: 'TRAFFIC_AWARE', departureTime: 'tomorrow' },
        /^Invalid value at 'departure_time'/,
      ],
      [
        { ...good, routingPreference: 'TRAFFIC_AWARE', departureTime: '2026-10-27T08:00:00Z' },
        /^Timestamp must be set to a future time\.$/,
      ],
    ];
    for (const [body, message] of cases) expectError(await raw(body), 400, 'INVALID_ARGUMENT', message);
    // A timestamp no calendar has is refused before the route, in the same shape.
    expectError(await raw({ ...good, departureTime: '2026-02-30T08:00:00Z' }), 400, 'INVALID_ARGUMENT');
  });

  it('faults: 429 RESOURCE_EXHAUSTED and 503 UNAVAILABLE in Google’s shape, for valid requests only', async () => {
    const body = matrixBody(PLACES.slice(0, 2), PLACES.slice(0, 2));
    await faults({ status: 'RESOURCE_EXHAUSTED', times: 2 });
    // An invalid request is answered as such and does not use up the fault.
    expectError(await raw(body, { 'x-goog-fieldmask': ROUTE_MATRIX_FIELD_MASK }), 403, 'PERMISSION_DENIED');
    expectError(await raw(body), 429, 'RESOURCE_EXHAUSTED', ROUTE_MATRIX_ERROR_MESSAGES.resourceExhausted);
    expectError(await raw(body), 429, 'RESOURCE_EXHAUSTED');
    expect((await raw(body)).status).toBe(200);
    await faults({ status: 'UNAVAILABLE', times: 1 });
    expectError(await raw(body), 503, 'UNAVAILABLE', 'The service is currently unavailable.');
  });

  it('other methods get 404 in the same shape', async () => {
    const response = await fetch(`${platform.url}${ROUTE_MATRIX_PATH}`);
    expectError({ status: response.status, body: await response.json() }, 404, 'NOT_FOUND');
  });

  it('a drift from the documented shapes is caught by the checks', () => {
    const good = answerRouteMatrix(
      {
        apiKey: LOCAL_GOOGLE_ROUTES_API_KEY,
        fieldMask: ROUTE_MATRIX_FIELD_MASK,
        body: JSON.stringify(matrixBody(PLACES.slice(0, 2), PLACES.slice(0, 2))),
      },
      SUITE_START,
    );
    expect(good.status).toBe(200);
    const element = (good.body as Array<Record<string, unknown>>).find((e) => e.originIndex === 1) as Record<
      string,
      unknown
    >;
    expect(validElement(element)).toBe(true);
    const drifted = [
      { ...element, duration: 123 },
      { ...element, duration: '2m3s' },
      { ...element, originIndex: 0 },
      { ...element, distanceMeters: 12.5 },
      { ...element, condition: 'OK' },
      { ...element, status: 'OK' },
      { ...element, durationSeconds: 123 },
      { ...element, condition: 'ROUTE_NOT_FOUND' },
    ];
    for (const e of drifted) expect(validElement(e), JSON.stringify(e)).toBe(false);
    const error = answerRouteMatrix({ apiKey: null, fieldMask: null, body: '{}' }, SUITE_START);
    expect(validError(error.body)).toBe(true);
    for (const body of [
      { error: { code: 403, message: 'x' } },
      { error: { code: '403', message: 'x', status: 'PERMISSION_DENIED' } },
      { error: { code: 403, message: 'x', status: 'REQUEST_DENIED' } },
      { error_message: 'x', status: 'REQUEST_DENIED' },
    ]) {
      expect(validError(body), JSON.stringify(body)).toBe(false);
    }
  });
});
