// Day, time and length arguments as people say them and models pass them (core/assistant/when.ts, the readers in
// core/assistant/tool-kit.ts), in English and Spanish, in the clinician's zone: days of the month alone ("the 3rd",
// "el 3"), the week of a day, this/next weekday, the day after tomorrow, lengths of time kept apart from times;
// what is still unreadable (or is several days, a time, a length) is refused saying what it is, never replaced by
// today or this week.
import { describe, expect, it } from 'vitest';
import {
  ArgumentError,
  dateArg,
  daysArg,
  durationArg,
  type ToolContext,
  timeArg,
} from '../../../core/assistant/tool-kit.ts';
import { parseDuration, parseMoments, parseRange, readDays } from '../../../core/assistant/when.ts';
import { DAYS } from '../../support/seed-calendar.ts';
import { chicago } from '../../support/test-clock.ts';

const TZ = 'America/Chicago';
/** The seed day, Wednesday 28 October 2026, 7:00 AM in Chicago. */
const NOW = chicago(DAYS.wednesday, '07:00');
const at = (now: Date) => ({ now, timeZone: TZ, language: 'en' }) as unknown as ToolContext;
const ctx = at(NOW);
const day = (value: string, c = ctx) => dateArg({ date: value }, 'date', c);
const span = (value: string, c = ctx) => daysArg({ date: value }, 'date', c);
const refusal = (read: () => unknown): string => {
  try {
    read();
  } catch (error) {
    if (error instanceof ArgumentError) return error.message;
    throw error;
  }
  throw new Error('expected the argument to be refused');
};

describe('a day of the month said alone is the coming one', () => {
  it.each([
    ['the 3rd', '2026-11-03'],
    ['3rd', '2026-11-03'],
    ['on the 3rd', '2026-11-03'],
    ['the third', '2026-11-03'],
    ['on the 14th', '2026-11-14'],
    ['the 28th', '2026-10-28'], // today's own date is today
    ['the 27th', '2026-11-27'], // passed this month: next month's
    ['the 31st', '2026-10-31'],
    ['the twenty-third', '2026-11-23'],
    ['the 3rd of next month', '2026-11-03'],
    ['the 14th of this month', '2026-10-14'],
    ['el 3', '2026-11-03'],
    ['el día 3', '2026-11-03'],
    ['el tres', '2026-11-03'],
    ['el día catorce', '2026-11-14'],
    ['el 3 del mes que viene', '2026-11-03'],
    ['Monday the 9th', '2026-11-09'],
    ['el lunes 9', '2026-11-09'],
  ])('%s → %s', (said, date) => {
    expect(day(said)).toBe(date);
  });

  it('skips a month without that day, and crosses the year', () => {
    expect(day('the 31st', at(chicago('2026-11-05', '09:00')))).toBe('2026-12-31');
    expect(day('the 3rd', at(chicago('2026-12-20', '09:00')))).toBe('2027-01-03');
  });

  it('in a sentence, reads "on the 3rd" and "el 3" as days, and "my 3rd visit" as a position, not a day', () => {
    const dates = (text: string) => parseMoments(text, NOW, TZ).map((m) => m.date);
    expect(dates('who is my first patient on the 3rd')).toEqual(['2026-11-03']);
    expect(dates('¿qué tengo el 3?')).toEqual(['2026-11-03']);
    expect(dates('what is my 3rd visit tomorrow')).toEqual([DAYS.thursday]);
    expect(dates('the 2nd patient on Friday')).toEqual([DAYS.friday]);
    // "el día 3" is a day, not 3 pm.
    expect(parseMoments('el día 3', NOW, TZ)).toEqual([expect.objectContaining({ date: '2026-11-03', minute: null })]);
  });
});

describe('weeks, weekdays and the day after tomorrow', () => {
  it.each([
    ['the week of the 14th', '2026-11-09', '2026-11-15'],
    ['la semana del 14', '2026-11-09', '2026-11-15'],
    ['week of November 2', '2026-11-02', '2026-11-08'],
    ['this week', '2026-10-26', '2026-11-01'],
    ['next week', '2026-11-02', '2026-11-08'],
    ['next month', '2026-11-01', '2026-11-30'],
  ])('%s is %s to %s', (said, from, to) => {
    expect(span(said)).toEqual({ from, to });
  });

  it.each([
    ['this Thursday', DAYS.thursday],
    ['next Thursday', DAYS.thursday], // the coming one (docs/assistant.md)
    ['the day after tomorrow', DAYS.friday],
    ['day after tomorrow', DAYS.friday],
    ['pasado mañana', DAYS.friday],
    ['anteayer', '2026-10-26'],
    ['a week from Friday', '2026-11-06'],
    ['two weeks from Friday', '2026-11-13'],
  ])('%s is %s', (said, date) => {
    expect(day(said)).toBe(date);
  });

  it('keeps the time said with the day after tomorrow, on that day', () => {
    expect(parseMoments('pasado mañana a las 3', NOW, TZ)).toEqual([
      expect.objectContaining({ date: DAYS.friday, minute: 15 * 60 }),
    ]);
    expect(parseMoments('day after tomorrow at 10am', NOW, TZ)).toEqual([
      expect.objectContaining({ date: DAYS.friday, minute: 10 * 60 }),
    ]);
  });

  it('does not read "the 3rd of next month" as next month, nor "the week of the 14th" as this week', () => {
    expect(parseRange('what do I have on the 3rd of next month', NOW, TZ)).toBeNull();
    expect(parseRange('the week of the 14th', NOW, TZ)).toMatchObject({ from: '2026-11-09' });
  });
});

describe('clock times as said', () => {
  it.each([
    ['14:30', 14 * 60 + 30],
    ['08:00', 8 * 60],
    ['2:30', 14 * 60 + 30], // one digit, 1 to 6: the afternoon, as "at 2:30" is
    ['9', 9 * 60],
    ['3', 15 * 60],
    ['noon', 12 * 60],
    ['half past two', 14 * 60 + 30],
    ['quarter to 4', 15 * 60 + 45],
    ['three thirty', 15 * 60 + 30],
    ['ten fifteen', 10 * 60 + 15],
    ['three pm', 15 * 60],
    ['a las 3 y media', 15 * 60 + 30],
    ['las 4 menos cuarto', 15 * 60 + 45],
  ])('%s is %i minutes into the day', (said, minute) => {
    expect(timeArg({ time: said }, 'time', ctx)).toBe(minute);
  });

  it('keeps both times of "move my half past two tomorrow to quarter to 4", in order, on that day', () => {
    expect(
      parseMoments('move my half past two tomorrow to quarter to 4', NOW, TZ).map((m) => [m.date, m.minute]),
    ).toEqual([
      [DAYS.thursday, 14 * 60 + 30],
      [DAYS.thursday, 15 * 60 + 45],
    ]);
  });
});

describe('lengths of time are kept apart from times', () => {
  it('reads "a 45 min visit on Thursday" as Thursday, never as "in 45 minutes"', () => {
    expect(parseMoments('a 45 min visit on Thursday', NOW, TZ)).toEqual([
      expect.objectContaining({ date: DAYS.thursday, minute: null }),
    ]);
    expect(day('a 45 min visit on Thursday')).toBe(DAYS.thursday);
    expect(parseMoments('una visita de 45 minutos el jueves', NOW, TZ)).toEqual([
      expect.objectContaining({ date: DAYS.thursday, minute: null }),
    ]);
    expect(parseDuration('a 45 min visit on Thursday')).toBe(45);
    // "half hour" alone is a length, never half past the hour.
    expect(parseMoments('a half hour visit on Thursday', NOW, TZ)).toEqual([
      expect.objectContaining({ date: DAYS.thursday, minute: null }),
    ]);
  });

  it('still reads "in 45 minutes" and "45 minutes from now" as moments, and not as lengths', () => {
    expect(timeArg({ time: 'in 45 minutes' }, 'time', ctx)).toBe(7 * 60 + 45);
    expect(parseDuration('in 45 minutes')).toBeNull();
    expect(parseDuration('45 minutes from now')).toBeNull();
    expect(parseDuration('dentro de 45 minutos')).toBeNull();
  });

  it.each([
    [45, 45],
    ['45', 45],
    ['45 min', 45],
    ['a 45-minute visit', 45],
    ['an hour', 60],
    ['1.5 hours', 90],
    ['an hour and a half', 90],
    ['1h30', 90],
    ['una hora y media', 90],
    ['media hora', 30],
    ['a half hour visit', 30],
    ['a half-hour visit', 30],
    ['90 minutos', 90],
  ])('durationMinutes %j is %i minutes', (said, minutes) => {
    expect(durationArg({ durationMinutes: said }, 'durationMinutes', 10, 480)).toBe(minutes);
  });

  it('refuses a time given as a length, and a length given as a time or a day, saying which is which', () => {
    expect(refusal(() => timeArg({ time: '45 minutes' }, 'time', ctx))).toBe(
      "“45 minutes” is a length of time, not a time of day: pass the visit's length in durationMinutes and the time as HH:MM.",
    );
    expect(refusal(() => day('45 min'))).toContain('“45 min” is a length of time, not a day');
    expect(refusal(() => durationArg({ durationMinutes: '10am' }, 'durationMinutes', 10, 480))).toContain(
      "as the visit's length",
    );
    expect(refusal(() => durationArg({ durationMinutes: 'in 45 minutes' }, 'durationMinutes', 10, 480))).toContain(
      "as the visit's length",
    );
  });
});

describe('what is not one day is refused, saying what it is: never today or this week instead', () => {
  it.each([
    ['the 3th of Smarch', "I couldn't read “the 3th of Smarch” as a day"],
    ['whenever works', "I couldn't read “whenever works” as a day"],
    ['3pm', '“3pm” is a time of day, not a day'],
    ['Thursday or Friday', '“Thursday or Friday” names more than one day (Thursday, October 29; Friday, October 30)'],
    ['Monday the 10th', 'names more than one day (Tuesday, November 10; Monday, November 2)'],
    ['next week', '“next week” is several days (Monday, November 2 to Sunday, November 8): pass one day.'],
  ])('%s', (said, message) => {
    expect(refusal(() => day(said))).toContain(message);
  });

  it('tells a day, a range, several days, a time and a length apart', () => {
    expect(readDays('the 3rd', NOW, TZ)).toEqual({ kind: 'day', date: '2026-11-03' });
    expect(readDays('Nov 3 to Nov 5', NOW, TZ)).toEqual({ kind: 'range', from: '2026-11-03', to: '2026-11-05' });
    expect(readDays('Thursday or Friday', NOW, TZ)).toEqual({ kind: 'several', dates: [DAYS.thursday, DAYS.friday] });
    expect(readDays('at 3', NOW, TZ)).toEqual({ kind: 'time' });
    expect(readDays('an hour', NOW, TZ)).toEqual({ kind: 'duration' });
    expect(readDays('soonish', NOW, TZ)).toEqual({ kind: 'none' });
  });

  it('keeps issue 23’s year limits on days said in words', () => {
    expect(refusal(() => day('the 3rd of March 2031'))).toBe(
      '2031-03-03 is outside the years I can look at: 2025 to 2028.',
    );
  });
});
