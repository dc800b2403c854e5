// Builds the patient-list machine's actors from a face's store; the machine's abort signal reaches each request.
import { fromPromise } from 'xstate';
import type { PatientRecord } from '../../core/patients/patients.ts';
import type { PatientListPorts, PatientSave } from './patient-list.types.ts';

export function createPatientListActors(ports: PatientListPorts) {
  return {
    list: fromPromise<readonly PatientRecord[], void>(({ signal }) => ports.list(signal)),
    save: fromPromise<PatientRecord, PatientSave>(({ input, signal }) => ports.save(input, signal)),
  };
}
