// Dates, times and ranges in what a clinician says, in English or Spanish, read by chrono-node in the
// clinician's time zone. HomeRounds' own rules on top (docs/assistant.md, "Dates and times"):
// - a weekday alone, or "next"/"this" + weekday, is the coming one (today counts only without "next");
//   "next week" is the week after this one, Monday to Sunday;
// - an hour without am/pm from 1 to 6 is afternoon ("at 3" = 3:00 PM, "a las 3" = 15:00): visits are by day;
// - a time with no date is on the day in question, never silently "tomorrow".
import * as chrono from 'chrono-node';
import { addDays, type Language, weekdayOf, zonedDate, zonedMinute } from '../time/zoned-time.ts';

export interface Moment {
  /** Where it stands in the text (to tell "move my 2pm … to 4pm" apart). */
  index: number;
  text: string;
  /** YYYY-MM-DD when the words named a day. */
  date: string | null;
  /** Minutes of the day when the words named a time. */
  minute: number | null;
}

export interface DateRange {
  from: string;
  /** Inclusive last day. */
  to: string;
  label: string;
}

const WEEKDAYS_EN = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAYS_ES = ['domingo', 'lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado'];

export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Spanish when the words say so (a few common function words and question words). */
export function detectLanguage(text: string): Language {
  // Marks English never uses settle it at once.
  if (/[¿¡ñÑ]/.test(text)) return 'es';
  const t = ` ${fold(text).replace(/[¿?¡!.,]/g, ' ')} `;
  const hits = [
    ' mis ',
    ' mi ',
    ' de ',
    ' la ',
    ' el ',
    ' que ',
    ' cuantos ',
    ' cuantas ',
    ' cual ',
    ' cuales ',
    ' citas ',
    ' cita ',
    ' visitas ',
    ' manana ',
    ' hoy ',
    ' semana ',
    ' pacientes ',
    ' paciente ',
    ' tengo ',
    ' mueve ',
    ' cancela ',
    ' quien ',
    ' donde ',
    ' para ',
    ' por ',
    ' es ',
    ' hora ',
    ' ruta ',
    ' cuanto ',
    ' cuanta ',
    ' conduzco ',
    ' termino ',
    ' empiezo ',
    ' proxima ',
    ' proximo ',
    ' viernes ',
    ' lunes ',
    ' martes ',
    ' miercoles ',
    ' jueves ',
  ].filter((w) => t.includes(w)).length;
  return hits >= 2 ? 'es' : 'en';
}

function coming(today: string, weekday: number, includeToday: boolean): string {
  let ahead = (weekday - weekdayOf(today) + 7) % 7;
  if (ahead === 0 && !includeToday) ahead = 7;
  return addDays(today, ahead);
}

/** Every date/time mentioned, in order of appearance. */
export function parseMoments(
  text: string,
  now: Date,
  timeZone: string,
  language: Language = detectLanguage(text),
): Moment[] {
  const today = zonedDate(now, timeZone);
  const minute = zonedMinute(now, timeZone);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  // The clinician's wall clock as a UTC instant: chrono then reads and returns wall-clock components.
  const reference = { instant: new Date(Date.UTC(y, m - 1, d, Math.floor(minute / 60), minute % 60)), timezone: 0 };
  const first = language === 'es' ? chrono.es : chrono.en;
  const second = language === 'es' ? chrono.en : chrono.es;
  let results = first.parse(text, reference, { forwardDate: true });
  // Short phrases give too few clues to the language guess: try the other parser before giving up.
  if (results.length === 0) results = second.parse(text, reference, { forwardDate: true });
  const moments: Moment[] = [];
  const folded = fold(text);
  for (const result of results) {
    const parts = [result.start, ...(result.end ? [result.end] : [])];
    parts.forEach((part, i) => {
      const datePart = part.isCertain('day') || part.isCertain('weekday');
      let date: string | null = null;
      if (part.isCertain('day') || part.isCertain('month')) {
        const value = `${part.get('year')}-${String(part.get('month')).padStart(2, '0')}-${String(part.get('day')).padStart(2, '0')}`;
        date = value;
      }
      if (part.isCertain('weekday') && !part.isCertain('day')) {
        const before = folded.slice(Math.max(0, result.index - 12), result.index + result.text.length);
        const explicitNext = /\b(next|proximo|proxima)\b/.test(before) && !/\bnext week\b/.test(before);
        date = coming(today, part.get('weekday') ?? 0, !explicitNext);
      }
      // chrono's forward dating turns today's own date ("November 23" said on November 23) into next year's.
      if (date && !part.isCertain('year') && date === `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`) date = today;
      if (!datePart && date === today && !part.isCertain('day')) date = null;
      let at: number | null = null;
      if (part.isCertain('hour')) {
        let hour = part.get('hour') ?? 0;
        if (!part.isCertain('meridiem') && hour >= 1 && hour <= 6) hour += 12;
        at = hour * 60 + (part.get('minute') ?? 0);
        // "at 3" alone: chrono moves it to tomorrow when 3:00 has passed; no day was said.
        if (!part.isCertain('day') && !part.isCertain('weekday')) date = null;
      }
      if (date === null && at === null) return;
      moments.push({ index: result.index + (i === 1 ? result.text.length : 0), text: result.text, date, minute: at });
    });
  }
  // A range like "2pm tomorrow to 4pm" shares its date with its end.
  for (let i = 1; i < moments.length; i++) {
    const prev = moments[i - 1] as Moment;
    const cur = moments[i] as Moment;
    if (cur.date === null && prev.text === cur.text) cur.date = prev.date;
  }
  return moments;
}

/** Week, weekend, month or "next N days" ranges, which chrono reads as single days. */
export function parseRange(text: string, now: Date, timeZone: string): DateRange | null {
  const t = fold(text);
  const today = zonedDate(now, timeZone);
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  if (/\b(next|coming) week\b|\b(la )?(proxima|siguiente) semana\b|\bsemana (que viene|proxima)\b/.test(t)) {
    return { from: addDays(monday, 7), to: addDays(monday, 13), label: 'next week' };
  }
  if (/\b(this|the) week\b|\besta semana\b|\bla semana\b/.test(t)) {
    return { from: monday, to: addDays(monday, 6), label: 'this week' };
  }
  if (/\b(this )?weekend\b|\bfin de semana\b/.test(t)) {
    const saturday = coming(today, 6, true);
    return { from: saturday, to: addDays(saturday, 1), label: 'this weekend' };
  }
  const nextDays = /\b(next|coming|proximos) (\d{1,2}) (days|dias)\b/.exec(t);
  if (nextDays?.[2]) {
    const n = Math.min(30, Math.max(1, Number(nextDays[2])));
    return { from: today, to: addDays(today, n - 1), label: `the next ${n} days` };
  }
  if (/\b(this|the) month\b|\beste mes\b/.test(t)) {
    return { from: today, to: addDays(today, 29), label: 'the next 30 days' };
  }
  return null;
}

/** A weekday name in either language → its date (the coming one). Used when chrono finds nothing. */
export function weekdayNamed(text: string, today: string): string | null {
  const t = fold(text);
  for (const names of [WEEKDAYS_EN, WEEKDAYS_ES]) {
    for (const [i, name] of names.entries()) {
      if (new RegExp(`\\b${name}`).test(t)) return coming(today, i, !/\b(next|proximo|proxima)\b/.test(t));
    }
  }
  return null;
}
