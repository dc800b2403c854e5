// supabase-js's profile query against the local PostgREST: RLS decides, `.single()` → 406 PGRST116 (§6 item 7).
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from '../../emulators/auth/keys.ts';
import { createTestClient, signIn, startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { suiteSeed } from '../support/seed-calendar.ts';
import { testNow } from '../support/test-clock.ts';

let platform: TestPlatform;
const seed = suiteSeed;

beforeAll(async () => {
  platform = await startLocalPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const clinician = (special: string | null, index = 0) =>
  seed().clinicians.filter((c) => c.special === special)[index] as ReturnType<typeof seed>['clinicians'][number];

async function sign(claims: Record<string, unknown>, secret = LOCAL_JWT_SECRET): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

function restGet(path: string, token: string, accept = 'application/json'): Promise<Response> {
  return fetch(`${platform.url}/rest/v1/${path}`, {
    headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}`, Accept: accept },
  });
}

describe('profiles through supabase-js', () => {
  it('reads the signed-in clinician’s own profile created by the sign-up trigger', async () => {
    const maya = clinician(null);
    const { client, session } = await signIn(platform, maya.email);
    const result = await client.from('profiles').select('*').eq('id', session.user.id).single();
    expect(result.error).toBeNull();
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      id: maya.id,
      email: maya.email,
      full_name: maya.fullName,
      avatar_url: maya.avatarUrl,
    });
    expect(Object.keys(result.data as object).sort()).toEqual([
      'avatar_url',
      'created_at',
      'email',
      'full_name',
      'home_label',
      'home_lat',
      'home_lng',
      'id',
      'move_rule_set',
      'move_today_fixed',
      'move_within_minutes',
      'updated_at',
    ]);
    const columns = await client.from('profiles').select('id, full_name').eq('id', session.user.id).single();
    expect(Object.keys(columns.data as object)).toEqual(['id', 'full_name']);
  });

  it('answers 406 PGRST116 for the clinician whose profile row is missing', async () => {
    const sam = clinician('profile-missing');
    const { client, session } = await signIn(platform, sam.email);
    const result = await client.from('profiles').select('*').eq('id', session.user.id).single();
    expect(result.data).toBeNull();
    expect(result.status).toBe(406);
    expect(result.error?.code).toBe('PGRST116');
    expect(result.error).toEqual({
      code: 'PGRST116',
      message: expect.any(String),
      details: 'The result contains 0 rows',
      hint: null,
    });
    const maybe = await client.from('profiles').select('*').eq('id', session.user.id).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });

  it('hides another user’s profile exactly like a missing row (RLS)', async () => {
    const maya = clinician(null, 0);
    const jordan = clinician(null, 1);
    const { client } = await signIn(platform, maya.email);
    const result = await client.from('profiles').select('*').eq('id', jordan.id).single();
    expect(result.status).toBe(406);
    expect(result.error?.code).toBe('PGRST116');
    const all = await client.from('profiles').select('id');
    expect(all.data).toEqual([{ id: maya.id }]);
  });

  it('gives the anon key no access to profiles (permission denied, 401)', async () => {
    const anon = createTestClient(platform.url);
    const result = await anon.from('profiles').select('*');
    expect(result.status).toBe(401);
    expect(result.error?.code).toBe('42501');
  });

  it('lets the service role (server-side key) read every profile', async () => {
    const response = await fetch(`${platform.url}/rest/v1/profiles?select=id`, {
      headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).length).toBe(seed().clinicians.length - 1);
  });
});

describe('JWT and request errors', () => {
  it('refuses a forged token (401 PGRST301) and an expired one (401 PGRST303) with WWW-Authenticate', async () => {
    const maya = clinician(null);
    const claims = { sub: maya.id, role: 'authenticated', aud: 'authenticated' };
    const now = Math.floor(testNow().getTime() / 1000);
    const forged = await restGet(
      `profiles?select=*&id=eq.${maya.id}`,
      await sign({ ...claims, exp: now + 3600 }, 'not-the-secret-but-long-enough-to-sign-with-hs256'),
    );
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect(await forged.json()).toEqual({ code: 'PGRST301', message: expect.any(String), details: null, hint: null });
    const expired = await restGet(
      `profiles?select=*&id=eq.${maya.id}`,
      await sign({ ...claims, iat: now - 7200, exp: now - 3600 }),
    );
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null });
    expect(expired.headers.get('www-authenticate')).toContain('JWT expired');
  });

  it('answers unknown tables, operators and columns with PostgREST errors', async () => {
    const maya = clinician(null);
    const token = await sign({
      sub: maya.id,
      role: 'authenticated',
      exp: Math.floor(testNow().getTime() / 1000) + 600,
    });
    const table = await restGet('referrals?select=*', token);
    expect(table.status).toBe(404);
    expect(await table.json()).toEqual({
      code: 'PGRST205',
      message: "Could not find the table 'public.referrals' in the schema cache",
      details: null,
      hint: null,
    });
    const operator = await restGet(`profiles?id=like.${maya.id}`, token);
    expect(operator.status).toBe(400);
    const opBody = await operator.json();
    expect(opBody.code).toBe('PGRST100');
    expect(Object.keys(opBody).sort()).toEqual(['code', 'details', 'hint', 'message']);
    const column = await restGet('profiles?select=id,password', token);
    expect(column.status).toBe(400);
    expect((await column.json()).code).toBe('42703');
    const injection = await restGet(`profiles?select=${encodeURIComponent('id;drop table profiles')}`, token);
    expect(injection.status).toBe(400);
    const badUuid = await restGet("profiles?id=eq.' or 1=1 --", token);
    expect(badUuid.status).toBe(400);
    expect((await badUuid.json()).code).toBe('22P02');
    const hidden = await restGet('local_oauth.sessions', token);
    expect(hidden.status).toBe(404);
  });
});
