// The seed generator is pure and deterministic, and its data has the shape the product and routing need.
import { describe, expect, it } from 'vitest';
import { generateSeed, SEEDED_CLINICIAN_EMAILS } from '../../../fixtures/seed.ts';
import { chicagoDateTime, toChicagoRfc3339, weekday } from '../../../fixtures/time.ts';

const TODAY = '2026-06-01';
const seed = generateSeed({ seed: 1, today: TODAY });

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

describe('generateSeed', () => {
  it('is deterministic for a seed and date, and people do not depend on the date', () => {
    expect(generateSeed({ seed: 1, today: TODAY })).toEqual(seed);
    const other = generateSeed({ seed: 1, today: '2026-06-02' });
    expect(other.clinicians).toEqual(seed.clinicians);
    expect(other.patients).toEqual(seed.patients);
    expect(generateSeed({ seed: 2, today: TODAY }).patients).not.toEqual(seed.patients);
    expect(() => generateSeed({ today: '06/01/2026' })).toThrow();
  });

  it('has at least 5 Chicago clinicians with 15+ patients at plausible coordinates', () => {
    expect(seed.clinicians.length).toBeGreaterThanOrEqual(5);
    expect(seed.clinicians.map((c) => c.email)).toEqual(SEEDED_CLINICIAN_EMAILS);
    expect(new Set(seed.clinicians.map((c) => c.id)).size).toBe(seed.clinicians.length);
    expect(seed.clinicians.filter((c) => c.special === 'profile-missing')).toHaveLength(1);
    expect(seed.clinicians.filter((c) => c.special === 'no-events')).toHaveLength(1);
    for (const clinician of seed.clinicians) {
      const patients = seed.patients.filter((p) => p.clinicianId === clinician.id);
      expect(patients.length).toBeGreaterThanOrEqual(15);
      for (const p of patients) {
        expect(p.lat).toBeGreaterThan(41.6);
        expect(p.lat).toBeLessThan(42.1);
        expect(p.lng).toBeGreaterThan(-87.95);
        expect(p.lng).toBeLessThan(-87.5);
        expect(p.address).toMatch(/^\d+ .+, (Chicago|Evanston|Oak Park), IL 60\d{3}$/);
      }
    }
  });

  it('schedules 5–8 weekday visits a day for 30 days with windows that contain them', () => {
    const noEvents = seed.clinicians.find((c) => c.special === 'no-events');
    expect(seed.events.some((e) => e.clinicianId === noEvents?.id)).toBe(false);
    for (const clinician of seed.clinicians.filter((c) => c.special !== 'no-events')) {
      const visits = seed.events.filter((e) => e.clinicianId === clinician.id && e.kind === 'visit');
      const perDay = new Map<string, number>();
      for (const v of visits) {
        const start = (v.start as { dateTime: string }).dateTime;
        const end = (v.end as { dateTime: string }).dateTime;
        const day = start.slice(0, 10);
        perDay.set(day, (perDay.get(day) ?? 0) + 1);
        expect(weekday(day)).toBeGreaterThanOrEqual(1);
        expect(weekday(day)).toBeLessThanOrEqual(5);
        expect([30, 45, 60, 75]).toContain(v.durationMinutes);
        expect(Date.parse(end) - Date.parse(start)).toBe((v.durationMinutes ?? 0) * 60_000);
        expect(minutes(v.window?.start ?? '')).toBeLessThanOrEqual(minutes(start.slice(11, 16)));
        expect(minutes(v.window?.end ?? '')).toBeGreaterThanOrEqual(minutes(end.slice(11, 16)));
        expect(v.location).toBe(seed.patients.find((p) => p.id === v.patientId)?.address);
        expect(v.extendedProperties?.private.windowStart).toBe(v.window?.start);
        expect(v.description).toContain(`Patient time window: ${v.window?.start}–${v.window?.end}`);
      }
      expect([...perDay.keys()].every((d) => d >= TODAY && d < '2026-07-01')).toBe(true);
      expect([...perDay.values()].every((n) => n >= 5 && n <= 8)).toBe(true);
      expect(perDay.size).toBeGreaterThanOrEqual(19);
      const events = seed.events.filter((e) => e.clinicianId === clinician.id);
      expect(events.some((e) => e.summary === 'Team meeting day' && 'date' in e.start)).toBe(true);
      expect(events.some((e) => e.summary === undefined)).toBe(true);
      expect(events.some((e) => e.description?.includes('<script>'))).toBe(true);
    }
    expect(seed.events.some((e) => e.summary === 'Training')).toBe(true);
  });

  it('writes timed events in Chicago time with the right offset', () => {
    expect(chicagoDateTime('2026-01-15', 9 * 60).rfc3339).toBe('2026-01-15T09:00:00-06:00');
    expect(chicagoDateTime('2026-07-15', 9 * 60).rfc3339).toBe('2026-07-15T09:00:00-05:00');
    expect(chicagoDateTime('2026-07-15', 9 * 60).instant.toISOString()).toBe('2026-07-15T14:00:00.000Z');
    expect(toChicagoRfc3339(new Date('2026-01-15T15:30:00Z'))).toBe('2026-01-15T09:30:00-06:00');
    const visit = seed.events.find((e) => e.kind === 'visit');
    if (!visit || !('dateTime' in visit.start)) throw new Error('no timed visit');
    expect(visit.start.dateTime).toMatch(/-05:00$/);
    expect(Date.parse(visit.start.dateTime)).toBe(Date.parse(visit.startsAt));
  });
});
