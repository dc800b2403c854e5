// The profile's home (supabase/migrations/20261125000000_profile_home.sql) through the dashboard's own
// store (web/src/adapters/profile-home.ts) and supabase-js against the local platform: the seed fills each
// clinician's home; a clinician reads, saves and forgets only their own (owner-only RLS), the anon key
// nothing; the check constraints refuse an impossible place; the place never travels in a URL.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { LOCAL_SERVICE_ROLE_KEY } from '../../emulators/auth/keys.ts';
import { createProfileHomeStore, ProfileHomeError } from '../../web/src/adapters/profile-home.ts';
import type { SupabaseLoader } from '../../web/src/adapters/supabase-client.ts';
import { signIn, startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { suiteSeed } from '../support/seed-calendar.ts';

let platform: TestPlatform;
const seed = suiteSeed();
const [maya, jordan] = seed.clinicians.filter((c) => c.special === null) as [
  (typeof seed.clinicians)[number],
  (typeof seed.clinicians)[number],
];
const sam = seed.clinicians.find((c) => c.special === 'profile-missing') as (typeof seed.clinicians)[number];

beforeAll(async () => {
  platform = await startLocalPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const loaderOf = (client: SupabaseClient): SupabaseLoader => ({
  load: async () => client,
  onLoaded: () => () => {},
  hasSessionHint: () => true,
  isLoaded: () => true,
});

/** Signs in with a fetch that records every URL asked for. */
async function signInRecording(email: string) {
  const urls: string[] = [];
  const recording: typeof fetch = (input, init) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return fetch(input, init);
  };
  const signed = await signIn(platform, email, { fetch: recording });
  return { ...signed, urls };
}

async function serviceRead(id: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${platform.url}/rest/v1/profiles?select=home_label,home_lat,home_lng&id=eq.${id}`, {
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
  });
  return ((await response.json()) as Record<string, unknown>[])[0] as Record<string, unknown>;
}

function patch(path: string, token: string, body: unknown, prefer = 'return=representation'): Promise<Response> {
  return fetch(`${platform.url}/rest/v1/${path}`, {
    method: 'PATCH',
    headers: {
      apikey: LOCAL_ANON_KEY,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Prefer: prefer,
    },
    body: JSON.stringify(body),
  });
}

describe('the profile home on the local platform', () => {
  it('is seeded with each clinician’s home and read by the dashboard’s store', async () => {
    const { client, urls } = await signInRecording(maya.email);
    const store = createProfileHomeStore(loaderOf(client));
    expect(await store.read()).toEqual({ label: maya.home.address, lat: maya.home.lat, lng: maya.home.lng });
    expect(await serviceRead(jordan.id)).toEqual({
      home_label: jordan.home.address,
      home_lat: jordan.home.lat,
      home_lng: jordan.home.lng,
    });
    expect(urls.some((u) => u.includes('/rest/v1/profiles'))).toBe(true);
    expect(urls.join(' ')).not.toContain(String(maya.home.lat));
  });

  it('saves, reads back and forgets the clinician’s own home, never putting it in a URL', async () => {
    const { client, urls } = await signInRecording(maya.email);
    const store = createProfileHomeStore(loaderOf(client));
    const here = { label: null, lat: 41.8781, lng: -87.6298 };
    expect(await store.save(here)).toEqual(here);
    // A fresh store (another page) reads what was saved.
    expect(await createProfileHomeStore(loaderOf(client)).read()).toEqual(here);
    expect(await serviceRead(maya.id)).toEqual({ home_label: null, home_lat: 41.8781, home_lng: -87.6298 });
    expect(urls.join(' ')).not.toMatch(/41\.8781|87\.6298/);

    expect(await store.save(null)).toBeNull();
    expect(await createProfileHomeStore(loaderOf(client)).read()).toBeNull();
    expect(await serviceRead(maya.id)).toEqual({ home_label: null, home_lat: null, home_lng: null });
    // Back as seeded, for the other tests of this file.
    await store.save({ label: maya.home.address, lat: maya.home.lat, lng: maya.home.lng });
  });

  it('has no home, and saves none, for the clinician whose profile row is missing', async () => {
    const { client } = await signIn(platform, sam.email);
    const store = createProfileHomeStore(loaderOf(client));
    expect(await store.read()).toBeNull();
    await expect(store.save({ label: null, lat: 41.9, lng: -87.7 })).rejects.toEqual(
      new ProfileHomeError('no_profile'),
    );
  });

  it('lets a clinician change only their own profile (RLS), and the anon key nothing', async () => {
    const { session } = await signIn(platform, maya.email);
    const other = await patch(`profiles?id=eq.${jordan.id}`, session.access_token, { home_lat: 0, home_lng: 0 });
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual([]);
    expect(await serviceRead(jordan.id)).toMatchObject({ home_lat: jordan.home.lat, home_lng: jordan.home.lng });

    const anon = await patch(`profiles?id=eq.${jordan.id}`, LOCAL_ANON_KEY, { home_lat: 0, home_lng: 0 });
    expect(anon.status).toBe(401);
    expect(((await anon.json()) as { code: string }).code).toBe('42501');

    // Moving one's row to another id breaks the policy's check.
    const moved = await patch(`profiles?id=eq.${maya.id}`, session.access_token, { id: jordan.id });
    expect(moved.status).toBe(403);

    // An update without a filter is refused, not applied to every visible row.
    const unfiltered = await patch('profiles', session.access_token, { home_lat: 1, home_lng: 1 });
    expect(unfiltered.status).toBe(400);
    expect(await serviceRead(maya.id)).toMatchObject({ home_lat: maya.home.lat });
  });

  it('refuses an impossible place: out of range, one coordinate alone, a label alone', async () => {
    const { session } = await signIn(platform, maya.email);
    const path = `profiles?id=eq.${maya.id}`;
    for (const body of [
      { home_lat: 90.5, home_lng: 0 },
      { home_lat: -91, home_lng: 0 },
      { home_lat: 0, home_lng: 180.5 },
      { home_lat: 0, home_lng: -181 },
      { home_lat: 41.9, home_lng: null },
      { home_lat: null, home_lng: null, home_label: 'Somewhere' },
      { home_label: 'x'.repeat(201) },
    ]) {
      const response = await patch(path, session.access_token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { code: string }).code, JSON.stringify(body)).toBe('23514');
    }
    // The edges are places.
    const edge = await patch(path, session.access_token, { home_lat: -90, home_lng: 180 }, 'return=minimal');
    expect(edge.status).toBe(204);
    expect(await serviceRead(maya.id)).toMatchObject({ home_lat: -90, home_lng: 180 });
    await patch(path, session.access_token, { home_lat: maya.home.lat, home_lng: maya.home.lng });
  });
});
