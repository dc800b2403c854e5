// Chained Lin–Kernighan for routes without time windows and with a symmetric travel matrix (TSPLIB-like).
// The path start → visits → end is closed into a cycle by a fixed end → start edge (weight -Infinity, which no
// move removes), so the moves work on a plain cycle: LK chains of 2-opt flips plus Or-opt on 8-nearest
// neighbour lists with don't-look bits (tsp/lk.ts), kicked by segment-local double bridges (tsp/kicks.ts). A
// kicked tour is kept when LK brings it back no worse than before (walks along plateaus), else undone.
// Stops at the deadline, after maxIterations kicks, or when kicks stop paying (stallIterations).
import { type Compiled, type Score, scoreOrder } from './compile.ts';
import { createRng } from './rng.ts';
import { segmentDoubleBridge } from './tsp/kicks.ts';
import { TourImprover } from './tsp/lk.ts';
import { ArrayTour } from './tsp/tour.ts';

/** Unreachable legs: far too long to be chosen when anything else is possible. */
const BIG = 1e7;
const EPS = 1e-9;
/**
 * Record-to-record acceptance: a kicked tour LK brings back within 0.04 % of the best is kept (plateaus and
 * near-equal basins are walked through; accepting only "no worse" traps pcb442-like instances).
 */
const SLACK = 0.0004;
/** 10 nearest: 8 misses the links between clusters that pr152-like instances need. */
const NEIGHBOURS = 10;

export interface TspSearchOptions {
  seed: number;
  deadline: number;
  maxIterations?: number;
  /**
   * Stop after this many kicks without improvement (default 2000 + 40·n), and at least as many as led to the
   * best.
   */
  stallIterations?: number;
  neighbours?: number;
}

export interface TspSearchResult {
  order: number[];
  score: Score;
  iterations: number;
  bestAt: number;
  stalled: boolean;
}

/** True when the travel matrix is symmetric (up to 1e-9) — the moves here assume it. */
export function isSymmetric(c: Compiled): boolean {
  const size = c.n + 2;
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      const a = c.travel[i * size + j] as number;
      const b = c.travel[j * size + i] as number;
      if (a !== b && !(Math.abs(a - b) <= 1e-9)) return false;
    }
  }
  return true;
}

export function tspSearch(c: Compiled, initial: readonly number[], options: TspSearchOptions): TspSearchResult {
  const n = c.n;
  const size = n + 2;
  const startScore = scoreOrder(c, initial);
  if (n <= 1)
    return { order: [...initial], score: startScore, iterations: 0, bestAt: performance.now(), stalled: true };
  const dist = c.travel.map((t) => (t === Number.POSITIVE_INFINITY ? BIG : t));
  dist[c.end * size + c.start] = Number.NEGATIVE_INFINITY;
  dist[c.start * size + c.end] = Number.NEGATIVE_INFINITY;
  const neigh = nearestNeighbours(dist, size, Math.min(options.neighbours ?? NEIGHBOURS, size - 2), c.start, c.end);

  const tour = new ArrayTour([c.start, ...initial, c.end]);
  const ls = new TourImprover(tour, dist, neigh);
  for (let k = 0; k + 1 < size; k++)
    ls.cost += dist[(tour.order[k] as number) * size + (tour.order[k + 1] as number)] as number;
  ls.pushAll();
  ls.descend(options.deadline);

  const rng = createRng(options.seed);
  const maxIterations = options.maxIterations ?? Number.POSITIVE_INFINITY;
  const stallIterations = options.stallIterations ?? 2000 + 40 * n;
  let bestCost = ls.cost;
  const bestTour = Int32Array.from(tour.order);
  let bestAt = performance.now();
  const scratch = new Int32Array(size);
  const wake = (v: number) => ls.push(v);
  let iterations = 0;
  let sinceBest = 0;
  let stalled = false;
  while (iterations < maxIterations && performance.now() < options.deadline) {
    // Stalled: as many kicks without progress as the rule allows and as it took to reach the best.
    if (sinceBest >= stallIterations && sinceBest >= iterations - sinceBest) {
      stalled = true;
      break;
    }
    iterations++;
    tour.clearLog();
    const before = ls.cost;
    ls.cost += segmentDoubleBridge(tour, dist, neigh, rng, scratch, wake);
    const complete = ls.descend(options.deadline);
    if (ls.cost > Math.max(before, bestCost * (1 + SLACK)) + EPS || !complete) {
      tour.rollback(scratch);
      ls.cost = before;
      ls.clearQueue();
    }
    if (ls.cost < bestCost - EPS) {
      bestCost = ls.cost;
      bestTour.set(tour.order);
      bestAt = performance.now();
      sinceBest = 0;
    } else sinceBest++;
  }
  const order = pathFrom(bestTour, c.start, c.end);
  const score = scoreOrder(c, order);
  // Every move improved the tracked cost; scoreOrder is the judge (unreachable legs count more there than BIG).
  if (score.travel > startScore.travel + EPS && startScore.penalty <= score.penalty) {
    return { order: [...initial], score: startScore, iterations, bestAt, stalled };
  }
  return { order, score, iterations, bestAt, stalled };
}

/**
 * k nearest other nodes of each node, nearest first (ties by index); the fixed edge's ends are not candidates for
 * each other. Insertion into a k-long list: O(size² · small), a few ms at 450 nodes, no sort per row.
 */
function nearestNeighbours(dist: Float64Array, size: number, k: number, start: number, end: number): Int32Array[] {
  const out: Int32Array[] = [];
  const ids = new Int32Array(k);
  const ds = new Float64Array(k);
  for (let a = 0; a < size; a++) {
    let count = 0;
    for (let b = 0; b < size; b++) {
      if (b === a || (a === start && b === end) || (a === end && b === start)) continue;
      const v = dist[a * size + b] as number;
      if (count === k && v >= (ds[k - 1] as number)) continue;
      let q = count < k ? count++ : k - 1;
      while (q > 0 && (ds[q - 1] as number) > v) {
        ds[q] = ds[q - 1] as number;
        ids[q] = ids[q - 1] as number;
        q--;
      }
      ds[q] = v;
      ids[q] = b;
    }
    out.push(ids.slice(0, count));
  }
  return out;
}

/** The visits of a cycle read from start, away from end (their fixed edge closes the path). */
function pathFrom(cycle: Int32Array, start: number, end: number): number[] {
  const size = cycle.length;
  const at = cycle.indexOf(start);
  const step = cycle[(at + 1) % size] === end ? size - 1 : 1;
  const out: number[] = [];
  for (let k = 1; k < size - 1; k++) out.push(cycle[(at + k * step) % size] as number);
  return out;
}
