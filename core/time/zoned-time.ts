// Wall-clock arithmetic in the clinician's time zone (any IANA zone), with Intl only: the date of an
// instant, the instant of a wall-clock time (DST-safe), minutes of the day, and the texts every answer
// uses ("Tuesday, November 24", "2:30 PM"). The clinician's zone comes from their calendar.

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const partsFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format;
}

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** YYYY-MM-DD of an instant in the zone. */
export function zonedDate(instant: Date, timeZone: string): string {
  return dateFormat(timeZone).format(instant);
}

/** Minutes since the zone's midnight at an instant. */
export function zonedMinute(instant: Date, timeZone: string): number {
  const parts = partsFormat(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (get('hour') % 24) * 60 + get('minute');
}

function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = partsFormat(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'));
  return Math.round((wall - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant of a wall-clock time on a date in the zone, and its RFC 3339 form with the zone's offset. */
export function zonedDateTime(date: string, minuteOfDay: number, timeZone: string): { instant: Date; rfc3339: string } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, Math.floor(minuteOfDay / 60), minuteOfDay % 60);
  let offset = offsetMinutes(new Date(wall), timeZone);
  let instant = wall - offset * 60_000;
  const second = offsetMinutes(new Date(instant), timeZone);
  if (second !== offset) {
    offset = second;
    instant = wall - offset * 60_000;
  }
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const local = zonedMinute(new Date(instant), timeZone);
  const rfc3339 = `${zonedDate(new Date(instant), timeZone)}T${pad(Math.floor(local / 60))}:${pad(local % 60)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return { instant: new Date(instant), rfc3339 };
}

/** An instant as RFC 3339 in the zone's wall clock with its offset (e.g. `2026-01-15T09:30:00-06:00`). */
export function zonedRfc3339(instant: Date, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone);
  const local = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  return `${local}${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const HH_MM = /^([01]?\d|2[0-3]):([0-5]\d)$/;

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function hhmmToMinutes(value: string): number {
  const [h, m] = value.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export function minutesToHhmm(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

// ─── Texts ────────────────────────────────────────────────────────────────────────────────────────────

export type Language = 'en' | 'es';

/** "2:30 PM" (en) / "14:30" (es). */
export function clockText(minutes: number, language: Language = 'en'): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  if (language === 'es') return `${h}:${pad(m)}`;
  const suffix = h >= 12 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${pad(m)} ${suffix}`;
}

/** "Tuesday, November 24" / "martes 24 de noviembre". */
export function dayText(date: string, language: Language = 'en'): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  if (language === 'es') {
    return new Intl.DateTimeFormat('es-ES', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(
      at,
    );
  }
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(
    at,
  );
}

/** "today, Monday, November 23" / "tomorrow, …" / "Wednesday, November 25". */
export function relativeDayText(date: string, today: string, language: Language = 'en'): string {
  if (language === 'es') {
    if (date === today) return `hoy, ${dayText(date, 'es')}`;
    if (date === addDays(today, 1)) return `mañana, ${dayText(date, 'es')}`;
    return `el ${dayText(date, 'es')}`;
  }
  if (date === today) return `today, ${dayText(date)}`;
  if (date === addDays(today, 1)) return `tomorrow, ${dayText(date)}`;
  return `on ${dayText(date)}`;
}
