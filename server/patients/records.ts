// A clinician's patient list read and changed server-side (public.patients). The server's database role passes RLS,
// so every statement names the owner (user_id = the caller's id, from the call token or the session): the evening
// confirmation calls and the assistant's tools see and change that clinician's list only. Health data: never logged.
import type { PatientListPort } from '../../core/assistant/tool-kit.ts';
import { type PatientChanges, type PatientRecord, toPatientRecordRow } from '../../core/patients/patients.ts';
import type { SqlQuery } from '../sql.ts';

const COLUMNS =
  "id::text as id, name_key, status, full_name, address, lat, lng, location_approximate, phone, to_char(window_start, 'HH24:MI') as window_start, to_char(window_end, 'HH24:MI') as window_end, language, notes, automated_calls_consent";

/** The columns a change may set (the keys of PatientChanges), by name: nothing else reaches the SQL text. */
const CHANGEABLE = [
  'full_name',
  'address',
  'phone',
  'window_start',
  'window_end',
  'language',
  'notes',
  'automated_calls_consent',
  'status',
] as const;

export async function patientRecords(query: SqlQuery, userId: string): Promise<PatientRecord[]> {
  const { rows } = await query(`select ${COLUMNS} from public.patients where user_id = $1 order by full_name`, [
    userId,
  ]);
  return rows.map((row) => toPatientRecordRow(row as Record<string, unknown>));
}

export function patientList(query: SqlQuery, userId: string): PatientListPort {
  return {
    list: () => patientRecords(query, userId),
    async add(record) {
      const { rows } = await query(
        `insert into public.patients (user_id, name_key, status, full_name, address, lat, lng, phone, window_start,
           window_end, language, notes, automated_calls_consent)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9::time, $10::time, $11, $12, $13)
         returning ${COLUMNS}`,
        [
          userId,
          record.name_key,
          record.status,
          record.full_name,
          record.address,
          record.lat,
          record.lng,
          record.phone,
          record.window_start,
          record.window_end,
          record.language,
          record.notes,
          record.automated_calls_consent,
        ],
      );
      return toPatientRecordRow(rows[0] as Record<string, unknown>);
    },
    async update(id, changes: PatientChanges) {
      const keys = CHANGEABLE.filter((key) => key in changes);
      const sets = keys.map((key, i) => `${key} = $${i + 3}${key.startsWith('window_') ? '::time' : ''}`);
      const { rows } = await query(
        `update public.patients set ${[...sets, 'updated_at = now()'].join(', ')}
         where user_id = $1 and id = $2::uuid returning ${COLUMNS}`,
        [userId, id, ...keys.map((key) => (changes as Record<string, unknown>)[key])],
      );
      if (!rows[0]) throw new Error('That patient is no longer on the list.');
      return toPatientRecordRow(rows[0] as Record<string, unknown>);
    },
  };
}
