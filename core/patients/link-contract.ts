// The `link-patient` Edge Function's contract (server/functions/link-patient.ts): when the clinician adds a patient
// from the calendar's suggestions, the events that named them get the private property homeroundsPatientId = the
// record's id, so the link survives a renamed or retyped title. The server checks each event still names that
// patient before it writes, and writes nothing without calendar-change consent (`writeAccess: false`; the list then
// matches by name).
export const LINK_PATIENT_FUNCTION = 'link-patient';
/** A month of a patient's visits, and more than a suggestion ever carries. */
export const MAX_LINKED_EVENTS = 60;

export interface LinkPatientRequest {
  patientId: string;
  eventIds: string[];
}

/** 200: each event linked now, already linked, or left alone (it no longer names the patient, or is gone). */
export interface LinkPatientResponse {
  linked: string[];
  unchanged: string[];
  skipped: string[];
  /** false when the clinician has not allowed calendar changes: nothing was written. */
  writeAccess?: false;
}
