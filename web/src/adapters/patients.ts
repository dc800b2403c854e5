// The clinician's patient list in Postgres (public.patients, owner-only RLS), read and written through PostgREST
// with the page's supabase-js client. Health data: never logged, never in a URL (filters carry only ids; values go
// in the body). Changes are checked here first (core/patients patientProblems) so the clinician reads what to fix;
// what the database still refuses is said in words, never its raw message. main.tsx provides the page's store once.

import type { UnlinkedVisits } from '../../../core/patients/apply.ts';
import { LINK_PATIENT_FUNCTION, MAX_LINKED_EVENTS } from '../../../core/patients/link-contract.ts';
import { type PatientChanges, patientProblems, toPatientRecordRow } from '../../../core/patients/patients.ts';
import type { PatientListPorts, PatientSave } from '../../../machines/patient-list/index.ts';
import type { LocateAddresses } from './locations.ts';
import type { SupabaseLoader } from './supabase-client.ts';

export const PATIENT_COLUMNS =
  'id,name_key,status,full_name,address,lat,lng,location_approximate,phone,window_start,window_end,language,notes,automated_calls_consent';

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
  /** The server's `locations` function: an address saved is located with it (absent: located later, when planned). */
  locate?: LocateAddresses;
}

type Located = { lat: number | null; lng: number | null; location_approximate: boolean | null };

/**
 * Where a saved address is on the map, from the server's geocoder: exact, approximate (the clinician is asked to
 * check it), or unknown (null coordinates: the planner tries again). Never fails the save: the address is kept
 * whatever the geocoder says, and a refused or slow lookup only leaves the place to be found later.
 */
async function locatedAt(locate: LocateAddresses | undefined, address: string, signal: AbortSignal): Promise<Located> {
  const unknown: Located = { lat: null, lng: null, location_approximate: null };
  if (!locate) return unknown;
  try {
    const [[, place] = [address, 'unavailable']] = await locate([address], signal);
    return typeof place === 'string'
      ? unknown
      : { lat: place.lat, lng: place.lon, location_approximate: place.approximate };
  } catch {
    return unknown;
  }
}

/**
 * Links the events that named a patient to the record (server/functions/link-patient.ts). Best effort: without
 * calendar-change consent, offline or refused, the list matches those events by name until a later link. Resolves
 * false when the server said the clinician has not allowed calendar changes (nothing was written).
 */
async function linkEvents(
  options: PatientStoreOptions,
  accessToken: string | undefined,
  patientId: string,
  eventIds: readonly string[],
): Promise<{ allowed: boolean; linked: number }> {
  const none = { allowed: true, linked: 0 };
  if (!options.supabaseUrl || !options.anonKey || !accessToken || eventIds.length === 0) return none;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  try {
    const response = await doFetch(`${options.supabaseUrl.replace(/\/+$/, '')}/functions/v1/${LINK_PATIENT_FUNCTION}`, {
      method: 'POST',
      headers: { apikey: options.anonKey, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ patientId, eventIds: eventIds.slice(0, MAX_LINKED_EVENTS) }),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return none;
    }
    const answer = (await response.json()) as { writeAccess?: unknown; linked?: unknown };
    return {
      allowed: answer.writeAccess !== false,
      linked: Array.isArray(answer.linked) ? answer.linked.length : 0,
    };
  } catch {
    return none; // Matched by name meanwhile.
  }
}

/** Links a listed patient's events that carry no link yet (core/patients unlinkedVisits groups them): how many were. */
export type PatientLinker = (groups: readonly UnlinkedVisits[]) => Promise<number>;

/**
 * The page's linker: events the product could not link when their patient was added (no calendar-change consent
 * then) are linked once the clinician has given it. Each event is asked for once a page load; after the server says
 * changes are not allowed, nothing more is asked until the page loads again (after consent, it does).
 */
export function createPatientLinker(loader: SupabaseLoader, options: PatientStoreOptions = {}): PatientLinker {
  const asked = new Set<string>();
  let allowed = true;
  return async (groups) => {
    let linked = 0;
    for (const group of groups) {
      const eventIds = group.eventIds.filter((id) => !asked.has(id));
      if (!allowed || eventIds.length === 0) continue;
      for (const id of eventIds) asked.add(id);
      const client = await loader.load();
      const { data } = await client.auth.getSession();
      const answer = await linkEvents(options, data.session?.access_token, group.patientId, eventIds);
      allowed = answer.allowed;
      linked += answer.linked;
    }
    return linked;
  };
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
      const row: Record<string, unknown> = cleaned(save.kind === 'insert' ? save.record : save.changes);
      // A new address is located before it is stored, so the list holds its place (and whether it is approximate).
      const address = typeof row.address === 'string' ? row.address : null;
      if (address && (save.kind === 'update' || row.lat === null || row.lat === undefined)) {
        Object.assign(row, await locatedAt(options.locate, address, signal));
      }
      const client = await loader.load();
      const query =
        save.kind === 'insert'
          ? client.from('patients').insert(row)
          : client.from('patients').update(row).eq('id', save.id);
      const { data, error } = await query.select(PATIENT_COLUMNS).abortSignal(signal);
      if (error) {
        throw new PatientSaveError(
          error.code || 'save_failed',
          REFUSALS[error.code] ?? 'That change was not saved: try again.',
        );
      }
      // RLS shows no row when it is not the clinician's (or was removed meanwhile): nothing was saved.
      const stored = Array.isArray(data) ? data[0] : null;
      if (!stored) throw new PatientSaveError('not_found', 'That patient is no longer on your list.');
      const saved = toPatientRecord(stored as Record<string, unknown>);
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
let pageLinker: PatientLinker | null = null;

/** main.tsx wires the page's store (and the linker of events added before consent) once. */
export function providePagePatients(store: PatientListPorts | null, linker: PatientLinker | null = null): void {
  pageStore = store;
  pageLinker = linker;
}

/** The page's linker, or null where none was provided. */
export function pagePatientLinker(): PatientLinker | null {
  return pageLinker;
}

/** The page's store, or null where none was provided (the dashboard then offers no patient list). */
export function pagePatients(): PatientListPorts | null {
  return pageStore;
}
