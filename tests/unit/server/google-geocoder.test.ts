// The Geocoding API client's decisions without a network (server/geo/google-geocoder.ts): what each documented answer
// means, when it tries again and how long it waits, what it logs (one line per kind of failure, rate-limited, nothing
// of the address or the key), aborts, and the cache in front (server/geo/geocode-cache.ts: freshness by the injected
// clock, parameters always bound). The same client against the local platform's stand-in:
// tests/contract/geocoding.contract.test.ts.
import { describe, expect, it } from 'vitest';
import type { Located } from '../../../core/geo/geocoder.ts';
import {
  type CachedGeocode,
  createGeocodeCache,
  freshSince,
  GEOCODE_CACHE_TTL_MS,
  type GeocodeCache,
} from '../../../server/geo/geocode-cache.ts';
import {
  createGoogleGeocoder,
  DEFAULT_RETRY_DELAYS_MS,
  GOOGLE_MAPS_API_URL,
  type GoogleGeocoderOptions,
  geocodeUrl,
  interpretGeocodeBody,
  interpretHttpStatus,
} from '../../../server/geo/google-geocoder.ts';

const ADDRESS = '1620 N Halsted St Apt 4, Chicago, IL 60614';
const KEY = 'test-maps-key-123456';
const T0 = new Date('2026-10-28T14:30:00Z');

function result(overrides: Record<string, unknown> = {}, geometry: Record<string, unknown> = {}) {
  return {
    address_components: [],
    formatted_address: `${ADDRESS}, USA`,
    geometry: { location: { lat: 41.9123, lng: -87.6489 }, location_type: 'ROOFTOP', ...geometry },
    place_id: 'ChIJtest',
    types: ['street_address'],
    ...overrides,
  };
}
const ok = (...results: unknown[]) => ({ results, status: 'OK' });
const status = (name: string, message?: string) => ({
  results: [],
  status: name,
  ...(message ? { error_message: message } : {}),
});
const EXACT: Located = { lat: 41.9123, lon: -87.6489, approximate: false, formatted: `${ADDRESS}, USA` };

describe('what an answer means (interpretGeocodeBody)', () => {
  it('OK is the first result; approximate for GEOMETRIC_CENTER, APPROXIMATE or a partial match', () => {
    expect(interpretGeocodeBody(ok(result(), result({ formatted_address: 'second' })))).toEqual({
      kind: 'located',
      located: EXACT,
    });
    for (const [type, approximate] of [
      ['ROOFTOP', false],
      ['RANGE_INTERPOLATED', false],
      ['GEOMETRIC_CENTER', true],
      ['APPROXIMATE', true],
    ] as const) {
      expect(interpretGeocodeBody(ok(result({}, { location_type: type }))), type).toMatchObject({
        located: { approximate },
      });
    }
    expect(interpretGeocodeBody(ok(result({ partial_match: true })))).toMatchObject({
      located: { approximate: true },
    });
    expect(interpretGeocodeBody(ok(result({ formatted_address: undefined })))).toMatchObject({
      located: { formatted: null },
    });
  });

  it('ZERO_RESULTS (and an OK without results) is not found', () => {
    expect(interpretGeocodeBody(status('ZERO_RESULTS'))).toEqual({ kind: 'not-found' });
    expect(interpretGeocodeBody(ok())).toEqual({ kind: 'not-found' });
  });

  it('OVER_QUERY_LIMIT and UNKNOWN_ERROR are worth another try; the other statuses are not', () => {
    expect(interpretGeocodeBody(status('OVER_QUERY_LIMIT', 'rate'))).toEqual({
      kind: 'retry',
      status: 'OVER_QUERY_LIMIT',
    });
    expect(interpretGeocodeBody(status('UNKNOWN_ERROR'))).toEqual({ kind: 'retry', status: 'UNKNOWN_ERROR' });
    for (const name of ['REQUEST_DENIED', 'INVALID_REQUEST', 'OVER_DAILY_LIMIT']) {
      expect(interpretGeocodeBody(status(name, 'x'))).toEqual({ kind: 'fail', status: name });
    }
    expect(interpretGeocodeBody(status('SOMETHING_NEW'))).toEqual({ kind: 'fail', status: 'unknown status' });
  });

  it('a body that drifted from the documented shape is a failure, never a place', () => {
    const drifted = [
      null,
      'OK',
      [],
      { results: [result()] },
      { status: 'OK', results: 'none' },
      ok(result({}, { location: { lat: 41.9, lon: -87.6 } })),
      ok(result({}, { location: { lat: '41.9', lng: '-87.6' } })),
      ok(result({}, { location: { lat: 91, lng: 0 } })),
      ok(result({}, { location_type: 'EXACT' })),
      ok(result({ geometry: undefined })),
    ];
    for (const body of drifted) {
      expect(interpretGeocodeBody(body), JSON.stringify(body)).toEqual({ kind: 'fail', status: 'unexpected body' });
    }
  });

  it('HTTP 429 and 5xx are worth another try, other HTTP errors not', () => {
    expect(interpretHttpStatus(503)).toEqual({ kind: 'retry', status: 'HTTP 503' });
    expect(interpretHttpStatus(429)).toEqual({ kind: 'retry', status: 'HTTP 429' });
    expect(interpretHttpStatus(403)).toEqual({ kind: 'fail', status: 'HTTP 403' });
  });

  it('the request: address, key and the country filter, encoded', () => {
    const url = new URL(geocodeUrl(`${GOOGLE_MAPS_API_URL}/`, 'k&y', 'A & B #1', 'US'));
    expect(`${url.origin}${url.pathname}`).toBe('https://maps.googleapis.com/maps/api/geocode/json');
    expect(Object.fromEntries(url.searchParams)).toEqual({ address: 'A & B #1', key: 'k&y', components: 'country:US' });
    expect(new URL(geocodeUrl('http://127.0.0.1:1', 'k', 'a', null)).searchParams.has('components')).toBe(false);
  });
});

/** A scripted Google: each call takes the next answer (a body, an HTTP status, or a thrown error). */
function harness(
  answers: Array<unknown | { http: number; body?: string } | Error>,
  options: Partial<GoogleGeocoderOptions> = {},
) {
  const calls: string[] = [];
  const logs: string[] = [];
  const waits: number[] = [];
  let now = T0;
  const geocoder = createGoogleGeocoder({
    apiKey: KEY,
    fetch: async (input) => {
      calls.push(String(input));
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (next instanceof Error) throw next;
      if (typeof next === 'object' && next !== null && 'http' in next) {
        const { http, body } = next as { http: number; body?: string };
        return new Response(body ?? '<html>Error</html>', { status: http });
      }
      return new Response(JSON.stringify(next), { status: 200, headers: { 'content-type': 'application/json' } });
    },
    now: () => now,
    log: (line) => logs.push(line),
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return {
    geocoder,
    calls,
    logs,
    waits,
    setNow(date: Date) {
      now = date;
    },
  };
}

function expectPrivateOut(lines: string[]): void {
  for (const line of lines) {
    expect(line).not.toContain(KEY);
    for (const word of ['1620', 'Halsted', 'Chicago', '60614']) expect(line).not.toContain(word);
  }
}

describe('the client (createGoogleGeocoder)', () => {
  it('answers a place in one request, with the default retry delays unused', async () => {
    const h = harness([ok(result())]);
    expect(await h.geocoder.locate(ADDRESS)).toEqual(EXACT);
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]).toMatch(/^https:\/\/maps\.googleapis\.com\/maps\/api\/geocode\/json\?address=/);
    expect(h.waits).toEqual([]);
    expect(h.logs).toEqual([]);
  });

  it('tries again after 5xx, 429, OVER_QUERY_LIMIT, UNKNOWN_ERROR and no answer, waiting the default delays', async () => {
    const h = harness([{ http: 503 }, status('OVER_QUERY_LIMIT'), ok(result())]);
    expect(await h.geocoder.locate(ADDRESS)).toEqual(EXACT);
    expect(h.waits).toEqual([...DEFAULT_RETRY_DELAYS_MS]);
    expect(DEFAULT_RETRY_DELAYS_MS.length).toBeGreaterThanOrEqual(2);
    const again = harness([new TypeError('fetch failed'), { http: 429 }, status('UNKNOWN_ERROR')], {
      retryDelaysMs: [1, 2],
    });
    expect(await again.geocoder.locate(ADDRESS)).toBe('unavailable');
    expect(again.calls).toHaveLength(3);
    expect(again.logs).toEqual(['geocoding unavailable: the Geocoding API answered UNKNOWN_ERROR after 3 attempts']);
  });

  it('no answer at all: retried, then one line that says so without the URL', async () => {
    const h = harness([new TypeError(`fetch failed for https://maps.googleapis.com/?address=${ADDRESS}&key=${KEY}`)]);
    expect(await h.geocoder.locate(ADDRESS)).toBe('unavailable');
    expect(h.calls).toHaveLength(3);
    expect(h.logs).toEqual(['geocoding unavailable: no answer from the Geocoding API after 3 attempts']);
    expectPrivateOut(h.logs);
  });

  it('REQUEST_DENIED, INVALID_REQUEST, OVER_DAILY_LIMIT, a 4xx and a drifted body: at once, one line each', async () => {
    for (const [answer, named] of [
      [status('REQUEST_DENIED', `The provided API key ${KEY} is invalid for ${ADDRESS}.`), 'REQUEST_DENIED'],
      [status('INVALID_REQUEST', ADDRESS), 'INVALID_REQUEST'],
      [status('OVER_DAILY_LIMIT', 'billing'), 'OVER_DAILY_LIMIT'],
      [{ http: 403 }, 'HTTP 403'],
      [{ http: 200, body: 'not json' }, 'a body that is not the documented shape'],
      [ok(result({}, { location: { lat: 1 } })), 'a body that is not the documented shape'],
    ] as const) {
      const h = harness([answer]);
      expect(await h.geocoder.locate(ADDRESS), named).toBe('unavailable');
      expect(h.calls, named).toHaveLength(1);
      expect(h.logs, named).toHaveLength(1);
      expect(h.logs[0]).toContain(named);
      expectPrivateOut(h.logs);
    }
  });

  it('logs a failure once a minute by the injected clock, then says how many it did not log', async () => {
    const h = harness([status('REQUEST_DENIED')]);
    for (let i = 0; i < 3; i++) expect(await h.geocoder.locate(`${i} ${ADDRESS}`)).toBe('unavailable');
    expect(h.logs).toHaveLength(1);
    h.setNow(new Date(T0.getTime() + 60_000));
    await h.geocoder.locate(ADDRESS);
    expect(h.logs).toHaveLength(2);
    expect(h.logs[1]).toMatch(/REQUEST_DENIED .*; 2 more since the last report$/);
  });

  it('an empty address asks nothing', async () => {
    const h = harness([ok(result())]);
    expect(await h.geocoder.locate(' ,. ')).toBe('not-found');
    expect(h.calls).toEqual([]);
  });

  it('aborts: before asking, and while waiting to try again', async () => {
    const aborted = harness([ok(result())]);
    const controller = new AbortController();
    controller.abort();
    await expect(aborted.geocoder.locate(ADDRESS, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(aborted.calls).toEqual([]);

    const waiting = new AbortController();
    const h = harness([status('OVER_QUERY_LIMIT')], {
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason));
          waiting.abort();
        }),
    });
    await expect(h.geocoder.locate(ADDRESS, waiting.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(h.calls).toHaveLength(1);
    expect(h.logs).toEqual([]);
  });

  it('the default sleep gives up at once on an abort', async () => {
    const controller = new AbortController();
    const h = harness([status('OVER_QUERY_LIMIT')], { sleep: undefined, retryDelaysMs: [60_000] });
    const pending = h.geocoder.locate(ADDRESS, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(h.calls).toHaveLength(1);
  });
});

/** An in-memory GeocodeCache with the real freshness rules (what the SQL says, in JS). */
function memoryCache(): GeocodeCache & { rows: Map<string, { answer: CachedGeocode; at: Date }>; fail?: boolean } {
  const rows = new Map<string, { answer: CachedGeocode; at: Date }>();
  const cache = {
    rows,
    fail: false,
    async get(key: string, now: Date) {
      if (cache.fail) throw new Error(`relation failed for key ${key}`);
      const row = rows.get(key);
      if (!row) return null;
      const since = freshSince(now);
      const limit = Date.parse(row.answer === 'not-found' ? since.notFound : since.ok);
      return row.at.getTime() > limit ? row.answer : null;
    },
    async put(key: string, answer: CachedGeocode, now: Date) {
      if (cache.fail) throw new Error(`duplicate key (${key})`);
      rows.set(key, { answer, at: now });
    },
  };
  return cache;
}

describe('the client with a cache', () => {
  it('uses a fresh answer, asks again once it is stale, and never caches an outage', async () => {
    const cache = memoryCache();
    const h = harness([ok(result()), status('ZERO_RESULTS'), status('REQUEST_DENIED')], { cache });
    expect(await h.geocoder.locate(ADDRESS)).toEqual(EXACT);
    expect(await h.geocoder.locate(ADDRESS.toUpperCase())).toEqual(EXACT);
    expect(h.calls).toHaveLength(1);
    h.setNow(new Date(T0.getTime() + GEOCODE_CACHE_TTL_MS.ok));
    expect(await h.geocoder.locate(ADDRESS)).toBe('not-found');
    expect(h.calls).toHaveLength(2);
    h.setNow(new Date(T0.getTime() + GEOCODE_CACHE_TTL_MS.ok + GEOCODE_CACHE_TTL_MS.notFound));
    expect(await h.geocoder.locate(ADDRESS)).toBe('unavailable');
    expect(cache.rows.get('1620 n halsted st apt 4 chicago il 60614')?.answer).toBe('not-found');
  });

  it('a cache that fails is logged once, without the error (it may quote the key), and Google answers', async () => {
    const cache = memoryCache();
    cache.fail = true;
    const h = harness([ok(result())], { cache });
    expect(await h.geocoder.locate(ADDRESS)).toEqual(EXACT);
    expect(h.logs).toEqual([
      'geocode cache: read failed, asking the Geocoding API instead',
      'geocode cache: write failed, the answer is used uncached',
    ]);
    expectPrivateOut(h.logs);
  });
});

describe('the SQL cache (createGeocodeCache)', () => {
  it('binds every value, reads only fresh rows and deletes stale ones on write', async () => {
    const seen: Array<{ sql: string; params: readonly unknown[] }> = [];
    let rows: Record<string, unknown>[] = [];
    const cache = createGeocodeCache(async (sql, params) => {
      seen.push({ sql, params });
      return { rows };
    });
    expect(await cache.get('a key', T0)).toBeNull();
    expect(seen[0]?.params).toEqual(['a key', '2026-09-28T14:30:00.000Z', '2026-10-27T14:30:00.000Z']);
    expect(seen[0]?.sql).not.toContain('a key');

    rows = [{ lat: 41.5, lon: -87.5, approximate: true, formatted: 'Chicago, IL 60614, USA', status: 'ok' }];
    expect(await cache.get('a key', T0)).toEqual({
      lat: 41.5,
      lon: -87.5,
      approximate: true,
      formatted: 'Chicago, IL 60614, USA',
    });
    rows = [{ lat: null, lon: null, approximate: false, formatted: null, status: 'not-found' }];
    expect(await cache.get('a key', T0)).toBe('not-found');
    rows = [{ lat: '41.5', lon: '-87.5', approximate: false, formatted: null, status: 'ok' }]; // numeric as text
    expect(await cache.get('a key', T0)).toMatchObject({ lat: 41.5, lon: -87.5 });
    rows = [{ lat: null, lon: null, approximate: false, formatted: null, status: 'ok' }];
    expect(await cache.get('a key', T0)).toBeNull();

    seen.length = 0;
    await cache.put('a key', EXACT, T0);
    await cache.put('b key', 'not-found', T0);
    expect(seen.map((s) => s.params)).toEqual([
      ['a key', EXACT.lat, EXACT.lon, false, EXACT.formatted, 'ok', '2026-10-28T14:30:00.000Z'],
      ['2026-09-28T14:30:00.000Z', '2026-10-27T14:30:00.000Z'],
      ['b key', null, null, false, null, 'not-found', '2026-10-28T14:30:00.000Z'],
      ['2026-09-28T14:30:00.000Z', '2026-10-27T14:30:00.000Z'],
    ]);
    expect(seen.every((s) => !s.sql.includes('a key') && !s.sql.includes('b key'))).toBe(true);
  });

  it('30 days for a place, 1 day for "not found"', () => {
    expect(GEOCODE_CACHE_TTL_MS).toEqual({ ok: 30 * 86_400_000, notFound: 86_400_000 });
    expect(freshSince(T0)).toEqual({ ok: '2026-09-28T14:30:00.000Z', notFound: '2026-10-27T14:30:00.000Z' });
  });
});
