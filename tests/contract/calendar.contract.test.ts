// core/calendar's listUpcomingEvents against the local Google Calendar (§6 item 8), plus errors, writes, faults.
import { auth as googleAuth, calendar as googleCalendar } from '@googleapis/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarApiError, listUpcomingEvents, NO_TITLE } from '../../core/calendar/index.ts';
import { SEEDED_CLINICIAN_EMAILS } from '../../fixtures/seed.ts';
import { signIn, startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { DAYS, suiteSeed } from '../support/seed-calendar.ts';
import { chicago, setTestNow, testNow } from '../support/test-clock.ts';

let platform: TestPlatform;
const seed = suiteSeed();
let mayaToken: string;
const MAYA = SEEDED_CLINICIAN_EMAILS[0] as string;
const EVENTS_PATH = '/calendar/v3/calendars/primary/events';
const UNAUTHENTICATED =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

beforeAll(async () => {
  platform = await startLocalPlatform();
  mayaToken = (await signIn(platform, MAYA)).session.provider_token as string;
});
afterAll(async () => {
  await platform?.close();
});

function expectedIds(email: string, now: Date): string[] {
  const clinician = seed.clinicians.find((c) => c.email === email);
  const max = now.getTime() + 30 * 86_400_000;
  return seed.events
    .filter((e) => e.clinicianId === clinician?.id)
    .filter((e) => Date.parse(e.endsAt) > now.getTime() && Date.parse(e.startsAt) < max)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.endsAt.localeCompare(b.endsAt) || (a.id < b.id ? -1 : 1))
    .map((e) => e.id);
}

function get(query: string, token?: string): Promise<Response> {
  return fetch(`${platform.url}${EVENTS_PATH}${query}`, {
    headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
  });
}

async function listError(promise: Promise<unknown>): Promise<CalendarApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CalendarApiError) return error;
    throw error;
  }
  throw new Error('expected a CalendarApiError');
}

describe('events.list through the product’s calendar client', () => {
  it('returns the seeded events of the 30-day window in start order', async () => {
    // 6 am on the seed day (Wednesday 28 October): the whole seeded window is ahead.
    const now = chicago(DAYS.wednesday, '06:00');
    const events = await listUpcomingEvents({ fetch, baseUrl: platform.url, providerToken: mayaToken, now });
    expect(events.map((e) => e.id)).toEqual(expectedIds(MAYA, now));
    expect(events.length).toBeGreaterThan(60);
    const starts = events.map((e) => (e.allDay ? Date.parse(`${e.start}T00:00:00-06:00`) : Date.parse(e.start)));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    const timed = events.find((e) => !e.allDay);
    expect(timed?.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-0[56]:00$/);
    const allDay = events.filter((e) => e.allDay);
    expect(allDay.map((e) => e.title)).toEqual(expect.arrayContaining(['Team meeting day']));
    expect(allDay[0]?.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(events.some((e) => e.title === NO_TITLE)).toBe(true);
    const html = events.find((e) => e.description?.includes('<script>'));
    expect(html?.description).toContain('<p>Gate code <b>4411</b>. Dog in the yard.</p><script>alert("xss")</script>');
    const visit = events.find((e) => e.location?.includes(', IL 60'));
    expect(visit?.description).toMatch(/Patient time window: \d{2}:\d{2}–\d{2}:\d{2}/);
    const perDay = new Map<string, number>();
    for (const e of events)
      if (!e.allDay) perDay.set(e.start.slice(0, 10), (perDay.get(e.start.slice(0, 10)) ?? 0) + 1);
    expect(Math.max(...perDay.values())).toBeGreaterThan(3);
  });

  it('pages with nextPageToken and returns every event', async () => {
    const now = testNow();
    const urls: string[] = [];
    const counting = (input: string, init?: RequestInit) => {
      urls.push(input);
      return fetch(input, init);
    };
    const events = await listUpcomingEvents({
      baseUrl: platform.url,
      providerToken: mayaToken,
      now,
      pageSize: 7,
      fetch: counting,
    });
    expect(events.map((e) => e.id)).toEqual(expectedIds(MAYA, now));
    // One request per page: the stand-in reads one row past the page, so a last page that is exactly full carries
    // no nextPageToken (no empty extra page; the count of events left depends on the time of day).
    expect(urls.length).toBe(Math.max(1, Math.ceil(events.length / 7)));
    expect(urls.slice(1).every((u) => new URL(u).searchParams.has('pageToken'))).toBe(true);
  });

  it('answers the collection with Google’s fields', async () => {
    const now = testNow();
    const response = await get(
      `?timeMin=${encodeURIComponent(now.toISOString())}&singleEvents=true&orderBy=startTime&maxResults=2`,
      mayaToken,
    );
    expect(response.status).toBe(200);
    const page = await response.json();
    expect(page).toMatchObject({
      kind: 'calendar#events',
      summary: MAYA,
      timeZone: 'America/Chicago',
      accessRole: 'owner',
    });
    expect(page.nextPageToken).toEqual(expect.any(String));
    expect(page.nextSyncToken).toBeUndefined();
    expect(page.items[0]).toMatchObject({ kind: 'calendar#event', status: 'confirmed', etag: expect.any(String) });
    expect(page.items[0].htmlLink).toMatch(/^https:\/\/www\.google\.com\/calendar\/event\?eid=/);
  });

  it('returns an empty schedule for the clinician with no events', async () => {
    const email = seed.clinicians.find((c) => c.special === 'no-events')?.email as string;
    const { session } = await signIn(platform, email);
    const events = await listUpcomingEvents({
      fetch,
      baseUrl: platform.url,
      providerToken: session.provider_token as string,
      now: testNow(),
    });
    expect(events).toEqual([]);
  });
});

describe('the default page size of 250', () => {
  it('pages a calendar with more than 250 events in the window', async () => {
    const email = SEEDED_CLINICIAN_EMAILS[3] as string;
    const now = testNow();
    // 200 extra half-hour holds on the clinician's own calendar, straight into the stand-in's table: from a day
    // after now, every 3 hours (the last 26 days later, inside the 30-day window).
    await platform.db.query(
      `insert into calendar.events (id, calendar_id, status, starts_at, ends_at, updated_at, created_at, sequence, resource)
       select 'bulk' || lpad(i::text, 4, '0'), $1, 'confirmed', s, s + interval '30 minutes', now(), now(), 0,
         jsonb_build_object('kind', 'calendar#event', 'id', 'bulk' || lpad(i::text, 4, '0'), 'status', 'confirmed',
           'summary', 'Hold ' || i, 'start', jsonb_build_object('dateTime', to_char(s at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
           'end', jsonb_build_object('dateTime', to_char((s + interval '30 minutes') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')))
       from generate_series(1, 200) as i, lateral (select $2::timestamptz + interval '1 day' + i * interval '3 hours' as s) as t`,
      [email, now.toISOString()],
    );
    const { session } = await signIn(platform, email);
    const urls: string[] = [];
    const events = await listUpcomingEvents({
      baseUrl: platform.url,
      providerToken: session.provider_token as string,
      now,
      fetch: (input, init) => {
        urls.push(input);
        return fetch(input, init);
      },
    });
    expect(events.length).toBe(expectedIds(email, now).length + 200);
    expect(events.length).toBeGreaterThan(250);
    expect(urls.length).toBe(2);
    expect(new URL(urls[0] as string).searchParams.has('maxResults')).toBe(false);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });
});

describe('Google’s error bodies', () => {
  it('401 required without an Authorization header', async () => {
    const response = await get('');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        code: 401,
        message: 'Login Required.',
        errors: [
          {
            domain: 'global',
            reason: 'required',
            message: 'Login Required',
            locationType: 'header',
            location: 'Authorization',
          },
        ],
        status: 'UNAUTHENTICATED',
      },
    });
  });

  it('401 authError for an unknown token', async () => {
    const error = await listError(
      listUpcomingEvents({ fetch, baseUrl: platform.url, providerToken: 'ya29.forged', now: testNow() }),
    );
    expect(error.status).toBe(401);
    expect(error.reason).toBe('authError');
    expect(error.body).toEqual({
      error: {
        code: 401,
        message: UNAUTHENTICATED,
        errors: [
          {
            message: 'Invalid Credentials',
            domain: 'global',
            reason: 'authError',
            location: 'Authorization',
            locationType: 'header',
          },
        ],
        status: 'UNAUTHENTICATED',
      },
    });
    const raw = await get('', 'ya29.forged');
    expect(raw.headers.get('www-authenticate')).toBe(
      'Bearer realm="https://accounts.google.com/", error="invalid_token"',
    );
  });

  it('403 insufficientPermissions when the sign-in did not ask for the calendar scope', async () => {
    const { session } = await signIn(platform, SEEDED_CLINICIAN_EMAILS[1] as string, { scopes: '' });
    const error = await listError(
      listUpcomingEvents({
        fetch,
        baseUrl: platform.url,
        providerToken: session.provider_token as string,
        now: testNow(),
      }),
    );
    expect(error.status).toBe(403);
    expect(error.body).toEqual({
      error: {
        code: 403,
        message: 'Request had insufficient authentication scopes.',
        errors: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
        status: 'PERMISSION_DENIED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
            domain: 'googleapis.com',
            metadata: { service: 'calendar-json.googleapis.com', method: 'calendar.v3.Events.List' },
          },
        ],
      },
    });
  });

  it('401 authError once the provider token has expired', async () => {
    const email = SEEDED_CLINICIAN_EMAILS[2] as string;
    const { session } = await signIn(platform, email);
    const token = session.provider_token as string;
    expect((await get('', token)).status).toBe(200);
    const expire = await fetch(`${platform.url}/__local/expire-provider-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect((await expire.json()).expired).toBeGreaterThan(0);
    const error = await listError(
      listUpcomingEvents({ fetch, baseUrl: platform.url, providerToken: token, now: testNow() }),
    );
    expect(error.status).toBe(401);
    expect(error.reason).toBe('authError');
  });

  it('400 for an empty range, bad times, orderBy without singleEvents, bad maxResults and page tokens', async () => {
    const t = '2026-06-03T09:00:00-05:00';
    const empty = await get(`?timeMin=${encodeURIComponent(t)}&timeMax=${encodeURIComponent(t)}`, mayaToken);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      error: {
        code: 400,
        message: 'The specified time range is empty.',
        errors: [
          {
            domain: 'calendar',
            reason: 'timeRangeEmpty',
            message: 'The specified time range is empty.',
            locationType: 'parameter',
            location: 'timeMax',
          },
        ],
        status: 'INVALID_ARGUMENT',
      },
    });
    expect((await (await get('?timeMin=2026-06-03T09:00:00', mayaToken)).json()).error.errors[0].reason).toBe(
      'badRequest',
    );
    expect((await get('?orderBy=startTime', mayaToken)).status).toBe(400);
    expect((await get('?orderBy=startTime&singleEvents=true', mayaToken)).status).toBe(200);
    for (const bad of ['0', '2501', 'abc', '-1', '1.5']) {
      const response = await get(`?maxResults=${bad}`, mayaToken);
      expect(response.status).toBe(400);
      expect((await response.json()).error.errors[0].location).toBe('maxResults');
    }
    expect((await get('?maxResults=2500', mayaToken)).status).toBe(200);
    const badToken = await get('?pageToken=not-a-token', mayaToken);
    expect(badToken.status).toBe(400);
    expect((await badToken.json()).error.errors[0].location).toBe('pageToken');
  });
});

describe('writes, preflights and faults', () => {
  it('inserts and patches events with a write scope; refuses the read-only token', async () => {
    const minted = await fetch(`${platform.url}/__local/provider-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: MAYA, scopes: ['https://www.googleapis.com/auth/calendar.events'] }),
    });
    const writeToken = (await minted.json()).access_token as string;
    const day = DAYS.wednesday;
    const body = {
      summary: 'Added by the assistant',
      location: '1 N State St, Chicago, IL 60602',
      start: { dateTime: `${day}T23:00:00-06:00` },
      end: { dateTime: `${day}T23:30:00-06:00` },
    };
    const denied = await fetch(`${platform.url}${EVENTS_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${mayaToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(denied.status).toBe(403);
    expect((await denied.json()).error.details[0].metadata.method).toBe('calendar.v3.Events.Insert');
    const created = await fetch(`${platform.url}${EVENTS_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${writeToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(created.status).toBe(200);
    const event = await created.json();
    expect(event).toMatchObject({ kind: 'calendar#event', summary: 'Added by the assistant', status: 'confirmed' });
    const patched = await fetch(`${platform.url}${EVENTS_PATH}/${event.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${writeToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ summary: 'Moved by the assistant', start: { dateTime: `${day}T22:00:00-06:00` } }),
    });
    expect(patched.status).toBe(200);
    const after = await patched.json();
    expect(after.summary).toBe('Moved by the assistant');
    expect(after.sequence).toBe(1);
    expect(after.etag).not.toBe(event.etag);
    const missing = await fetch(`${platform.url}${EVENTS_PATH}/doesnotexist0`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${writeToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(missing.status).toBe(404);
  });

  it('answers CORS preflights', async () => {
    const response = await fetch(`${platform.url}${EVENTS_PATH}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:5173',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
  });

  it('fails on demand through /__local/faults (500 backendError, connection drop) and recovers', async () => {
    const setFault = (calendar: string | null) =>
      fetch(`${platform.url}/__local/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ calendar }),
      });
    try {
      await setFault('500');
      const error = await listError(
        listUpcomingEvents({ fetch, baseUrl: platform.url, providerToken: mayaToken, now: testNow() }),
      );
      expect(error.status).toBe(500);
      expect(error.reason).toBe('backendError');
      await setFault('down');
      await expect(
        listUpcomingEvents({ fetch, baseUrl: platform.url, providerToken: mayaToken, now: testNow() }),
      ).rejects.toThrow();
    } finally {
      await setFault(null);
    }
    expect(
      (await listUpcomingEvents({ fetch, baseUrl: platform.url, providerToken: mayaToken, now: testNow() })).length,
    ).toBeGreaterThan(0);
  });
});

describe('Google’s own calendar client (@googleapis/calendar) against the stand-in', () => {
  it('lists and pages, gets, inserts, patches with etag preconditions, deletes, and lists calendars', async () => {
    const LUIS = SEEDED_CLINICIAN_EMAILS[2] as string;
    const minted = await fetch(`${platform.url}/__local/provider-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: LUIS, scopes: ['https://www.googleapis.com/auth/calendar'] }),
    });
    const oauth = new googleAuth.OAuth2();
    oauth.setCredentials({ access_token: ((await minted.json()) as { access_token: string }).access_token });
    const api = googleCalendar({ version: 'v3', auth: oauth, rootUrl: `${platform.url}/` });
    const status = async (promise: Promise<unknown>) =>
      promise.then(
        () => 200,
        (error: { status?: number; response?: { status?: number } }) => error.status ?? error.response?.status,
      );

    // events.list with paging: every page through nextPageToken gives the seeded window in order.
    const now = testNow();
    const query = {
      calendarId: 'primary',
      timeMin: now.toISOString(),
      timeMax: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      singleEvents: true,
      orderBy: 'startTime',
      maxResults: 25,
    };
    const ids: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await api.events.list({ ...query, pageToken });
      expect(page.data.kind).toBe('calendar#events');
      ids.push(...(page.data.items ?? []).map((item) => item.id as string));
      pageToken = page.data.nextPageToken ?? undefined;
      pages++;
    } while (pageToken);
    expect(pages).toBeGreaterThan(2);
    expect(ids).toEqual(expectedIds(LUIS, now));

    // events.get, insert, patch with If-Match.
    const first = await api.events.get({ calendarId: 'primary', eventId: ids[0] as string });
    expect(first.data.id).toBe(ids[0]);
    const day = DAYS.wednesday;
    // On a frozen clock: every write gets a new etag even at the same clock reading (a summary-only patch keeps
    // the sequence; the etag is chained to the one it replaces), so a stale writer is refused.
    setTestNow(testNow(), { frozen: true });
    const inserted = await api.events.insert({
      calendarId: 'primary',
      requestBody: {
        summary: 'Inserted by Google’s client',
        start: { dateTime: `${day}T22:00:00-06:00` },
        end: { dateTime: `${day}T22:30:00-06:00` },
      },
    });
    const id = inserted.data.id as string;
    const staleEtag = inserted.data.etag as string;
    const patched = await api.events.patch(
      { calendarId: 'primary', eventId: id, requestBody: { summary: 'Patched once' } },
      { headers: { 'If-Match': staleEtag } },
    );
    expect(patched.data.summary).toBe('Patched once');
    expect(patched.data.etag).not.toBe(staleEtag);
    // A second writer still holding the old etag is refused (412) and changes nothing.
    expect(
      await status(
        api.events.patch(
          { calendarId: 'primary', eventId: id, requestBody: { summary: 'Lost update' } },
          { headers: { 'If-Match': staleEtag } },
        ),
      ),
    ).toBe(412);
    expect((await api.events.get({ calendarId: 'primary', eventId: id })).data.summary).toBe('Patched once');
    expect(
      await status(api.events.delete({ calendarId: 'primary', eventId: id }, { headers: { 'If-Match': staleEtag } })),
    ).toBe(412);
    setTestNow(testNow()); // running again

    // events.delete: 204, then 410 on get and on a second delete, cancelled in lists with showDeleted.
    const removed = await api.events.delete(
      { calendarId: 'primary', eventId: id },
      { headers: { 'If-Match': patched.data.etag as string } },
    );
    expect(removed.status).toBe(204);
    expect(await status(api.events.get({ calendarId: 'primary', eventId: id }))).toBe(410);
    expect(await status(api.events.delete({ calendarId: 'primary', eventId: id }))).toBe(410);
    expect(await status(api.events.delete({ calendarId: 'primary', eventId: 'doesnotexist1' }))).toBe(404);
    const window = { calendarId: 'primary', timeMin: `${day}T00:00:00-06:00`, timeMax: `${day}T23:59:00-06:00` };
    const visible = await api.events.list(window);
    expect((visible.data.items ?? []).map((item) => item.id)).not.toContain(id);
    const withDeleted = await api.events.list({ ...window, showDeleted: true });
    expect((withDeleted.data.items ?? []).find((item) => item.id === id)?.status).toBe('cancelled');

    // calendarList.list and .get: the primary calendar.
    const calendars = await api.calendarList.list();
    expect(calendars.data.kind).toBe('calendar#calendarList');
    expect(calendars.data.items).toHaveLength(1);
    expect(calendars.data.items?.[0]).toMatchObject({
      id: LUIS,
      primary: true,
      accessRole: 'owner',
      timeZone: 'America/Chicago',
    });
    expect((await api.calendarList.get({ calendarId: 'primary' })).data.id).toBe(LUIS);
    expect(await status(api.calendarList.get({ calendarId: 'someone.else@example.com' }))).toBe(404);
  });
});
