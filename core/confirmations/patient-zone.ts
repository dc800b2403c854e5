// The zone a patient lives in, for their calling hours and the times they hear: from the place of their address (the
// patient record's coordinates, else the visit's), looked up offline in the time-zone boundaries that
// @photostructure/tz-lookup ships; the clinician's calendar zone only when nothing locates them. Never a setting
// anyone types (a clinician-set zone once had Chicago patients called after 9 pm). Pure.
import tzLookup from '@photostructure/tz-lookup';
import { isValidTimeZone } from '../time/zoned-time.ts';

export interface PatientZone {
  timeZone: string;
  /** Where it came from: the patient's place, or (not located) the calendar's zone. */
  source: 'place' | 'calendar';
}

type Place = { lat: number; lng: number } | { lat: number; lon: number };

export function patientTimeZone(place: Place | null | undefined, calendarZone: string): PatientZone {
  if (place) {
    const lng = 'lng' in place ? place.lng : place.lon;
    if (Number.isFinite(place.lat) && Number.isFinite(lng) && Math.abs(place.lat) <= 90 && Math.abs(lng) <= 180) {
      try {
        const found = tzLookup(place.lat, lng);
        // Open sea answers Etc/GMT±n: a patient's home is never there, so the place is not trusted.
        if (isValidTimeZone(found) && !found.startsWith('Etc/')) return { timeZone: found, source: 'place' };
      } catch {
        // Coordinates the lookup refuses: as if unlocated.
      }
    }
  }
  return { timeZone: calendarZone, source: 'calendar' };
}
