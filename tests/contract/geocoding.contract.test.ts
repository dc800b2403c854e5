// The server's Geocoding API client (server/geo/google-geocoder.ts) and its Postgres cache (geocode-cache.ts)
// against the local platform's stand-in for Google's Geocoding API (emulators/geocoding, GET /maps/api/geocode/json):
// seeded addresses exact, other US addresses at their ZIP code's centre and marked approximate, unknown ones not
// found; a missing or wrong key and an exhausted quota unavailable with one log line that names the status and
// nothing of the address or the key; the cache (a second call asks nothing, 30 days for a place, 1 day for "not
// found", by the injected clock); retries on OVER_QUERY_LIMIT through the stand-in's fault switch; the stand-in's
// answers checked against the shape Google documents, so a drift from it fails here; public.geocode_cache closed to
// every API role.
import Ajv from 'ajv';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { addressKey, type Geocoder } from '../../core/geo/geocoder.ts';
import { answerGeocode, GEOCODE_ERROR_MESSAGES } from '../../emulators/geocoding/routes.ts';
import { LOCAL_GOOGLE_MAPS_API_KEY } from '../../emulators/local-secrets.ts';
import { createGeocodeCache } from '../../server/geo/geocode-cache.ts';
import {
  createGoogleGeocoder,
  GEOCODE_PATH,
  GEOCODE_STATUSES,
  type GoogleGeocoderOptions,
  LOCATION_TYPES,
} from '../../server/geo/google-geocoder.ts';
import { signIn, startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { suiteSeed } from '../support/seed-calendar.ts';
import { SUITE_START } from '../support/test-clock.ts';

const DAY_MS = 86_400_000;
const seed = suiteSeed();
const patient = seed.patients[0] as (typeof seed.patients)[number];
const maya = seed.clinicians[0] as (typeof seed.clinicians)[number];
/** Not in the seed, but in a real ZIP code (Lincoln Park, 60614; centroid 41.9229, -87.6483 in zipcodes 8). */
const ZIP_ONLY = '4242 W Imaginary Ave, Chicago, IL 60614';
const NOWHERE = 'The house with the blue door by the old mill';

let platform: TestPlatform;
let now: Date;
let requests: string[];
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
  await platform.db.query('delete from public.geocode_cache');
});
afterEach(async () => {
  await faults({ status: null });
});

const query = (sql: string, params: readonly unknown[]) => platform.db.query(sql, [...params]);

/** The client as the server builds it, against the stand-in, counting its requests (never their URLs in output). */
function geocoder(options: Partial<GoogleGeocoderOptions> = {}): Geocoder {
  return createGoogleGeocoder({
    apiKey: LOCAL_GOOGLE_MAPS_API_KEY,
    baseUrl: platform.url,
    fetch: (input, init) => {
      requests.push(String(input));
      return fetch(input, init);
    },
    cache: createGeocodeCache(query),
    now: () => now,
    log: (line) => logs.push(line),
    retryDelaysMs: [1, 1],
    ...options,
  });
}

function faults(body: Record<string, unknown>): Promise<Response> {
  return fetch(`${platform.url}/__local/geocoding-faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function raw(params: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${platform.url}${GEOCODE_PATH}?${new URLSearchParams(params)}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Nothing of an address (its words, numbers, ZIP code) and not the key in any log line. */
function expectNothingPrivateLogged(address: string): void {
  const words = address.split(/[\s,]+/).filter((w) => w.length >= 4 || /\d/.test(w));
  for (const line of logs) {
    expect(line).not.toContain(LOCAL_GOOGLE_MAPS_API_KEY);
    for (const word of words) expect(line.toLowerCase()).not.toContain(word.toLowerCase());
  }
}

async function cachedRows(): Promise<Array<{ address_key: string; status: string; fetched_at: string }>> {
  const { rows } = await platform.db.query<{ address_key: string; status: string; fetched_at: string }>(
    `select address_key, status, to_char(fetched_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as fetched_at
     from public.geocode_cache order by address_key`,
  );
  return rows;
}

describe('locating addresses through the stand-in', () => {
  it('a seeded patient address and a clinician’s home are exact, at the seed’s coordinates', async () => {
    const geo = geocoder();
    expect(await geo.locate(patient.address)).toEqual({
      lat: patient.lat,
      lon: patient.lng,
      approximate: false,
      formatted: `${patient.address}, USA`,
    });
    expect(await geo.locate(maya.home.address)).toEqual({
      lat: maya.home.lat,
      lon: maya.home.lng,
      approximate: false,
      formatted: `${maya.home.address}, USA`,
    });
    // Case, spacing and trailing punctuation aside, the same address.
    expect(await geocoder({ cache: undefined }).locate(`  ${patient.address.toUpperCase()}. `)).toMatchObject({
      lat: patient.lat,
      approximate: false,
    });
    expect(logs).toEqual([]);
  });

  it('another US address with a ZIP code is that ZIP code’s centre, marked approximate', async () => {
    const located = await geocoder().locate(ZIP_ONLY);
    expect(located).toEqual({ lat: 41.9229, lon: -87.6483, approximate: true, formatted: 'Chicago, IL 60614, USA' });
    expect(await geocoder({ cache: undefined }).locate('1 Main St, Beverly Hills, CA 90210-1234, USA')).toMatchObject({
      approximate: true,
      formatted: 'Beverly Hills, CA 90210, USA',
    });
  });

  it('an address without a US ZIP code is not found', async () => {
    const geo = geocoder({ cache: undefined });
    expect(await geo.locate(NOWHERE)).toBe('not-found');
    expect(await geo.locate('12345 Main St')).toBe('not-found'); // a house number is not a ZIP code
    expect(await geo.locate('1 Nowhere Rd, Atlantis 00000')).toBe('not-found'); // no such ZIP code
    expect(await geo.locate('   ')).toBe('not-found'); // nothing to ask: no request
    expect(requests).toHaveLength(3);
    expect(logs).toEqual([]);
  });

  it('asks with components=country:US, and the stand-in honours another country', async () => {
    await geocoder({ cache: undefined }).locate(ZIP_ONLY);
    const sent = new URL(requests[0] as string);
    expect(sent.pathname).toBe('/maps/api/geocode/json');
    expect(sent.searchParams.get('address')).toBe(ZIP_ONLY);
    expect(sent.searchParams.get('key')).toBe(LOCAL_GOOGLE_MAPS_API_KEY);
    expect(sent.searchParams.get('components')).toBe('country:US');
    expect(await geocoder({ cache: undefined, country: 'CA' }).locate(ZIP_ONLY)).toBe('not-found');
    expect(await geocoder({ cache: undefined, country: null }).locate(ZIP_ONLY)).toMatchObject({ approximate: true });
  });
});

describe('failures: unavailable, one log line naming the status, nothing private', () => {
  it('a missing key is REQUEST_DENIED: unavailable, not retried, one line', async () => {
    const geo = geocoder({ apiKey: '' });
    expect(await geo.locate(patient.address)).toBe('unavailable');
    expect(requests).toHaveLength(1);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('REQUEST_DENIED');
    expectNothingPrivateLogged(patient.address);
    expect(await cachedRows()).toEqual([]); // an outage is never cached
  });

  it('a key the platform does not know is REQUEST_DENIED too, and the key is not logged', async () => {
    const wrongKey = 'not-the-local-geocoding-key-0000';
    expect(await geocoder({ apiKey: wrongKey }).locate(patient.address)).toBe('unavailable');
    expect(requests).toHaveLength(1);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^geocoding unavailable: the Geocoding API answered REQUEST_DENIED/);
    expect(logs[0]).not.toContain(wrongKey);
    expectNothingPrivateLogged(patient.address);
  });

  it('OVER_QUERY_LIMIT is retried with backoff, then unavailable with one line', async () => {
    expect((await faults({ status: 'OVER_QUERY_LIMIT' })).status).toBe(200);
    const waits: number[] = [];
    const geo = geocoder({
      retryDelaysMs: [200, 800],
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(await geo.locate(ZIP_ONLY)).toBe('unavailable');
    expect(requests).toHaveLength(3);
    expect(waits).toEqual([200, 800]);
    expect(logs).toEqual([
      expect.stringMatching(/^geocoding unavailable: the Geocoding API answered OVER_QUERY_LIMIT after 3 attempts/),
    ]);
    expectNothingPrivateLogged(ZIP_ONLY);
    expect(await cachedRows()).toEqual([]);
  });

  it('a rate limit that passes: the retry answers', async () => {
    await faults({ status: 'OVER_QUERY_LIMIT', times: 1 });
    expect(await geocoder().locate(patient.address)).toMatchObject({ approximate: false });
    expect(requests).toHaveLength(2);
    expect(logs).toEqual([]);
    await faults({ status: 'UNKNOWN_ERROR', times: 2 });
    expect(await geocoder({ cache: undefined }).locate(patient.address)).toMatchObject({ approximate: false });
    expect(requests).toHaveLength(5);
  });

  it('OVER_DAILY_LIMIT is not retried', async () => {
    await faults({ status: 'OVER_DAILY_LIMIT' });
    expect(await geocoder().locate(ZIP_ONLY)).toBe('unavailable');
    expect(requests).toHaveLength(1);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('OVER_DAILY_LIMIT');
  });

  it('the fault hook refuses what it does not know', async () => {
    expect((await faults({ status: 'REQUEST_DENIED' })).status).toBe(400);
    expect((await faults({ status: 'OVER_QUERY_LIMIT', times: 0 })).status).toBe(400);
    expect((await faults({ status: null, extra: 1 })).status).toBe(400);
    expect(await (await fetch(`${platform.url}/__local/geocoding-faults`)).json()).toEqual({ fault: null });
  });
});

describe('the cache (public.geocode_cache)', () => {
  it('a second call for the same address asks nothing; the row is keyed by the address key', async () => {
    const geo = geocoder();
    const first = await geo.locate(patient.address);
    expect(requests).toHaveLength(1);
    expect(await geo.locate(patient.address)).toEqual(first);
    expect(await geo.locate(patient.address.toLowerCase().replaceAll(',', ' '))).toEqual(first);
    // Another instance (another Edge Function) reads the same table.
    expect(await geocoder().locate(patient.address)).toEqual(first);
    expect(requests).toHaveLength(1);
    expect(await cachedRows()).toEqual([
      { address_key: addressKey(patient.address), status: 'ok', fetched_at: '2026-10-28T14:30:00Z' },
    ]);
  });

  it('a place is used for 30 days by the injected clock, then asked again and refreshed', async () => {
    const geo = geocoder();
    await geo.locate(ZIP_ONLY);
    now = new Date(SUITE_START.getTime() + 30 * DAY_MS - 60_000);
    expect(await geo.locate(ZIP_ONLY)).toMatchObject({ approximate: true });
    expect(requests).toHaveLength(1);
    now = new Date(SUITE_START.getTime() + 30 * DAY_MS);
    expect(await geo.locate(ZIP_ONLY)).toMatchObject({ approximate: true });
    expect(requests).toHaveLength(2);
    expect((await cachedRows())[0]?.fetched_at).toBe('2026-11-27T14:30:00Z');
    expect(await geo.locate(ZIP_ONLY)).toMatchObject({ approximate: true });
    expect(requests).toHaveLength(2);
  });

  it('"not found" is kept for a day', async () => {
    const geo = geocoder();
    expect(await geo.locate(NOWHERE)).toBe('not-found');
    now = new Date(SUITE_START.getTime() + DAY_MS - 60_000);
    expect(await geo.locate(NOWHERE)).toBe('not-found');
    expect(requests).toHaveLength(1);
    now = new Date(SUITE_START.getTime() + DAY_MS);
    expect(await geo.locate(NOWHERE)).toBe('not-found');
    expect(requests).toHaveLength(2);
  });

  it('every write deletes what is older than Google’s terms allow, asked again or not', async () => {
    const geo = geocoder();
    await geo.locate(patient.address);
    await geo.locate(NOWHERE);
    now = new Date(SUITE_START.getTime() + 2 * DAY_MS);
    await geo.locate(maya.home.address); // the "not found" row is past its day
    expect((await cachedRows()).map((r) => r.address_key).sort()).toEqual(
      [addressKey(patient.address), addressKey(maya.home.address)].sort(),
    );
    // 31 days after the first rows, 29 after the home's: only the home stays.
    now = new Date(SUITE_START.getTime() + 31 * DAY_MS);
    await geo.locate(ZIP_ONLY);
    expect((await cachedRows()).map((r) => r.address_key).sort()).toEqual(
      [addressKey(maya.home.address), addressKey(ZIP_ONLY)].sort(),
    );
    now = new Date(SUITE_START.getTime() + 61 * DAY_MS);
    await geo.locate(ZIP_ONLY);
    expect((await cachedRows()).map((r) => r.address_key)).toEqual([addressKey(ZIP_ONLY)]);
  });

  it('is closed to every API role: RLS on, no policy, no privileges for anon or authenticated', async () => {
    await geocoder().locate(patient.address);
    const meta = await platform.db.query<{ rls: boolean; policies: number }>(
      `select c.relrowsecurity as rls,
              (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = 'geocode_cache') as policies
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relname = 'geocode_cache'`,
    );
    expect(meta.rows).toEqual([{ rls: true, policies: 0 }]);
    const { session } = await signIn(platform, maya.email);
    for (const token of [session.access_token, LOCAL_ANON_KEY]) {
      const response = await fetch(`${platform.url}/rest/v1/geocode_cache?select=*`, {
        headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}` },
      });
      expect([401, 403]).toContain(response.status);
      expect(((await response.json()) as { code: string }).code).toBe('42501');
    }
  });
});

// ─── The stand-in against the documented shape ─────────────────────────────────────────────────────────────────────

/** Google's documented statuses and location types, written out here (not imported) so the code cannot drift alone. */
const DOCUMENTED_STATUSES = [
  'OK',
  'ZERO_RESULTS',
  'OVER_DAILY_LIMIT',
  'OVER_QUERY_LIMIT',
  'REQUEST_DENIED',
  'INVALID_REQUEST',
  'UNKNOWN_ERROR',
];
const DOCUMENTED_LOCATION_TYPES = ['ROOFTOP', 'RANGE_INTERPOLATED', 'GEOMETRIC_CENTER', 'APPROXIMATE'];

const latLng = {
  type: 'object',
  required: ['lat', 'lng'],
  additionalProperties: false,
  properties: {
    lat: { type: 'number', minimum: -90, maximum: 90 },
    lng: { type: 'number', minimum: -180, maximum: 180 },
  },
};
const bounds = {
  type: 'object',
  required: ['northeast', 'southwest'],
  additionalProperties: false,
  properties: { northeast: latLng, southwest: latLng },
};
const stringArray = { type: 'array', items: { type: 'string', minLength: 1 } };
/** The Geocoding API's response as Google documents it (geocoding "Geocoding responses"). */
const RESPONSE_SCHEMA = {
  type: 'object',
  required: ['results', 'status'],
  additionalProperties: false,
  properties: {
    status: { enum: DOCUMENTED_STATUSES },
    error_message: { type: 'string', minLength: 1 },
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: ['address_components', 'formatted_address', 'geometry', 'place_id', 'types'],
        additionalProperties: false,
        properties: {
          address_components: {
            type: 'array',
            items: {
              type: 'object',
              required: ['long_name', 'short_name', 'types'],
              additionalProperties: false,
              properties: { long_name: { type: 'string' }, short_name: { type: 'string' }, types: stringArray },
            },
          },
          formatted_address: { type: 'string', minLength: 1 },
          geometry: {
            type: 'object',
            required: ['location', 'location_type', 'viewport'],
            additionalProperties: false,
            properties: {
              location: latLng,
              location_type: { enum: DOCUMENTED_LOCATION_TYPES },
              viewport: bounds,
              bounds,
            },
          },
          partial_match: { const: true },
          place_id: { type: 'string', minLength: 1 },
          plus_code: { type: 'object' },
          postcode_localities: stringArray,
          types: { ...stringArray, minItems: 1 },
        },
      },
    },
  },
  // Only OK carries results.
  if: { properties: { status: { not: { const: 'OK' } } } },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, not a thenable.
  then: { properties: { results: { maxItems: 0 } } },
  else: { properties: { results: { minItems: 1 } } },
};
const validate = new Ajv({ allErrors: true, strict: false }).compile(RESPONSE_SCHEMA);

describe('the stand-in answers in the documented shape', () => {
  it('the client knows exactly the documented statuses and location types', () => {
    expect([...GEOCODE_STATUSES]).toEqual(DOCUMENTED_STATUSES);
    expect([...LOCATION_TYPES]).toEqual(DOCUMENTED_LOCATION_TYPES);
  });

  it('every outcome is HTTP 200 with a documented status and body', async () => {
    const key = LOCAL_GOOGLE_MAPS_API_KEY;
    const cases: Array<[Record<string, string>, string, string | undefined]> = [
      [{ address: patient.address, key }, 'OK', undefined],
      [{ address: maya.home.address, key, components: 'country:US' }, 'OK', undefined],
      [{ address: ZIP_ONLY, key }, 'OK', undefined],
      [{ address: NOWHERE, key }, 'ZERO_RESULTS', undefined],
      [{ address: patient.address }, 'REQUEST_DENIED', GEOCODE_ERROR_MESSAGES.missingKey],
      [{ address: patient.address, key: 'wrong' }, 'REQUEST_DENIED', 'The provided API key is invalid. '],
      [{ key }, 'INVALID_REQUEST', GEOCODE_ERROR_MESSAGES.missingAddress],
      [{ key, address: ' ' }, 'INVALID_REQUEST', GEOCODE_ERROR_MESSAGES.missingAddress],
    ];
    for (const [params, status, message] of cases) {
      const answer = await raw(params);
      expect(answer.status, status).toBe(200);
      expect(validate(answer.body), JSON.stringify(validate.errors)).toBe(true);
      expect(answer.body.status).toBe(status);
      expect(answer.body.error_message).toBe(message);
    }
    expect(GEOCODE_ERROR_MESSAGES.missingKey).toMatch(
      /^You must use an API key to authenticate each request to Google Maps Platform APIs\./,
    );
    for (const status of ['OVER_QUERY_LIMIT', 'UNKNOWN_ERROR', 'OVER_DAILY_LIMIT']) {
      await faults({ status, times: 1 });
      const answer = await raw({ address: patient.address, key });
      expect(answer.status).toBe(200);
      expect(validate(answer.body), JSON.stringify(validate.errors)).toBe(true);
      expect(answer.body.status).toBe(status);
    }
  });

  it('exact and approximate results carry what Google’s do', async () => {
    const exact = (await raw({ address: patient.address, key: LOCAL_GOOGLE_MAPS_API_KEY })).body;
    const [result] = exact.results as Array<Record<string, unknown>>;
    expect(result).toMatchObject({
      formatted_address: `${patient.address}, USA`,
      geometry: { location: { lat: patient.lat, lng: patient.lng }, location_type: 'ROOFTOP' },
      place_id: expect.stringMatching(/^ChIJ/),
    });
    expect(result).not.toHaveProperty('partial_match');
    const components = result?.address_components as Array<{ short_name: string; types: string[] }>;
    expect(components.find((c) => c.types.includes('postal_code'))?.short_name).toMatch(/^\d{5}$/);
    expect(components.find((c) => c.types.includes('administrative_area_level_1'))).toMatchObject({
      long_name: 'Illinois',
      short_name: 'IL',
    });

    const approximate = (await raw({ address: ZIP_ONLY, key: LOCAL_GOOGLE_MAPS_API_KEY })).body;
    expect((approximate.results as unknown[])[0]).toMatchObject({
      formatted_address: 'Chicago, IL 60614, USA',
      geometry: { location: { lat: 41.9229, lng: -87.6483 }, location_type: 'APPROXIMATE' },
      partial_match: true,
      types: ['postal_code'],
    });
  });

  it('a drift from the documented shape is caught by the check', () => {
    const good = answerGeocode(new URLSearchParams({ address: patient.address, key: LOCAL_GOOGLE_MAPS_API_KEY }));
    expect(validate(good)).toBe(true);
    const [result] = good.results;
    const drifted = [
      { ...good, status: 'SUCCESS' },
      { ...good, results: [{ ...result, geometry: { ...result?.geometry, location: { lat: 1, lon: 2 } } }] },
      { ...good, results: [{ ...result, geometry: { ...result?.geometry, location_type: 'EXACT' } }] },
      { ...good, results: [{ ...result, partial_match: false }] },
      { ...good, results: [{ ...result, formattedAddress: 'x' }] },
      { status: 'ZERO_RESULTS', results: [result] },
    ];
    for (const body of drifted) expect(validate(body), JSON.stringify(body).slice(0, 80)).toBe(false);
  });

  it('only GET is served; other methods get 405 in the same shape', async () => {
    const response = await fetch(`${platform.url}${GEOCODE_PATH}?address=x&key=${LOCAL_GOOGLE_MAPS_API_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(405);
    expect(validate(await response.json())).toBe(true);
  });
});
