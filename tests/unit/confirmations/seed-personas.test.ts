// The seed marks every patient with a persona for the local voice platform's confirmation calls, without
// changing anything else the seed generates (the persona is no random draw).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PERSONAS, type Persona } from '../../../core/confirmations/contract.ts';
import { toE164 } from '../../../core/confirmations/phone.ts';
import { generateSeed } from '../../../fixtures/seed.ts';

const seed = generateSeed({ today: '2026-06-01' });
const sha = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

describe('seed personas', () => {
  it('leaves every other generated value as it was before personas and unique numbers existed', () => {
    // Hashes of the default seed for 2026-06-01 taken before the persona field was added and phone numbers
    // were made unique (numbers, and the description line that repeats them, left out).
    const patients = seed.patients.map(({ persona: _persona, phone: _phone, ...rest }) => rest);
    const events = seed.events.map((e) => ({ ...e, description: e.description?.replace(/Phone: .*$/m, 'Phone:') }));
    expect(sha(patients)).toBe('2cd682515e4fabcfc060c962e70d14b601e194925ee3c00376ed93b989599554');
    expect(sha(seed.clinicians)).toBe('61bd09748657b4af907cf77ea578c58fc4df3b5b312a692934ad4d961f0264a4');
    expect(sha(events)).toBe('2fa2d6e2b12606d8035f75eb7a9fd610a99a35abf45faaebda9861542c9d24f7');
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
