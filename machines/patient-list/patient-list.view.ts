// What the patient list shows: loading, failed (Try again), or the list with the change being saved and why the last
// one was not. Patients and the names marked "not a patient" are listed apart.
import type { SnapshotFrom } from 'xstate';
import type { PatientRecord } from '../../core/patients/patients.ts';
import type { patientListMachine } from './patient-list.machine.ts';
import { PATIENT_LIST_MESSAGES } from './patient-list.messages.ts';

export interface PatientListView {
  status: 'loading' | 'failed' | 'ready' | 'saving';
  patients: readonly PatientRecord[];
  notPatients: readonly PatientRecord[];
  /** Every name key the list holds (a suggestion is shown only for a name not among them). */
  known: readonly Pick<PatientRecord, 'name_key'>[];
  saving: string | null;
  message: string | null;
  saveError: string | null;
}

export function toPatientListView(snapshot: SnapshotFrom<typeof patientListMachine>): PatientListView {
  const status = snapshot.value as PatientListView['status'];
  const { records, saving, saveError } = snapshot.context;
  return {
    status,
    patients: records.filter((r) => r.status === 'patient'),
    notPatients: records.filter((r) => r.status === 'not_patient'),
    known: records,
    saving,
    message:
      status === 'loading'
        ? PATIENT_LIST_MESSAGES.loading
        : status === 'failed'
          ? PATIENT_LIST_MESSAGES.loadFailed
          : null,
    saveError,
  };
}
