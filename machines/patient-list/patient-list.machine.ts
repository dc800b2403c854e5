// Patient list: the clinician's patients read on open (given up after 10 s: the screen says so and offers Try again),
// then each change saved one at a time (a suggestion confirmed or marked "not a patient", a record edited). A saved
// change replaces its row in the list; a refused one leaves the list as it was and says why; a save with no answer
// in 15 s is given up and the list read again, since it may or may not have been saved.
import { assign, setup } from 'xstate';
import type { PatientRecord } from '../../core/patients/patients.ts';
import { notProvidedPromise } from '../shared/not-provided.ts';
import { PATIENT_LIST_MESSAGES, saveFailure } from './patient-list.messages.ts';
import type { PatientListContext, PatientListEvent, PatientSave } from './patient-list.types.ts';

export const LIST_TIMEOUT_MS = 10_000;
export const SAVE_TIMEOUT_MS = 15_000;

/** The list with the saved record in its place (a new one added), ordered by name. */
function withRecord(records: readonly PatientRecord[], saved: PatientRecord): PatientRecord[] {
  return [...records.filter((r) => r.id !== saved.id && r.name_key !== saved.name_key), saved].sort((a, b) =>
    a.full_name.localeCompare(b.full_name),
  );
}

const savingKey = (save: PatientSave) => (save.kind === 'insert' ? save.record.name_key : save.id);

export const patientListMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only; nothing reads them at run time.
  types: {
    context: {} as PatientListContext,
    events: {} as PatientListEvent,
  },
  actors: {
    list: notProvidedPromise<readonly PatientRecord[]>('list'),
    save: notProvidedPromise<PatientRecord, PatientSave>('save'),
  },
  delays: { listTimeout: LIST_TIMEOUT_MS, saveTimeout: SAVE_TIMEOUT_MS },
}).createMachine({
  id: 'patient-list',
  context: { records: [], saving: null, saveError: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'list',
        src: 'list',
        onDone: { target: 'ready', actions: assign({ records: ({ event }) => [...event.output] }) },
        onError: 'failed',
      },
      after: { listTimeout: 'failed' },
    },
    failed: {
      on: { 'patients.reload': 'loading' },
    },
    ready: {
      on: {
        'patients.save': {
          target: 'saving',
          actions: assign({ saving: ({ event }) => savingKey(event.save), saveError: null }),
        },
        'patients.reload': 'loading',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ event }) => (event as Extract<PatientListEvent, { type: 'patients.save' }>).save,
        onDone: {
          target: 'ready',
          actions: assign({ records: ({ context, event }) => withRecord(context.records, event.output), saving: null }),
        },
        onError: {
          target: 'ready',
          actions: assign({ saving: null, saveError: ({ event }) => saveFailure(event.error) }),
        },
      },
      after: {
        saveTimeout: {
          target: 'loading',
          actions: assign({ saving: null, saveError: PATIENT_LIST_MESSAGES.saveTimedOut }),
        },
      },
    },
  },
});
