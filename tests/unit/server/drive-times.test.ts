// The drive-times handler (server/functions/drive-times.ts) over a fake Auth service and fake road matrices: road
// drive times as the matrix gave them; the straight-line estimate, roadBased false, without a road matrix, when it
// fails and when it is slower than the deadline (then told to stop); 400 saying what to fix; 401 without a session;
// and nothing of a place in the log.
import { describe, expect, it } from 'vitest';
import { haversineMatrix } from '../../../core/routing/travel/haversine.ts';
import type { TravelMatrixOptions, TravelTimeProvider } from '../../../core/routing/travel/provider.ts';
import { createDriveTimesHandler, type DriveTimesConfig } from '../../../server/functions/drive-times.ts';

const POINTS = [
  { lat: 41.9214, lon: -87.7134 },
  { lat: 41.9231, lon: -87.6331 },
];

/** Auth answers a user for the bearer `good`, 401 for anything else. */
const authFetch: DriveTimesConfig['fetch'] = async (_input, init) => {
  const authorization = new Headers(init?.headers).get('authorization');
  return authorization === 'Bearer good'
    ? Response.json({ id: 'user-1', email: 'maya@example.test' })
    : new Response('{}', { status: 401 });
};

function handler(travel: TravelTimeProvider | null, extra: Partial<DriveTimesConfig> = {}) {
  const logs: string[] = [];
  const handle = createDriveTimesHandler({
    supabaseUrl: 'https://auth.test',
    anonKey: 'anon',
    fetch: authFetch,
    travel,
    log: (line) => logs.push(line),
    ...extra,
  });
  const post = async (body: unknown, token: string | null = 'good') => {
    const response = await handle(
      new Request('https://fn.test/functions/v1/drive-times', {
        method: 'POST',
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { post, logs, handle };
}

function roads(): TravelTimeProvider & { asked: TravelMatrixOptions[] } {
  const asked: TravelMatrixOptions[] = [];
  return {
    name: 'roads',
    asked,
    async matrix(points, options = {}) {
      asked.push(options);
      return {
        minutes: points.map((_, i) => points.map((__, j) => (i === j ? 0 : 12))),
        distances: points.map((_, i) => points.map((__, j) => (i === j ? 0 : 6400))),
        source: 'Google Routes API, traffic-aware',
        roadBased: true,
      };
    },
  };
}

const estimate = haversineMatrix(POINTS).minutes;

describe('the drive-times handler', () => {
  it('answers the road matrix, with the departure asked for', async () => {
    const matrix = roads();
    const { post } = handler(matrix);
    expect(await post({ points: POINTS, departureTime: '2026-11-24T08:10:00-06:00' })).toEqual({
      status: 200,
      body: {
        minutes: [
          [0, 12],
          [12, 0],
        ],
        meters: [
          [0, 6400],
          [6400, 0],
        ],
        roadBased: true,
        source: 'Google Routes API, traffic-aware',
      },
    });
    expect(matrix.asked[0]?.departureTime).toEqual(new Date('2026-11-24T14:10:00Z'));
    await post({ points: POINTS });
    expect(matrix.asked[1]?.departureTime).toBeUndefined();
  });

  it('without a road matrix: the straight-line estimate, roadBased false, saying why', async () => {
    const { post } = handler(null);
    const { status, body } = await post({ points: POINTS });
    expect(status).toBe(200);
    expect(body).toEqual({
      minutes: estimate,
      roadBased: false,
      source:
        'haversine (approximate; road drive times unavailable: road drive times are not configured on this server)',
    });
  });

  it('a failing road matrix, or one slower than the deadline (told to stop): the estimate, and no place logged', async () => {
    const failing: TravelTimeProvider = { name: 'down', matrix: () => Promise.reject(new Error('503 for 41.9214')) };
    const down = handler(failing);
    expect((await down.post({ points: POINTS })).body).toMatchObject({ minutes: estimate, roadBased: false });
    let signal: AbortSignal | undefined;
    const slow: TravelTimeProvider = {
      name: 'slow',
      matrix: (_points, options) => {
        signal = options?.signal;
        return new Promise(() => {});
      },
    };
    const late = handler(slow, { deadlineMs: 20 });
    const { status, body } = await late.post({ points: POINTS });
    expect(status).toBe(200);
    expect(body).toMatchObject({ minutes: estimate, roadBased: false });
    expect(String(body.source)).toContain('no answer within 20 ms');
    expect(signal?.aborted).toBe(true);
    for (const line of [...down.logs, ...late.logs]) expect(line).not.toMatch(/41\.9|87\.7|87\.6/);
  });

  it('400 saying what to fix, 401 without a session, 405 for another method, the preflight answered', async () => {
    const { post, handle } = handler(roads());
    expect(await post({ points: POINTS.slice(0, 1) })).toEqual({
      status: 400,
      body: { code: 'invalid_request', message: 'points has 1 entries; send 2 to 25.' },
    });
    expect((await post('not json')).body).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/^The body is not a JSON object/),
    });
    expect((await post({ points: POINTS, departureTime: 'soon' })).status).toBe(400);
    expect(await post({ points: POINTS }, null)).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect((await post({ points: POINTS }, 'bad')).status).toBe(401);
    expect((await handle(new Request('https://fn.test/functions/v1/drive-times'))).status).toBe(405);
    expect((await handle(new Request('https://fn.test/functions/v1/drive-times', { method: 'OPTIONS' }))).status).toBe(
      204,
    );
  });
});
