// The local platform as a whole: static web app with security headers and SPA fallback, and a battery of
// malformed requests at every route — each gets a 4xx in its service's shape, and nothing breaks.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { listUpcomingEvents } from '../../core/calendar/index.ts';
import type { Db } from '../../emulators/db/db.ts';
import { openLocalDb } from '../../emulators/db/open.ts';
import { createLocalPlatform } from '../../emulators/server.ts';
import { SEEDED_CLINICIAN_EMAILS } from '../../fixtures/seed.ts';
import { signIn, startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { SEED_DAY, testNow } from '../support/test-clock.ts';

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
    const route = await fetch(`${platform.url}/dashboard?x=1`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root">');
    // A page path the app does not have: 404, still the app (it renders "Page not found"; emulators/static.ts).
    const unknown = await fetch(`${platform.url}/schedule/today?x=1`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<div id="root">');
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
      (status >= 500 && keys.join() === 'code,error_code,error_id,msg') ||
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
  it('get 4xx answers in each service’s shape, and the platform keeps working', () => malformedBattery());
});

async function malformedBattery(): Promise<void> {
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
    expectShape(target.shape, big.status, big.body, `${base} 2 MB`);
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
  const events = await listUpcomingEvents({
    fetch,
    baseUrl: platform.url,
    providerToken: session.provider_token as string,
    now: testNow(),
  });
  expect(events.length).toBeGreaterThan(0);
}

describe('closed to other origins', () => {
  // One request per route group; every one must be refused with a foreign Host (DNS rebinding).
  const GROUPS: { label: string; method: string; path: string; shape: Shape; body?: string }[] = [
    { label: 'auth', method: 'GET', path: '/auth/v1/settings', shape: 'auth' },
    { label: 'auth authorize', method: 'GET', path: '/auth/v1/authorize?provider=google', shape: 'auth' },
    { label: 'rest', method: 'GET', path: '/rest/v1/profiles?select=*', shape: 'rest' },
    { label: 'calendar', method: 'GET', path: '/calendar/v3/calendars/primary/events', shape: 'calendar' },
    { label: 'google chooser', method: 'GET', path: '/__google/o/oauth2/v2/auth', shape: 'html' },
    { label: 'google token', method: 'POST', path: '/__google/token', shape: 'json', body: '{}' },
    { label: 'local state', method: 'GET', path: '/__local/state', shape: 'json' },
    {
      label: 'local sessions',
      method: 'POST',
      path: '/__local/sessions',
      shape: 'json',
      body: JSON.stringify({ email: 'maya.patel@homerounds.test' }),
    },
    { label: 'local reset', method: 'POST', path: '/__local/reset', shape: 'json', body: '{}' },
    { label: 'voice faults', method: 'POST', path: '/__local/voice-faults', shape: 'json', body: '{"stage":null}' },
    { label: 'room config', method: 'GET', path: '/__local/room/abc', shape: 'json' },
    { label: 'functions', method: 'POST', path: '/functions/v1/google-token', shape: 'json', body: '{}' },
    { label: 'voice api', method: 'GET', path: '/assistant', shape: 'nest' },
    { label: 'chat', method: 'POST', path: '/chat/web', shape: 'json', body: '{}' },
    { label: 'web app', method: 'GET', path: '/', shape: 'json' },
  ];
  const json = { 'content-type': 'application/json', apikey: LOCAL_ANON_KEY };

  it('answers 403 to a foreign Host on every route group, in each service’s shape, and changes nothing', async () => {
    const before = await platform.db.query('select count(*)::int as n from local_oauth.sessions');
    for (const foreign of ['evil.example', 'evil.example:8787', '127.0.0.1.evil.example', 'localhost.evil', '[::2]']) {
      for (const group of GROUPS) {
        const response = await raw(group.method, group.path, { ...json, host: foreign }, group.body);
        const label = `${group.label} Host ${JSON.stringify(foreign)}`;
        expect(response.status, `${label}: ${response.body}`).toBe(403);
        expectShape(group.shape, 403, response.body, label);
      }
    }
    expect((await platform.db.query('select count(*)::int as n from local_oauth.sessions')).rows).toEqual(before.rows);
    // HTTP/1.0 without a Host header: refused too.
    const url = new URL(platform.url);
    const noHost = await new Promise<string>((resolve) => {
      let data = '';
      const socket = connect(Number(url.port), url.hostname, () => socket.write('GET /__local/state HTTP/1.0\r\n\r\n'));
      socket.on('data', (d) => {
        data += d.toString();
      });
      socket.on('close', () => resolve(data));
      socket.on('error', () => resolve(data));
    });
    expect(noHost).toMatch(/^HTTP\/1\.1 403/);
    // The same requests with a loopback name pass the guard.
    for (const host of [
      '127.0.0.1',
      'localhost',
      `localhost:${new URL(platform.url).port}`,
      '[::1]:1',
      'app.localhost',
    ]) {
      const response = await raw('GET', '/auth/v1/settings', { ...json, host });
      expect(response.status, `Host ${host}`).toBe(200);
    }
  });

  it('refuses a WebSocket upgrade with a foreign Host or Origin', async () => {
    const url = new URL(platform.url);
    const upgrade = (headers: Record<string, string>) =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(url.port), url.hostname, () => {
          const lines = [
            'GET /__local/room/00000000-0000-0000-0000-000000000000 HTTP/1.1',
            'Connection: Upgrade',
            'Upgrade: websocket',
            'Sec-WebSocket-Version: 13',
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
            ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
          ];
          socket.write(`${lines.join('\r\n')}\r\n\r\n`);
        });
        let data = '';
        socket.on('data', (d) => {
          data += d.toString();
          socket.destroy();
        });
        socket.on('close', () => resolve(data));
        socket.on('error', () => resolve(data));
      });
    expect(await upgrade({ Host: 'evil.example' })).toMatch(/^HTTP\/1\.1 403/);
    expect(await upgrade({ Host: url.host, Origin: 'http://evil.example' })).toMatch(/^HTTP\/1\.1 403/);
    expect(await upgrade({ Host: url.host, Origin: platform.url })).toMatch(/^HTTP\/1\.1 101/);
  });

  it('refuses state changes a cross-site form could send, and /__local needs JSON plus a local origin or the secret', async () => {
    const email = JSON.stringify({ email: 'maya.patel@homerounds.test' });
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' };
    const text = { 'content-type': 'text/plain', origin: 'https://evil.example' };
    // Cross-site forms and text/plain fetches: refused on every route that takes a body.
    for (const path of [
      '/__google/o/oauth2/v2/auth/choose',
      '/__google/token',
      '/__google/revoke',
      '/auth/v1/token?grant_type=pkce',
      '/auth/v1/logout',
      '/calendar/v3/calendars/primary/events',
      '/__local/voice-faults',
      '/__local/reset',
      '/functions/v1/google-token',
      '/assistant',
      '/chat/web',
    ]) {
      for (const headers of [form, text, { 'content-type': 'multipart/form-data; boundary=x', origin: 'null' }]) {
        const response = await raw('POST', path, { ...headers, apikey: LOCAL_ANON_KEY }, 'state=x');
        expect(response.status, `${path} ${headers['content-type']}: ${response.body}`).toBe(403);
      }
      const noOrigin = await raw('POST', path, { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' }, 'x');
      expect(noOrigin.status, `${path} sec-fetch-site`).toBe(403);
    }
    // /__local: text/plain is refused even without an Origin (voice faults included).
    const plain = await raw(
      'POST',
      '/__local/voice-faults',
      { 'content-type': 'text/plain' },
      '{"stage":"web-call-creation"}',
    );
    expect(plain.status).toBe(415);
    expect(JSON.parse((await raw('GET', '/__local/voice-faults')).body)).toEqual({ fault: null });
    // JSON from a page of another origin: refused unless it holds the local secret.
    const foreign = { ...json, origin: 'https://evil.example' };
    expect((await raw('POST', '/__local/sessions', foreign, email)).status).toBe(403);
    const secret = { ...foreign, 'x-homerounds-local-secret': platform.hosts.localSecret };
    expect((await raw('POST', '/__local/sessions', secret, email)).status).toBe(200);
    const wrongSecret = { ...foreign, 'x-homerounds-local-secret': 'guess' };
    expect((await raw('POST', '/__local/sessions', wrongSecret, email)).status).toBe(403);
    // A page of the platform's own origin (or another loopback port) and non-browser clients pass.
    expect((await raw('POST', '/__local/sessions', { ...json, origin: platform.url }, email)).status).toBe(200);
    expect((await raw('POST', '/__local/sessions', { ...json, origin: 'http://localhost:5173' }, email)).status).toBe(
      200,
    );
    expect((await raw('POST', '/__local/sessions', json, email)).status).toBe(200);
    // The chooser's own form (same origin) still works: the sign-in journey passes in the battery above.
  });

  it('on every interface it needs allowed hosts, warns, and advertises a usable origin', async () => {
    await expect(createLocalPlatform({ host: '0.0.0.0', port: 0, db: platform.db, webRoot })).rejects.toThrow(
      /ALLOWED_HOSTS=/,
    );
    const lines: string[] = [];
    const open = await createLocalPlatform({
      host: '0.0.0.0',
      port: 0,
      db: platform.db,
      webRoot,
      allowedHosts: ['devbox.test'],
      log: (line) => lines.push(line),
    });
    try {
      const port = new URL(open.url).port;
      expect(open.url).toBe(`http://devbox.test:${port}`);
      expect(lines.join('\n')).toMatch(/warning: listening on every network interface/);
      const get = (host: string, path = '/auth/v1/settings') =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port, path, headers: { host, apikey: LOCAL_ANON_KEY } }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => {
              body += c.toString();
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          });
          req.on('error', reject);
          req.end();
        });
      expect((await get(`devbox.test:${port}`)).status).toBe(200);
      expect((await get(`127.0.0.1:${port}`)).status).toBe(200);
      expect((await get('evil.example')).status).toBe(403);
      // Sign-in redirects and the token issuer use the advertised origin, not 0.0.0.0.
      const authorize = await get(`devbox.test:${port}`, '/auth/v1/authorize?provider=google&skip_http_redirect=true');
      expect(authorize.body).toContain(`http://devbox.test:${port}/__google/`);
      expect(authorize.body).not.toContain('0.0.0.0');
    } finally {
      await open.close();
    }
  });
});

describe('the input layer', () => {
  // What no stand-in can store or compute gets a 400 in its service's shape — never a 500, and the same
  // answer on PGlite and PostgreSQL (the layer answers before the database is asked).
  it('answers 400 to NUL, lone surrogates, deep JSON, out-of-range times, impossible dates and huge page numbers', () =>
    inputBattery());
});

async function inputBattery(): Promise<void> {
  const { session } = await signIn(platform, SEEDED_CLINICIAN_EMAILS[1] as string);
  const writeToken = await (
    await fetch(`${platform.url}/__local/provider-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: SEEDED_CLINICIAN_EMAILS[1],
        scopes: ['https://www.googleapis.com/auth/calendar'],
      }),
    })
  ).json();
  const google = {
    authorization: `Bearer ${(writeToken as { access_token: string }).access_token}`,
    'content-type': 'application/json',
  };
  const supa = {
    apikey: LOCAL_ANON_KEY,
    authorization: `Bearer ${session.access_token}`,
    'content-type': 'application/json',
    'x-supabase-api-version': '2024-01-01',
  };
  const voice = {
    authorization: 'Bearer local-private-7f3c2a1e-9b4d-4e8f-a6c5-2d1b0e9f8a7c',
    'content-type': 'application/json',
  };
  const local = { 'content-type': 'application/json' };
  const event = (start: Record<string, string>, extra = '') =>
    `{"summary":"x${extra}","start":${JSON.stringify(start)},"end":{"dateTime":"2026-11-24T11:00:00-06:00"}}`;
  const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  const cases: Array<[string, string, Record<string, string>, string | undefined, Shape]> = [
    ['POST', EVENTS, google, event({ dateTime: '2026-11-24T10:00:00-06:00' }, '\\u0000'), 'calendar'],
    ['POST', EVENTS, google, event({ dateTime: '2026-11-24T10:00:00-06:00' }, '\\ud800'), 'calendar'],
    ['POST', EVENTS, google, event({ dateTime: '2026-02-30T10:00:00-06:00' }), 'calendar'],
    ['POST', EVENTS, google, event({ date: '2026-02-30' }), 'calendar'],
    ['POST', EVENTS, google, event({ dateTime: '0000-01-01T00:00:00Z' }), 'calendar'],
    ['POST', EVENTS, google, deep, 'calendar'],
    ['GET', `${EVENTS}?timeMin=0000-01-01T00:00:00Z`, google, undefined, 'calendar'],
    ['GET', `${EVENTS}?timeMin=9999-12-31T23:59:59-14:00`, google, undefined, 'calendar'],
    ['GET', `${EVENTS}?timeMax=2026-02-30T00:00:00Z`, google, undefined, 'calendar'],
    ['GET', `${EVENTS}?timeMin=2026-11-23T24:00:00Z`, google, undefined, 'calendar'],
    ['GET', `${EVENTS}?q=%00`, google, undefined, 'calendar'],
    [
      'GET',
      `${EVENTS}?pageToken=${Buffer.from(JSON.stringify({ o: 1e20, q: 'x' })).toString('base64url')}`,
      google,
      undefined,
      'calendar',
    ],
    ['GET', `${EVENTS}?maxResults=1e20`, google, undefined, 'calendar'],
    ['GET', '/rest/v1/profiles?email=eq.%00', supa, undefined, 'rest'],
    ['GET', '/rest/v1/profiles?limit=1e20', supa, undefined, 'rest'],
    ['GET', '/rest/v1/profiles?offset=99999999999', supa, undefined, 'rest'],
    ['POST', '/auth/v1/token?grant_type=pkce', supa, '{"auth_code":"\\u0000","code_verifier":"x"}', 'auth'],
    ['POST', '/auth/v1/token?grant_type=refresh_token', supa, '{"refresh_token":"\\udc00"}', 'auth'],
    ['POST', '/auth/v1/token?grant_type=refresh_token', supa, deep, 'auth'],
    ['POST', '/__local/sessions', local, '{"email":"maya.patel@homerounds.test\\u0000"}', 'json'],
    ['POST', '/__local/provider-tokens', local, '{"email":"\\ud83d","scopes":["x"]}', 'json'],
    ['POST', '/__local/reset', local, '{"today":"2026-02-30"}', 'json'],
    ['POST', '/assistant', voice, '{"name":"a\\u0000"}', 'nest'],
    ['POST', '/assistant', voice, '{"name":"\\udfff"}', 'nest'],
    ['POST', '/assistant', voice, `{"name":"deep","metadata":${deep}}`, 'nest'],
    ['GET', '/assistant?createdAtGt=0000-01-01T00:00:00Z', voice, undefined, 'nest'],
    ['GET', '/assistant?createdAtLt=2026-02-30', voice, undefined, 'nest'],
    ['GET', '/v2/assistant?page=1e20', voice, undefined, 'nest'],
    ['GET', '/assistant?limit=1e20', voice, undefined, 'nest'],
    ['POST', '/chat/web', voice, '{"input":"\\u0000"}', 'nest'],
    ['POST', '/functions/v1/google-token', supa, '{"x":"\\u0000"}', 'json'],
    [
      'POST',
      '/__google/token',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=refresh_token&refresh_token=%00',
      'json',
    ],
  ];
  for (const [method, path, headers, body, shape] of cases) {
    const label = `${method} ${path.slice(0, 80)} ${(body ?? '').slice(0, 80)}`;
    const response = await raw(method, path, headers, body);
    expect(response.status, `${label}: ${response.body.slice(0, 300)}`).toBe(400);
    expectShape(shape, 400, response.body, label);
  }
  // Valid edges still pass: a leap day, the last representable instant, a UTC offset of +14:00.
  for (const query of [
    'timeMin=2028-02-29T00:00:00Z',
    'timeMax=9999-12-31T23:59:59Z',
    'timeMin=2026-11-23T00:00:00%2B14:00',
  ]) {
    const response = await raw('GET', `${EVENTS}?${query}`, google);
    expect(response.status, `${query}: ${response.body.slice(0, 200)}`).toBe(200);
  }
  const leap = await raw(
    'POST',
    EVENTS,
    google,
    event({ dateTime: '2028-02-29T10:00:00-06:00' })
      .replace('11:00:00', '11:00:00')
      .replace('2026-11-24T11', '2028-02-29T11'),
  );
  expect(leap.status, leap.body.slice(0, 200)).toBe(200);
}

// The same batteries on PostgreSQL when TEST_DATABASE_URL points at a database (seeded on first use).
const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)(`the batteries on PostgreSQL${pgUrl ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`, () => {
  let pglitePlatform: TestPlatform;
  let pgDb: Db;
  beforeAll(async () => {
    pglitePlatform = platform;
    pgDb = await openLocalDb({ databaseUrl: pgUrl, today: SEED_DAY });
    const onPg = await createLocalPlatform({ port: 0, db: pgDb, webRoot });
    platform = { ...onPg, anonKey: LOCAL_ANON_KEY };
  });
  afterAll(async () => {
    await platform.close();
    await pgDb?.close();
    platform = pglitePlatform;
  });
  it('malformed requests get 4xx in each service’s shape', () => malformedBattery());
  it('the input layer answers 400 as on PGlite', () => inputBattery());
});

describe('outage, housekeeping and limits', () => {
  it('answers 503 with Retry-After in each service’s shape while the database is away, and recovers by itself', async () => {
    let down = false;
    const refuse = () => {
      if (down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    const inner = platform.db;
    const flaky: Db = {
      kind: inner.kind,
      async query(sql, params) {
        refuse();
        return inner.query(sql, params);
      },
      async exec(sql) {
        refuse();
        return inner.exec(sql);
      },
      async transaction(fn) {
        refuse();
        return inner.transaction(fn);
      },
      async close() {},
    };
    const flakyPlatform = await createLocalPlatform({ port: 0, db: flaky, webRoot });
    try {
      const { session } = await signIn(flakyPlatform, SEEDED_CLINICIAN_EMAILS[0] as string);
      const supa = { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${session.access_token}` };
      const requests: Array<[string, Record<string, string>, Shape]> = [
        ['/rest/v1/profiles?select=id', supa, 'rest'],
        ['/auth/v1/user', { ...supa, 'x-supabase-api-version': '2024-01-01' }, 'auth'],
        ['/auth/v1/health', { apikey: LOCAL_ANON_KEY }, 'auth'],
        [EVENTS, { authorization: `Bearer ${session.provider_token}` }, 'calendar'],
        ['/assistant', { authorization: 'Bearer local-private-7f3c2a1e-9b4d-4e8f-a6c5-2d1b0e9f8a7c' }, 'nest'],
      ];
      const get = async (path: string, headers: Record<string, string>) => {
        const response = await fetch(`${flakyPlatform.url}${path}`, { headers });
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: await response.text(),
        };
      };
      expect((await get('/health', {})).status).toBe(200);
      down = true;
      for (const [path, headers, shape] of requests) {
        const response = await get(path, headers);
        expect(response.status, `${path}: ${response.body}`).toBe(503);
        expect(response.retryAfter, path).toBe('5');
        expectShape(shape, 503, response.body, path);
      }
      const health = await get('/health', {});
      expect(health.status).toBe(503);
      expect(health.retryAfter).toBe('5');
      expect(JSON.parse(health.body)).toMatchObject({ status: 'unavailable', database: { ok: false, kind: 'pglite' } });
      down = false;
      for (const [path, headers] of requests) expect((await get(path, headers)).status, path).toBe(200);
      expect(JSON.parse((await get('/health', {})).body)).toMatchObject({ status: 'ok', database: { ok: true } });
    } finally {
      await flakyPlatform.close();
    }
  });

  it('purges expired flow states, and token answers are not cacheable', async () => {
    let now = testNow().getTime();
    const clocked = await createLocalPlatform({ port: 0, db: platform.db, webRoot, now: () => new Date(now) });
    try {
      const authorize = () =>
        fetch(
          `${clocked.url}/auth/v1/authorize?provider=google&code_challenge=${'a'.repeat(43)}&code_challenge_method=s256`,
          {
            redirect: 'manual',
          },
        );
      const count = async () =>
        (await platform.db.query<{ n: number }>('select count(*)::int as n from local_oauth.flow_states')).rows[0]?.n ??
        0;
      for (let i = 0; i < 20; i++) expect((await authorize()).status).toBe(302);
      const before = await count();
      expect(before).toBeGreaterThanOrEqual(20);
      now += 20 * 60_000; // twenty minutes later every one of them has expired
      expect((await authorize()).status).toBe(302);
      expect(await count()).toBeLessThanOrEqual(before - 19);
    } finally {
      await clocked.close();
    }
    const session = await fetch(`${platform.url}/__local/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: SEEDED_CLINICIAN_EMAILS[0] }),
    });
    expect(session.headers.get('cache-control')).toBe('no-store');
    const { refresh_token } = (await session.json()) as { refresh_token: string };
    const refreshed = await fetch(`${platform.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: LOCAL_ANON_KEY },
      body: JSON.stringify({ refresh_token }),
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('cache-control')).toBe('no-store');
    expect(refreshed.headers.get('pragma')).toBe('no-cache');
    const minted = await fetch(`${platform.url}/__local/provider-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: SEEDED_CLINICIAN_EMAILS[0] }),
    });
    expect(minted.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 413 to a 100 MB declared body before reading it, in the service’s shape', async () => {
    const url = new URL(platform.url);
    for (const [path, shape] of [
      [EVENTS, 'calendar'],
      ['/rest/v1/profiles', 'rest'],
      ['/assistant', 'nest'],
      ['/__local/reset', 'json'],
    ] as const) {
      const answer = await new Promise<string>((resolve) => {
        let data = '';
        const socket = connect(Number(url.port), url.hostname, () => {
          socket.write(
            `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n`,
          );
          socket.write(Buffer.alloc(64 * 1024, 'a'));
        });
        socket.on('data', (d) => {
          data += d.toString();
        });
        socket.on('close', () => resolve(data));
        socket.on('error', () => resolve(data));
      });
      expect(answer, path).toMatch(/^HTTP\/1\.1 413/);
      expectShape(shape, 413, answer.slice(answer.indexOf('\r\n\r\n') + 4), path);
    }
  });
});
