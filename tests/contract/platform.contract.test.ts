// The local platform as a whole: static web app with security headers and SPA fallback, and a battery of
// malformed requests at every route — each gets a 4xx in its service's shape, and nothing breaks.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUpcomingEvents } from '../../core/calendar/index.ts';
import { LOCAL_ANON_KEY } from '../../fixtures/local-keys.ts';
import { SEEDED_CLINICIAN_EMAILS } from '../../fixtures/seed.ts';
import { signIn, startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';

let platform: TestPlatform;
let webRoot: string;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'homerounds-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>HomeRounds</title><div id="root"></div>');
  writeFileSync(join(webRoot, 'assets', 'app-abc123.js'), 'console.log("app")');
  writeFileSync(join(webRoot, 'assets', 'app-abc123.css'), 'body{}');
  platform = await startLocalPlatform({ webRoot });
});
afterAll(async () => {
  await platform?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
});

/** A raw request (no URL normalisation by fetch). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(platform.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

describe('the web app', () => {
  it('serves files with content types, security headers and an SPA fallback', async () => {
    const index = await fetch(`${platform.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = index.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    expect(index.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const js = await fetch(`${platform.url}/assets/app-abc123.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${platform.url}/assets/app-abc123.css`)).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    const deep = await fetch(`${platform.url}/schedule/today?x=1`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    expect((await fetch(`${platform.url}/assets/missing.js`)).status).toBe(404);
    const traversal = await raw('GET', '/..%2f..%2fpackage.json');
    expect(traversal.status).toBe(404);
    expect(traversal.body).not.toContain('"devDependencies"');
    expect((await raw('GET', '/%2e%2e/%2e%2e/etc/passwd')).body).not.toContain('root:');
    expect((await fetch(`${platform.url}/`, { method: 'POST' })).status).toBe(405);
  });
});

type Shape = 'auth' | 'rest' | 'calendar' | 'html' | 'json' | 'nest';

function expectShape(shape: Shape, status: number, text: string, label: string): void {
  if (shape === 'html') {
    expect(text, label).toMatch(/<!doctype html>/i);
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${label}: ${status} body is not JSON: ${text.slice(0, 200)}`);
  }
  const keys = Object.keys(body as object).sort();
  const gateway = keys.length === 1 && keys[0] === 'message';
  if (shape === 'auth') {
    const ok =
      gateway ||
      (keys.join() === 'code,message' && typeof (body as { code: unknown }).code === 'string') ||
      keys.join() === 'code,error_code,msg' ||
      keys.join() === 'error,error_description';
    expect(ok, `${label}: ${text}`).toBe(true);
  } else if (shape === 'rest') {
    expect(gateway || keys.join() === 'code,details,hint,message', `${label}: ${text}`).toBe(true);
  } else if (shape === 'calendar') {
    const error = (body as { error?: Record<string, unknown> }).error;
    expect(keys, `${label}: ${text}`).toEqual(['error']);
    expect(error?.code, label).toBe(status);
    expect(Array.isArray(error?.errors), label).toBe(true);
  } else if (shape === 'nest') {
    // The voice platform (NestJS): {statusCode, message: string | string[], error}.
    const nest = body as { statusCode?: unknown; message?: unknown; error?: unknown };
    expect(nest.statusCode, `${label}: ${text}`).toBe(status);
    expect(typeof nest.message === 'string' || Array.isArray(nest.message), `${label}: ${text}`).toBe(true);
  } else {
    expect(typeof body, label).toBe('object');
  }
}

interface Target {
  method: string;
  path: string;
  shape: Shape;
  /** Routes whose empty body or plain GET has side effects we do not want in the battery. */
  noEmptyBody?: boolean;
}

const EVENTS = '/calendar/v3/calendars/primary/events';
const TARGETS: Target[] = [
  { method: 'GET', path: '/auth/v1/authorize', shape: 'auth' },
  { method: 'GET', path: '/auth/v1/callback', shape: 'auth' },
  { method: 'POST', path: '/auth/v1/token?grant_type=pkce', shape: 'auth' },
  { method: 'POST', path: '/auth/v1/token?grant_type=refresh_token', shape: 'auth' },
  { method: 'GET', path: '/auth/v1/user', shape: 'auth' },
  { method: 'POST', path: '/auth/v1/logout', shape: 'auth' },
  { method: 'GET', path: '/auth/v1/settings', shape: 'auth' },
  { method: 'GET', path: '/auth/v1/health', shape: 'auth' },
  { method: 'GET', path: '/auth/v1/.well-known/jwks.json', shape: 'auth' },
  { method: 'GET', path: '/auth/v1/nope', shape: 'auth' },
  { method: 'GET', path: '/rest/v1/profiles', shape: 'rest' },
  { method: 'GET', path: '/rest/v1/nope', shape: 'rest' },
  { method: 'GET', path: EVENTS, shape: 'calendar' },
  { method: 'POST', path: EVENTS, shape: 'calendar' },
  { method: 'PATCH', path: `${EVENTS}/abcdefabcdef`, shape: 'calendar' },
  { method: 'GET', path: '/calendar/v3/nope', shape: 'calendar' },
  { method: 'GET', path: '/__google/o/oauth2/v2/auth', shape: 'html' },
  { method: 'POST', path: '/__google/o/oauth2/v2/auth/choose', shape: 'html' },
  { method: 'POST', path: '/__local/faults', shape: 'json', noEmptyBody: true },
  { method: 'POST', path: '/__local/expire-provider-tokens', shape: 'json', noEmptyBody: true },
  { method: 'POST', path: '/__local/provider-tokens', shape: 'json', noEmptyBody: true },
  { method: 'POST', path: '/__local/reset', shape: 'json', noEmptyBody: true },
  { method: 'POST', path: '/__local/sessions', shape: 'json', noEmptyBody: true },
  // The voice platform's REST API and the local assistant.
  { method: 'POST', path: '/assistant', shape: 'nest' },
  { method: 'PATCH', path: '/assistant/not-a-uuid', shape: 'nest' },
  { method: 'GET', path: '/v2/assistant', shape: 'nest' },
  { method: 'POST', path: '/call/web', shape: 'nest' },
  { method: 'POST', path: '/chat/web', shape: 'nest' },
];

const JUNK_QUERY =
  '?timeMin=yesterday&timeMax=%zz&maxResults=99999999999999999999&select=(((&id=eq&pageToken=%00&grant_type=pkce&provider=google&code_challenge=x&state=%27%3B--&scope=global&orderBy=startTime&id=like.x';
const AUTH_HEADERS: Array<Record<string, string>> = [
  { authorization: `Bearer ${'A'.repeat(10_000)}` },
  { authorization: 'Basic dXNlcjpwYXNz' },
  { authorization: 'Bearer a.b.c', apikey: 'sb_publishable_wrong' },
  { authorization: `Bearer ${LOCAL_ANON_KEY}`, apikey: LOCAL_ANON_KEY, 'x-supabase-api-version': 'not-a-date' },
];

describe('malformed requests at every route', () => {
  it('get 4xx answers in each service’s shape, and the platform keeps working', async () => {
    const before = await platform.db.query<{ users: number; profiles: number; events: number }>(
      `select (select count(*)::int from auth.users) as users, (select count(*)::int from public.profiles) as profiles,
              (select count(*)::int from calendar.events) as events`,
    );
    const json = { 'content-type': 'application/json', apikey: LOCAL_ANON_KEY, 'x-supabase-api-version': '2024-01-01' };
    let requests = 0;
    const check = async (
      target: Target,
      label: string,
      response: { status: number; body: string },
      expectClientError = true,
    ) => {
      requests++;
      expect(response.status, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
      if (response.status >= 400) expectShape(target.shape, response.status, response.body, label);
      else if (expectClientError && target.method !== 'GET') {
        throw new Error(`${label}: expected a 4xx, got ${response.status} ${response.body.slice(0, 200)}`);
      }
    };
    for (const target of TARGETS) {
      const base = `${target.method} ${target.path}`;
      for (const body of [
        '{"auth_code":',
        '[1,2,3]',
        '"text"',
        'null',
        '\u0000\u0001binary',
        '{"start":{"dateTime":5}}',
      ]) {
        await check(target, `${base} body ${JSON.stringify(body)}`, await raw(target.method, target.path, json, body));
      }
      if (!target.noEmptyBody) {
        await check(target, `${base} empty`, await raw(target.method, target.path, json, ''), false);
        await check(
          target,
          `${base} junk query`,
          await raw(target.method, target.path + (target.path.includes('?') ? '&' : '?') + JUNK_QUERY.slice(1), json),
          false,
        );
        for (const headers of AUTH_HEADERS) {
          await check(
            target,
            `${base} headers ${Object.keys(headers).join()}`,
            await raw(target.method, target.path, headers),
            false,
          );
        }
      }
      const big = await raw(
        target.method === 'GET' ? 'POST' : target.method,
        target.path,
        json,
        Buffer.alloc(2 * 1024 * 1024, 'a'),
      );
      expect(big.status, `${base} 2 MB`).toBe(413);
      expectShape(target.shape === 'html' ? 'json' : target.shape, big.status, big.body, `${base} 2 MB`);
      const wrong = await raw('DELETE', target.path, json);
      expect(wrong.status, `${base} DELETE: ${wrong.body}`).toBeGreaterThanOrEqual(400);
      expect(wrong.status, `${base} DELETE`).toBeLessThan(500);
      expectShape(target.shape, wrong.status, wrong.body, `${base} DELETE`);
    }
    for (const path of [
      '/auth/v1/%E0%A4%A',
      '/rest/v1/profiles%00',
      '/rest/v1/..%2f..%2fetc%2fpasswd',
      '/rest/v1/pro;files',
      '/calendar/v3/calendars/%ZZ/events',
      '/calendar/v3/calendars/primary/events/%E0%A4%A',
      '/auth/v1/token?grant_type=pkce&grant_type=refresh_token',
    ]) {
      const response = await raw('GET', path, json);
      requests++;
      expect(response.status, `${path}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(() => JSON.parse(response.body), path).not.toThrow();
    }
    // Not even HTTP.
    await new Promise<void>((resolve) => {
      const url = new URL(platform.url);
      const socket = connect(Number(url.port), url.hostname, () => socket.end('GARBAGE \u0000\r\n\r\n'));
      socket.on('data', (d) => expect(d.toString()).toMatch(/^HTTP\/1\.1 400/));
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    expect(requests).toBeGreaterThan(150);

    // Still healthy, data intact, and the whole journey still works.
    const health = await fetch(`${platform.url}/auth/v1/health`, { headers: { apikey: LOCAL_ANON_KEY } });
    expect(health.status).toBe(200);
    const after = await platform.db.query(
      'select (select count(*)::int from auth.users) as users, (select count(*)::int from public.profiles) as profiles, (select count(*)::int from calendar.events) as events',
    );
    expect(after.rows).toEqual(before.rows);
    const { client, session } = await signIn(platform, SEEDED_CLINICIAN_EMAILS[0] as string);
    const profile = await client.from('profiles').select('*').eq('id', session.user.id).single();
    expect(profile.error).toBeNull();
    const events = await listUpcomingEvents({ baseUrl: platform.url, providerToken: session.provider_token as string });
    expect(events.length).toBeGreaterThan(0);
  });
});
