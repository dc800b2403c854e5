// Iterated local search for one route with time windows (TSPTW): the search used whenever a visit has a window.
//
// Each round kicks the current route, descends to a local optimum of travel + w · time warp (core/routing/tw/:
// every move scored in O(1) by concatenating window summaries, Vidal et al. 2013), repairs half of the late
// optima at a higher weight, and keeps the result if it is no worse. Time warp is the minutes by which the
// schedule would have to travel back in time to keep every window and working hours: zero exactly when the
// route is feasible. w adapts so that about half of the local optima are feasible (the search passes through
// late routes), and the best feasible route met is always the one returned (checked by scoreOrder); only when
// none was met is the least-late route returned.
//
// Kicks: half swap two adjacent stretches of up to 10 visits (a local double bridge: what wide windows need),
// half take out a visit and some of its nearest neighbours and put each back where it costs least (ruin and
// recreate: moves a visit far along a tight-window route in one step). The search stops at the deadline, at
// maxIterations, or when rounds without progress exceed both the stall allowance and the rounds it took to
// reach the best.
import { better, type Compiled, type Score, scoreOrder } from './compile.ts';
import { createRng, type Rng, randomInt } from './rng.ts';
import { Descent, type DescentResult } from './tw/descent.ts';
import { Acc, prepare, RouteState } from './tw/route-state.ts';

/** Granular neighbourhood size. */
const NEIGHBOURS = 30;
/** Largest number of visits taken out by one ruin-and-recreate kick. */
const RUIN_MOST = 10;

const EPS = 1e-7;
/** Largest route this search is used for (its neighbour lists cost O(n² log n) to prepare). */
export const TW_SEARCH_MAX_VISITS = 700;

export interface TwSearchOptions {
  seed: number;
  /** performance.now() value after which the search stops. */
  deadline: number;
  maxIterations?: number;
  /**
   * Stop after this many rounds without a better feasible route (default 200 + 5·n).
   * Only counts once a feasible route is known: without one the search continues to the deadline.
   */
  stallIterations?: number;
  /** Granular neighbourhood size (default 30). */
  neighbours?: number;
}

export interface TwSearchResult {
  order: number[];
  score: Score;
  iterations: number;
  /** performance.now() when the returned route was found. */
  bestAt: number;
  /** Whether the search stopped because progress stalled (before the deadline or iteration cap). */
  stalled: boolean;
}

/**
 * Iterated local search over travel + w · time warp with an adaptive w. Returns the best feasible route
 * met (by scoreOrder: penalty 0, then travel, then finish); when none was met, the least-late route.
 */
export function twSearch(c: Compiled, initial: readonly number[], options: TwSearchOptions): TwSearchResult {
  const n = c.n;
  const rng = createRng(options.seed);
  const maxIterations = options.maxIterations ?? Number.POSITIVE_INFINITY;
  const stallIterations = options.stallIterations ?? 200 + 5 * n;
  const deadline = options.deadline;
  const d = prepare(c, options.neighbours ?? NEIGHBOURS);
  const st = new RouteState(d, c.start, c.end, initial);
  const descent = new Descent(d, st);

  let best: { order: number[]; score: Score } = { order: [...initial], score: scoreOrder(c, initial) };
  let bestAt = performance.now();
  /** Keeps the state's route if it is the best met (a feasible one is never replaced by a late one). */
  const consider = (timeWarp: number): boolean => {
    // The schedule check decides: time warp 0 is feasible up to rounding, scoreOrder has the last word.
    if (timeWarp > 1e-6 && best.score.penalty === 0) return false;
    const order = st.order();
    const score = scoreOrder(c, order);
    if (!better(score, best.score)) return false;
    best = { order, score };
    bestAt = performance.now();
    return score.penalty === 0;
  };
  if (n < 2) return { order: best.order, score: best.score, iterations: 0, bestAt, stalled: false };

  // Penalty weight: a late minute costs w minutes of travel. Adapted towards ~half feasible local optima;
  // from an infeasible start, feasibility first (a higher weight).
  let w = best.score.penalty > 0 ? 10 : 1;
  const history: boolean[] = [];
  /** An infeasible local optimum: look for a feasible one nearby at a much higher penalty. */
  const repair = (r: DescentResult): DescentResult => {
    let out = r;
    for (const factor of [10, 100]) {
      if (out.timeWarp <= 1e-6 || !out.complete) break;
      descent.enqueueLate();
      out = descent.run(w * factor, deadline);
    }
    return out;
  };

  descent.enqueueAll();
  let r = descent.run(w, deadline);
  if (r.timeWarp > 1e-6) r = repair(r);
  consider(r.timeWarp);
  let current = { order: st.order(), travel: r.travel, timeWarp: r.timeWarp };
  let iterations = 0;
  let sinceBest = 0;
  let stalled = false;
  while (iterations < maxIterations && performance.now() < deadline) {
    // Stalled: as many rounds without progress as the rule allows and as it took to reach the best.
    if (best.score.penalty === 0 && sinceBest >= stallIterations && sinceBest >= iterations - sinceBest) {
      stalled = true;
      break;
    }
    iterations++;
    st.reset(current.order);
    descent.clear();
    // Half the kicks reorder a stretch (what wide windows need), half take out a cluster of nearby visits and
    // put them back where they cost least (what moves a visit far along a tight-window route).
    if (rng() < 0.5) segmentKick(st, descent, rng);
    else ruinRecreate(st, descent, rng, w, RUIN_MOST);
    r = descent.run(w, deadline);
    const feasibleOptimum = r.timeWarp <= 1e-6;
    history.push(feasibleOptimum);
    if (history.length > 20) history.shift();
    // Repair every infeasible optimum while no feasible route is known, then half of them (Vidal 2013).
    if (!feasibleOptimum && (best.score.penalty > 0 || rng() < 0.5)) r = repair(r);
    if (consider(r.timeWarp)) sinceBest = 0;
    else sinceBest++;
    if (best.score.penalty > 0) {
      // No feasible route yet: feasibility first, the weight grows with every infeasible local optimum.
      if (!feasibleOptimum) w = Math.min(1e5, w * 1.3);
    } else if (iterations % 5 === 0 && history.length >= 10) {
      const share = history.filter(Boolean).length / history.length;
      if (share < 0.4) w = Math.min(1e5, w * 1.2);
      else if (share > 0.6) w = Math.max(0.01, w * 0.85);
    }
    const cand = r.travel + w * r.timeWarp;
    const cur = current.travel + w * current.timeWarp;
    // Accept equal or better (at the current weight); drift back to the best after a long plateau.
    if (cand <= cur + EPS) current = { order: st.order(), travel: r.travel, timeWarp: r.timeWarp };
    else if (sinceBest > 0 && sinceBest % (50 + 2 * n) === 0) {
      current = { order: best.order, travel: best.score.travel, timeWarp: 0 };
    }
  }
  return { order: best.order, score: best.score, iterations, bestAt, stalled };
}

/** Swaps two adjacent random segments of up to 10 visits (a local double bridge) or, for tiny routes, two visits. */
function segmentKick(st: RouteState, descent: Descent, rng: Rng, longest = 10): void {
  const n = st.len - 2;
  if (n < 8) {
    const a = 1 + randomInt(rng, n - 1);
    const b = a + 1 + randomInt(rng, n - a);
    st.applySwap(a, b);
    descent.enqueueAround(a, a);
    descent.enqueueAround(b, b);
    return;
  }
  const maxLen = Math.max(1, Math.min(longest, Math.floor(n / 3)));
  const l1 = 1 + randomInt(rng, maxLen);
  const l2 = 1 + randomInt(rng, maxLen);
  const p = randomInt(rng, n - l1 - l2 + 1);
  st.applyRelocate(p + l1 + 1, p + l1 + l2, false, p);
  descent.enqueueAround(p + 1, p + 1);
  descent.enqueueAround(p + l2, p + l2 + 1);
  descent.enqueueAround(p + l1 + l2, p + l1 + l2);
}

/**
 * Takes out a visit and up to `most` − 1 of its neighbours, then puts each back, in random order, where it
 * costs least (travel + w · time warp).
 */
function ruinRecreate(st: RouteState, descent: Descent, rng: Rng, w: number, most: number): void {
  const d = st.d;
  const n = d.n;
  const k = Math.min(n - 1, 2 + randomInt(rng, Math.max(1, most - 1)));
  const u = randomInt(rng, n);
  const near = d.neighbours[u] as Int32Array;
  const pool = [u, ...near.subarray(0, Math.min(near.length, 2 * k))];
  const out: number[] = [u];
  for (let i = 1; i < pool.length && out.length < k; i++) {
    if (rng() < k / pool.length + 0.2) out.push(pool[i] as number);
  }
  for (const v of out) st.remove(st.pos[v] as number);
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    [out[i], out[j]] = [out[j] as number, out[i] as number];
  }
  const acc = new Acc();
  for (const v of out) {
    let bestP = 0;
    let bestCost = Number.POSITIVE_INFINITY;
    for (let p = 0; p < st.len - 1; p++) {
      st.inserted(acc, v, p);
      const cost = acc.C + w * acc.TW;
      if (cost < bestCost - 1e-9) {
        bestCost = cost;
        bestP = p;
      }
    }
    st.insert(v, bestP);
  }
  for (const v of out) descent.enqueueAround(st.pos[v] as number, st.pos[v] as number);
}
