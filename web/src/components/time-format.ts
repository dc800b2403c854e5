// One time format for the whole app: the dashboard's language, the clinician's region and time zone (the
// browser's), hour and minutes ("1:30 PM" in en-US, "13:30" in de-DE, "1:30 p.m." in Spanish for the US). The
// calendar, the agenda, the visit sheet, "Updated …" and the Route view all format through here, so a time never
// reads two ways on one screen. The dashboard's language provider sets the language (setFormatLocale); in English
// the browser's own format is kept, as it always was.
import type { Locale } from '../i18n/locales.ts';
import { browserLanguages } from '../i18n/locales.ts';

/** The Intl locale in use: undefined is the browser's own. */
let formatLocale: string | undefined;
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The Intl locale for the dashboard's language: the browser's own format when its first language is that
 * language (English stays exactly as before), else the browser's first tag of that language ("es-MX"), else
 * the language as spoken in the US ("es-US": "1:30 p.m.", the clinician's country).
 */
export function formatLocaleFor(locale: Locale, languages: readonly string[]): string | undefined {
  const primary = (tag: string) => tag.toLowerCase().split('-')[0];
  const first = languages[0];
  if (locale === 'en' && (first === undefined || primary(first) === 'en')) return undefined;
  const tag = languages.find((candidate) => primary(candidate) === locale) ?? `${locale}-US`;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 ? tag : `${locale}-US`;
  } catch {
    return `${locale}-US`;
  }
}

/** Formats times and dates in this language from now on (called by the dashboard's language provider). */
export function setFormatLocale(locale: Locale, languages: readonly string[] = browserLanguages()): void {
  const next = formatLocaleFor(locale, languages);
  if (next === formatLocale) return;
  formatLocale = next;
  formats.clear();
}

/** The Intl locale times and dates are formatted in (undefined: the browser's own). */
export function currentFormatLocale(): string | undefined {
  return formatLocale;
}

function format(name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let found = formats.get(name);
  if (!found) {
    found = new Intl.DateTimeFormat(formatLocale, options);
    formats.set(name, found);
  }
  return found;
}

const clockFormat = () => format('clock', { hour: 'numeric', minute: '2-digit' });

/** The same locale's format applied to a bare wall-clock time (no zone shift). */
const wallClockFormat = () => format('wallClock', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

const toDate = (instant: Date | string | number) => (instant instanceof Date ? instant : new Date(instant));

/** An instant in the clinician's zone: "1:30 PM". */
export function formatTime(instant: Date | string | number): string {
  return clockFormat().format(toDate(instant));
}

/** A start–end range: "1:30 PM – 2:15 PM". */
export function formatTimeRange(start: Date | string | number, end: Date | string | number | null | undefined): string {
  const from = formatTime(start);
  return end === null || end === undefined || end === '' ? from : `${from} – ${formatTime(end)}`;
}

/** A wall-clock "HH:MM" (route plans, patient windows) in the same format: "13:03" → "1:03 PM". */
export function formatClock(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return wallClockFormat().format(new Date(Date.UTC(2000, 0, 1) + minutes * 60_000));
}

/** Minutes since midnight in the same format. */
export function formatMinutes(minutes: number): string {
  return wallClockFormat().format(new Date(Date.UTC(2000, 0, 1) + minutes * 60_000));
}

/** A window "09:00"–"12:00" → "9:00 AM – 12:00 PM". */
export function formatWindow(earliest: string, latest: string): string {
  return `${formatClock(earliest)} – ${formatClock(latest)}`;
}

/** An instant's day in the clinician's zone: "Tuesday, March 3" ("martes, 3 de marzo"). */
export function formatWeekdayDate(instant: Date | string | number): string {
  return format('weekdayDate', { weekday: 'long', month: 'long', day: 'numeric' }).format(toDate(instant));
}

/** An instant's weekday in the clinician's zone: "Thursday" ("jueves"). */
export function formatWeekday(instant: Date | string | number): string {
  return format('weekday', { weekday: 'long' }).format(toDate(instant));
}

const DAY_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
};

/** A calendar day "2026-11-24" as itself, whatever the zone: "Tuesday, November 24, 2026" (US order in English). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (formatLocale === undefined) return new Intl.DateTimeFormat('en-US', DAY_OPTIONS).format(date);
  return format('day', DAY_OPTIONS).format(date);
}
