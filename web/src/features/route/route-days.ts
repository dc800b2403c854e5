// Which days of the loaded schedule have visits to route, and the day the "Plan route" picker offers
// first. Kept apart from the Route view (and from core/routing) so the schedule panel can use it
// without pulling the optimiser into the dashboard chunk.
import type { CalendarEvent } from '../../../../core/calendar/index.ts';
import { recogniseEvent } from '../../../../core/visits/recognise/recognise.ts';
import { eventDay } from '../../../../machines/schedule/schedule.confirmations.ts';
import { appNow } from '../../app/clock.ts';

export { eventDay };

/**
 * A timed visit the optimiser can plan: one that carries HomeRounds coordinates, or one recognised as a patient's
 * visit with an address to locate (calendars written by people).
 */
export function isRoutableVisit(event: CalendarEvent): boolean {
  if (event.allDay) return false;
  if (event.properties?.lat) return true;
  const recognised = recogniseEvent({
    title: event.title,
    location: event.location ?? null,
    description: event.description ?? null,
    allDay: false,
  });
  return recognised.visit && recognised.address !== null;
}

/** The local date of `now` as YYYY-MM-DD. */
export function localDay(now: Date = appNow()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Days with at least one routable visit, ascending. */
export function daysWithVisits(events: readonly CalendarEvent[]): string[] {
  return [...new Set(events.filter(isRoutableVisit).map(eventDay))].sort();
}

/**
 * The day the picker starts on: the next day after `today` with visits (tomorrow's round is the one
 * to plan), else today if it has visits, else the last day with visits, else today.
 */
export function defaultRouteDay(events: readonly CalendarEvent[], today: string = localDay()): string {
  const days = daysWithVisits(events);
  return days.find((day) => day > today) ?? days.find((day) => day === today) ?? days.at(-1) ?? today;
}

const LONG_DAYS = new Map<string, Intl.DateTimeFormat>();

/** The long-date format of a language (en: US English), made once. */
function longDay(locale: string): Intl.DateTimeFormat {
  const tag = locale === 'en' ? 'en-US' : locale;
  let format = LONG_DAYS.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    LONG_DAYS.set(tag, format);
  }
  return format;
}

/**
 * "Tuesday, November 24, 2026" for "2026-11-24" (the calendar day itself, whatever the time zone); in the dashboard's
 * language when given ("martes, 24 de noviembre de 2026").
 */
export function formatDayLong(day: string, locale = 'en'): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return longDay(locale).format(new Date(Date.UTC(y, m - 1, d)));
}

export const isDayString = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value);
