// The patient list's ports with the copy kept on the device (docs/offline.md): a list read that succeeds is kept
// (encrypted) and says the dashboard is live; a read that cannot reach the network answers with the kept copy. A
// change needs the network: offline it is refused at once in words (never queued, never pretended).
import type { PatientRecord } from '../../../core/patients/patients.ts';
import type { PatientListPorts } from '../../../machines/patient-list/index.ts';
import { type PatientLinker, PatientSaveError } from '../adapters/patients.ts';
import { isNetworkFailure } from './network-failure.ts';
import type { OfflineScheduleDeps } from './offline-schedule.ts';

export const PATIENT_CHANGE_NEEDS_CONNECTION =
  'You are offline: adding or changing a patient needs a connection. Nothing was changed.';

export function withOfflinePatients(
  ports: PatientListPorts,
  deps: OfflineScheduleDeps & { online?: () => boolean },
): PatientListPorts {
  const online = deps.online ?? (() => globalThis.navigator?.onLine ?? true);
  return {
    async list(signal) {
      let patients: readonly PatientRecord[];
      try {
        patients = await ports.list(signal);
      } catch (error) {
        // The store turns PostgREST's answerless failure into `read_failed` (no code: nothing answered).
        const unanswered = isNetworkFailure(error) || (error as { code?: unknown }).code === 'read_failed';
        if (!unanswered) throw error;
        const userId = await deps.userId().catch(() => null);
        const copy = userId ? await deps.store.read<PatientRecord[]>(userId, 'patients').catch(() => null) : null;
        deps.report.unreachable(copy?.savedAt ?? null);
        if (!copy) throw error;
        return copy.value;
      }
      const at = deps.now().toISOString();
      deps.report.answered(at);
      // Kept in the background: the Route view and the tools wait for the list, not for its encryption.
      void deps
        .userId()
        .then((userId) => (userId ? deps.store.save(userId, 'patients', patients, at) : undefined))
        .catch(() => undefined);
      return patients;
    },
    async save(change, signal) {
      if (!online()) throw new PatientSaveError('offline', PATIENT_CHANGE_NEEDS_CONNECTION);
      try {
        return await ports.save(change, signal);
      } catch (error) {
        if (isNetworkFailure(error)) throw new PatientSaveError('offline', PATIENT_CHANGE_NEEDS_CONNECTION);
        throw error;
      }
    },
  };
}

/**
 * The linker of events added before consent, held back offline: it asks for each event once a page load, so an
 * attempt without signal would never be made again once back online.
 */
export function onlineOnlyLinker(
  linker: PatientLinker,
  online: () => boolean = () => globalThis.navigator?.onLine ?? true,
): PatientLinker {
  return async (groups) => (online() ? linker(groups) : 0);
}
