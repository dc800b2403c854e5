// The patient list read into the calendar's events before they are planned or shown: a visit whose patient is on the
// list gets what the clinician confirmed there (the preferred window and the address, over what the event carries;
// the place when the list has one; the phone; the consent to automated calls), and an event naming someone the clinician marked "not a patient" is not a visit, whatever its words say
// (the clinician's correction, remembered). An event the product linked (its private property homeroundsPatientId is
// the record's id) finds its record whatever its title says; the others are matched by the folded name (nameKey). The events are copies: the calendar is never changed here.
import type { CalendarEvent } from '../calendar/calendar.types.ts';
import { recogniseEvent } from '../visits/recognise/recognise.ts';
import {
  CALL_CONSENT_PROPERTY,
  NOT_PATIENT_PROPERTY,
  PATIENT_PHONE_PROPERTY,
  PATIENT_RECORD_PROPERTY,
} from '../visits/visits.ts';
import { nameKey, type PatientRecord } from './patients.ts';

/** The private property that links an event to its patient record (the record's id), written by the product. */
export const LINKED_PATIENT_PROPERTY = 'homeroundsPatientId';

export function withPatientRecords(
  events: readonly CalendarEvent[],
  records: readonly PatientRecord[],
): CalendarEvent[] {
  if (records.length === 0) return [...events];
  const byKey = new Map(records.map((record) => [record.name_key, record]));
  const byId = new Map(records.map((record) => [record.id, record]));
  return events.map((event) => {
    if (event.allDay) return event;
    const recognised = recogniseEvent({
      title: event.title,
      location: event.location ?? null,
      description: event.description ?? null,
      allDay: false,
    });
    // The link the product wrote on the event first (it survives a renamed title), then the name.
    const linkedId = event.properties?.[LINKED_PATIENT_PROPERTY];
    const record =
      (linkedId ? byId.get(linkedId) : undefined) ??
      (recognised.patient ? byKey.get(nameKey(recognised.patient)) : undefined);
    if (!record) return event;
    const properties = { ...event.properties };
    if (record.status === 'not_patient') {
      properties[NOT_PATIENT_PROPERTY] = 'true';
      return { ...event, properties };
    }
    properties[PATIENT_RECORD_PROPERTY] = record.id;
    properties[CALL_CONSENT_PROPERTY] = String(record.automated_calls_consent);
    if (record.phone) properties[PATIENT_PHONE_PROPERTY] = record.phone;
    // The list is the clinician's latest word: its window wins over one the event carries.
    if (record.window_start && record.window_end) {
      properties.windowStart = record.window_start;
      properties.windowEnd = record.window_end;
    }
    const linked: CalendarEvent = { ...event, properties };
    // The address the clinician confirmed on the list wins too: that is how a wrong or only approximately located
    // address on the calendar is corrected (the Patients view's Edit), once, for every visit.
    if (record.address) {
      // The event's coordinates were for the address it gave: another address on the list is located anew.
      if (event.location?.trim() !== record.address.trim()) {
        delete properties.lat;
        delete properties.lng;
      }
      linked.location = record.address;
    }
    // Where the list located its address exactly, that is the place; an approximate one is located again by the
    // planner, which then labels its drives approximate.
    if (
      record.lat !== null &&
      record.lng !== null &&
      !record.location_approximate &&
      (record.address || !properties.lat)
    ) {
      properties.lat = String(record.lat);
      properties.lng = String(record.lng);
    }
    return linked;
  });
}

/** The events of one listed patient that the product has not linked yet (link-patient's request). */
export interface UnlinkedVisits {
  patientId: string;
  eventIds: string[];
}

/**
 * The timed events that name a patient on the list (status 'patient') but carry no link yet, grouped by patient:
 * what adding the patient could not link then (no calendar-change consent, offline) or what was written since.
 * At most `MAX_LINKED_EVENTS` per patient (link-patient's limit), soonest first as the calendar gives them.
 */
export function unlinkedVisits(
  events: readonly CalendarEvent[],
  records: readonly PatientRecord[],
  maxPerPatient = 60,
): UnlinkedVisits[] {
  const byKey = new Map(records.filter((r) => r.status === 'patient').map((r) => [r.name_key, r]));
  const groups = new Map<string, string[]>();
  for (const event of events) {
    if (event.allDay || event.properties?.[LINKED_PATIENT_PROPERTY]) continue;
    const named = recogniseEvent({
      title: event.title,
      location: event.location ?? null,
      description: event.description ?? null,
      allDay: false,
    }).patient;
    const record = named ? byKey.get(nameKey(named)) : undefined;
    if (!record) continue;
    const ids = groups.get(record.id) ?? [];
    if (ids.length < maxPerPatient) ids.push(event.id);
    groups.set(record.id, ids);
  }
  return [...groups].map(([patientId, eventIds]) => ({ patientId, eventIds }));
}
