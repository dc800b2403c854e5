// How much driving the optimiser saves on the seeded clinician-days, as a distribution (not a best
// case): every seeded clinician, every day with visits in the 30-day window, calendar order vs
// optimised order on the same offline travel-time matrix, starting and ending at the clinician's home.
// Run: npx tsx bench/routing-seed.bench.ts
import { mapProviderEvent, type ProviderEvent } from '../core/calendar/index.ts';
import { routeOptimize, visitsFromCalendar } from '../core/routing/index.ts';
import { generateSeed } from '../fixtures/seed.ts';
import { seedToday } from '../fixtures/seed-db.ts';

const today = seedToday();
const seed = generateSeed({ today });
const savedPercent: number[] = [];
const savedMinutes: number[] = [];
let days = 0;
let proven = 0;
let infeasibleCalendars = 0;
const started = performance.now();
for (const clinician of seed.clinicians) {
  const events = seed.events
    .filter((e) => e.clinicianId === clinician.id)
    .map((e) => mapProviderEvent(e as ProviderEvent));
  const dates = [...new Set(events.filter((e) => !e.allDay).map((e) => e.start.slice(0, 10)))].sort();
  for (const date of dates) {
    const { visits } = visitsFromCalendar(events, date);
    if (visits.length < 2) continue;
    const report = routeOptimize({
      date,
      visits,
      start: { lat: clinician.home.lat, lon: clinician.home.lng, label: 'Home' },
    });
    days++;
    if (report.provedOptimal) proven++;
    if (!report.calendar.feasible) infeasibleCalendars++;
    savedPercent.push(report.savedPercent);
    savedMinutes.push(report.savedMinutes);
  }
}
const ms = performance.now() - started;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] ?? 0) + ((sorted[hi] ?? 0) - (sorted[lo] ?? 0)) * (pos - lo);
}
const row = (label: string, values: number[], unit: string) =>
  `${label.padEnd(16)} ${[0, 0.25, 0.5, 0.75, 1].map((q) => `${quantile(values, q).toFixed(1)}${unit}`.padStart(9)).join('')}   mean ${(values.reduce((a, b) => a + b, 0) / values.length).toFixed(1)}${unit}`;

console.log(
  `Seeded clinician-days from ${today}: ${days} days, ${proven} proven optimal, ${(ms / days).toFixed(1)} ms/day`,
);
console.log(`${''.padEnd(16)} ${['min', 'p25', 'median', 'p75', 'max'].map((h) => h.padStart(9)).join('')}`);
console.log(row('saved %', savedPercent, '%'));
console.log(row('saved minutes', savedMinutes, ''));
console.log(`Calendar orders that already miss a patient window: ${infeasibleCalendars}`);
