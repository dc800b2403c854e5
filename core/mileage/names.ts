// How a mileage log names a visit: the patient as the clinician's patient list names them (the record the event was
// matched to), else as the calendar names them (the patient recognised in the event's title), else the title itself,
// shortened. Never the address, the phone or the event's notes: a log handed to an agency carries the minimum.
import type { CalendarEvent } from '../calendar/calendar.types.ts';
import type { PatientRecord } from '../patients/patients.ts';
import { recogniseEvent } from '../visits/recognise/recognise.ts';
import { PATIENT_RECORD_PROPERTY } from '../visits/visits.ts';

const MAX_NAME = 60;

/** The patient of each timed event, by event id (the events as read with the patient list, withPatientRecords). */
export function stopNames(
  events: readonly CalendarEvent[],
  records: readonly Pick<PatientRecord, 'id' | 'full_name'>[],
): Map<string, string> {
  const byId = new Map(records.map((record) => [record.id, record.full_name]));
  const names = new Map<string, string>();
  for (const event of events) {
    if (event.allDay) continue;
    const listed = byId.get(event.properties?.[PATIENT_RECORD_PROPERTY] ?? '');
    const recognised = listed
      ? null
      : recogniseEvent({ title: event.title, location: event.location ?? null, description: null, allDay: false })
          .patient;
    const name = (listed ?? recognised ?? event.title).replace(/\s+/g, ' ').trim();
    names.set(event.id, name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name || 'Visit');
  }
  return names;
}
