// The locations function (/functions/v1/locations) as the web app calls it on the local platform: a signed-in
// clinician's Supabase session, a day's addresses in, each one located through the server's geocoder (the
// platform's stand-in for Google's Geocoding API behind the Postgres cache), one answer per address in the order
// given; no session 401, a malformed list 400 naming what to fix, the browser's preflight answered.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { FUNCTIONS_PATH } from '../../core/assistant/contract.ts';
import { LOCATIONS_FUNCTION, type LocationsResponse } from '../../core/geo/locations-contract.ts';
import { signIn, startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { suiteSeed } from '../support/seed-calendar.ts';

const seed = suiteSeed();
const patient = seed.patients[0] as (typeof seed.patients)[number];
const other = seed.patients[1] as (typeof seed.patients)[number];
/** Not in the seed, but in a real ZIP code (Lincoln Park, 60614): its centre, approximate. */
const ZIP_ONLY = '4242 W Imaginary Ave, Chicago, IL 60614';
const NOWHERE = 'The house with the blue door by the old mill';
/** The web app's dev server (Vite). */
const WEB_ORIGIN = 'http://127.0.0.1:5173';

let platform: TestPlatform;
let accessToken: string;
let url: string;

beforeAll(async () => {
  platform = await startLocalPlatform();
  url = `${platform.url}${FUNCTIONS_PATH}/${LOCATIONS_FUNCTION}`;
  const { session } = await signIn(platform, 'maya.patel@homerounds.test');
  accessToken = session.access_token;
}, 120_000);
afterAll(async () => {
  await platform?.close();
});
beforeEach(async () => {
  await platform.db.query('delete from public.geocode_cache');
});
afterEach(async () => {
  await faults({ status: null });
});

function faults(body: Record<string, unknown>): Promise<Response> {
  return fetch(`${platform.url}/__local/geocoding-faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function locate(
  body: unknown,
  token: string | null = accessToken,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      apikey: LOCAL_ANON_KEY,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('locating a day’s addresses', () => {
  it('answers each address in the order given: seeded exact, ZIP-only approximate, unknown not found', async () => {
    const { status, body } = await locate({ addresses: [ZIP_ONLY, patient.address, NOWHERE, other.address] });
    expect(status).toBe(200);
    expect(body as unknown as LocationsResponse).toEqual({
      locations: [
        { address: ZIP_ONLY, lat: 41.9229, lon: -87.6483, approximate: true, formatted: 'Chicago, IL 60614, USA' },
        {
          address: patient.address,
          lat: patient.lat,
          lon: patient.lng,
          approximate: false,
          formatted: `${patient.address}, USA`,
        },
        { address: NOWHERE, status: 'not-found' },
        {
          address: other.address,
          lat: other.lat,
          lon: other.lng,
          approximate: false,
          formatted: `${other.address}, USA`,
        },
      ],
    });
  });

  it('answers duplicates each (the same place, located once), echoing each address as sent', async () => {
    const variant = `  ${patient.address.toUpperCase()}. `;
    const { status, body } = await locate({ addresses: [patient.address, NOWHERE, variant, patient.address] });
    expect(status).toBe(200);
    const locations = (body as unknown as LocationsResponse).locations;
    expect(locations.map((l) => l.address)).toEqual([patient.address, NOWHERE, variant, patient.address]);
    const place = { lat: patient.lat, lon: patient.lng, approximate: false };
    expect(locations[0]).toMatchObject(place);
    expect(locations[1]).toEqual({ address: NOWHERE, status: 'not-found' });
    expect(locations[2]).toMatchObject(place);
    expect(locations[3]).toMatchObject(place);
    const { rows } = await platform.db.query<{ n: number }>('select count(*)::int as n from public.geocode_cache');
    expect(rows[0]?.n).toBe(2);
  });

  it('an address Google cannot answer now is unavailable, the others still answered', async () => {
    await faults({ status: 'OVER_DAILY_LIMIT' });
    const { status, body } = await locate({ addresses: [ZIP_ONLY] });
    expect(status).toBe(200);
    expect(body).toEqual({ locations: [{ address: ZIP_ONLY, status: 'unavailable' }] });
  });
});

describe('refusals', () => {
  it('401 without a session, with the anon key as the bearer, and with a made-up token', async () => {
    for (const token of [null, LOCAL_ANON_KEY, 'not-a-session']) {
      const { status, body } = await locate({ addresses: [patient.address] }, token);
      expect(status, String(token)).toBe(401);
      expect(body).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('400 invalid_request naming what to fix', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ addresses: [] }, /addresses is empty/],
      [{ addresses: Array.from({ length: 51 }, (_, i) => `${i} Main St, Chicago, IL 60608`) }, /at most 50/],
      [{ addresses: [patient.address, 42] }, /addresses\[1\] is not a string/],
      [{ addresses: [`${'9'.repeat(297)} Ave`] }, /addresses\[0\] is 301 characters; at most 300/],
      [{ addresses: ['   '] }, /addresses\[0\] is blank/],
      [{ addresses: patient.address }, /addresses must be an array/],
      ['not json', /not a JSON object/],
    ];
    for (const [request, message] of cases) {
      const { status, body } = await locate(request);
      expect(status, message.source).toBe(400);
      expect(body.code).toBe('invalid_request');
      expect(String(body.message)).toMatch(message);
    }
    // 300 characters (after trimming) is the limit itself: accepted.
    const longest = `  ${'9'.repeat(296)} Ave  `;
    expect(await locate({ addresses: [longest] })).toEqual({
      status: 200,
      body: { locations: [{ address: longest, status: 'not-found' }] },
    });
  });

  it('405 for another method; the browser’s preflight from the web app is answered', async () => {
    const get = await fetch(url, { headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${accessToken}` } });
    expect(get.status).toBe(405);
    await get.body?.cancel();
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: WEB_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, apikey, content-type, x-client-info',
      },
    });
    expect(preflight.status).toBe(204);
    expect(['*', WEB_ORIGIN]).toContain(preflight.headers.get('access-control-allow-origin'));
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/);
  });
});
