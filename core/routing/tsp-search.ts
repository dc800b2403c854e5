// Chained Lin–Kernighan for routes without time windows and with a symmetric travel matrix (TSPLIB-like).
// The path start → visits → end is closed into a cycle by a fixed end → start edge (weight -Infinity, which no
// move removes), so the moves work on a plain cycle: LK chains of 2-opt flips plus Or-opt and or-3opt on
// candidate lists with don't-look bits (tsp/lk.ts), kicked by segment-local double bridges (tsp/kicks.ts). A
// kicked tour is kept when LK brings it back no worse than before (walks along plateaus), else undone.
// Candidates: the α-nearest nodes of a Held–Karp 1-tree (tsp/one-tree.ts), as LKH — nearest-neighbour lists
// inside dense clusters hold no edge out of the cluster. The same ascent gives a lower bound that stops the
// search when the tour meets it (proved optimal).
// When kicks stop paying (stallIterations), the search restarts from the best tour under a burst of kicks, a
// stronger one each time a restart fails, keeping the best; it stops at the deadline, at maxIterations kicks, on
// a proof, or (only when asked) after giveUpIterations kicks found no better tour.
import { type Compiled, type Score, scoreOrder } from './compile.ts';
import type { ProgressListener } from './progress.ts';
import { createRng } from './rng.ts';
import { segmentDoubleBridge } from './tsp/kicks.ts';
import { TourImprover } from './tsp/lk.ts';
import { alphaCandidates, heldKarpAscent, OneTree } from './tsp/one-tree.ts';
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
/** α-nearest candidates per node (LKH uses 5 with its 5-opt moves; these 2-opt-based chains want more: pcb442 at 2 s, seeds 1–2, reaches the optimum on both with 8 or 10, on one with 5 or 6). */
const ALPHA_NEIGHBOURS = 8;
/** 1-trees of the Held–Karp ascent, over its two rounds: O(size²) each (15–27 ms at 2,400 nodes). */
const ASCENT_TREES = 200;
/** Share of the time left the ascent may take. */
const ASCENT_SHARE = 0.15;
/** Progress reports at most this often (by the search's clock), so a listener may print. */
const PROGRESS_MS = 100;

export interface TspSearchOptions {
  seed: number;
  /** Time (by `now`) after which the search stops. */
  deadline: number;
  maxIterations?: number;
  /** Kicks without a better tour before a restart from the best (default 2000 + 40·n). */
  stallIterations?: number;
  /**
   * Kicks without a better tour, across restarts, after which the search stops (default: never — the time limit
   * is used; tests and callers that want an answer no clock decides pass maxIterations).
   */
  giveUpIterations?: number;
  /** α-nearest candidates per node (default 8; the nearest-neighbour lists keep 10). */
  neighbours?: number;
  /** 'alpha' (default): α-nearness from the Held–Karp 1-tree; 'nearest': plain nearest neighbours, no bound. */
  candidates?: 'alpha' | 'nearest';
  /** 1-trees the Held–Karp ascent may compute (default ASCENT_TREES). */
  ascentTrees?: number;
  /** The clock the deadline and bestAt are read on (default performance.now). */
  now?: () => number;
  /** Told of better tours (at most every PROGRESS_MS of `now`, and the last one at the end). */
  onProgress?: ProgressListener;
  /** For progress reports: when the solve started (by `now`) and its limit. */
  startedAt?: number;
  limitMs?: number;
}

export interface TspSearchResult {
  order: number[];
  score: Score;
  iterations: number;
  /** When the best tour was found, by `now`. */
  bestAt: number;
  /** Stopped because restarts stopped paying (not by the deadline, the kick cap or a proof). */
  stalled: boolean;
  /** The tour's cost meets the Held–Karp bound: no shorter path exists. */
  provedOptimal: boolean;
  /** The Held–Karp (1-tree) lower bound on the path's travel (−Infinity when not computed). */
  lowerBound: number;
  restarts: number;
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
  const now = options.now ?? (() => performance.now());
  const startScore = scoreOrder(c, initial);
  const none = { stalled: true, provedOptimal: false, lowerBound: Number.NEGATIVE_INFINITY, restarts: 0 };
  if (n <= 1) return { order: [...initial], score: startScore, iterations: 0, bestAt: now(), ...none };
  const dist = new Float64Array(c.travel.length);
  /** Integer weights: a tour whose cost is within 1 of the bound is optimal (the proof below). */
  let integral = true;
  for (let k = 0; k < dist.length; k++) {
    const t = c.travel[k] as number;
    if (t === Number.POSITIVE_INFINITY) dist[k] = BIG;
    else {
      dist[k] = t;
      if (integral && !Number.isInteger(t)) integral = false;
    }
  }
  dist[c.end * size + c.start] = Number.NEGATIVE_INFINITY;
  dist[c.start * size + c.end] = Number.NEGATIVE_INFINITY;
  const useAlpha = (options.candidates ?? 'alpha') === 'alpha';
  const nearest = nearestNeighbours(dist, size, Math.min(NEIGHBOURS, size - 2), c.start, c.end);

  const tour = new ArrayTour([c.start, ...initial, c.end]);
  let ls = new TourImprover(tour, dist, nearest);
  for (let k = 0; k + 1 < size; k++)
    ls.cost += dist[(tour.order[k] as number) * size + (tour.order[k + 1] as number)] as number;
  ls.pushAll();
  ls.descend(options.deadline, now);

  // The bound and the α-candidates, from the Held–Karp ascent aimed at the first local optimum.
  let lowerBound = Number.NEGATIVE_INFINITY;
  if (useAlpha && now() < options.deadline) {
    // At most ASCENT_SHARE of the time left (binds only at short limits on large tours: ~2 s for 2,400 nodes).
    const t = now();
    const ascentDeadline = Math.min(options.deadline, t + ASCENT_SHARE * (options.deadline - t));
    const tree = new OneTree(dist, size, c.start, c.end);
    const trees = options.ascentTrees ?? ASCENT_TREES;
    const k = Math.min(options.neighbours ?? ALPHA_NEIGHBOURS, size - 2);
    // Two rounds: the Polyak step aims at the best tour known, and the tour LK finds on the first round's
    // candidates is a much better aim than the nearest-neighbour one (measured: uniform 2,400 nodes, the bound
    // 1.4 % under the tour instead of 3 %).
    let pi: Float64Array | undefined;
    for (let round = 0; round < 2 && now() < ascentDeadline; round++) {
      const ascent = heldKarpAscent(tree, {
        upperBound: ls.cost,
        maxTrees: trees >> 1,
        initialPi: pi,
        now,
        deadline: ascentDeadline,
      });
      pi = ascent.pi;
      lowerBound = Math.max(lowerBound, ascent.bound);
      if (now() > options.deadline) break;
      tree.build(pi);
      const lists = alphaCandidates(tree, pi, k, now, options.deadline);
      if (!lists) break;
      const cost = ls.cost;
      ls = new TourImprover(tour, dist, lists);
      ls.cost = cost;
      ls.pushAll();
      ls.descend(options.deadline, now);
      if (ascent.tour) break;
    }
  }
  const neigh = ls.neigh;
  /** Integer weights: the tour's cost is an integer ≥ ⌈bound⌉ when it is optimal. */
  const proves = (cost: number) =>
    integral
      ? Math.round(cost) <= Math.ceil(lowerBound - 1e-7 * Math.max(1, Math.abs(lowerBound)))
      : cost <= lowerBound + 1e-9 * Math.max(1, Math.abs(lowerBound));

  const rng = createRng(options.seed);
  const maxIterations = options.maxIterations ?? Number.POSITIVE_INFINITY;
  const stallIterations = options.stallIterations ?? 2000 + 40 * n;
  const giveUp = options.giveUpIterations ?? Number.POSITIVE_INFINITY;
  let bestCost = ls.cost;
  const bestTour = Int32Array.from(tour.order);
  let bestAt = now();
  const scratch = new Int32Array(size);
  const wake = (v: number) => ls.push(v);
  let iterations = 0;
  let sinceGain = 0;
  let sinceBest = 0;
  let failedRestarts = 0;
  let restarts = 0;
  let stalled = false;
  let provedOptimal = proves(bestCost);
  let reportedAt = Number.NEGATIVE_INFINITY;
  let reportedCost = Number.POSITIVE_INFINITY;
  const report = (at: number) => {
    if (!options.onProgress) return;
    reportedAt = at;
    reportedCost = bestCost;
    options.onProgress({
      phase: 'tour search',
      elapsedMs: at - (options.startedAt ?? at),
      limitMs: options.limitMs ?? Number.POSITIVE_INFINITY,
      bestCost,
      iterations,
    });
  };
  report(bestAt);
  while (!provedOptimal && iterations < maxIterations && now() < options.deadline) {
    if (sinceBest >= giveUp) {
      stalled = true;
      break;
    }
    if (sinceGain >= stallIterations) {
      // Restart from the best under a burst of kicks, stronger after each restart that found nothing.
      failedRestarts++;
      restarts++;
      sinceGain = 0;
      tour.load(bestTour);
      ls.cost = bestCost;
      ls.clearQueue();
      const burst = 2 + 2 * failedRestarts;
      for (let b = 0; b < burst; b++) ls.cost += segmentDoubleBridge(tour, dist, neigh, rng, scratch, wake);
      if (!ls.descend(options.deadline, now)) break;
    }
    iterations++;
    tour.clearLog();
    const before = ls.cost;
    ls.cost += segmentDoubleBridge(tour, dist, neigh, rng, scratch, wake);
    const complete = ls.descend(options.deadline, now);
    if (ls.cost > Math.max(before, bestCost * (1 + SLACK)) + EPS || !complete) {
      tour.rollback(scratch);
      ls.cost = before;
      ls.clearQueue();
    }
    if (ls.cost < bestCost - EPS) {
      bestCost = ls.cost;
      bestTour.set(tour.order);
      bestAt = now();
      sinceGain = 0;
      sinceBest = 0;
      failedRestarts = 0;
      provedOptimal = proves(bestCost);
      if (bestAt - reportedAt >= PROGRESS_MS) report(bestAt);
    } else {
      sinceGain++;
      sinceBest++;
    }
  }
  if (reportedCost > bestCost) report(now());
  const order = pathFrom(bestTour, c.start, c.end);
  const score = scoreOrder(c, order);
  const stats = { iterations, bestAt, stalled, provedOptimal, lowerBound, restarts };
  // Every move improved the tracked cost; scoreOrder is the judge (unreachable legs count more there than BIG).
  if (score.travel > startScore.travel + EPS && startScore.penalty <= score.penalty) {
    return { order: [...initial], score: startScore, ...stats, provedOptimal: false };
  }
  return { order, score, ...stats };
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
