// "Use this order" through the reorder-day function on the local platform, as the Route view calls it: a signed-in
// clinician whose Google grant allows calendar changes, events written as people write them (no HomeRounds
// properties), each move checked against the etag the web app read. All or none; a repeat moves nothing twice;
// Undo with the etags the move left restores the day; a change made meanwhile refuses the whole request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { FUNCTIONS_PATH } from '../../core/assistant/contract.ts';
import type { ProviderEvent } from '../../core/calendar/calendar.types.ts';
import {
  MOVED_FROM_PROPERTY,
  REORDER_FUNCTION,
  type ReorderResponse,
  undoMoves,
} from '../../core/routing/reorder-contract.ts';
import { assistantSession } from '../support/assistant-session.ts';
import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { DAYS } from '../support/seed-calendar.ts';

const MAYA = 'maya.patel@homerounds.test';
const DAY = DAYS.saturday; // no seeded visits; Chicago is on CDT (-05:00)
const EVENTS = '/calendar/v3/calendars/primary/events';

let platform: TestPlatform;
let session: string;
let googleToken: string;

beforeAll(async () => {
  platform = await startLocalPlatform();
  session = (await assistantSession(platform, MAYA, { write: true })).accessToken;
  googleToken = await providerToken(MAYA);
}, 120_000);
afterAll(async () => {
  await platform?.close();
});

/** A Google access token for the clinician's own calendar, as Google's own client holds one. */
async function providerToken(email: string): Promise<string> {
  const minted = await fetch(`${platform.url}/__local/provider-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, scopes: ['https://www.googleapis.com/auth/calendar.events'] }),
  });
  return ((await minted.json()) as { access_token: string }).access_token;
}

async function google(path: string, init: RequestInit = {}, token = googleToken): Promise<ProviderEvent> {
  const response = await fetch(`${platform.url}${EVENTS}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ProviderEvent;
}

/** An event as a clinician types it in Google's own client: a title, an address, a time. */
function book(
  summary: string,
  from: string,
  to: string,
  extra: Record<string, unknown> = {},
  token = googleToken,
): Promise<ProviderEvent> {
  return google(
    '',
    {
      method: 'POST',
      body: JSON.stringify({
        summary,
        location: '2100 N Halsted St, Chicago, IL 60614',
        start: { dateTime: `${DAY}T${from}:00-05:00` },
        end: { dateTime: `${DAY}T${to}:00-05:00` },
        ...extra,
      }),
    },
    token,
  );
}

async function reorder(body: unknown, token: string | null = session) {
  const response = await fetch(`${platform.url}${FUNCTIONS_PATH}/${REORDER_FUNCTION}`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_ANON_KEY,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const startOf = (event: ProviderEvent) => event.start?.dateTime ?? '';
const instant = (iso: string) => new Date(iso).toISOString();

describe('Use this order', () => {
  it('moves the day in one step, once however often it is sent, and Undo with the new etags restores it', async () => {
    const a = await book('PT eval - Ruth Okafor', '09:00', '09:45');
    const b = await book('Okoye, Grace RN visit', '10:30', '11:15');
    const swap = {
      day: DAY,
      moves: [
        { id: a.id, etag: a.etag, start: '10:30' },
        { id: b.id, etag: b.etag, start: '09:00' },
      ],
    };
    const first = await reorder(swap);
    expect(first.status).toBe(200);
    const applied = first.body as unknown as ReorderResponse;
    expect(applied.moved.map((m) => [m.id, m.previousStart])).toEqual([
      [a.id, '09:00'],
      [b.id, '10:30'],
    ]);
    const movedA = await google(`/${a.id}`);
    const movedB = await google(`/${b.id}`);
    // The length is kept; the patient's known start is marked for the evening confirmation call.
    expect([instant(startOf(movedA)), instant(movedA.end?.dateTime ?? '')]).toEqual([
      instant(`${DAY}T10:30:00-05:00`),
      instant(`${DAY}T11:15:00-05:00`),
    ]);
    expect(instant(startOf(movedB))).toBe(instant(`${DAY}T09:00:00-05:00`));
    expect(movedA.extendedProperties?.private?.[MOVED_FROM_PROPERTY]).toBe(instant(`${DAY}T09:00:00-05:00`));
    expect(movedA.summary).toBe('PT eval - Ruth Okafor');
    expect(applied.moved.find((m) => m.id === a.id)?.etag).toBe(movedA.etag);

    // The same yes again (a double click, a retried request): nothing is written twice.
    const again = await reorder(swap);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ moved: [], unchanged: [{ id: a.id }, { id: b.id }] });
    expect((await google(`/${a.id}`)).etag).toBe(movedA.etag);

    const undone = await reorder({ day: DAY, moves: undoMoves(applied) });
    expect(undone.status).toBe(200);
    const backA = await google(`/${a.id}`);
    expect(instant(startOf(backA))).toBe(instant(`${DAY}T09:00:00-05:00`));
    expect(instant(startOf(await google(`/${b.id}`)))).toBe(instant(`${DAY}T10:30:00-05:00`));
    // Back at the start the patient knows: no longer marked as moved.
    expect(instant(backA.extendedProperties?.private?.[MOVED_FROM_PROPERTY] ?? '')).toBe(instant(startOf(backA)));
  });

  it('refuses the whole request, moving nothing, when one event changed since it was read', async () => {
    const a = await book('SN f/u Bea Hart', '13:00', '13:45');
    const b = await book('Wu, John PT', '14:30', '15:15');
    await google(`/${b.id}`, { method: 'PATCH', body: JSON.stringify({ summary: 'Wu, John PT (gate code 4411)' }) });
    const refused = await reorder({
      day: DAY,
      moves: [
        { id: a.id, etag: a.etag, start: '14:30' },
        { id: b.id, etag: b.etag, start: '13:00' },
      ],
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'changed', eventIds: [b.id] });
    expect(String(refused.body.message)).toContain('nothing was moved');
    expect(instant(startOf(await google(`/${a.id}`)))).toBe(instant(`${DAY}T13:00:00-05:00`));
  });

  it('never moves a visit whose time is fixed, nor an event of another day', async () => {
    const fixed = await book('Dr. appt Lopez', '16:00', '16:30', {
      extendedProperties: { private: { homeroundsFixed: 'true' } },
    });
    const refused = await reorder({ day: DAY, moves: [{ id: fixed.id, etag: fixed.etag, start: '17:00' }] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'fixed', eventIds: [fixed.id] });
    const otherDay = await reorder({ day: DAYS.sunday, moves: [{ id: fixed.id, etag: fixed.etag, start: '17:00' }] });
    expect(otherDay.status).toBe(409);
    expect(otherDay.body).toMatchObject({ code: 'changed' });
    expect(instant(startOf(await google(`/${fixed.id}`)))).toBe(instant(`${DAY}T16:00:00-05:00`));
  });

  it('asks for calendar-change consent when the grant is read-only (nothing moves), and a session first', async () => {
    const jordan = 'jordan.kim@homerounds.test';
    const readOnly = (await assistantSession(platform, jordan)).accessToken;
    const own = await providerToken(jordan);
    const a = await book('HHA visit Ann Lee', '08:00', '08:30', {}, own);
    const refused = await reorder({ day: DAY, moves: [{ id: a.id, etag: a.etag, start: '08:30' }] }, readOnly);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'write_access_required' });
    expect(String(refused.body.message)).toContain('allow calendar changes');
    expect((await reorder({ day: DAY, moves: [{ id: a.id, etag: a.etag, start: '08:30' }] }, null)).status).toBe(401);
    expect(instant(startOf(await google(`/${a.id}`, {}, own)))).toBe(instant(`${DAY}T08:00:00-05:00`));
  });

  it('answers a malformed request 400, saying what to fix', async () => {
    const bad = await reorder({ day: 'Saturday', moves: [] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_request' });
    expect(String(bad.body.message)).toContain('YYYY-MM-DD');
    const badTime = await reorder({ day: DAY, moves: [{ id: 'x', etag: '"1"', start: '9am' }] });
    expect(badTime.status).toBe(400);
    expect(String(badTime.body.message)).toContain('moves[0].start must be a time "HH:MM"');
  });
});
