// Types of the patient-list machine: the clinician's patient list read, and each change (a suggestion confirmed or
// corrected, a record edited) saved one at a time, through the face's store (PostgREST with owner-only RLS).
import type { PatientChanges, PatientRecord, PatientStatus } from '../../core/patients/patients.ts';

/** A new record: a calendar suggestion answered (patient, or not a patient), with what the clinician filled in. */
export type NewPatient = Omit<PatientRecord, 'id'>;

export type PatientSave =
  /** `eventIds`: the calendar events that named the patient (a suggestion's), to link to the new record. */
  | { kind: 'insert'; record: NewPatient; eventIds?: readonly string[] }
  | { kind: 'update'; id: string; changes: PatientChanges & { status?: PatientStatus } };

export interface PatientListContext {
  records: readonly PatientRecord[];
  /** The name key or id of the record being saved, for the view. */
  saving: string | null;
  /** Why the last change was not saved (the list stays as it was). */
  saveError: string | null;
}

export type PatientListEvent = { type: 'patients.save'; save: PatientSave } | { type: 'patients.reload' };

export interface PatientListPorts {
  list(signal: AbortSignal): Promise<readonly PatientRecord[]>;
  save(save: PatientSave, signal: AbortSignal): Promise<PatientRecord>;
}
