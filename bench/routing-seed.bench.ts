// How much driving the plan saves on the seeded clinician-days, as a distribution (not a best case): every
// seeded clinician, every day with at least two visits in the 30-day window, through planDay — the plan of
// the Route view, the assistant and `homerounds route optimize --clinician` — with the clinician's home,
// so the same legs are counted (from home and back). Days with no feasible order are counted apart and
// never as savings. Two plans: as the product plans them (booked starts kept, nothing is marked flexible
// in the seed) and a what-if with every visit free inside its patient window.
// Run: npx tsx bench/routing-seed.bench.ts
import { mapProviderEvent, type ProviderEvent } from '../core/calendar/index.ts';
import { planDay, type RouteReport } from '../core/routing/index.ts';
import { clockFromEnv } from '../core/time/system-clock.ts';
import { generateSeed } from '../fixtures/seed.ts';
import { seedToday } from '../fixtures/seed-db.ts';

// The seed's first day: today on the system clock, or the day HOMEROUNDS_NOW names (core/time).
const today = seedToday(clockFromEnv(process.env).now());
const seed = generateSeed({ today });

function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] ?? 0) + ((sorted[hi] ?? 0) - (sorted[lo] ?? 0)) * (pos - lo);
}
const row = (label: string, values: number[], unit: string) =>
  `${label.padEnd(24)} ${[0, 0.25, 0.5, 0.75, 1].map((q) => `${quantile(values, q).toFixed(1)}${unit}`.padStart(9)).join('')}   mean ${(values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)).toFixed(1)}${unit}`;

for (const flexible of ['marked', 'all'] as const) {
  const reports: RouteReport[] = [];
  const started = performance.now();
  for (const clinician of seed.clinicians) {
    const events = seed.events
      .filter((e) => e.clinicianId === clinician.id)
      .map((e) => mapProviderEvent(e as ProviderEvent));
    const dates = [...new Set(events.filter((e) => !e.allDay).map((e) => e.start.slice(0, 10)))].sort();
    const home = { lat: clinician.home.lat, lon: clinician.home.lng, label: 'Home' };
    for (const date of dates) {
      const plan = planDay(events, date, { home, flexible });
      if (plan.report && plan.visits.length >= 2) reports.push(plan.report);
    }
  }
  const ms = performance.now() - started;
  const feasible = reports.filter((r) => r.feasible);
  const infeasible = reports.filter((r) => !r.feasible);
  console.log(
    flexible === 'marked'
      ? `Seeded clinician-days from ${today}, as planned (booked starts kept unless marked flexible), from home and back:`
      : `What-if: every visit free inside its patient window, same days, same legs, same day span:`,
  );
  console.log(
    `  ${reports.length} days, ${reports.filter((r) => r.provedOptimal).length} proven, ${(ms / reports.length).toFixed(1)} ms/day; ${feasible.length} with a feasible order, ${infeasible.length} with none (no saving claimed)`,
  );
  console.log(`  ${''.padEnd(24)} ${['min', 'p25', 'median', 'p75', 'max'].map((h) => h.padStart(9)).join('')}`);
  console.log(
    `  ${row(
      'saved % (feasible days)',
      feasible.map((r) => r.savedPercent ?? 0),
      '%',
    )}`,
  );
  console.log(
    `  ${row(
      'saved min (feasible days)',
      feasible.map((r) => r.savedMinutes ?? 0),
      '',
    )}`,
  );
  if (infeasible.length > 0) {
    console.log(
      `  ${row(
        'late min, least-late order',
        infeasible.map((r) => r.optimized.lateMinutes),
        '',
      )}`,
    );
    console.log(
      `  ${row(
        'late min, calendar order',
        infeasible.map((r) => r.calendar.lateMinutes),
        '',
      )}`,
    );
  }
  console.log(
    `  Calendar orders that miss a patient window (or the day's end): ${reports.filter((r) => !r.calendar.feasible).length}`,
  );
}
