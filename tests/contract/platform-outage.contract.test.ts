// A database outage as each service answers it: while the database is away every route that needs it answers
// 503 with Retry-After in its owner's shape (PostgREST PGRST001, GoTrue, Google backendError/UNAVAILABLE,
// NestJS, the local hooks, the chooser's HTML page), reads and writes alike, /health says so, and the server
// recovers by itself when the database returns — no restart. On PGlite the outage is simulated at the Db
// layer with the error PGlite itself raises once closed; on PostgreSQL (TEST_DATABASE_URL) it is real: the
// platform talks to the server through a TCP relay the test cuts (connections dropped, new ones refused).
import { randomUUID } from 'node:crypto';
import { createServer, type Server, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { classifyDbError, type Db, type DbExecutor } from '../../emulators/db/db.ts';
import { openLocalDb } from '../../emulators/db/open.ts';
import { LOCAL_GOOGLE_CLIENT_ID } from '../../emulators/local-secrets.ts';
import { createLocalPlatform, type LocalPlatform } from '../../emulators/server.ts';
import { LOCAL_VOICE_PRIVATE_KEY } from '../../emulators/voice/keys.ts';
import { SEEDED_CLINICIAN_EMAILS } from '../../fixtures/seed.ts';
import { loadSnapshotDb } from '../support/db-snapshot.ts';
import { signIn } from '../support/local-platform.ts';
import { SEED_DAY, testNow } from '../support/test-clock.ts';

const EMAIL = SEEDED_CLINICIAN_EMAILS[0] as string;
const WRITE_SCOPE = 'https://www.googleapis.com/auth/calendar.events';
const EVENTS = '/calendar/v3/calendars/primary/events';
/** The summary of the event the probes insert (unique: a PostgreSQL database outlives the run). */
const PROBE_SUMMARY = `Outage probe ${randomUUID()}`;

interface Answer {
  status: number;
  retryAfter: string | null;
  contentType: string;
  text: string;
}

interface Probe {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  /** Status once the database is back. */
  ok: number;
  /** The 503 body in the owner's shape. */
  expectDown(answer: Answer): void;
}

async function call(url: string, probe: Probe): Promise<Answer> {
  const response = await fetch(`${url}${probe.path}`, {
    method: probe.method,
    headers: probe.body === undefined ? probe.headers : { ...probe.headers, 'content-type': 'application/json' },
    body: probe.body === undefined ? undefined : JSON.stringify(probe.body),
    signal: AbortSignal.timeout(15_000),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

const json = (answer: Answer) => JSON.parse(answer.text) as Record<string, unknown>;
const google = (answer: Answer) =>
  expect(json(answer)).toMatchObject({
    error: { code: 503, status: 'UNAVAILABLE', errors: [{ domain: 'global', reason: 'backendError' }] },
  });
const nest = (answer: Answer) =>
  expect(json(answer)).toMatchObject({ statusCode: 503, error: 'Service Unavailable', message: expect.any(String) });

/** The probes of every service, with the credentials a signed-in clinician has. */
async function probes(platform: LocalPlatform): Promise<Probe[]> {
  const { session } = await signIn(platform, EMAIL);
  const minted = await fetch(`${platform.url}/__local/provider-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, scopes: [WRITE_SCOPE] }),
  });
  const writer = ((await minted.json()) as { access_token: string }).access_token;
  const supa = { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${session.access_token}` };
  const voice = { authorization: `Bearer ${LOCAL_VOICE_PRIVATE_KEY}` };
  const start = new Date(testNow().getTime() + 3 * 86_400_000);
  const event = {
    summary: PROBE_SUMMARY,
    start: { dateTime: start.toISOString() },
    end: { dateTime: new Date(start.getTime() + 1_800_000).toISOString() },
  };
  const chooser = new URLSearchParams({
    client_id: LOCAL_GOOGLE_CLIENT_ID,
    redirect_uri: `${platform.url}/auth/v1/callback`,
    response_type: 'code',
    scope: 'email profile',
    state: '00000000-0000-4000-8000-000000000000',
  });
  return [
    {
      label: 'PostgREST read',
      method: 'GET',
      path: '/rest/v1/profiles?select=id',
      headers: supa,
      ok: 200,
      expectDown: (a) =>
        expect(json(a)).toEqual({ code: 'PGRST001', message: expect.any(String), details: null, hint: null }),
    },
    {
      label: 'GoTrue user (versioned)',
      method: 'GET',
      path: '/auth/v1/user',
      headers: { ...supa, 'x-supabase-api-version': '2024-01-01' },
      ok: 200,
      expectDown: (a) => expect(json(a)).toEqual({ code: 'service_unavailable', message: expect.any(String) }),
    },
    {
      label: 'GoTrue sign-out (write)',
      method: 'POST',
      path: '/auth/v1/logout?scope=others',
      headers: supa,
      ok: 204,
      expectDown: (a) =>
        expect(json(a)).toMatchObject({ code: 503, error_code: 'service_unavailable', error_id: expect.any(String) }),
    },
    {
      label: 'GoTrue health',
      method: 'GET',
      path: '/auth/v1/health',
      headers: { apikey: LOCAL_ANON_KEY },
      ok: 200,
      expectDown: (a) => expect(json(a)).toMatchObject({ code: 503, error_code: 'service_unavailable' }),
    },
    {
      label: 'Calendar events.list',
      method: 'GET',
      path: `${EVENTS}?singleEvents=true&orderBy=startTime&timeMin=${encodeURIComponent(testNow().toISOString())}`,
      headers: { authorization: `Bearer ${session.provider_token}` },
      ok: 200,
      expectDown: google,
    },
    {
      label: 'Calendar events.insert (write)',
      method: 'POST',
      path: EVENTS,
      headers: { authorization: `Bearer ${writer}` },
      body: event,
      ok: 200,
      expectDown: google,
    },
    {
      label: 'voice API list',
      method: 'GET',
      path: '/assistant',
      headers: voice,
      ok: 200,
      expectDown: nest,
    },
    {
      label: 'voice API create (write)',
      method: 'POST',
      path: '/assistant',
      headers: voice,
      body: { name: 'outage-probe' },
      ok: 201,
      expectDown: nest,
    },
    {
      label: 'local hook (write)',
      method: 'POST',
      path: '/__local/sessions',
      headers: {},
      body: { email: EMAIL },
      ok: 200,
      expectDown: (a) => expect(json(a)).toEqual({ error: 'unavailable', message: expect.any(String) }),
    },
    {
      label: 'Google consent chooser',
      method: 'GET',
      path: `/__google/o/oauth2/v2/auth?${chooser}`,
      headers: { accept: 'text/html' },
      ok: 200,
      expectDown: (a) => {
        expect(a.contentType).toMatch(/^text\/html/);
        expect(a.text).toMatch(/<!doctype html>/i);
      },
    },
  ];
}

/** Down, every probe and /health answer 503 with Retry-After in their shape; back up, everything works again. */
async function outage(platform: LocalPlatform, kind: Db['kind'], setDown: (down: boolean) => Promise<void>) {
  const list = await probes(platform);
  const health = { label: 'health', method: 'GET', path: '/health', headers: {}, ok: 200, expectDown() {} };
  expect((await call(platform.url, health)).status).toBe(200);

  await setDown(true);
  for (let round = 0; round < 2; round++) {
    // Twice: the first request finds the connections gone, the second cannot open new ones.
    for (const probe of list) {
      const answer = await call(platform.url, probe);
      expect(answer.status, `${probe.label} (round ${round + 1}): ${answer.text.slice(0, 300)}`).toBe(503);
      expect(answer.retryAfter, probe.label).toBe('5');
      probe.expectDown(answer);
    }
  }
  const down = await call(platform.url, health);
  expect(down.status).toBe(503);
  expect(down.retryAfter).toBe('5');
  expect(json(down)).toMatchObject({ status: 'unavailable', database: { ok: false, kind, error: expect.any(String) } });

  await setDown(false);
  // No restart: the next requests find the database again (the pool reconnects).
  for (const probe of list) {
    const answer = await call(platform.url, probe);
    expect(answer.status, `${probe.label} after recovery: ${answer.text.slice(0, 300)}`).toBe(probe.ok);
  }
  expect(json(await call(platform.url, health))).toMatchObject({ status: 'ok', database: { ok: true, kind } });
  // What was written during the outage did not half-happen; what was written after it is there.
  const probesInDb = await platform.db.query<{ n: number }>(
    `select count(*)::int as n from calendar.events where resource->>'summary' = $1`,
    [PROBE_SUMMARY],
  );
  expect(probesInDb.rows[0]?.n).toBe(1);
}

describe('an outage of PGlite (simulated at the Db layer)', () => {
  let inner: Db;
  let platform: LocalPlatform;
  let down = false;
  // What PGlite raises once closed, classified by the same function emulators/db/pglite.ts uses.
  const refuse = () => {
    if (down) classifyDbError(new Error('PGlite is closed'));
  };
  beforeAll(async () => {
    inner = await loadSnapshotDb();
    const guarded = (target: DbExecutor): DbExecutor => ({
      async query(sql, params) {
        refuse();
        return target.query(sql, params);
      },
      async exec(sql) {
        refuse();
        return target.exec(sql);
      },
    });
    const flaky: Db = {
      kind: inner.kind,
      ...guarded(inner),
      // Statements inside a transaction fail too (the outage can begin half-way through one: it rolls back).
      transaction: (fn) => inner.transaction((tx) => fn(guarded(tx))),
      async close() {},
    };
    platform = await createLocalPlatform({ port: 0, db: flaky });
  });
  afterAll(async () => {
    await platform?.close();
    await inner?.close();
  });

  it('answers 503 with Retry-After in each service’s shape, and recovers by itself', () =>
    outage(platform, 'pglite', async (value) => {
      down = value;
    }));
});

const pgUrl = process.env.TEST_DATABASE_URL;

/** A TCP relay to PostgreSQL the test can cut (dropping every connection) and restore on the same port. */
async function relay(target: URL): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server = listening;
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    async cut() {
      const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
  };
}

describe.skipIf(!pgUrl)(
  `an outage of PostgreSQL${pgUrl ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`,
  () => {
    let link: Awaited<ReturnType<typeof relay>>;
    let db: Db;
    let platform: LocalPlatform;
    beforeAll(async () => {
      link = await relay(new URL(pgUrl as string));
      db = await openLocalDb({ databaseUrl: link.url, today: SEED_DAY });
      platform = await createLocalPlatform({ port: 0, db });
    });
    afterAll(async () => {
      await platform?.close();
      await db?.close();
      await link?.cut();
    });

    it('answers 503 with Retry-After in each service’s shape while the server is unreachable, and recovers by itself', () =>
      outage(platform, 'postgres', (value) => (value ? link.cut() : link.restore())));
  },
  60_000,
);
