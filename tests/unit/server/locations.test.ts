// The locations handler (server/functions/locations.ts) over a fake Auth service and fake geocoders: no geocoder is
// 503 not_configured, the deadline answers what is late `unavailable` (the rest kept), and nothing of an address
// reaches the log, even on an unexpected failure.
import { describe, expect, it } from 'vitest';
import type { Geocoder } from '../../../core/geo/geocoder.ts';
import {
  createLocationsHandler,
  type LocationsConfig,
  NOT_CONFIGURED_MESSAGE,
} from '../../../server/functions/locations.ts';

const A = '1 Elm St, Chicago, IL 60608';
const B = '2 Oak Ave, Chicago, IL 60614';

/** Auth answers a user for the bearer `good`, 401 for anything else. */
const authFetch: LocationsConfig['fetch'] = async (_input, init) => {
  const authorization = new Headers(init?.headers).get('authorization');
  return authorization === 'Bearer good'
    ? Response.json({ id: 'user-1', email: 'maya@example.test' })
    : new Response('{}', { status: 401 });
};

function handler(geocoder: Geocoder | null, extra: Partial<LocationsConfig> = {}) {
  const logs: string[] = [];
  const handle = createLocationsHandler({
    supabaseUrl: 'https://auth.test',
    anonKey: 'anon',
    fetch: authFetch,
    geocoder,
    log: (line) => logs.push(line),
    ...extra,
  });
  const post = async (body: unknown, token = 'good') => {
    const response = await handle(
      new Request('https://fn.test/functions/v1/locations', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { post, logs };
}

const at = (lat: number): Awaited<ReturnType<Geocoder['locate']>> => ({
  lat,
  lon: -87.6,
  approximate: false,
  formatted: null,
});

describe('the locations handler', () => {
  it('503 not_configured without a geocoder (after the session is checked)', async () => {
    const { post } = handler(null);
    expect(await post({ addresses: [A] })).toEqual({
      status: 503,
      body: { code: 'not_configured', message: NOT_CONFIGURED_MESSAGE },
    });
    expect((await post({ addresses: [A] }, 'bad')).status).toBe(401);
  });

  it('answers `unavailable` for what the deadline cuts off, keeps what came in time, and stops the geocoder', async () => {
    const aborted: string[] = [];
    const geocoder: Geocoder = {
      locate: (address, signal) =>
        address === A
          ? Promise.resolve(at(41.8))
          : new Promise((_, reject) =>
              signal?.addEventListener('abort', () => {
                aborted.push(address);
                reject(signal.reason);
              }),
            ),
    };
    const { post, logs } = handler(geocoder, { deadlineMs: 30 });
    // The test's own timeout is the bound: without the deadline the request would never end.
    const { status, body } = await post({ addresses: [B, A, B] });
    expect(status).toBe(200);
    expect(body).toEqual({
      locations: [
        { address: B, status: 'unavailable' },
        { address: A, lat: 41.8, lon: -87.6, approximate: false, formatted: null },
        { address: B, status: 'unavailable' },
      ],
    });
    expect(aborted).toEqual([B]);
    expect(logs).toEqual([]);
  });

  it('a geocoder that never answers nor listens still ends the request at the deadline', async () => {
    const { post } = handler({ locate: () => new Promise(() => {}) }, { deadlineMs: 20 });
    expect(await post({ addresses: [A] })).toEqual({
      status: 200,
      body: { locations: [{ address: A, status: 'unavailable' }] },
    });
  });

  it('a geocoder that throws is `unavailable` for that address, and nothing of an address is logged', async () => {
    const geocoder: Geocoder = {
      locate: async (address) => {
        if (address === B) throw new TypeError(`boom at ${address}`);
        return at(41.9);
      },
    };
    const { post, logs } = handler(geocoder);
    const { body } = await post({ addresses: [A, B] });
    expect(body).toEqual({
      locations: [
        { address: A, lat: 41.9, lon: -87.6, approximate: false, formatted: null },
        { address: B, status: 'unavailable' },
      ],
    });
    for (const line of logs) expect(line).not.toMatch(/Elm|Oak|606/);
  });
});
