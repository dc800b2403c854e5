// The clinician's patient list in Postgres (public.patients, owner-only RLS), read and written through PostgREST
// with the page's supabase-js client. Health data: never logged, never in a URL (filters carry only ids; values go
// in the body). Changes are checked here first (core/patients patientProblems) so the clinician reads what to fix;
// what the database still refuses is said in words, never its raw message. main.tsx provides the page's store once.

import { LINK_PATIENT_FUNCTION, MAX_LINKED_EVENTS } from '../../../core/patients/link-contract.ts';
import { type PatientChanges, patientProblems, toPatientRecordRow } from '../../../core/patients/patients.ts';
import type { PatientListPorts, PatientSave } from '../../../machines/patient-list/index.ts';
import type { SupabaseLoader } from './supabase-client.ts';

export const PATIENT_COLUMNS =
  'id,name_key,status,full_name,address,lat,lng,phone,window_start,window_end,language,notes,automated_calls_consent';

/** A change the store or the database refused: `userMessage` says what to fix (the machine shows it). */
export class PatientSaveError extends Error {
  constructor(
    readonly code: string,
    readonly userMessage: string,
  ) {
    super(`patients: ${code}`);
    this.name = 'PatientSaveError';
  }
}

const REFUSALS: Record<string, string> = {
  '23505': 'This patient is already on your list.',
  '23514': 'One of the values is not accepted: check the window and the lengths.',
  '42501': 'You can change only your own patients.',
};

/** A row as PostgREST gives it (the same mapping the server's SQL reads use). */
export const toPatientRecord = toPatientRecordRow;

/** Empty strings are "not given": stored as null. */
function cleaned<T extends PatientChanges>(changes: T): T {
  const out = { ...changes } as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) if (typeof value === 'string') out[key] = value.trim() || null;
  return out as T;
}

export interface PatientStoreOptions {
  /** The Supabase project URL and anon key: the link-patient function lives there. */
  supabaseUrl?: string;
  anonKey?: string;
  fetch?: typeof fetch;
}

/**
 * Links the events that named a new patient to the record (server/functions/link-patient.ts). Best effort: without
 * calendar-change consent, offline or refused, the list matches those events by name until a later link.
 */
async function linkEvents(
  options: PatientStoreOptions,
  accessToken: string | undefined,
  patientId: string,
  eventIds: readonly string[],
): Promise<void> {
  if (!options.supabaseUrl || !options.anonKey || !accessToken || eventIds.length === 0) return;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  try {
    const response = await doFetch(`${options.supabaseUrl.replace(/\/+$/, '')}/functions/v1/${LINK_PATIENT_FUNCTION}`, {
      method: 'POST',
      headers: { apikey: options.anonKey, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ patientId, eventIds: eventIds.slice(0, MAX_LINKED_EVENTS) }),
    });
    await response.body?.cancel();
  } catch {
    // Matched by name meanwhile.
  }
}

export function createPatientStore(loader: SupabaseLoader, options: PatientStoreOptions = {}): PatientListPorts {
  return {
    async list(signal) {
      const client = await loader.load();
      const { data, error } = await client
        .from('patients')
        .select(PATIENT_COLUMNS)
        .order('full_name')
        .abortSignal(signal);
      if (error) throw new PatientSaveError(error.code || 'read_failed', 'Your patient list could not be read.');
      return (data ?? []).map((row) => toPatientRecord(row as Record<string, unknown>));
    },
    async save(save: PatientSave, signal) {
      const changes = save.kind === 'insert' ? save.record : save.changes;
      const problems = patientProblems(changes);
      if (problems.length) throw new PatientSaveError('invalid', problems.join(' '));
      const client = await loader.load();
      const query =
        save.kind === 'insert'
          ? client.from('patients').insert(cleaned(save.record))
          : client.from('patients').update(cleaned(save.changes)).eq('id', save.id);
      const { data, error } = await query.select(PATIENT_COLUMNS).abortSignal(signal);
      if (error) {
        throw new PatientSaveError(
          error.code || 'save_failed',
          REFUSALS[error.code] ?? 'That change was not saved: try again.',
        );
      }
      // RLS shows no row when it is not the clinician's (or was removed meanwhile): nothing was saved.
      const row = Array.isArray(data) ? data[0] : null;
      if (!row) throw new PatientSaveError('not_found', 'That patient is no longer on your list.');
      const saved = toPatientRecord(row as Record<string, unknown>);
      if (save.kind === 'insert' && saved.status === 'patient' && save.eventIds?.length) {
        // Not awaited: the list is saved; linking the events on the calendar follows in the background.
        const { data: session } = await client.auth.getSession();
        void linkEvents(options, session.session?.access_token, saved.id, save.eventIds);
      }
      return saved;
    },
  };
}

let pageStore: PatientListPorts | null = null;

/** main.tsx wires the page's store once. */
export function providePagePatients(store: PatientListPorts | null): void {
  pageStore = store;
}

/** The page's store, or null where none was provided (the dashboard then offers no patient list). */
export function pagePatients(): PatientListPorts | null {
  return pageStore;
}
