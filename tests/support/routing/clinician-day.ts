// Random clinician days as bench/routing.bench.ts draws them (copied, so tests do not import the bench):
// visits around Chicago with urban haversine travel, and windows drawn around a booked calendar so that
// the listed (booked) order is always feasible.

import type { Problem, Visit } from '../../../core/routing/model.ts';
import { createRng } from '../../../core/routing/rng.ts';
import { haversineMatrix } from '../../../core/routing/travel/haversine.ts';

/**
 * Each window opens 30–120 min before and closes 30–120 min after the booked start; 30 % of visits have no
 * window and the middle one is fixed at its booked time. Without windows, only the working hours remain.
 */
export function clinicianDay(visits: number, daySeed: number, windows = true): Problem {
  const rng = createRng(daySeed * 7919 + visits);
  const at = () => ({ lat: 41.88 + (rng() - 0.5) * 0.16, lon: -87.65 + (rng() - 0.5) * 0.2 });
  const points = [at(), ...Array.from({ length: visits }, at)];
  const matrix = haversineMatrix(points, { area: 'urban' });
  const durations = points.map(() => (visits > 10 ? 20 : 30) + Math.floor(rng() * 21));
  const booked = points.slice(1).map((_, k) => k + 1);
  for (let i = booked.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [booked[i], booked[j]] = [booked[j] as number, booked[i] as number];
  }
  const start = new Map<number, number>();
  let time = 480;
  let prev = 0;
  for (const loc of booked) {
    time += matrix.minutes[prev]?.[loc] ?? 0;
    start.set(loc, time);
    time += durations[loc] ?? 0;
    prev = loc;
  }
  const finish = time + (matrix.minutes[prev]?.[0] ?? 0);
  const quarter = (m: number) => Math.round(m / 15) * 15;
  const list: Visit[] = booked.map((loc, k) => {
    const v: Visit = { id: `v${loc}`, location: loc, durationMinutes: durations[loc] ?? 30 };
    const s0 = start.get(loc) ?? 480;
    if (!windows) return v;
    if (k === Math.floor(booked.length / 2)) v.window = { earliest: s0, latest: s0 };
    else if (rng() < 0.7) {
      v.window = { earliest: quarter(s0 - 30 - rng() * 90), latest: quarter(s0 + 30 + rng() * 90) };
      v.window.earliest = Math.min(v.window.earliest, s0);
      v.window.latest = Math.max(v.window.latest, s0);
    }
    return v;
  });
  return {
    matrix,
    vehicles: [
      {
        id: 'clinician',
        startLocation: 0,
        endLocation: 0,
        shift: { start: 480, end: Math.max(1080, Math.ceil(finish)) },
      },
    ],
    visits: list,
  };
}
