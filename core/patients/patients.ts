// The clinician's patient list: the record (public.patients, owner-only RLS) and the suggestions the calendar gives
// for it. A suggestion is a person recognised as the patient of a visit on the calendar (core/visits/recognise) that
// the list does not hold yet, under either answer: confirmed ("patient") or corrected ("not_patient"), so a name the
// clinician said is not a patient is never suggested again. Names are matched folded (case, accents, punctuation and
// "Last, First" order do not matter), so "OKOYE, GRACE" and "Grace Okoye" are one patient.
import type { CalendarEvent } from '../calendar/calendar.types.ts';
import { HH_MM } from '../time/zoned-time.ts';
import { isPatientVisit, toVisit } from '../visits/visits.ts';

export type PatientStatus = 'patient' | 'not_patient';

/** One row of the list as the dashboard reads and writes it (snake_case: the table's columns). */
export interface PatientRecord {
  id: string;
  name_key: string;
  status: PatientStatus;
  full_name: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  /** The address was located only approximately (e.g. its ZIP code's centre): the clinician is asked to check it. */
  location_approximate?: boolean | null;
  phone: string | null;
  /** "HH:MM" (24 h) or null: the window the patient prefers. */
  window_start: string | null;
  window_end: string | null;
  language: string | null;
  notes: string | null;
  automated_calls_consent: boolean;
}

/** What the clinician may change of a record (the rest is the list's own). */
export type PatientChanges = Partial<
  Pick<
    PatientRecord,
    'full_name' | 'address' | 'phone' | 'window_start' | 'window_end' | 'language' | 'notes' | 'automated_calls_consent'
  >
>;

/** A patient the calendar suggests: the name as the calendar gives it, with what the visits say. */
export interface PatientSuggestion {
  name_key: string;
  full_name: string;
  /** The address most of the visits give, or null. */
  address: string | null;
  phone: string | null;
  /** The upcoming visits that name this patient (ids), soonest first. */
  eventIds: string[];
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const number = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
/** Postgres gives a time as "09:00:00": the list uses "09:00". */
const clock = (value: unknown): string | null => (typeof value === 'string' && value ? value.slice(0, 5) : null);

/** A row of public.patients (from PostgREST or SQL) as a record; values of the wrong kind are read as absent. */
export function toPatientRecordRow(row: Record<string, unknown>): PatientRecord {
  return {
    id: String(row.id),
    name_key: String(row.name_key),
    status: row.status === 'not_patient' ? 'not_patient' : 'patient',
    full_name: String(row.full_name ?? ''),
    address: text(row.address),
    lat: number(row.lat),
    lng: number(row.lng),
    location_approximate: typeof row.location_approximate === 'boolean' ? row.location_approximate : null,
    phone: text(row.phone),
    window_start: clock(row.window_start),
    window_end: clock(row.window_end),
    language: text(row.language),
    notes: text(row.notes),
    automated_calls_consent: row.automated_calls_consent === true,
  };
}

export const PATIENT_LIMITS = { name: 200, address: 300, phone: 40, language: 40, notes: 2000 } as const;

/** The folded name events and records are matched by: "OKOYE, GRACE" → "grace okoye". */
export function nameKey(name: string): string {
  const folded = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9', ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // "Last, First" → "first last" (a comma between two name parts is the calendar's way of writing it).
  const [last, first, ...rest] = folded.split(',').map((part) => part.trim());
  const ordered = first && rest.length === 0 && last ? `${first} ${last}` : folded.replace(/,/g, ' ');
  return ordered.replace(/'/g, '').replace(/\s+/g, ' ').trim();
}

/** The most frequent non-empty value (ties: the first seen). */
function mostFrequent(values: readonly (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  for (const [value, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = value;
  return best;
}

/**
 * The patients the calendar's visits name that the list does not hold (under either answer), by their first visit.
 * Only timed visits recognised with a patient count; the product's own events name theirs too.
 */
export function suggestPatients(
  events: readonly CalendarEvent[],
  timeZone: string,
  known: readonly Pick<PatientRecord, 'name_key'>[],
): PatientSuggestion[] {
  const held = new Set(known.map((record) => record.name_key));
  const byKey = new Map<
    string,
    { names: string[]; addresses: (string | null)[]; phones: (string | null)[]; ids: string[]; first: number }
  >();
  for (const event of events) {
    const visit = toVisit(event, timeZone);
    if (!isPatientVisit(visit) || !visit.patient) continue;
    const key = nameKey(visit.patient);
    if (!key || held.has(key)) continue;
    const entry = byKey.get(key) ?? { names: [], addresses: [], phones: [], ids: [], first: Date.parse(visit.start) };
    entry.names.push(visit.patient);
    entry.addresses.push(visit.address);
    entry.phones.push(visit.phone);
    entry.ids.push(visit.id);
    entry.first = Math.min(entry.first, Date.parse(visit.start));
    byKey.set(key, entry);
  }
  return [...byKey.entries()]
    .sort(([, a], [, b]) => a.first - b.first)
    .map(([key, entry]) => ({
      name_key: key,
      full_name: mostFrequent(entry.names) ?? key,
      address: mostFrequent(entry.addresses),
      phone: mostFrequent(entry.phones),
      eventIds: entry.ids,
    }));
}

/** What is wrong with the clinician's changes, one sentence each (empty: they may be saved). */
export function patientProblems(changes: PatientChanges): string[] {
  const problems: string[] = [];
  const tooLong = (value: string | null | undefined, limit: number, what: string) => {
    if (value && value.length > limit) problems.push(`The ${what} may have at most ${limit} characters.`);
  };
  if (changes.full_name !== undefined && !changes.full_name.trim()) problems.push('The name cannot be empty.');
  tooLong(changes.full_name, PATIENT_LIMITS.name, 'name');
  tooLong(changes.address, PATIENT_LIMITS.address, 'address');
  tooLong(changes.phone, PATIENT_LIMITS.phone, 'phone number');
  tooLong(changes.language, PATIENT_LIMITS.language, 'language');
  tooLong(changes.notes, PATIENT_LIMITS.notes, 'notes');
  const { window_start: from, window_end: to } = changes;
  if (from !== undefined || to !== undefined) {
    if (!from !== !to) problems.push('Give both ends of the preferred window, or neither.');
    else if (from && to && (!HH_MM.test(from) || !HH_MM.test(to)))
      problems.push('Give the window as times, such as 09:00.');
    else if (from && to && from.padStart(5, '0') >= to.padStart(5, '0'))
      problems.push('The preferred window must end after it starts.');
  }
  return problems;
}
