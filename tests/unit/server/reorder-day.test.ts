// "Use this order" on the server (server/functions/reorder-day.ts), over a calendar that fails where a test says:
// nothing is ever left half-applied silently: a failed write puts back the ones done (each conditional on the etag
// its move left) and the answer says nothing moved; when putting back fails too, the answer names those visits.
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../../core/calendar/calendar.types.ts';
import { CalendarApiError } from '../../../core/calendar/calendar-client.ts';
import type { CalendarPort, MoveOptions } from '../../../core/calendar/google-calendar.ts';
import { MOVED_FROM_PROPERTY } from '../../../core/routing/reorder-contract.ts';
import { createReorderDayHandler } from '../../../server/functions/reorder-day.ts';

const DAY = '2026-11-30';
const at = (hhmm: string) => `${DAY}T${hhmm}:00-06:00`;

function calendar(failOn: { move?: string; putBack?: string; status?: number } = {}) {
  const events = new Map<string, CalendarEvent>();
  let version = 0;
  for (const [id, start, end] of [
    ['a', '09:00', '09:45'],
    ['b', '10:30', '11:15'],
    ['c', '12:00', '12:30'],
  ] as const) {
    events.set(id, { id, title: `Visit ${id}`, start: at(start), end: at(end), allDay: false, etag: `"${id}0"` });
  }
  const writes: Array<{ id: string; start: string; ifMatch?: string; properties?: Record<string, string> }> = [];
  const port: CalendarPort = {
    list: async () => [...events.values()],
    timeZone: async () => 'America/Chicago',
    get: async (id) => events.get(id) ?? null,
    insert: async () => {
      throw new Error('not used');
    },
    remove: async () => false,
    async move(id, start, end, _zone, options: MoveOptions = {}) {
      const event = events.get(id) as CalendarEvent;
      const putBack = writes.some((w) => w.id === id);
      writes.push({ id, start, ...options });
      if ((putBack ? failOn.putBack : failOn.move) === id) throw new CalendarApiError(failOn.status ?? 503, undefined);
      if (options.ifMatch !== event.etag) throw new CalendarApiError(412, undefined);
      const moved = {
        ...event,
        start: new Date(start).toISOString(),
        end,
        etag: `"${id}${++version}"`,
        properties: { ...event.properties, ...options.properties },
      };
      events.set(id, moved);
      return moved;
    },
  };
  return { events, writes, port };
}

function handler(port: CalendarPort) {
  const log: string[] = [];
  const handle = createReorderDayHandler({
    supabaseUrl: 'https://project.supabase.co',
    anonKey: 'anon',
    fetch: async () => Response.json({ id: 'user-1', email: 'maya@example.com' }),
    calendarFor: () => port,
    defaultTimeZone: 'America/Chicago',
    log: (line) => log.push(line),
  });
  const send = async (body: unknown) => {
    const response = await handle(
      new Request('https://project.supabase.co/functions/v1/reorder-day', {
        method: 'POST',
        headers: { authorization: 'Bearer session', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { send, log };
}

const ROTATE = {
  day: DAY,
  moves: [
    { id: 'a', etag: '"a0"', start: '10:30' },
    { id: 'b', etag: '"b0"', start: '12:00' },
    { id: 'c', etag: '"c0"', start: '09:00' },
  ],
};

describe('reorder-day', () => {
  it('moves every event with If-Match on the etag read, keeping each length, marked with the start the patient knew', async () => {
    const cal = calendar();
    const { status, body } = await handler(cal.port).send(ROTATE);
    expect(status).toBe(200);
    expect(cal.writes.map((w) => [w.id, w.ifMatch])).toEqual([
      ['a', '"a0"'],
      ['b', '"b0"'],
      ['c', '"c0"'],
    ]);
    expect(cal.events.get('a')?.start).toBe(new Date(at('10:30')).toISOString());
    expect(cal.events.get('a')?.end).toBe(new Date(at('11:15')).toISOString());
    expect(cal.events.get('c')?.properties?.[MOVED_FROM_PROPERTY]).toBe(new Date(at('12:00')).toISOString());
    expect(body.moved).toHaveLength(3);
  });

  it('a write that fails puts back the ones done, newest first, and says nothing moved', async () => {
    const cal = calendar({ move: 'c' });
    const { send, log } = handler(cal.port);
    const { status, body } = await send(ROTATE);
    expect(status).toBe(502);
    expect(body).toMatchObject({ code: 'calendar_unavailable' });
    expect(String(body.message)).toContain('nothing was moved');
    expect(cal.writes.map((w) => w.id)).toEqual(['a', 'b', 'c', 'b', 'a']);
    // Put back conditional on the etag each move left, to the booked times.
    expect(cal.writes.slice(3).map((w) => w.ifMatch)).toEqual(['"b2"', '"a1"']);
    expect(cal.events.get('a')?.start).toBe(new Date(at('09:00')).toISOString());
    expect(cal.events.get('b')?.start).toBe(new Date(at('10:30')).toISOString());
    // Logged by id and status only: never a title.
    expect(log.join('\n')).toContain('Google Calendar 503');
    expect(log.join('\n')).not.toContain('Visit');
  });

  it('a write refused for a changed etag answers 409 changed, after putting back the ones done', async () => {
    const cal = calendar({ move: 'b', status: 412 });
    const { status, body } = await handler(cal.port).send(ROTATE);
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'changed', eventIds: ['b'] });
    expect(cal.events.get('a')?.start).toBe(new Date(at('09:00')).toISOString());
  });

  it('when putting back fails too, the answer names the visits left at their new time', async () => {
    const cal = calendar({ move: 'c', putBack: 'a' });
    const { status, body } = await handler(cal.port).send(ROTATE);
    expect(status).toBe(500);
    expect(body).toMatchObject({ code: 'partially_applied', eventIds: ['a'] });
    expect(cal.events.get('b')?.start).toBe(new Date(at('10:30')).toISOString());
  });

  it('reads every event before writing any: one changed etag refuses the whole request', async () => {
    const cal = calendar();
    const { status, body } = await handler(cal.port).send({
      ...ROTATE,
      moves: ROTATE.moves.map((m) => (m.id === 'c' ? { ...m, etag: '"stale"' } : m)),
    });
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'changed', eventIds: ['c'] });
    expect(cal.writes).toEqual([]);
  });

  it('refuses the same event twice and more moves than a day holds', async () => {
    const { send } = handler(calendar().port);
    const twice = await send({ day: DAY, moves: [ROTATE.moves[0], ROTATE.moves[0]] });
    expect(twice.status).toBe(400);
    expect(String(twice.body.message)).toContain('a second time');
    const many = await send({
      day: DAY,
      moves: Array.from({ length: 41 }, (_, i) => ({ id: `e${i}`, etag: '"1"', start: '09:00' })),
    });
    expect(many.status).toBe(400);
    expect(String(many.body.message)).toContain('at most 40');
  });
});
