// The patient-list machine run for the dashboard's Patients view and the Route view (which plans with what the list
// says), over the page's store (PostgREST, owner-only RLS).
import { useEffect, useRef, useState } from 'react';
import { type Actor, createActor } from 'xstate';
import {
  createPatientListActors,
  type PatientListPorts,
  type PatientListView,
  type PatientSave,
  patientListMachine,
  toPatientListView,
} from '../../../../machines/patient-list/index.ts';

export interface PatientList extends PatientListView {
  save(save: PatientSave): void;
  reload(): void;
}

/** Where the page has no store (tests, no server): an empty list, ready, that nothing can be saved to. */
const NO_LIST: PatientListView = {
  status: 'ready',
  patients: [],
  notPatients: [],
  known: [],
  saving: null,
  message: null,
  saveError: null,
};

export function usePatientList(store: PatientListPorts | null): PatientList {
  const [view, setView] = useState<PatientListView | null>(null);
  const actorRef = useRef<Actor<typeof patientListMachine> | null>(null);
  useEffect(() => {
    if (!store) {
      setView(NO_LIST);
      return;
    }
    const actor = createActor(patientListMachine.provide({ actors: createPatientListActors(store) }));
    const subscription = actor.subscribe(() => setView(toPatientListView(actor.getSnapshot())));
    actor.start();
    setView(toPatientListView(actor.getSnapshot()));
    actorRef.current = actor;
    return () => {
      subscription.unsubscribe();
      actor.stop();
      actorRef.current = null;
    };
  }, [store]);
  const current = view ?? {
    status: store ? ('loading' as const) : ('ready' as const),
    patients: [],
    notPatients: [],
    known: [],
    saving: null,
    message: null,
    saveError: null,
  };
  return {
    ...current,
    save: (save) => actorRef.current?.send({ type: 'patients.save', save }),
    reload: () => actorRef.current?.send({ type: 'patients.reload' }),
  };
}
