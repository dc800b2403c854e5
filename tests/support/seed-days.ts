// Days of the seed that a test needs, taken from the seed rather than the calendar: the seed starts on the day
// the tests run, so "tomorrow" may be a Saturday without visits and "this week" may be over.
import type { Seed, SeedEvent } from '../../fixtures/seed.ts';
import { addDays, chicagoDate } from '../../fixtures/time.ts';

/** A clinician's patient visits on a day (Chicago), in time order. */
export function visitsOn(seed: Seed, email: string, day: string): SeedEvent[] {
  const clinician = seed.clinicians.find((c) => c.email === email);
  return seed.events
    .filter((e) => e.clinicianId === clinician?.id && e.kind === 'visit' && chicagoDate(new Date(e.startsAt)) === day)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

/** The first day after the seed's today, within `within` days, on which the clinician has `minVisits` visits. */
export function nextVisitDay(seed: Seed, email: string, options: { minVisits?: number; within?: number } = {}): string {
  const { minVisits = 1, within = 9 } = options;
  for (let i = 1; i <= within; i++) {
    const day = addDays(seed.today, i);
    if (visitsOn(seed, email, day).length >= minVisits) return day;
  }
  throw new Error(`${email} has no day with ${minVisits} visit(s) in the ${within} days after ${seed.today}`);
}
