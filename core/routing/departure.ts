// When a day's drives start, for a road matrix that knows traffic: one rule for every face (the Route view, the
// assistant's optimize_route and drive_time, `homerounds route optimize --clinician`), so the same day is asked the
// same question and gets the same drive times.
//
//   today     → traffic for leaving at the day's first booked visit, not before now (traffic is asked for what is
//               still ahead);
//   tomorrow  → traffic for leaving at the day's first booked visit;
//   later     → no departure: typical, traffic-free times (traffic is not known that far ahead).
//
// A day's departure is read on the calendar's own clock: the first booked visit's wall-clock start at the UTC offset
// it is written with (Google writes a calendar's events at its zone's offset), so a browser in another zone, the CLI
// and the server ask for the same instant.
import type { CalendarEvent } from '../calendar/calendar.types.ts';
import type { Locations } from '../geo/geocoder.ts';
import { addDays } from '../time/zoned-time.ts';
import type { PlaceInput } from './day-plan.ts';
import type { DriveTimesRequest } from './drive-times-contract.ts';
import { wallMinutes } from './move-rule.ts';
import { dayPoints } from './plan-day.ts';

/**
 * The rule: the minute of `day` whose traffic a road matrix is asked for, or null (typical times). `startMinute` is
 * when the drives begin (the first booked visit, or the end of the visit a drive leaves from); `nowMinute` the
 * minute of the day it is now on the same clock (it only matters today).
 */
export function departureMinute(
  day: string,
  today: string,
  startMinute: number | null,
  nowMinute: number,
): number | null {
  if (startMinute === null) return null;
  if (day === today) return Math.max(startMinute, nowMinute);
  if (day === addDays(today, 1)) return startMinute;
  return null;
}

export interface DayDeparture {
  /** Minutes since midnight on the day's clock (what an answer says: "leaving around 8:10 AM"). */
  minute: number;
  instant: Date;
}

/** The UTC offset an RFC 3339 date-time is written with, in minutes east of UTC; null for a floating time. */
export function writtenOffsetMinutes(iso: string): number | null {
  if (/(?:Z|z)$/.test(iso)) return 0;
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(iso.slice(19));
  if (!match) return null;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

const MINUTES_PER_DAY = 24 * 60;

/**
 * The departure of a day whose first booked visit starts at `firstStart` (as the calendar writes it), by the rule
 * above, or null (a day further ahead, or no visit). `today` is the caller's date (its clock's), `now` its instant.
 */
export function dayDeparture(
  day: string,
  firstStart: string | null,
  clock: { today: string; now: Date },
): DayDeparture | null {
  if (!firstStart) return null;
  const offset = writtenOffsetMinutes(firstStart) ?? 0;
  const nowMinute =
    (((Math.floor(clock.now.getTime() / 60_000) + offset) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const minute = departureMinute(day, clock.today, wallMinutes(firstStart), nowMinute);
  if (minute === null) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { minute, instant: new Date(Date.UTC(y, m - 1, d, 0, minute) - offset * 60_000) };
}

/**
 * What a face asks the `drive-times` function for before planning `day`: the places the plan drives between
 * (`dayPoints`: the home first, then each located visit) and the day's departure; null with fewer than two places
 * (nothing to drive between). The Route view and the CLI send it; the assistant asks its server-side matrix the same.
 */
export function dayDriveTimesRequest(
  events: readonly CalendarEvent[],
  day: string,
  options: { home?: PlaceInput; locations?: Locations; today: string; now: Date },
): { request: DriveTimesRequest; departure: DayDeparture | null } | null {
  const { points, firstStart } = dayPoints(events, day, {
    ...(options.home ? { home: options.home } : {}),
    ...(options.locations ? { locations: options.locations } : {}),
  });
  if (points.length < 2) return null;
  const departure = dayDeparture(day, firstStart, options);
  return {
    request: { points, ...(departure ? { departureTime: departure.instant.toISOString() } : {}) },
    departure,
  };
}
