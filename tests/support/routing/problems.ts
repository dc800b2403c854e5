// Small routing problems the routing tests and the bench build in memory.
import type { Problem } from '../../../core/routing/model.ts';
import { createRng } from '../../../core/routing/rng.ts';

/** A TSPTW instance as a Problem: row 0 is the depot (its window is the shift), zero service times. */
export function tsptwProblem(matrix: number[][], windows: Array<[number, number]>): Problem {
  const [open, close] = windows[0] ?? [0, 1e9];
  return {
    matrix: { minutes: matrix },
    vehicles: [{ id: 't', startLocation: 0, endLocation: 0, shift: { start: open, end: close } }],
    visits: windows.slice(1).map(([earliest, latest], k) => ({
      id: String(k + 1),
      location: k + 1,
      durationMinutes: 0,
      window: { earliest, latest },
    })),
  };
}

/** Asymmetric legs (up to 30 % longer one way), no windows: the generic iterated local search. */
export function asymmetricProblem(n: number, seed: number): Problem {
  const rng = createRng(seed);
  const pts = Array.from({ length: n + 1 }, () => [rng() * 100, rng() * 100] as const);
  const minutes = pts.map((a) => pts.map((b) => Math.round(Math.hypot(a[0] - b[0], a[1] - b[1]) * (1 + 0.3 * rng()))));
  return {
    matrix: { minutes },
    vehicles: [{ id: 'c', startLocation: 0, endLocation: 0, shift: { start: 0, end: 1e9 } }],
    visits: pts.slice(1).map((_, k) => ({ id: `a${k + 1}`, location: k + 1, durationMinutes: 0 })),
  };
}
