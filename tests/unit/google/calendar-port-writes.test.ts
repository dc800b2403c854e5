// The assistant's calendar port (core/calendar/google-calendar.ts) on Google's answers: a deleted event told apart
// from one never there, a booking of a deleted event's id restored rather than failing forever on 409, and
// "unreachable" only when no answer came.
import { describe, expect, it } from 'vitest';
import { CalendarApiError } from '../../../core/calendar/calendar-client.ts';
import { CalendarUnreachableError, googleCalendarPort } from '../../../core/calendar/google-calendar.ts';
import { fakeGoogleCalendar } from '../../support/fake-google-calendar.ts';

const slot = (id: string) => ({
  id,
  summary: 'Home visit — New patient',
  start: '2026-10-29T15:00:00-05:00',
  end: '2026-10-29T16:00:00-05:00',
  timeZone: 'America/Chicago',
  properties: { bookedBy: 'homerounds-assistant' },
});

function port(fetch = fakeGoogleCalendar([]).fetch) {
  return googleCalendarPort({
    baseUrl: 'https://www.googleapis.com',
    token: async () => 'access',
    fetch,
    now: () => new Date('2026-10-28T11:00:00Z'),
  });
}

describe('the calendar port', () => {
  it('tells an event on the calendar, a deleted one and an id never there apart', async () => {
    const google = fakeGoogleCalendar([]);
    const calendar = port(google.fetch);
    await calendar.insert(slot('hrbooked1'));
    expect(await calendar.lookup?.('hrbooked1')).toMatchObject({ state: 'live', event: { id: 'hrbooked1' } });
    expect(await calendar.remove('hrbooked1')).toBe(true);
    expect(await calendar.lookup?.('hrbooked1')).toEqual({ state: 'deleted' });
    expect(await calendar.get('hrbooked1')).toBeNull();
    expect(await calendar.lookup?.('hrnever01')).toEqual({ state: 'absent' });
    // Google may also answer a deleted event with 200 and status "cancelled".
    const cancelled = port(async () => Response.json({ id: 'x', status: 'cancelled' }));
    expect(await cancelled.lookup?.('x')).toEqual({ state: 'deleted' });
  });

  it('books a deleted event’s id again by restoring it, and a live one once', async () => {
    const google = fakeGoogleCalendar([]);
    const calendar = port(google.fetch);
    expect((await calendar.insert(slot('hrbooked1'))).created).toBe(true);
    expect((await calendar.insert(slot('hrbooked1'))).created).toBe(false);
    await calendar.remove('hrbooked1');
    const again = await calendar.insert({ ...slot('hrbooked1'), summary: 'Home visit — Rosa' });
    expect(again).toMatchObject({ created: true, event: { id: 'hrbooked1', title: 'Home visit — Rosa' } });
    expect(google.events.get('hrbooked1')?.status).toBe('confirmed');
    expect(google.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'GET', 'DELETE', 'POST', 'GET', 'PATCH']);
  });

  it('answers a 409 for an id it cannot find as a conflict', async () => {
    const calendar = port(async (_url, init) =>
      init?.method === 'POST' ? new Response('{}', { status: 409 }) : new Response('{}', { status: 404 }),
    );
    await expect(calendar.insert(slot('hrelsewhere'))).rejects.toMatchObject({ status: 409 });
    await expect(calendar.insert(slot('hrelsewhere'))).rejects.toBeInstanceOf(CalendarApiError);
  });

  it('says unreachable only when no answer came, and leaves the caller’s abort as it is', async () => {
    const offline = port(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(offline.get('x')).rejects.toBeInstanceOf(CalendarUnreachableError);
    const aborted = port(async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(aborted.get('x')).rejects.toMatchObject({ name: 'AbortError' });
    const failing = port(async () => new Response('{}', { status: 503 }));
    await expect(failing.get('x')).rejects.toMatchObject({ name: 'CalendarApiError', status: 503 });
  });
});
