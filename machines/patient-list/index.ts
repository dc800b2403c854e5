// The patient-list machine's public names. Its model (test data for path generation) is not here: machines/registry.ts
// and the tests import it directly, so it never reaches a production bundle.
export { createPatientListActors } from './patient-list.actors.ts';
export { LIST_TIMEOUT_MS, patientListMachine, SAVE_TIMEOUT_MS } from './patient-list.machine.ts';
export { PATIENT_LIST_MESSAGES, saveFailure } from './patient-list.messages.ts';
export * from './patient-list.types.ts';
export * from './patient-list.view.ts';
