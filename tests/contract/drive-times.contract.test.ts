// The drive-times function (/functions/v1/drive-times) as the web app's Route view and `homerounds route optimize
// --clinician` call it on the local platform: a signed-in clinician's Supabase session, a day's places in, the road
// drive times of the platform's Routes API stand-in out (behind the server's cache, with traffic for the departure
// asked), so those faces plan with the assistant's drive times; when the stand-in fails (its fault switch) the
// straight-line estimate, roadBased false, so a face always gets one answer, honestly labelled; 400 saying what to
// fix; 401 without a session; the browser's preflight answered. Then the CLI through it: road drive times, or the
// estimate said approximate when the road service fails.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routeOptimizeForClinician } from '../../cli/handlers/route-optimize.ts';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { FUNCTIONS_PATH } from '../../core/assistant/contract.ts';
import { DRIVE_TIMES_FUNCTION, type DriveTimesResponse } from '../../core/routing/drive-times-contract.ts';
import { haversineMatrix } from '../../core/routing/travel/haversine.ts';
import type { LatLon } from '../../core/routing/travel/provider.ts';
import { standInDrive } from '../../emulators/route-matrix/drives.ts';
import { routeMatrixPointKey } from '../../server/geo/google-route-matrix.ts';
import { signIn, startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { DAYS, suiteSeed } from '../support/seed-calendar.ts';
import { chicago, testNow } from '../support/test-clock.ts';

const seed = suiteSeed();
const maya = seed.clinicians[0] as (typeof seed.clinicians)[number];
/** Maya's home and three of her patients: real places of the seed. */
const PLACES: LatLon[] = [
  { lat: maya.home.lat, lon: maya.home.lng },
  ...seed.patients
    .filter((p) => p.clinicianId === maya.id)
    .slice(0, 3)
    .map((p) => ({ lat: p.lat, lon: p.lng })),
];
/** Tomorrow (the seed's Thursday) at 08:00 in Chicago: a peak hour. */
const PEAK = chicago(DAYS.thursday, '08:00');
/** The web app's dev server (Vite). */
const WEB_ORIGIN = 'http://127.0.0.1:5173';

let platform: TestPlatform;
let accessToken: string;
let url: string;

beforeAll(async () => {
  platform = await startLocalPlatform();
  url = `${platform.url}${FUNCTIONS_PATH}/${DRIVE_TIMES_FUNCTION}`;
  const { session } = await signIn(platform, maya.email);
  accessToken = session.access_token;
}, 120_000);
afterAll(async () => {
  await platform?.close();
});
beforeEach(async () => {
  await platform.db.query('delete from public.route_matrix_cache');
});
afterEach(async () => {
  await faults({ status: null });
});

function faults(body: Record<string, unknown>): Promise<Response> {
  return fetch(`${platform.url}/__local/route-matrix-faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function driveTimes(
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

/** The stand-in's drive between two places as the server asks them (5 decimals). */
function standIn(a: LatLon, b: LatLon, peak: boolean) {
  const at = (p: LatLon) => {
    const [lat, lon] = routeMatrixPointKey(p).split(',').map(Number) as [number, number];
    return { lat, lon };
  };
  return standInDrive(at(a), at(b), peak);
}

const expectedRoads = (peak: boolean) => ({
  minutes: PLACES.map((a, i) =>
    PLACES.map((b, j) => (i === j ? 0 : Math.ceil((standIn(a, b, peak)?.seconds ?? Number.NaN) / 60) + 4)),
  ),
  meters: PLACES.map((a, i) => PLACES.map((b, j) => (i === j ? 0 : (standIn(a, b, peak)?.meters ?? Number.NaN)))),
});

describe('drive times for a day’s places', () => {
  it('road drive times from the Routes stand-in, with the traffic of the departure asked for', async () => {
    const { status, body } = await driveTimes({ points: PLACES, departureTime: PEAK.toISOString() });
    expect(status).toBe(200);
    expect(body as unknown as DriveTimesResponse).toEqual({
      ...expectedRoads(true),
      roadBased: true,
      source: 'Google Routes API, traffic-aware',
    });
    // Without a departure: typical times (no traffic), shorter than at the peak.
    const typical = (await driveTimes({ points: PLACES })).body as unknown as DriveTimesResponse;
    expect(typical).toEqual({ ...expectedRoads(false), roadBased: true, source: 'Google Routes API' });
    expect(typical.minutes[1]?.[2] as number).toBeLessThan(expectedRoads(true).minutes[1]?.[2] as number);
  });

  it('when the road service fails (the stand-in’s fault switch): the straight-line estimate, roadBased false', async () => {
    expect((await faults({ status: 'RESOURCE_EXHAUSTED' })).status).toBe(200);
    const { status, body } = await driveTimes({ points: PLACES, departureTime: PEAK.toISOString() });
    expect(status).toBe(200);
    expect(body).toEqual({
      minutes: haversineMatrix(PLACES).minutes,
      roadBased: false,
      source: 'haversine (approximate; road drive times unavailable: the service failed)',
    });
    expect(body.meters).toBeUndefined();
  }, 30_000);
});

describe('refusals', () => {
  it('400 invalid_request saying what to fix, never quoting a place', async () => {
    expect(await driveTimes({ points: PLACES.slice(0, 1) })).toEqual({
      status: 400,
      body: { code: 'invalid_request', message: 'points has 1 entries; send 2 to 25.' },
    });
    const far = await driveTimes({ points: [PLACES[0], { lat: 41.91234, lon: -187.5 }] });
    expect(far).toEqual({
      status: 400,
      body: { code: 'invalid_request', message: 'points[1].lon must be a number between -180 and 180.' },
    });
    const when = await driveTimes({ points: PLACES, departureTime: 'tomorrow morning' });
    expect(when.status).toBe(400);
    expect(when.body.message).toMatch(/^departureTime must be an RFC 3339 date-time/);
    expect((await driveTimes('[1, 2]')).body).toMatchObject({ code: 'invalid_request' });
  });

  it('401 without a session, with the anon key as the bearer, and with a made-up token', async () => {
    for (const token of [null, LOCAL_ANON_KEY, 'not-a-session']) {
      const { status, body } = await driveTimes({ points: PLACES }, token);
      expect(status, String(token)).toBe(401);
      expect(body).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('answers the web app’s preflight', async () => {
    const response = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: WEB_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });
});

describe('homerounds route optimize --clinician through it', () => {
  const optimize = () =>
    routeOptimizeForClinician({ baseUrl: platform.url, email: maya.email, date: DAYS.thursday, now: testNow() });

  it('plans tomorrow with road drive times (traffic for leaving at the first visit) and road miles', async () => {
    const report = await optimize();
    expect(report.roadDriveTimes).toBe(true);
    expect(report.travelTimes).toMatch(/^road drive times \(Google Routes API, traffic-aware\)/);
    expect(report.roadDistances).toBe(true);
    expect(report.countsHomeLegs).toBe(true);
  });

  it('with the road service failing: the estimate, said approximate', async () => {
    await faults({ status: 'UNAVAILABLE' });
    const report = await optimize();
    expect(report.roadDriveTimes).toBe(false);
    expect(report.travelTimes).toMatch(/^approximate/);
    expect(report.roadDistances).toBe(false);
  }, 30_000);
});
