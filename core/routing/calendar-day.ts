// Turns a day of calendar events into the visits the optimiser plans. Which events are visits is recognition's
// call (core/visits/recognise: lunch, meetings and time off are never planned, whatever their location says);
// where a visit is comes from the event itself (HomeRounds keeps coordinates in private extended properties)
// or from its address located through the geocoder port (`locations`, core/geo/geocoder.ts). Every event left
// out is reported with the reason, and an approximate location (a ZIP code's centre) is marked on its visit.
import type { CalendarEvent } from '../calendar/calendar.types.ts';
import { addressKey, type Located, type Locations, type NotLocated } from '../geo/geocoder.ts';
import { recogniseEvent } from '../visits/recognise/recognise.ts';
import { NOT_PATIENT_PROPERTY } from '../visits/visits.ts';
import type { VisitInput } from './day-plan.ts';
import { formatClock } from './model.ts';

export interface SkippedEvent {
  id: string;
  title: string;
  reason: string;
}

const HHMM = /^\d{1,2}:\d{2}$/;

function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** Minutes between two ISO date-times. */
function minutesBetween(start: string, end: string): number {
  return Math.round((Date.parse(end) - Date.parse(start)) / 60_000);
}

export function visitsFromCalendar(
  events: readonly CalendarEvent[],
  date: string,
  locations?: Locations,
): { visits: VisitInput[]; skipped: SkippedEvent[] } {
  const visits: VisitInput[] = [];
  const skipped: SkippedEvent[] = [];
  const located = new Map([...(locations ?? new Map())].map(([address, place]) => [addressKey(address), place]));
  for (const event of events) {
    if (event.allDay || !event.start.startsWith(date)) continue;
    const recognised = recogniseEvent({
      title: event.title,
      location: event.location ?? null,
      description: event.description ?? null,
      allDay: false,
    });
    if (event.properties?.[NOT_PATIENT_PROPERTY] === 'true') {
      skipped.push({ id: event.id, title: event.title, reason: 'not a visit: you marked this name as not a patient' });
      continue;
    }
    // The product's own events are visits whatever their title; the rest when recognised as visits.
    if (!recognised.visit && !isOwnVisit(event)) {
      skipped.push({
        id: event.id,
        title: event.title,
        reason: `not a visit: ${recognised.reasons[0] ?? 'no patient'}`,
      });
      continue;
    }
    const place = placeOf(event, recognised.address, located);
    if (typeof place === 'string') {
      skipped.push({ id: event.id, title: event.title, reason: place });
      continue;
    }
    const { lat, lon } = place;
    const durationMinutes = minutesBetween(event.start, event.end);
    if (!(durationMinutes > 0)) {
      skipped.push({ id: event.id, title: event.title, reason: 'ends before it starts' });
      continue;
    }
    const visit: VisitInput = { id: event.id, title: event.title, lat, lon, start: event.start, durationMinutes };
    const address = event.location?.trim() || recognised.address;
    if (address) visit.address = address;
    if (place.approximate) visit.approximate = true;
    const earliest = event.properties?.windowStart;
    const latest = event.properties?.windowEnd;
    if (earliest && latest && HHMM.test(earliest) && HHMM.test(latest)) {
      // The window bounds the whole visit: the latest start leaves room to finish inside it. A window
      // shorter than the visit says nothing usable about the start, so the visit keeps no window.
      const latestStart = toMinutes(latest) - durationMinutes;
      if (latestStart >= toMinutes(earliest)) visit.window = { earliest, latest: formatClock(latestStart) };
    }
    visits.push(visit);
  }
  return { visits, skipped };
}

/** Where the visit is, or why that is not known: the event's own coordinates, else its located address. */
function placeOf(
  event: CalendarEvent,
  address: string | null,
  located: ReadonlyMap<string, Located | NotLocated>,
): { lat: number; lon: number; approximate: boolean } | string {
  const lat = Number(event.properties?.lat);
  const lon = Number(event.properties?.lng ?? event.properties?.lon);
  if (event.properties?.lat && Number.isFinite(lat) && Number.isFinite(lon)) return { lat, lon, approximate: false };
  if (!address) return 'no address on the event';
  const found = located.get(addressKey(address));
  if (found === undefined) return 'its address has not been located (no geocoder here)';
  if (found === 'not-found') return 'its address could not be found on the map';
  if (found === 'unavailable') return 'its address could not be located just now';
  return { lat: found.lat, lon: found.lon, approximate: found.approximate };
}

/** The addresses of a day's visits that carry no coordinates of their own: what the geocoder must locate. */
export function addressesToLocate(events: readonly CalendarEvent[], date: string): string[] {
  const addresses: string[] = [];
  for (const event of events) {
    if (event.allDay || !event.start.startsWith(date) || event.properties?.lat) continue;
    if (event.properties?.[NOT_PATIENT_PROPERTY] === 'true') continue;
    const recognised = recogniseEvent({
      title: event.title,
      location: event.location ?? null,
      description: event.description ?? null,
      allDay: false,
    });
    const address = event.location?.trim() || recognised.address;
    if ((recognised.visit || isOwnVisit(event)) && address) addresses.push(address);
  }
  return addresses;
}

/** An event HomeRounds wrote for a visit: it carries the patient's id or the visit's coordinates. */
function isOwnVisit(event: CalendarEvent): boolean {
  return Boolean(event.properties?.homeroundsPatientId || event.properties?.lat);
}
