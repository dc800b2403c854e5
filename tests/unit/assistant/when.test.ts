// HomeRounds' rules for dates and times on top of chrono-node (docs/assistant.md, "Dates and times"),
// in the clinician's time zone, at a DST change too.
import { describe, expect, it } from 'vitest';
import { detectLanguage, parseMoments, parseRange } from '../../../core/assistant/when.ts';
import { zonedDate, zonedDateTime, zonedMinute } from '../../../core/time/zoned-time.ts';

const TZ = 'America/Chicago';
// Monday, November 23, 2026, 9:30 AM in Chicago.
const MONDAY = zonedDateTime('2026-11-23', 9 * 60 + 30, TZ).instant;
const first = (text: string, now = MONDAY) => parseMoments(text, now, TZ)[0] ?? null;

describe('days', () => {
  it('reads a weekday as the coming one, "next Friday" included; today counts only without "next"', () => {
    expect(first('on Friday')?.date).toBe('2026-11-27');
    expect(first('next Friday')?.date).toBe('2026-11-27');
    expect(first('this Friday')?.date).toBe('2026-11-27');
    expect(first('Monday')?.date).toBe('2026-11-23');
    expect(first('next Monday')?.date).toBe('2026-11-30');
  });

  it('reads relative and calendar dates, and today’s own date as today (not next year)', () => {
    expect(first('tomorrow')?.date).toBe('2026-11-24');
    expect(first('mañana')?.date).toBe('2026-11-24');
    expect(first('Dec 3')?.date).toBe('2026-12-03');
    expect(first('November 23')?.date).toBe('2026-11-23');
  });

  it('reads weeks, weekends and the next days as ranges, Monday to Sunday', () => {
    expect(parseRange('how many visits this week', MONDAY, TZ)).toMatchObject({ from: '2026-11-23', to: '2026-11-29' });
    expect(parseRange('which day next week is lightest', MONDAY, TZ)).toMatchObject({
      from: '2026-11-30',
      to: '2026-12-06',
    });
    expect(parseRange('cuántos pacientes veo esta semana', MONDAY, TZ)).toMatchObject({ from: '2026-11-23' });
    expect(parseRange('la próxima semana', MONDAY, TZ)).toMatchObject({ from: '2026-11-30' });
    expect(parseRange('the next 3 days', MONDAY, TZ)).toMatchObject({ from: '2026-11-23', to: '2026-11-25' });
    expect(parseRange('tomorrow', MONDAY, TZ)).toBeNull();
  });
});

describe('times', () => {
  it('takes an hour from 1 to 6 without am/pm as afternoon, in either language', () => {
    expect(first('at 3')?.minute).toBe(15 * 60);
    expect(first('el jueves a las 3')).toEqual(expect.objectContaining({ date: '2026-11-26', minute: 15 * 60 }));
    expect(first('at 9')?.minute).toBe(9 * 60);
    expect(first('at 3 am')?.minute).toBe(3 * 60);
  });

  it('keeps a time without a day dayless, even when the hour has passed today', () => {
    expect(first('at 8')).toEqual(expect.objectContaining({ date: null, minute: 8 * 60 }));
  });

  it('splits "2pm tomorrow to 4pm" into two moments on the same day, in order', () => {
    const moments = parseMoments('move my 2pm tomorrow to 4pm', MONDAY, TZ);
    expect(moments.map((m) => [m.date, m.minute])).toEqual([
      ['2026-11-24', 14 * 60],
      ['2026-11-24', 16 * 60],
    ]);
  });
});

describe('the clinician’s zone', () => {
  it('maps wall-clock times to instants across the DST change', () => {
    // 2026-11-01: Chicago falls back from CDT (−05:00) to CST (−06:00).
    expect(zonedDateTime('2026-10-31', 9 * 60, TZ).rfc3339).toBe('2026-10-31T09:00:00-05:00');
    expect(zonedDateTime('2026-11-02', 9 * 60, TZ).rfc3339).toBe('2026-11-02T09:00:00-06:00');
    const instant = zonedDateTime('2026-11-02', 9 * 60, TZ).instant;
    expect([zonedDate(instant, TZ), zonedMinute(instant, TZ)]).toEqual(['2026-11-02', 540]);
    expect(zonedDateTime('2026-11-02', 9 * 60, 'Europe/Madrid').rfc3339).toBe('2026-11-02T09:00:00+01:00');
  });
});

it('tells Spanish from English by its words', () => {
  expect(detectLanguage('¿Cuáles son mis citas de mañana?')).toBe('es');
  expect(detectLanguage('What are my appointments tomorrow?')).toBe('en');
});
