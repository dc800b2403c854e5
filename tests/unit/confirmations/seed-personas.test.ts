// The seed marks every patient with a persona for the local voice platform's confirmation calls, without
// changing anything else the seed generates (the persona is no random draw).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PERSONAS, type Persona } from '../../../core/confirmations/contract.ts';
import { toE164 } from '../../../core/confirmations/phone.ts';
import { estimateMinutes } from '../../../core/routing/travel/haversine.ts';
import { generateSeed } from '../../../fixtures/seed.ts';

const seed = generateSeed({ today: '2026-06-01' });
const sha = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

describe('seed personas', () => {
  it('leaves every other generated value as it was (only phone numbers and visit spacing changed on purpose)', () => {
    // Hashes of the default seed for 2026-06-01 taken before personas, unique numbers and drive-aware spacing:
    // the same people, the same visits (ids, patients, types, places, lengths); only numbers and times moved.
    const patients = seed.patients.map(({ persona: _persona, phone: _phone, ...rest }) => rest);
    const visits = seed.events.map((e) => [e.id, e.kind, e.patientId, e.summary, e.location, e.durationMinutes]);
    expect(sha(patients)).toBe('2cd682515e4fabcfc060c962e70d14b601e194925ee3c00376ed93b989599554');
    expect(sha(seed.clinicians)).toBe('61bd09748657b4af907cf77ea578c58fc4df3b5b312a692934ad4d961f0264a4');
    expect(sha(visits)).toBe('a92d61d373e1197693aef28e151da293956e2f6ca38bd551d74e9d0d954b05aa');
  });

  it('leaves room on the calendar for the drive to the next patient (the planner’s own estimate)', () => {
    for (const clinician of seed.clinicians) {
      const visits = seed.events
        .filter((e) => e.clinicianId === clinician.id && e.kind === 'visit')
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
      for (const [i, visit] of visits.entries()) {
        const next = visits[i + 1];
        if (!next || next.startsAt.slice(0, 10) !== visit.startsAt.slice(0, 10)) continue;
        const from = seed.patients.find((p) => p.id === visit.patientId);
        const to = seed.patients.find((p) => p.id === next.patientId);
        if (!from || !to) continue;
        const gap = (Date.parse(next.startsAt) - Date.parse(visit.endsAt)) / 60_000;
        const drive = estimateMinutes({ lat: from.lat, lon: from.lng }, { lat: to.lat, lon: to.lng });
        expect(gap, `${visit.id} → ${next.id}`).toBeGreaterThanOrEqual(drive);
      }
    }
  });

  it('gives every patient a number of their own (a do-not-call entry or a persona belongs to one patient)', () => {
    const numbers = seed.patients.map((p) => toE164(p.phone));
    expect(new Set(numbers).size).toBe(seed.patients.length);
    for (const e of seed.events.filter((x) => x.kind === 'visit')) {
      const patient = seed.patients.find((p) => p.id === e.patientId);
      expect(e.description).toContain(`Phone: ${patient?.phone}`);
    }
  });

  it('gives each clinician every persona, confirms the most common, and dialable numbers', () => {
    for (const clinician of seed.clinicians) {
      const own = seed.patients.filter((p) => p.clinicianId === clinician.id);
      expect(own.length).toBeGreaterThanOrEqual(9);
      const counts = new Map<Persona, number>();
      for (const p of own) counts.set(p.persona, (counts.get(p.persona) ?? 0) + 1);
      expect([...counts.keys()].sort()).toEqual([...PERSONAS].sort());
      const confirms = counts.get('confirms') ?? 0;
      for (const persona of PERSONAS.filter((p) => p !== 'confirms')) {
        expect(confirms).toBeGreaterThan(counts.get(persona) ?? 0);
      }
      // Fictional 555-01xx lines only: a local call never reaches a real phone.
      for (const p of own) expect(toE164(p.phone), p.phone).toMatch(/^\+1[2-9]\d{2}55501\d{2}$/);
    }
  });
});
