// The geocoder in the server's deploy contract (server/config.ts) and composition root (server/index.ts):
// GOOGLE_MAPS_API_KEY is optional — absent, `server.geocoder()` is null and no function refuses to start; present, the
// geocoder is built on first use, once, and asks the configured Geocoding API through the server's fetch and cache.
import { describe, expect, it } from 'vitest';
import { fixedNow } from '../../../core/time/clock.ts';
import { REQUIRED_SETTINGS, SERVER_FUNCTIONS, serverConfigFromEnv } from '../../../server/config.ts';
import { createServer } from '../../../server/index.ts';

const runtime = { query: async () => ({ rows: [] }), now: fixedNow(new Date('2026-10-28T14:30:00Z')), log: () => {} };

describe('the geocoder setting', () => {
  it('GOOGLE_MAPS_API_KEY (trimmed) configures it; absent or blank, none', () => {
    const env = (values: Record<string, string>) => serverConfigFromEnv((name) => values[name], runtime);
    expect(env({ GOOGLE_MAPS_API_KEY: ' maps-key ' }).geocoding).toEqual({ apiKey: 'maps-key' });
    expect(env({}).geocoding).toBeUndefined();
    expect(env({ GOOGLE_MAPS_API_KEY: '  ' }).geocoding).toBeUndefined();
  });

  it('is optional for every function', () => {
    for (const fn of SERVER_FUNCTIONS) expect(REQUIRED_SETTINGS[fn]).not.toContain('GOOGLE_MAPS_API_KEY');
  });
});

describe('server.geocoder()', () => {
  const base = serverConfigFromEnv(() => undefined, runtime);

  it('is null without a key', () => {
    expect(createServer(base).geocoder()).toBeNull();
  });

  it('is built lazily, once, over the configured base URL, fetch and the SQL cache', async () => {
    const urls: string[] = [];
    const queries: string[] = [];
    const server = createServer({
      ...base,
      geocoding: { apiKey: 'maps-key', baseUrl: 'http://127.0.0.1:9/' },
      query: async (sql) => {
        queries.push(sql);
        return { rows: [] };
      },
      fetch: async (input) => {
        urls.push(String(input));
        return Response.json({
          status: 'OK',
          results: [
            {
              formatted_address: 'Chicago, IL 60614, USA',
              geometry: { location: { lat: 41.9229, lng: -87.6483 }, location_type: 'APPROXIMATE' },
              partial_match: true,
              place_id: 'ChIJx',
              types: ['postal_code'],
            },
          ],
        });
      },
    });
    expect(queries).toEqual([]);
    const geocoder = server.geocoder();
    expect(server.geocoder()).toBe(geocoder);
    expect(await geocoder?.locate('1 W Imaginary Ave, Chicago, IL 60614')).toEqual({
      lat: 41.9229,
      lon: -87.6483,
      approximate: true,
      formatted: 'Chicago, IL 60614, USA',
    });
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^http:\/\/127\.0\.0\.1:9\/maps\/api\/geocode\/json\?address=.*&key=maps-key/);
    expect(queries.some((sql) => sql.includes('from public.geocode_cache'))).toBe(true);
    expect(queries.some((sql) => sql.includes('insert into public.geocode_cache'))).toBe(true);
  });
});
