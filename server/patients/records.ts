// A clinician's patient list read server-side (public.patients; the server's role passes RLS, so every query names
// the owner): the evening confirmation calls and the assistant's tools read what the clinician confirmed there
// (phone, consent to automated calls, window, place) instead of only what the calendar's text says. Health data:
// never logged.

import type { PatientRecord } from '../../core/patients/patients.ts';
import { toPatientRecordRow } from '../../core/patients/patients.ts';
import type { SqlQuery } from '../sql.ts';

const COLUMNS =
  "id::text, name_key, status, full_name, address, lat, lng, phone, to_char(window_start, 'HH24:MI') as window_start, to_char(window_end, 'HH24:MI') as window_end, language, notes, automated_calls_consent";

export async function patientRecords(query: SqlQuery, userId: string): Promise<PatientRecord[]> {
  const { rows } = await query(`select ${COLUMNS} from public.patients where user_id = $1 order by full_name`, [
    userId,
  ]);
  return rows.map((row) => toPatientRecordRow(row as Record<string, unknown>));
}
