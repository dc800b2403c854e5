// The days of the suite's seed (tests/support/test-clock.ts: SEED_DAY, Wednesday 28 October 2026) that tests
// name. The seed is deterministic, so what each day holds is fixed; a test names the day it means.
// Maya Patel's visits per day: Wed 28 Oct 5, Thu 29 5, Fri 30 5, Sat 31 none, Sun 1 Nov none, Mon 2 8,
// Tue 3 8, Wed 4 none (an all-day "Team meeting day"), Thu 5 8, Fri 6 6.
import type { Seed, SeedEvent } from '../../fixtures/seed.ts';
import { generateSeed } from '../../fixtures/seed.ts';
import { chicagoDate } from '../../fixtures/time.ts';
import { SEED_DAY } from './test-clock.ts';

export const DAYS = {
  /** The seed day (the suite's "today"): everyone has visits. */
  wednesday: SEED_DAY,
  /** The seed day's "tomorrow". */
  thursday: '2026-10-29',
  friday: '2026-10-30',
  /** No visits; the last day of October. */
  saturday: '2026-10-31',
  /** No visits; DST ends at 2 am (clocks go back to 1 am). */
  sunday: '2026-11-01',
  /** The first day after the DST change: eight visits for Maya. */
  monday: '2026-11-02',
  tuesday: '2026-11-03',
  /** Maya has no visits (an all-day team meeting). */
  nextWednesday: '2026-11-04',
  nextThursday: '2026-11-05',
} as const;

let cached: Seed | undefined;

/** The suite's seed (what the database snapshot holds). */
export function suiteSeed(): Seed {
  cached ??= generateSeed({ today: SEED_DAY });
  return cached;
}

/** A clinician's patient visits on a day (Chicago), in time order. */
export function visitsOn(email: string, day: string, seed: Seed = suiteSeed()): SeedEvent[] {
  const clinician = seed.clinicians.find((c) => c.email === email);
  return seed.events
    .filter((e) => e.clinicianId === clinician?.id && e.kind === 'visit' && chicagoDate(new Date(e.startsAt)) === day)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}
