// TSPTW instances of the public families, generated the way their authors describe, each with a tour known to
// be feasible: for measuring the search on instances it was never tuned on, and for tests that a feasible
// instance never comes back infeasible.
// - Dumas et al. (1995): n customers uniform in a 50 × 50 square, integer Euclidean travel times; a generating
//   tour gives each customer an arrival time, and its window (about w wide on average) contains that time. The
//   tour here goes each time to one of the 4 nearest unvisited customers, which reproduces the ratio of optimum
//   to horizon of the published files (n150w20.001: 925 of 1039).
// - Gendreau et al. (1998): Dumas instances with every window widened by 100 (50 each side).
// - Ohlmann & Thomas (2007): Dumas' procedure with wide windows (w = 120–160) and 150–200 customers.
// The text is López-Ibáñez's format, the one of ../shared/benchmarks/routing/tsptw (parseTsptw reads it).
import { createRng, randomInt } from '../../../core/routing/rng.ts';

export type TsptwFamily = 'dumas' | 'gendreau' | 'ohlmann-thomas';

export interface GeneratedTsptw {
  name: string;
  family: TsptwFamily;
  /** López-Ibáñez format: n (depot included), the n × n matrix, then one `earliest latest` line per node. */
  text: string;
  matrix: number[][];
  windows: Array<[number, number]>;
  /** Customer node ids (1..n) in the order of the generating tour: feasible by construction. */
  feasibleTour: number[];
  /** Travel of that tour, back to the depot included (an upper bound on the optimum). */
  feasibleCost: number;
}

export interface TsptwSpec {
  family: TsptwFamily;
  customers: number;
  /** Dumas' window width parameter w (Gendreau adds 100 to it). */
  width: number;
  seed: number;
}

export function generateTsptw(spec: TsptwSpec): GeneratedTsptw {
  const rng = createRng(spec.seed * 104729 + spec.customers * 31 + spec.width);
  const size = spec.customers + 1;
  const points = Array.from({ length: size }, () => [rng() * 50, rng() * 50] as const);
  const matrix = points.map(([x1, y1]) => points.map(([x2, y2]) => Math.round(Math.hypot(x1 - x2, y1 - y2))));
  const tour: number[] = [];
  const unvisited = new Set(Array.from({ length: spec.customers }, (_, k) => k + 1));
  for (let at = 0; unvisited.size > 0; ) {
    const near = [...unvisited].sort((a, b) => (matrix[at]?.[a] ?? 0) - (matrix[at]?.[b] ?? 0)).slice(0, 4);
    at = near[randomInt(rng, near.length)] as number;
    unvisited.delete(at);
    tour.push(at);
  }
  const windows: Array<[number, number]> = Array.from({ length: size }, () => [0, 0]);
  const widen = spec.family === 'gendreau' ? 50 : 0;
  let time = 0;
  let prev = 0;
  let cost = 0;
  for (const node of tour) {
    const leg = matrix[prev]?.[node] ?? 0;
    time += leg;
    cost += leg;
    const before = randomInt(rng, spec.width + 1);
    const after = randomInt(rng, spec.width + 1);
    windows[node] = [Math.max(0, time - before - widen), time + after + widen];
    prev = node;
  }
  const back = matrix[prev]?.[0] ?? 0;
  cost += back;
  // The depot's window closes when the generating tour is back, with the slack Dumas' files show (~10 %).
  windows[0] = [0, Math.ceil((time + back) * 1.1) + widen];
  const text = [String(size), ...matrix.map((row) => row.join(' ')), ...windows.map(([a, b]) => `${a} ${b}`), ''].join(
    '\n',
  );
  const name = `${spec.family}-n${spec.customers}w${spec.width}.${String(spec.seed).padStart(3, '0')}`;
  return { name, family: spec.family, text, matrix, windows, feasibleTour: tour, feasibleCost: cost };
}

/** Travel of a tour over customer ids, or null when a window (the depot's included) is missed. */
export function feasibleTourCost(instance: GeneratedTsptw, tour: readonly number[]): number | null {
  let time = instance.windows[0]?.[0] ?? 0;
  let prev = 0;
  let cost = 0;
  for (const node of [...tour, 0]) {
    const leg = instance.matrix[prev]?.[node] ?? Number.POSITIVE_INFINITY;
    const [earliest, latest] = instance.windows[node] ?? [0, 0];
    time = Math.max(time + leg, node === 0 ? time + leg : earliest);
    cost += leg;
    if (time > latest) return null;
    prev = node;
  }
  return cost;
}

/** A spread of the families at the sizes the benchmark literature uses. */
export const TSPTW_FAMILY_SPECS: readonly TsptwSpec[] = [
  { family: 'dumas', customers: 60, width: 100, seed: 1 },
  { family: 'dumas', customers: 100, width: 60, seed: 2 },
  { family: 'dumas', customers: 150, width: 40, seed: 3 },
  { family: 'dumas', customers: 200, width: 20, seed: 4 },
  { family: 'dumas', customers: 200, width: 60, seed: 5 },
  { family: 'gendreau', customers: 60, width: 80, seed: 6 },
  { family: 'gendreau', customers: 100, width: 60, seed: 7 },
  { family: 'ohlmann-thomas', customers: 150, width: 140, seed: 8 },
  { family: 'ohlmann-thomas', customers: 200, width: 160, seed: 9 },
];
