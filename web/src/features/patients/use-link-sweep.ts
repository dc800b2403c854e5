// Events that name a patient on the list but were never linked (the patient was added before the clinician allowed
// calendar changes, or the event was written since) are linked in the background once the list is read: the link is
// what keeps a visit with its patient after its title is retyped. The linker asks the server once per event a page
// load, and stops when the server says changes are not allowed. Linking changes the events' etags, so the schedule
// reloads after (a later "Use this order" must send the etags the calendar has now). Only the Patients view sweeps:
// the Route view, where the clinician is about to write the day, changes nothing in the background.
import { useEffect } from 'react';
import type { CalendarEvent } from '../../../../core/calendar/index.ts';
import { unlinkedVisits } from '../../../../core/patients/apply.ts';
import { MAX_LINKED_EVENTS } from '../../../../core/patients/link-contract.ts';
import type { PatientRecord } from '../../../../core/patients/patients.ts';
import type { PatientLinker } from '../../adapters/patients.ts';

export function useLinkSweep(
  linker: PatientLinker | null,
  events: readonly CalendarEvent[],
  ready: boolean,
  patients: readonly PatientRecord[],
  onLinked?: () => void,
): void {
  useEffect(() => {
    if (!linker || !ready || patients.length === 0) return;
    const groups = unlinkedVisits(events, patients, MAX_LINKED_EVENTS);
    if (groups.length === 0) return;
    void linker(groups)
      .then((linked) => {
        if (linked > 0) onLinked?.();
      })
      .catch(() => {}); // best effort: matched by name meanwhile
  }, [linker, events, ready, patients, onLinked]);
}
