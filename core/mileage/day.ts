// One day of the log planned exactly as the Route view plans it (core/routing planDay over the day's events read with
// the patient list, from the profile's home, with the drive times fetched for `dayPoints` and the same departure rule),
// then read into legs. The caller fetches the drive times (the server's road matrix behind its cache) with the request
// `dayDriveTimesRequest` gives; this stays pure.
import type { CalendarEvent } from '../calendar/calendar.types.ts';
import type { Locations } from '../geo/geocoder.ts';
import type { PlaceInput } from '../routing/day-plan.ts';
import { planDay } from '../routing/plan-day.ts';
import type { TravelLookup } from '../routing/travel/lookup.ts';
import { dayLegs } from './legs.ts';
import type { MileageDay } from './mileage.types.ts';

/** The optimiser's limit per day: only the calendar order is read, and a real day is proven in milliseconds. */
const PLAN_LIMIT_MS = 300;

export function mileageDay(
  events: readonly CalendarEvent[],
  day: string,
  options: { home?: PlaceInput; locations?: Locations; travel?: TravelLookup; names: ReadonlyMap<string, string> },
): Omit<MileageDay, 'edit' | 'miles' | 'upcoming'> {
  const plan = planDay(events, day, {
    ...(options.home ? { home: options.home } : {}),
    ...(options.locations ? { locations: options.locations } : {}),
    ...(options.travel ? { travel: options.travel } : {}),
    timeLimitMs: PLAN_LIMIT_MS,
  });
  return dayLegs(plan, {
    ...(options.home ? { home: options.home } : {}),
    ...(options.travel ? { travel: options.travel } : {}),
    names: options.names,
  });
}
