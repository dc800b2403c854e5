// The patient-list machine's model for path generation.
import type { PatientRecord } from '../../core/patients/patients.ts';
import type { MachineModel } from '../shared/model.ts';
import { patientListMachine } from './patient-list.machine.ts';

const GRACE: PatientRecord = {
  id: '5b0c7f1e-0000-4000-8000-000000000001',
  name_key: 'grace okoye',
  status: 'patient',
  full_name: 'Grace Okoye',
  address: '2100 N Halsted St, Chicago, IL 60614',
  lat: null,
  lng: null,
  phone: '(312) 555-0142',
  window_start: '09:00',
  window_end: '12:00',
  language: 'English',
  notes: null,
  automated_calls_consent: true,
};
const { id: _id, ...NEW_GRACE } = GRACE;

export const patientListModel: MachineModel<typeof patientListMachine> = {
  name: 'patient-list',
  machine: patientListMachine,
  input: undefined,
  outcomes: {
    list: [
      { label: 'read', output: [GRACE] },
      { label: 'database unavailable', error: new Error('PGRST000') },
    ],
    save: [
      { label: 'saved', output: GRACE },
      { label: 'refused', error: { userMessage: 'The preferred window must end after it starts.' } },
    ],
  },
  events: [
    { type: 'patients.save', save: { kind: 'insert', record: NEW_GRACE } },
    { type: 'patients.save', save: { kind: 'update', id: GRACE.id, changes: { notes: 'Prefers mornings' } } },
    { type: 'patients.reload' },
  ],
};
