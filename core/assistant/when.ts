// Dates, times and ranges in what a clinician says, in English or Spanish, read by chrono-node in the
// clinician's time zone. HomeRounds' own rules on top (docs/assistant.md, "Dates and times"):
// - a weekday alone, or "next"/"this" + weekday, is the coming one (today counts only without "next");
//   "next week" is the week after this one, Monday to Sunday;
// - a day of the month alone ("the 3rd", "on the 14th", "el 3", "el día catorce") is the coming one, this month's
//   or the next's; "the week of the 14th" is that day's week, Monday to Sunday;
// - "(the) day after tomorrow" / "pasado mañana" is two days ahead (chrono alone reads "tomorrow" in them);
// - a length of time ("a 45 min visit", "for an hour", "de 45 minutos") is a duration, never a moment: only "in 45
//   minutes", "45 minutes from now/later", "dentro de 45 minutos" are moments; "a week from Friday" is Friday + 7;
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
  // Clock times said in words ("half past two", "las 3 y media", "three thirty") as digits chrono reads.
  const clocked = spokenClock(text);
  let results = first.parse(clocked, reference, { forwardDate: true });
  // Short phrases give too few clues to the language guess: try the other parser before giving up.
  if (results.length === 0) results = second.parse(clocked, reference, { forwardDate: true });
  const folded = fold(text);
  // Days of the month said alone ("the 3rd", "el 3"): chrono reads none of them, and reads "el día 3" as 3 pm.
  const ordinals = ordinalDays(folded, today);
  const overlapsOrdinal = (from: number, to: number) => ordinals.some((o) => from < o.end && to > o.index);
  const moments: Moment[] = ordinals.map((o) => ({ index: o.index, text: o.text, date: o.date, minute: null }));
  // A length of time before "from"/"after" a day moves that day ("a week from Friday").
  let pendingShift: { days: number; end: number } | null = null;
  for (const result of results) {
    if (overlapsOrdinal(result.index, result.index + result.text.length)) continue;
    const length = durationOnly(fold(result.text));
    if (length) {
      // A length of time is not a moment ("a 45 min visit", "for an hour"): only "in …", "… from now" are.
      pendingShift = length.days ? { days: length.days, end: result.index + result.text.length } : null;
      continue;
    }
    let shift = 0;
    if (
      pendingShift &&
      /^\s*(from|after|despues del?|a partir del?)\s*$/.test(folded.slice(pendingShift.end, result.index))
    )
      shift = pendingShift.days;
    pendingShift = null;
    // "day after tomorrow" without "the", "pasado mañana": chrono reads only "tomorrow" / "mañana".
    const lead = folded.slice(Math.max(0, result.index - 14), result.index);
    if (/\b(day after|pasado)\s*$/.test(lead) && /^(tomorrow|manana)\b/.test(fold(result.text))) shift += 1;
    if (/\b(day before|antes de)\s*$/.test(lead) && /^(yesterday|ayer)\b/.test(fold(result.text))) shift -= 1;
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
      if (date && shift) date = addDays(date, shift);
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
  // "anteayer" (the day before yesterday), which chrono does not know.
  for (const match of folded.matchAll(/\banteayer\b/g)) {
    moments.push({ index: match.index, text: match[0], date: addDays(today, -2), minute: null });
  }
  moments.sort((a, b) => a.index - b.index);
  // A range like "2pm tomorrow to 4pm" shares its date with its end.
  for (let i = 1; i < moments.length; i++) {
    const prev = moments[i - 1] as Moment;
    const cur = moments[i] as Moment;
    if (cur.date === null && prev.text === cur.text) cur.date = prev.date;
  }
  return moments;
}

// ─── Clock times said in words ───────────────────────────────────────────────────────────────────────

const HOUR_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
};
const HOUR = `(\\d{1,2}|${Object.keys(HOUR_WORDS).join('|')})`;
const MINUTE_WORDS: Readonly<Record<string, number>> = { fifteen: 15, thirty: 30, 'forty five': 45, 'forty-five': 45 };
const hourOf = (word: string): number => (/^\d/.test(word) ? Number(word) : (HOUR_WORDS[word] ?? 0));
const hhmm = (hour: number, minute: number) => `${hour}:${String(minute).padStart(2, '0')}`;

/**
 * Clock times said in words, rewritten as digits in place (padded to the same length, so positions in the text
 * stay): "half past two" → "2:30", "quarter to 4" → "3:45", "three thirty" → "3:30", "las 3 y media" → "las 3:30",
 * "las 4 menos cuarto" → "las 3:45", "three pm" → "3 pm".
 */
export function spokenClock(text: string): string {
  const folded = fold(text);
  const rules: Array<[RegExp, (m: RegExpMatchArray) => string | null]> = [
    [new RegExp(`\\bhalf past ${HOUR}\\b`, 'g'), (m) => hhmm(hourOf(m[1] as string), 30)],
    [new RegExp(`\\bquarter past ${HOUR}\\b`, 'g'), (m) => hhmm(hourOf(m[1] as string), 15)],
    [new RegExp(`\\bquarter (?:to|of) ${HOUR}\\b`, 'g'), (m) => hhmm(((hourOf(m[1] as string) + 10) % 12) + 1, 45)],
    [new RegExp(`\\b${HOUR} y media\\b`, 'g'), (m) => hhmm(hourOf(m[1] as string), 30)],
    [new RegExp(`\\b${HOUR} y cuarto\\b`, 'g'), (m) => hhmm(hourOf(m[1] as string), 15)],
    [new RegExp(`\\b${HOUR} menos cuarto\\b`, 'g'), (m) => hhmm(((hourOf(m[1] as string) + 10) % 12) + 1, 45)],
    [
      new RegExp(`\\b(${Object.keys(HOUR_WORDS).join('|')}) (fifteen|thirty|forty[ -]five)\\b`, 'g'),
      (m) => hhmm(hourOf(m[1] as string), MINUTE_WORDS[m[2] as string] ?? 0),
    ],
    [
      new RegExp(`\\b(${Object.keys(HOUR_WORDS).join('|')})(?= ?(?:am|pm|a\\.m\\.|p\\.m\\.|o'?clock)\\b)`, 'g'),
      (m) => String(hourOf(m[1] as string)),
    ],
  ];
  let out = text;
  for (const [pattern, digits] of rules) {
    for (const match of folded.matchAll(pattern)) {
      const said = digits(match);
      const index = match.index ?? 0;
      const length = match[0].length;
      if (!said || said.length > length || hourOf(said.split(':')[0] as string) < 1) continue;
      // Only where the text is still as said (an earlier rule may have rewritten it).
      if (fold(out.slice(index, index + length)) !== match[0]) continue;
      out = `${out.slice(0, index)}${said.padEnd(length, ' ')}${out.slice(index + length)}`;
    }
  }
  return out;
}

// ─── Lengths of time ──────────────────────────────────────────────────────────────────────────────────

const AMOUNT = String.raw`(\d{1,3}(?:[.,]\d+)?|an?|one|una?|two|three|four|dos|tres|cuatro|half(?: an?)?|media|un cuarto de|a quarter of an?|quarter of an?)`;
const UNIT = '(minutes?|mins?|minutos?|m|hours?|hrs?|h|horas?|days?|dias?|weeks?|semanas?)';
/** chrono's reading of a bare length ("45 min", "for an hour", "de 45 minutos"): its days, or 0 for less. */
function durationOnly(text: string): { days: number } | null {
  const match = new RegExp(String.raw`^(?:for |de |por |durante )?${AMOUNT}\s*-?\s*${UNIT}$`).exec(text.trim());
  if (!match) return null;
  const unit = match[2] as string;
  const n = amountOf(match[1] as string);
  if (/^(days?|dias?)$/.test(unit)) return { days: Math.round(n) };
  if (/^(weeks?|semanas?)$/.test(unit)) return { days: Math.round(n * 7) };
  return { days: 0 };
}

function amountOf(word: string): number {
  if (/^\d/.test(word)) return Number(word.replace(',', '.'));
  if (/half|media/.test(word)) return 0.5;
  if (/cuarto|quarter/.test(word)) return 0.25;
  return { two: 2, dos: 2, three: 3, tres: 3, four: 4, cuatro: 4 }[word] ?? 1;
}

/**
 * The first length of a visit said in the text, in minutes: "45 min", "a 45-minute visit", "an hour", "1.5 hours",
 * "an hour and a half", "1h30", "una hora y media", "media hora", "90 minutos". Null when none is said, and for
 * "in 45 minutes" / "dentro de 45 minutos" / "45 minutes from now", which are moments.
 */
export function parseDuration(text: string): number | null {
  const t = fold(text).replace(/-/g, ' ');
  const moment = /\b(in|within|en|dentro de)\s+$/;
  const after = /^\s+(from now|later|ago|mas tarde|despues)\b/;
  const patterns: Array<[RegExp, (m: RegExpExecArray) => number]> = [
    [/\b(\d{1,2})\s*h\s*(\d{1,2})\b/, (m) => Number(m[1]) * 60 + Number(m[2])],
    [/\b(an?|one|una|1)\s+(hour|hora)\s+(and a half|y media)\b/, () => 90],
    [
      /\b(\d{1,2}(?:[.,]\d+)?|an?|one|una|two|dos|three|tres)\s*(hours?|hrs?|horas?|h)\b(?:\s*(?:and|y)?\s*(\d{1,2})\s*(?:minutes?|mins?|minutos?|m)\b)?/,
      (m) => hoursOf(m[1] as string) * 60 + Number(m[3] ?? 0),
    ],
    [/\b(half(?: an?)? hour|media hora)\b/, () => 30],
    [/\b(a quarter of an? hour|quarter of an? hour|un cuarto de hora)\b/, () => 15],
    [/\b(\d{1,3})\s*(minutes?|mins?|minutos?|m)\b/, (m) => Number(m[1])],
  ];
  let best: { index: number; minutes: number } | null = null;
  for (const [pattern, minutes] of patterns) {
    const global = new RegExp(pattern.source, 'g');
    for (const match of t.matchAll(global)) {
      const index = match.index;
      if (moment.test(t.slice(0, index)) || after.test(t.slice(index + match[0].length))) continue;
      if (!best || index < best.index) best = { index, minutes: Math.round(minutes(match as RegExpExecArray)) };
      break;
    }
  }
  return best?.minutes ?? null;
}

function hoursOf(word: string): number {
  if (/^\d/.test(word)) return Number(word.replace(',', '.'));
  return { two: 2, dos: 2, three: 3, tres: 3 }[word] ?? 1;
}

// ─── Days of the month said alone ─────────────────────────────────────────────────────────────────────

const ORDINALS_EN = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
];
const NUMBERS_ES = [
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciseis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
  'veintiuno',
  'veintidos',
  'veintitres',
  'veinticuatro',
  'veinticinco',
  'veintiseis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
  'treinta',
  'treinta y uno',
];
/** Day numbers said as words: "third", "twenty first", "thirty-first"; "tres", "catorce", "primero". */
const DAY_WORDS: ReadonlyMap<string, number> = new Map([
  ...ORDINALS_EN.map((w, i): [string, number] => [w, i + 1]),
  ...ORDINALS_EN.slice(0, 9).map((w, i): [string, number] => [`twenty ${w}`, 21 + i]),
  ['thirtieth', 30],
  ['thirty first', 31],
  ...NUMBERS_ES.map((w, i): [string, number] => [w, i + 1]),
  ['primero', 1],
]);
const DAY_WORD = [...DAY_WORDS.keys()].sort((a, b) => b.length - a.length).join('|');
const MONTHS =
  'jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre';
/** What follows a number that makes it something else: a visit's position, a time, a month chrono reads. */
const NOT_A_DAY_AFTER = new RegExp(
  String.raw`^(?:\s+(?:visit|patient|appointment|stop|one|slot|call|time|cita|visita|paciente|vez)|\s*(?::|h\b|am\b|pm\b|a\.m|p\.m|o'?clock)|\s+(?:of |de )?(?:${MONTHS})\b|\s+de la (?:manana|tarde|noche)|\s+y (?:media|cuarto)|\s+of (?!(?:the |this |next |the next )?month\b))`,
);
const NEXT_MONTH_AFTER =
  /^\s+(?:of next month|of the next month|next month|del (?:mes que viene|proximo mes|mes proximo|siguiente mes))\b/;
const THIS_MONTH_AFTER = /^\s+(?:of this month|of the month|this month|de este mes|del mes)\b/;

const WEEKDAY_WORDS = [...WEEKDAYS_EN, ...WEEKDAYS_ES].join('|');
function weekdayIndex(word: string): number {
  const en = WEEKDAYS_EN.indexOf(word);
  return en >= 0 ? en : WEEKDAYS_ES.indexOf(word);
}

interface OrdinalDay {
  index: number;
  end: number;
  text: string;
  date: string;
}

/** The days of the month said alone in (folded) text, each the coming one from today. */
function ordinalDays(folded: string, today: string, whole = false): OrdinalDay[] {
  const t = folded.replace(/[-–]/g, ' ');
  const patterns = whole
    ? [
        /^\s*(?:on |for |by )?(?:the )?(\d{1,2})(?:st|nd|rd|th)?\s*$/,
        new RegExp(String.raw`^\s*(?:on |for |by )?(?:the )?(${DAY_WORD})\s*$`),
        new RegExp(String.raw`^\s*(?:el |para el |del? )?(?:dia )?(\d{1,2}|${DAY_WORD})\s*$`),
      ]
    : [
        // "Monday the 9th", "el lunes 9": the day number names the day (when the weekday agrees, below)
        new RegExp(String.raw`\b(${WEEKDAY_WORDS}) (?:the |el )?(\d{1,2})(?:st|nd|rd|th)?\b`, 'g'),
        // "the 3rd", "on the 14th"; "on the 3"
        /\b(?:(?:on|for|by|until|from|to|through) )?the (\d{1,2})(?:st|nd|rd|th)\b/g,
        /\bon (\d{1,2})(?:st|nd|rd|th)\b/g,
        /\b(?:on|for|by|until) the (\d{1,2})\b/g,
        // "on the third", "the third of the month"
        new RegExp(String.raw`\b(?:on|for|by|until) the (${DAY_WORD})\b`, 'g'),
        new RegExp(String.raw`\bthe (${DAY_WORD})(?= of (?:the|this|next) month\b)`, 'g'),
        // "el 3", "el día 14", "del 14", "para el tres"
        new RegExp(String.raw`\b(?:el|del) (?:dia )?(\d{1,2}|${DAY_WORD})\b`, 'g'),
        /\bdia (\d{1,2})\b/g,
      ];
  const found: OrdinalDay[] = [];
  for (const pattern of patterns) {
    const global = pattern.global ? pattern : new RegExp(pattern.source, 'g');
    for (const match of t.matchAll(global)) {
      const weekday = match[2] ? weekdayIndex(match[1] as string) : null;
      const word = match[2] ?? match[1];
      if (!word) continue;
      const index = match.index;
      const rest = t.slice(index + match[0].length);
      if (NOT_A_DAY_AFTER.test(rest)) continue;
      const day = /^\d/.test(word) ? Number(word) : (DAY_WORDS.get(word) ?? 0);
      if (day < 1 || day > 31) continue;
      // "of next month" / "of this month" belongs to the day (chrono would read "next month" as a day of its own).
      const month = NEXT_MONTH_AFTER.exec(rest) ?? THIS_MONTH_AFTER.exec(rest);
      const end = index + match[0].length + (month?.[0].length ?? 0);
      if (found.some((f) => index < f.end && end > f.index)) continue;
      const date = month ? dayInMonth(today, day, NEXT_MONTH_AFTER.test(rest) ? 1 : 0) : comingDayOfMonth(today, day);
      if (!date) continue;
      found.push({ index, end, text: folded.slice(index, end), date });
      // "Monday the 10th" when the 10th is a Tuesday: both days are read, and the tools ask which one.
      if (weekday !== null && weekdayOf(date) !== weekday)
        found.push({ index, end, text: folded.slice(index, end), date: coming(today, weekday, true) });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Day `day` of the month `offset` months after today's, or null when that month has no such day. */
function dayInMonth(today: string, day: number, offset: number): string | null {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const month = m - 1 + offset;
  const year = y + Math.floor(month / 12);
  const mm = (month % 12) + 1;
  if (day > daysInMonth(year, mm)) return null;
  return `${year}-${String(mm).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The coming day `day` of a month: this month's when it is today or later, else the next month that has it. */
function comingDayOfMonth(today: string, day: number): string | null {
  for (let offset = 0; offset < 13; offset++) {
    const date = dayInMonth(today, day, offset);
    if (date && date >= today) return date;
  }
  return null;
}

/** A day of the month said as the whole of a day argument ("3", "3rd", "the third", "el 3", "el día tres"). */
export function ordinalDay(text: string, today: string): string | null {
  return ordinalDays(fold(text).trim(), today, true)[0]?.date ?? null;
}

/** Week, weekend, month or "next N days" ranges, which chrono reads as single days. */
export function parseRange(text: string, now: Date, timeZone: string): DateRange | null {
  const t = fold(text);
  const today = zonedDate(now, timeZone);
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  // "the week of the 14th", "the week of November 9", "la semana del 14": that day's week, Monday to Sunday.
  const weekOf = /\bweek (?:of|starting|beginning) (.+)$|\bsemana (?:del|de el|que empieza el) (.+)$/.exec(t);
  if (weekOf) {
    const said = (weekOf[1] ?? weekOf[2]) as string;
    const day = ordinalDay(said, today) ?? parseMoments(said, now, timeZone).find((m) => m.date)?.date ?? null;
    if (day) {
      const start = addDays(day, -((weekdayOf(day) + 6) % 7));
      return { from: start, to: addDays(start, 6), label: `the week of ${day}` };
    }
  }
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
  // "next month" is the calendar month after this one; "the 3rd of next month" is one day.
  if (
    /\bnext month\b|\b(el )?(proximo|siguiente) mes\b|\bmes (que viene|proximo)\b/.test(t) &&
    ordinalDays(t, today).length === 0
  ) {
    const from = dayInMonth(today, 1, 1) as string;
    const to = addDays(dayInMonth(today, 1, 2) as string, -1);
    return { from, to, label: 'next month' };
  }
  if (/\b(this|the) month\b|\beste mes\b/.test(t) && ordinalDays(t, today).length === 0) {
    return { from: today, to: addDays(today, 29), label: 'the next 30 days' };
  }
  return null;
}

/** What a day argument says: one day, a range of days, several days, a time or a length of time, or nothing. */
export type DayReading =
  | { kind: 'day'; date: string }
  | { kind: 'range'; from: string; to: string }
  | { kind: 'several'; dates: string[] }
  | { kind: 'time' }
  | { kind: 'duration' }
  | { kind: 'none' };

/**
 * A day argument as a model or a person passes it, read whole: "tomorrow", "Friday", "next Tuesday", "the 3rd",
 * "on the 14th", "el 3", "pasado mañana", "Nov 3", "a week from Friday"; "next week", "the week of the 14th",
 * "Nov 3 to 5" are ranges; "Thursday or Friday" is several; "3pm" a time; "45 minutes" a length of time.
 */
export function readDays(text: string, now: Date, timeZone: string): DayReading {
  const today = zonedDate(now, timeZone);
  const range = parseRange(text, now, timeZone);
  if (range) return range.from === range.to ? { kind: 'day', date: range.from } : { kind: 'range', ...range };
  const alone = ordinalDay(text, today);
  if (alone) return { kind: 'day', date: alone };
  const moments = parseMoments(text, now, timeZone);
  const dates = [...new Set(moments.map((m) => m.date).filter((d): d is string => d !== null))];
  if (dates.length === 1) return { kind: 'day', date: dates[0] as string };
  if (dates.length > 1) {
    // One phrase with a start and an end ("Nov 3 to Nov 5") is a range; separate days are several.
    const dated = moments.filter((m) => m.date);
    const [a, b] = dated;
    if (dated.length === 2 && a && b && a.text === b.text && (a.date as string) < (b.date as string))
      return { kind: 'range', from: a.date as string, to: b.date as string };
    return { kind: 'several', dates };
  }
  const weekday = weekdayNamed(text, today);
  if (weekday) return { kind: 'day', date: weekday };
  if (moments.some((m) => m.minute !== null)) return { kind: 'time' };
  if (parseDuration(text) !== null) return { kind: 'duration' };
  return { kind: 'none' };
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
