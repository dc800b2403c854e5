// A clinician's month of mileage, read as the Route view reads each day: the month's calendar (the Google grant, in
// the calendar's own zone), the patient list read into it, the profile's home, the visits' addresses located by the
// server's geocoder, and per day the drive times of the server's road matrix (behind its cache, bounded; else the
// straight-line estimate) for the places `dayDriveTimesRequest` names with its departure rule. Then each day is planned
// by core/mileage (the Route view's planDay) and the month assembled with the clinician's edits and the agency's rate.
import type { CalendarPort } from '../../core/calendar/google-calendar.ts';
import type { Geocoder } from '../../core/geo/geocoder.ts';
import { locateAll } from '../../core/geo/geocoder.ts';
import { mileageDay } from '../../core/mileage/day.ts';
import type { MileageDay, MileageDayEdit, MileageMonth } from '../../core/mileage/mileage.types.ts';
import { mileageMonth, monthDays, monthSpan, withEdit } from '../../core/mileage/month.ts';
import { stopNames } from '../../core/mileage/names.ts';
import { withPatientRecords } from '../../core/patients/apply.ts';
import type { PatientRecord } from '../../core/patients/patients.ts';
import { addressesToLocate } from '../../core/routing/calendar-day.ts';
import type { PlaceInput } from '../../core/routing/day-plan.ts';
import { dayDriveTimesRequest } from '../../core/routing/departure.ts';
import { driveTimesLookup, driveTimesResponseOf } from '../../core/routing/drive-times-contract.ts';
import type { TravelLookup } from '../../core/routing/travel/lookup.ts';
import type { TravelTimeProvider } from '../../core/routing/travel/provider.ts';
import { zonedDate, zonedDateTime } from '../../core/time/zoned-time.ts';

/** Days asked of the road matrix at once (each one request, behind the cache). */
const DAY_CONCURRENCY = 4;

export interface MonthSources {
  calendar: CalendarPort;
  zone: string;
  records: readonly PatientRecord[];
  home: { lat: number; lon: number } | null;
  geocoder: Geocoder | null;
  /** The server's road matrix, already bounded by its deadline (travelWithin); null: the straight-line estimate. */
  travel: TravelTimeProvider | null;
  edits: ReadonlyMap<string, MileageDayEdit>;
  agencyCentsPerMile: number | null;
  now: Date;
}

export async function loadMileageMonth(month: string, sources: MonthSources): Promise<MileageMonth> {
  const { first, next } = monthSpan(month);
  const raw = await sources.calendar.list(
    zonedDateTime(first, 0, sources.zone).instant,
    zonedDateTime(next, 0, sources.zone).instant,
  );
  const events = withPatientRecords(raw, sources.records);
  const names = stopNames(events, sources.records);
  const home: PlaceInput | undefined = sources.home ? { ...sources.home, label: 'Home' } : undefined;
  const today = zonedDate(sources.now, sources.zone);
  const days = monthDays(month);
  // Every address of the month located once (the geocoder's own cache keeps them 30 days).
  const addresses = days.flatMap((day) => addressesToLocate(events, day));
  const locations = sources.geocoder && addresses.length ? await locateAll(sources.geocoder, addresses) : undefined;

  const planned: MileageDay[] = [];
  let next_ = 0;
  const worker = async () => {
    while (next_ < days.length) {
      const day = days[next_++] as string;
      const edit = sources.edits.get(day) ?? null;
      if (!events.some((e) => !e.allDay && e.start.startsWith(day)) && !edit) continue;
      const travel = await dayTravel(events, day, { home, locations, today, now: sources.now, travel: sources.travel });
      const legs = mileageDay(events, day, {
        ...(home ? { home } : {}),
        ...(locations ? { locations } : {}),
        ...(travel ? { travel } : {}),
        names,
      });
      planned.push(withEdit(legs, edit, today));
    }
  };
  await Promise.all(Array.from({ length: DAY_CONCURRENCY }, worker));
  return mileageMonth(month, planned, { agencyCentsPerMile: sources.agencyCentsPerMile });
}

/**
 * The day's drive times as the Route view gets them from the `drive-times` function: the same places and departure
 * (dayDriveTimesRequest), the same road matrix, read as the same lookup; undefined with fewer than two places.
 */
async function dayTravel(
  events: Parameters<typeof dayDriveTimesRequest>[0],
  day: string,
  options: {
    home: PlaceInput | undefined;
    locations: Parameters<typeof dayDriveTimesRequest>[2]['locations'];
    today: string;
    now: Date;
    travel: TravelTimeProvider | null;
  },
): Promise<TravelLookup | undefined> {
  if (!options.travel) return undefined;
  const asked = dayDriveTimesRequest(events, day, {
    ...(options.home ? { home: options.home } : {}),
    ...(options.locations ? { locations: options.locations } : {}),
    today: options.today,
    now: options.now,
  });
  if (!asked) return undefined;
  const { points, departureTime } = asked.request;
  const matrix = await options.travel.matrix(points, departureTime ? { departureTime: new Date(departureTime) } : {});
  return driveTimesLookup(points, driveTimesResponseOf(matrix));
}
