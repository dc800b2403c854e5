// The seeded clinicians' patient lists as the database holds them (fixtures/seed-db.ts): every seeded patient a
// confirmed patient with their phone, place and consent to the evening calls. For tests that run the call list
// without the database.
import { nameKey, type PatientRecord } from '../../core/patients/patients.ts';
import type { Seed } from '../../fixtures/seed.ts';

export function seedPatientRecords(seed: Seed, clinicianId: string): PatientRecord[] {
  return seed.patients
    .filter((p) => p.clinicianId === clinicianId)
    .map((p) => ({
      id: p.id,
      name_key: nameKey(p.fullName),
      status: 'patient',
      full_name: p.fullName,
      address: p.address,
      lat: p.lat,
      lng: p.lng,
      phone: p.phone,
      window_start: null,
      window_end: null,
      language: 'English',
      notes: null,
      automated_calls_consent: true,
    }));
}
