// events.list serves a page it already rendered while the calendar's events version stands (the largest cost
// of the dashboard's 30-day list on PGlite was copying the events out of the database on every request). The
// version is bumped by triggers on calendar.events, so every writer is seen: the Calendar API, statements
// straight on the table (as tests and the seed write), a truncate, a reset that makes the calendars again. On
// PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../emulators/db/db.ts';
import { openLocalDb } from '../../emulators/db/open.ts';
import { createLocalPlatform, type LocalPlatform } from '../../emulators/server.ts';
import { SEEDED_CLINICIAN_EMAILS } from '../../fixtures/seed.ts';
import { loadSnapshotDb } from '../support/db-snapshot.ts';
import { SEED_DAY, testNow } from '../support/test-clock.ts';

const MAYA = SEEDED_CLINICIAN_EMAILS[0] as string;
const OTHER = SEEDED_CLINICIAN_EMAILS[1] as string;
const EVENTS = '/calendar/v3/calendars/primary/events';
const WRITE_SCOPE = 'https://www.googleapis.com/auth/calendar.events';

interface Page {
  etag: string;
  items: Array<{ id: string; summary?: string; status: string; etag: string }>;
}

/** A Db that counts the statements reading calendar.events (to see when the list asks the database). */
function counting(inner: Db): Db & { eventReads: number } {
  const db = {
    eventReads: 0,
    kind: inner.kind,
    query: ((sql, params) => {
      if (/from calendar\.events/.test(sql)) db.eventReads++;
      return inner.query(sql, params);
    }) as Db['query'],
    exec: (sql: string) => inner.exec(sql),
    transaction: ((fn) => inner.transaction(fn)) as Db['transaction'],
    close: async () => {},
  };
  return db;
}

function suite(open: () => Promise<Db>, options: { destructive: boolean }) {
  let inner: Db;
  let db: ReturnType<typeof counting>;
  let platform: LocalPlatform;
  let token: string;
  const window = () => {
    const now = testNow().getTime();
    return new URLSearchParams({
      timeMin: new Date(now - 86_400_000).toISOString(),
      timeMax: new Date(now + 30 * 86_400_000).toISOString(),
      singleEvents: 'true',
      orderBy: 'startTime',
    });
  };
  const mint = async (email: string) => {
    const response = await fetch(`${platform.url}/__local/provider-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, scopes: [WRITE_SCOPE] }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const list = async (query: URLSearchParams | string = window(), bearer = token): Promise<Page> => {
    const response = await fetch(`${platform.url}${EVENTS}?${query}`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Page;
  };
  const calendarWrite = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${platform.url}${EVENTS}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return response.status === 204 ? undefined : ((await response.json()) as { id: string; etag: string });
  };
  /** A timed event tomorrow at the given UTC hour, straight into the table (as tests and the seed write). */
  const insertDirect = async (id: string, summary: string, hour: number) => {
    const start = new Date(testNow().getTime() + 86_400_000);
    start.setUTCHours(hour, 0, 0, 0);
    const end = new Date(start.getTime() + 1_800_000);
    await db.query(
      `insert into calendar.events (id, calendar_id, status, starts_at, ends_at, updated_at, created_at, sequence, resource)
       values ($1, $2, 'confirmed', $3, $4, now(), now(), 0, jsonb_build_object('kind', 'calendar#event', 'id', $1::text,
         'etag', '"1"', 'status', 'confirmed', 'summary', $5::text,
         'start', jsonb_build_object('dateTime', $6::text), 'end', jsonb_build_object('dateTime', $7::text)))`,
      [id, MAYA, start, end, summary, start.toISOString(), end.toISOString()],
    );
  };

  beforeAll(async () => {
    inner = await open();
    db = counting(inner);
    platform = await createLocalPlatform({ port: 0, db });
    token = await mint(MAYA);
  });
  afterAll(async () => {
    await platform?.close();
    await inner?.close();
  });

  it('serves an unchanged list without reading the events again, and the same bytes', async () => {
    const query = window();
    const first = await list(query);
    expect(first.items.length).toBeGreaterThan(10);
    const reads = db.eventReads;
    const second = await list(query);
    expect(db.eventReads).toBe(reads);
    expect(second.items).toEqual(first.items);
    // Another query (another page size) is another page, read from the database.
    query.set('maxResults', '5');
    const five = await list(query);
    expect(db.eventReads).toBe(reads + 1);
    expect(five.items).toEqual(first.items.slice(0, 5));
    expect((five as Page & { nextPageToken?: string }).nextPageToken).toBeTruthy();
  });

  it('sees statements straight on the table: insert, update, delete', async () => {
    const query = window();
    await list(query);
    const id = `cache${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    await insertDirect(id, 'Inserted by SQL', 15);
    expect((await list(query)).items.find((e) => e.id === id)?.summary).toBe('Inserted by SQL');
    await db.query(
      `update calendar.events set resource = jsonb_set(resource, '{summary}', '"Updated by SQL"') where id = $1`,
      [id],
    );
    expect((await list(query)).items.find((e) => e.id === id)?.summary).toBe('Updated by SQL');
    await db.query('delete from calendar.events where id = $1', [id]);
    expect((await list(query)).items.some((e) => e.id === id)).toBe(false);
  });

  it('sees the Calendar API’s own writes, and another calendar’s list stays right', async () => {
    const query = window();
    const other = await mint(OTHER);
    const otherBefore = await list(query, other);
    await list(query);
    const start = new Date(testNow().getTime() + 2 * 86_400_000);
    start.setUTCHours(16, 0, 0, 0);
    const created = await calendarWrite('POST', '', {
      summary: 'Inserted by the API',
      start: { dateTime: start.toISOString() },
      end: { dateTime: new Date(start.getTime() + 1_800_000).toISOString() },
    });
    const id = created?.id as string;
    expect((await list(query)).items.find((e) => e.id === id)?.summary).toBe('Inserted by the API');
    await calendarWrite('PATCH', `/${id}`, { summary: 'Patched by the API' });
    const patched = (await list(query)).items.find((e) => e.id === id);
    expect(patched?.summary).toBe('Patched by the API');
    expect(patched?.etag).not.toBe(created?.etag);
    await calendarWrite('DELETE', `/${id}`);
    expect((await list(query)).items.some((e) => e.id === id)).toBe(false);
    query.set('showDeleted', 'true');
    expect((await list(query)).items.find((e) => e.id === id)?.status).toBe('cancelled');
    query.delete('showDeleted');
    expect((await list(query, other)).items).toEqual(otherBefore.items);
  });

  it.skipIf(!options.destructive)(
    'sees a truncate, and a reset never serves a page of the calendar it replaced',
    async () => {
      const query = window();
      const seeded = await list(query);
      await db.exec('truncate calendar.events');
      expect((await list(query)).items).toEqual([]);
      const reset = await fetch(`${platform.url}/__local/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ today: SEED_DAY }),
      });
      expect(reset.status).toBe(200);
      token = await mint(MAYA); // the reset wiped the tokens
      expect((await list(query)).items.map((e) => e.id)).toEqual(seeded.items.map((e) => e.id));
    },
  );
}

describe('the events list cache on PGlite', () => {
  suite(loadSnapshotDb, { destructive: true });
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)(
  `the events list cache on PostgreSQL${pgUrl ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`,
  () => {
    // The database is shared with other test files: no truncate or reset there.
    suite(() => openLocalDb({ databaseUrl: pgUrl, today: SEED_DAY }), { destructive: false });
  },
);
