// Property-based fuzzing of the whole local platform (fast-check, fixed seed): arbitrary methods, paths
// in every route group, query strings and bodies full of hostile values (NUL, lone surrogates, deep
// JSON, out-of-range dates and numbers), with and without valid credentials. Every answer must be
// below 500 and, when an error, in the shape of the service that owns the path; the platform must stay
// healthy. `npm test` runs a bounded number of cases; `npm run fuzz` runs many more (FUZZ_RUNS).
import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import type { Db } from '../../emulators/db/db.ts';
import { openLocalDb } from '../../emulators/db/open.ts';
import { createLocalPlatform } from '../../emulators/server.ts';
import { LOCAL_VOICE_PRIVATE_KEY } from '../../emulators/voice/keys.ts';
import { SEEDED_CLINICIAN_EMAILS } from '../../fixtures/seed.ts';
import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { SEED_DAY } from '../support/test-clock.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? '120');
const SEED = Number(process.env.FUZZ_SEED ?? '20261123');

let platform: TestPlatform;
const credentials: Record<string, Record<string, string>> = {};

// The same fuzzing on PostgreSQL when TEST_DATABASE_URL points at a database (seeded on first use).
const pgUrl = process.env.TEST_DATABASE_URL;
let pgDb: Db | null = null;

beforeAll(async () => {
  if (pgUrl) {
    pgDb = await openLocalDb({ databaseUrl: pgUrl, today: SEED_DAY });
    platform = { ...(await createLocalPlatform({ port: 0, db: pgDb })), anonKey: LOCAL_ANON_KEY };
  } else {
    platform = await startLocalPlatform();
  }
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(`${platform.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as Record<string, string>;
  const session = await post('/__local/sessions', { email: SEEDED_CLINICIAN_EMAILS[1] });
  const google = await post('/__local/provider-tokens', {
    email: SEEDED_CLINICIAN_EMAILS[1],
    scopes: ['https://www.googleapis.com/auth/calendar'],
  });
  credentials.none = {};
  credentials.supabase = {
    apikey: LOCAL_ANON_KEY,
    authorization: `Bearer ${session.access_token}`,
    'x-supabase-api-version': '2024-01-01',
  };
  credentials.google = { authorization: `Bearer ${google.access_token}` };
  credentials.voice = { authorization: `Bearer ${LOCAL_VOICE_PRIVATE_KEY}` };
  credentials.garbage = { authorization: 'Bearer x.y.z', apikey: 'sb_publishable_nope' };
}, 120_000);
afterAll(async () => {
  await platform?.close();
  await pgDb?.close();
});

type Shape = 'auth' | 'rest' | 'calendar' | 'nest' | 'html' | 'any';

/** Path templates per route group (`{}` is replaced by a fuzzed segment). */
const PATHS: Array<[string, Shape]> = [
  ['/auth/v1/authorize', 'auth'],
  ['/auth/v1/token', 'auth'],
  ['/auth/v1/user', 'auth'],
  ['/auth/v1/logout', 'auth'],
  ['/auth/v1/{}', 'auth'],
  ['/rest/v1/profiles', 'rest'],
  ['/rest/v1/{}', 'rest'],
  ['/calendar/v3/calendars/primary/events', 'calendar'],
  ['/calendar/v3/calendars/primary/events/{}', 'calendar'],
  ['/calendar/v3/calendars/{}/events', 'calendar'],
  ['/calendar/v3/users/me/calendarList', 'calendar'],
  ['/__google/o/oauth2/v2/auth', 'html'],
  ['/__google/o/oauth2/v2/auth/choose', 'html'],
  ['/__google/token', 'any'],
  ['/__google/revoke', 'any'],
  ['/__local/sessions', 'any'],
  ['/__local/provider-tokens', 'any'],
  ['/__local/state', 'any'],
  ['/__local/room/{}', 'any'],
  ['/functions/v1/google-token', 'any'],
  ['/functions/v1/{}', 'any'],
  ['/assistant', 'nest'],
  ['/assistant/{}', 'nest'],
  ['/v2/assistant', 'nest'],
  ['/tool', 'nest'],
  ['/phone-number', 'nest'],
  ['/squad', 'nest'],
  ['/call', 'nest'],
  ['/call/web', 'nest'],
  ['/chat/web', 'any'],
  ['/health', 'any'],
];

const NASTY = [
  '\u0000',
  '\ud800',
  '\udfff',
  'a\u0000b',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-14:00',
  '2026-02-30',
  '2026-02-30T10:00:00Z',
  '2026-11-23T09:00:00-06:00',
  '1e20',
  '-1',
  '99999999999999999999',
  'NaN',
  "'; drop table auth.users; --",
  'eq.%00',
  '(((',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '😀',
  '',
];
const nastyString = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
);

/** Percent-encodes a string's UTF-16 code units as UTF-8, keeping lone surrogates as raw bytes. */
function encode(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (/^[A-Za-z0-9\-_.~]$/.test(ch)) out += ch;
    else if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else out += [...Buffer.from(ch, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
  return out;
}

const QUERY_KEYS = [
  'timeMin',
  'timeMax',
  'maxResults',
  'pageToken',
  'orderBy',
  'singleEvents',
  'showDeleted',
  'select',
  'email',
  'id',
  'limit',
  'offset',
  'order',
  'page',
  'createdAtGt',
  'updatedAtLe',
  'grant_type',
  'provider',
  'code_challenge',
  'redirect_to',
  'scopes',
  'state',
  'scope',
];
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), nastyString), nastyString), { maxLength: 4 })
  .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'));

const deepJson = fc.integer({ min: 1, max: 3000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`);
const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc
    .dictionary(
      fc.oneof(
        fc.constantFrom('name', 'email', 'summary', 'start', 'end', 'auth_code', 'refresh_token', 'today'),
        nastyString,
      ),
      fc.oneof(nastyString, fc.jsonValue({ maxDepth: 2 })),
      { maxKeys: 4 },
    )
    .map((v) => JSON.stringify(v)),
  fc
    .record({
      summary: nastyString,
      start: fc.record({ dateTime: nastyString }),
      end: fc.record({ date: nastyString }),
    })
    .map((v) => JSON.stringify(v)),
  deepJson,
  nastyString,
);

const requestArb = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'),
  path: fc.constantFrom(...PATHS),
  segment: nastyString,
  query,
  body,
  contentType: fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', undefined),
  credentials: fc.constantFrom('none', 'supabase', 'google', 'voice', 'garbage'),
});

function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  payload?: string,
): Promise<{ status: number; body: string; contentType: string }> {
  const url = new URL(platform.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: payload === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(payload) },
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            contentType: String(res.headers['content-type'] ?? ''),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${method} ${path}`)));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

function checkShape(shape: Shape, status: number, text: string, contentType: string, label: string): void {
  if (shape === 'html' && contentType.startsWith('text/html')) return;
  if (!contentType.includes('json')) {
    // Static files (and HEAD answers) are not JSON; anything else must be.
    expect(shape === 'any' || text === '', `${label}: ${contentType} ${text.slice(0, 200)}`).toBe(true);
    return;
  }
  const parsed = JSON.parse(text) as Record<string, unknown>;
  const keys = Object.keys(parsed).sort().join();
  if (shape === 'auth') {
    expect(
      [
        'code,message',
        'code,error_code,msg',
        'code,error_code,error_id,msg',
        'error,error_description',
        'message',
      ].includes(keys),
      `${label}: ${text.slice(0, 200)}`,
    ).toBe(true);
  } else if (shape === 'rest') {
    expect(['code,details,hint,message', 'message'].includes(keys), `${label}: ${text.slice(0, 200)}`).toBe(true);
  } else if (shape === 'calendar') {
    expect((parsed.error as { code?: number } | undefined)?.code, `${label}: ${text.slice(0, 200)}`).toBe(status);
  } else if (shape === 'nest') {
    expect(parsed.statusCode, `${label}: ${text.slice(0, 200)}`).toBe(status);
  }
}

describe(`fuzzing every route group (${pgUrl ? 'PostgreSQL: TEST_DATABASE_URL' : 'PGlite'})`, () => {
  it(`answers below 500, in each service’s shape (${RUNS} runs, seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (r) => {
        const [template, shape] = r.path;
        const path = template.replace('{}', encode(r.segment) || 'x') + (r.query ? `?${r.query}` : '');
        const headers: Record<string, string> = { ...(credentials[r.credentials] ?? {}) };
        if (r.contentType) headers['content-type'] = r.contentType;
        const payload = r.method === 'GET' || r.method === 'HEAD' ? undefined : r.body;
        const label = `${r.method} ${path.slice(0, 120)} ${JSON.stringify(payload ?? '').slice(0, 120)}`;
        const response = await send(r.method, path, headers, payload);
        expect(response.status, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (response.status >= 400 && r.method !== 'HEAD') {
          checkShape(shape, response.status, response.body, response.contentType, label);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const health = await fetch(`${platform.url}/health`);
    expect(health.status).toBe(200);
  }, 600_000);
});
