// Local search for routes with time windows, where every move is evaluated in O(1).
//
// Concatenation technique (Vidal et al. 2013, "A hybrid genetic algorithm with adaptive diversity management
// for a large class of vehicle routing problems with time-windows"): every subsequence of the route is
// summarised by (duration D, time warp TW, earliest start E, latest start L, travel C). Two summaries joined
// by a leg give the summary of the joined sequence in O(1), so a move (relocate, exchange, reversal) is
// scored by joining three to five precomputed subsequences of the current route instead of re-scheduling it.
// Tables of all forward and reversed subsequences are kept for the current route; an accepted move only
// recomputes the rows it touched. Nothing is copied per evaluated move.
//
// Time warp is the minutes by which the schedule would have to travel back in time to keep every window
// and working hours: zero exactly when the route is feasible. The search minimises travel + w · time warp,
// with w adapted so that about half of the local optima are feasible (it may pass through infeasible
// routes), and always returns the best feasible route it met (checked by scoreOrder). Only when it never met
// one does it return the least-late route.
//
// Moves are restricted to granular neighbour lists (the K nearest visits by travel plus window
// incompatibility); after an accepted move only the visits around it are re-examined, and a full pass
// confirms the local optimum before the descent ends.
import { better, type Compiled, type Score, scoreOrder } from './compile.ts';
import { createRng, type Rng, randomInt } from './rng.ts';

/** Stand-in for an unreachable leg (the final schedule check scores it as a penalty). */
const BIG = 1e7;
/** Stand-in for an open window side (finite so no ∞ − ∞ appears). */
const OPEN = 1e10;
const EPS = 1e-7;
/** Largest route the O(n²) subsequence tables are built for (10 tables of (n+2)² doubles: ~40 MB). */
export const TW_SEARCH_MAX_VISITS = 700;

export interface TwSearchOptions {
  seed: number;
  /** performance.now() value after which the search stops. */
  deadline: number;
  maxIterations?: number;
  /**
   * Stop after this many perturbation rounds without a better feasible route (default 100 + 2·n).
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

/** Per-problem constants: node windows, services and the travel matrix with unreachable legs as BIG. */
export interface Data {
  n: number;
  size: number;
  dist: Float64Array;
  service: Float64Array;
  e: Float64Array;
  l: Float64Array;
  neighbours: Int32Array[];
}

export function prepare(c: Compiled, k: number): Data {
  const n = c.n;
  const size = n + 2;
  const dist = c.travel.map((t) => (t === Number.POSITIVE_INFINITY ? BIG : t));
  const service = Float64Array.from(c.service);
  const e = new Float64Array(size);
  const l = new Float64Array(size);
  for (let v = 0; v < n; v++) {
    e[v] = Math.max(-OPEN, c.earliest[v] as number);
    l[v] = Math.min(OPEN, c.latest[v] as number);
  }
  // The start may be left at any time in working hours (waiting at the first visit is the same thing); the
  // end must be reached by the end of working hours.
  e[c.start] = c.shiftStart;
  l[c.start] = Math.min(OPEN, c.shiftEnd);
  service[c.start] = 0;
  e[c.end] = -OPEN;
  l[c.end] = Math.min(OPEN, c.shiftEnd);
  service[c.end] = 0;
  // Correlation (Vidal 2013): travel plus the waiting and the lateness that i → j would at least cause.
  const proximity = (i: number, j: number) => {
    const t = dist[i * size + j] as number;
    const si = service[i] as number;
    const wait = Math.max(0, (e[j] as number) - t - si - (l[i] as number));
    const late = Math.max(0, (e[i] as number) + si + t - (l[j] as number));
    return t + 0.2 * wait + late;
  };
  const kk = Math.min(k, n - 1);
  const neighbours: Int32Array[] = [];
  const others = new Int32Array(Math.max(0, n - 1));
  const key = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let m = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      key[j] = Math.min(proximity(i, j), proximity(j, i));
      others[m++] = j;
    }
    const sorted = Array.from(others.subarray(0, m)).sort((a, b) => (key[a] as number) - (key[b] as number));
    neighbours.push(Int32Array.from(sorted.slice(0, Math.max(0, kk))));
  }
  return { n, size, dist, service, e, l, neighbours };
}

/** Mutable summary of a sequence under construction (no allocation per evaluated move). */
export class Acc {
  D = 0;
  TW = 0;
  E = 0;
  L = 0;
  C = 0;
  first = 0;
  last = 0;
}

/** The search state: the current route and its subsequence tables (exported for tests). */
export class RouteState {
  readonly s: Int32Array;
  readonly pos: Int32Array;
  // Forward subsequence s[i..j] at i·size + j; reversed s[j], s[j-1], …, s[i] in the r* tables.
  readonly fD: Float64Array;
  readonly fTW: Float64Array;
  readonly fE: Float64Array;
  readonly fL: Float64Array;
  readonly fC: Float64Array;
  readonly rD: Float64Array;
  readonly rTW: Float64Array;
  readonly rE: Float64Array;
  readonly rL: Float64Array;
  readonly rC: Float64Array;
  private readonly tmp: Int32Array;

  constructor(
    private readonly d: Data,
    start: number,
    end: number,
    order: readonly number[],
  ) {
    const size = d.size;
    this.s = new Int32Array(size);
    this.tmp = new Int32Array(size);
    this.pos = new Int32Array(size);
    this.s[0] = start;
    for (let k = 0; k < order.length; k++) this.s[k + 1] = order[k] as number;
    this.s[size - 1] = end;
    const m = size * size;
    this.fD = new Float64Array(m);
    this.fTW = new Float64Array(m);
    this.fE = new Float64Array(m);
    this.fL = new Float64Array(m);
    this.fC = new Float64Array(m);
    this.rD = new Float64Array(m);
    this.rTW = new Float64Array(m);
    this.rE = new Float64Array(m);
    this.rL = new Float64Array(m);
    this.rC = new Float64Array(m);
    this.rebuild(0, size - 1);
  }

  /** Loads another order of the same visits. */
  reset(order: readonly number[]): void {
    for (let k = 0; k < order.length; k++) this.s[k + 1] = order[k] as number;
    this.rebuild(0, this.d.size - 1);
  }

  order(): number[] {
    return Array.from(this.s.subarray(1, this.d.n + 1));
  }

  /** Recomputes positions and every subsequence that contains a position in [lo, hi]. */
  rebuild(lo: number, hi: number): void {
    const { size, dist, service, e, l } = this.d;
    const s = this.s;
    for (let k = lo; k <= hi; k++) this.pos[s[k] as number] = k;
    const { fD, fTW, fE, fL, fC, rD, rTW, rE, rL, rC } = this;
    for (let i = 0; i <= hi; i++) {
      const from = Math.max(i, lo);
      let j = from;
      if (j === i) {
        const v = s[i] as number;
        const x = i * size + i;
        fD[x] = service[v] as number;
        fTW[x] = 0;
        fE[x] = e[v] as number;
        fL[x] = l[v] as number;
        fC[x] = 0;
        rD[x] = fD[x] as number;
        rTW[x] = 0;
        rE[x] = fE[x] as number;
        rL[x] = fL[x] as number;
        rC[x] = 0;
        j++;
      }
      for (; j < size; j++) {
        const v = s[j] as number;
        const p = s[j - 1] as number;
        const x = i * size + j;
        const y = x - 1;
        // forward: s[i..j-1] then v
        {
          const t = dist[p * size + v] as number;
          const delta = (fD[y] as number) - (fTW[y] as number) + t;
          const ev = e[v] as number;
          const lv = l[v] as number;
          const wt = Math.max(ev - delta - (fL[y] as number), 0);
          const tw = Math.max((fE[y] as number) + delta - lv, 0);
          fD[x] = (fD[y] as number) + (service[v] as number) + t + wt;
          fTW[x] = (fTW[y] as number) + tw;
          fE[x] = Math.max(ev - delta, fE[y] as number) - wt;
          fL[x] = Math.min(lv - delta, fL[y] as number) + tw;
          fC[x] = (fC[y] as number) + t;
        }
        // reversed: v then (s[j-1] … s[i])
        {
          const t = dist[v * size + p] as number;
          const sv = service[v] as number;
          const ev = e[v] as number;
          const lv = l[v] as number;
          const delta = sv + t;
          const wt = Math.max((rE[y] as number) - delta - lv, 0);
          const tw = Math.max(ev + delta - (rL[y] as number), 0);
          rD[x] = sv + (rD[y] as number) + t + wt;
          rTW[x] = (rTW[y] as number) + tw;
          rE[x] = Math.max((rE[y] as number) - delta, ev) - wt;
          rL[x] = Math.min((rL[y] as number) - delta, lv) + tw;
          rC[x] = (rC[y] as number) + t;
        }
      }
    }
  }

  /** acc := s[i..j] (forward) */
  setF(a: Acc, i: number, j: number): void {
    const x = i * this.d.size + j;
    a.D = this.fD[x] as number;
    a.TW = this.fTW[x] as number;
    a.E = this.fE[x] as number;
    a.L = this.fL[x] as number;
    a.C = this.fC[x] as number;
    a.first = this.s[i] as number;
    a.last = this.s[j] as number;
  }

  /** acc := acc ⊕ s[i..j] (forward, or reversed when rev) */
  add(a: Acc, i: number, j: number, rev: boolean): void {
    if (j < i) return;
    const { size, dist } = this.d;
    const x = i * size + j;
    const first = this.s[rev ? j : i] as number;
    const D = rev ? (this.rD[x] as number) : (this.fD[x] as number);
    const TW = rev ? (this.rTW[x] as number) : (this.fTW[x] as number);
    const E = rev ? (this.rE[x] as number) : (this.fE[x] as number);
    const L = rev ? (this.rL[x] as number) : (this.fL[x] as number);
    const C = rev ? (this.rC[x] as number) : (this.fC[x] as number);
    const t = dist[a.last * size + first] as number;
    const delta = a.D - a.TW + t;
    const wt = Math.max(E - delta - a.L, 0);
    const tw = Math.max(a.E + delta - L, 0);
    a.D = a.D + D + t + wt;
    a.TW = a.TW + TW + tw;
    a.E = Math.max(E - delta, a.E) - wt;
    a.L = Math.min(L - delta, a.L) + tw;
    a.C = a.C + C + t;
    a.last = this.s[rev ? i : j] as number;
  }

  /** acc := the whole route after moving s[s0..e0] (reversed when rev) to between p and p+1. */
  relocated(acc: Acc, s0: number, e0: number, rev: boolean, p: number): Acc {
    const last = this.d.size - 1;
    if (p < s0) {
      this.setF(acc, 0, p);
      this.add(acc, s0, e0, rev);
      this.add(acc, p + 1, s0 - 1, false);
      this.add(acc, e0 + 1, last, false);
    } else {
      this.setF(acc, 0, s0 - 1);
      this.add(acc, e0 + 1, p, false);
      this.add(acc, s0, e0, rev);
      this.add(acc, p + 1, last, false);
    }
    return acc;
  }

  /** acc := the whole route after exchanging positions a < b. */
  swapped(acc: Acc, a: number, b: number): Acc {
    this.setF(acc, 0, a - 1);
    this.add(acc, b, b, false);
    this.add(acc, a + 1, b - 1, false);
    this.add(acc, a, a, false);
    this.add(acc, b + 1, this.d.size - 1, false);
    return acc;
  }

  /** acc := the whole route after reversing positions a..b. */
  reversed(acc: Acc, a: number, b: number): Acc {
    this.setF(acc, 0, a - 1);
    this.add(acc, a, b, true);
    this.add(acc, b + 1, this.d.size - 1, false);
    return acc;
  }

  /** Moves s[st..en] (reversed when rev) to between positions p and p+1 (p outside [st-1, en]). */
  applyRelocate(st: number, en: number, rev: boolean, p: number): [number, number] {
    const s = this.s;
    const tmp = this.tmp;
    const L = en - st + 1;
    for (let k = 0; k < L; k++) tmp[k] = s[rev ? en - k : st + k] as number;
    if (p < st) {
      // shift s[p+1..st-1] right by L
      for (let k = st - 1; k >= p + 1; k--) s[k + L] = s[k] as number;
      for (let k = 0; k < L; k++) s[p + 1 + k] = tmp[k] as number;
      this.rebuild(p + 1, en);
      return [p + 1, en];
    }
    // p > en: shift s[en+1..p] left by L
    for (let k = en + 1; k <= p; k++) s[k - L] = s[k] as number;
    for (let k = 0; k < L; k++) s[p - L + 1 + k] = tmp[k] as number;
    this.rebuild(st, p);
    return [st, p];
  }

  applySwap(a: number, b: number): void {
    const s = this.s;
    const x = s[a] as number;
    s[a] = s[b] as number;
    s[b] = x;
    this.rebuild(a, b);
  }

  applyReverse(a: number, b: number): void {
    const s = this.s;
    for (let i = a, j = b; i < j; i++, j--) {
      const x = s[i] as number;
      s[i] = s[j] as number;
      s[j] = x;
    }
    this.rebuild(a, b);
  }
}

interface Descent {
  order: number[];
  travel: number;
  timeWarp: number;
}

/**
 * One descent to a local optimum of travel + w · time warp (within the granular neighbourhood of the
 * visits examined). `focus`: the visits to examine first (after a kick, the ones around it); null = all.
 */
function descend(
  d: Data,
  st: RouteState,
  order: readonly number[],
  w: number,
  deadline: number,
  focus: readonly number[] | null,
): Descent {
  const n = d.n;
  const last = n + 1;
  st.reset(order);
  const acc = new Acc();
  const cost = (a: Acc) => a.C + w * a.TW;
  st.setF(acc, 0, last);
  let current = cost(acc);
  let evals = 0;
  let stop = false;
  const timeUp = () => {
    if ((++evals & 31) === 0 && performance.now() > deadline) stop = true;
    return stop;
  };

  const relocateCost = (s0: number, e0: number, rev: boolean, p: number) => cost(st.relocated(acc, s0, e0, rev, p));
  const swapCost = (a: number, b: number) => cost(st.swapped(acc, a, b));
  const reverseCost = (a: number, b: number) => cost(st.reversed(acc, a, b));

  const queued = new Uint8Array(n);
  const queue: number[] = [];
  let head = 0;
  const enqueue = (v: number) => {
    if (v >= 0 && v < n && !queued[v]) {
      queued[v] = 1;
      queue.push(v);
    }
  };
  const touched = (lo: number, hi: number) => {
    for (let k = Math.max(1, lo - 1); k <= Math.min(n, hi + 1); k++) enqueue(st.s[k] as number);
  };

  // Improvement threshold, relative as well as absolute: at a high weight, rounding in the concatenation
  // would otherwise let two equivalent routes each look better than the other (a cycle until the deadline).
  let bar = current - EPS * Math.max(1, Math.abs(current));
  /** First improving move involving visit u; applies it and returns true. */
  const improve = (u: number): boolean => {
    for (const v of d.neighbours[u] as Int32Array) {
      if (timeUp()) return false;
      const pu = st.pos[u] as number;
      const pv = st.pos[v] as number;
      // Relocate a segment of 1–3 visits starting or ending at u, forward or reversed, next to v.
      for (let L = 1; L <= 3; L++) {
        for (let side = 0; side < (L === 1 ? 1 : 2); side++) {
          const s0 = side === 0 ? pu : pu - L + 1;
          const e0 = s0 + L - 1;
          if (s0 < 1 || e0 > n || (pv >= s0 && pv <= e0)) continue;
          for (let r = 0; r < (L === 1 ? 1 : 2); r++) {
            const rev = r === 1;
            // after v (p = pv) and before v (p = pv - 1)
            for (let k = 0; k < 2; k++) {
              const p = pv - k;
              if (p >= s0 - 1 && p <= e0) continue;
              if (relocateCost(s0, e0, rev, p) < bar) {
                const [lo, hi] = st.applyRelocate(s0, e0, rev, p);
                touched(lo, hi);
                return true;
              }
            }
          }
        }
      }
      // Exchange u and v.
      {
        const a = Math.min(pu, pv);
        const b = Math.max(pu, pv);
        if (swapCost(a, b) < bar) {
          st.applySwap(a, b);
          touched(a, a);
          touched(b, b);
          return true;
        }
      }
      // 2-opt: reversals that make u and v adjacent.
      {
        const a = Math.min(pu, pv);
        const b = Math.max(pu, pv);
        if (reverseCost(a + 1, b) < bar) {
          st.applyReverse(a + 1, b);
          touched(a, b);
          return true;
        }
        if (b - 1 > a && reverseCost(a, b - 1) < bar) {
          st.applyReverse(a, b - 1);
          touched(a, b);
          return true;
        }
      }
    }
    return false;
  };

  // Only the visits around what changed are re-examined (after a kick: around the kick; at the start of a
  // full descent: all of them).
  for (const v of focus ?? st.order()) enqueue(v);
  while (head < queue.length && !stop) {
    const u = queue[head++] as number;
    queued[u] = 0;
    if (improve(u)) {
      st.setF(acc, 0, last);
      current = cost(acc);
      bar = current - EPS * Math.max(1, Math.abs(current));
      enqueue(u);
      // An accepted move costs a table update (O(n) rows): look at the clock after each one too.
      if (performance.now() > deadline) stop = true;
    }
    if (head > 4096) {
      queue.splice(0, head);
      head = 0;
    }
  }
  st.setF(acc, 0, last);
  return { order: st.order(), travel: acc.C, timeWarp: acc.TW };
}

/** Swaps two adjacent random segments of up to 10 visits (a local double bridge) or, for tiny routes, two visits. */
export function segmentKick(order: readonly number[], rng: Rng, longest = 10): number[] {
  const n = order.length;
  const out = [...order];
  if (n < 8) {
    const i = randomInt(rng, n);
    const j = randomInt(rng, n);
    [out[i], out[j]] = [out[j] as number, out[i] as number];
    return out;
  }
  const maxLen = Math.max(1, Math.min(longest, Math.floor(n / 3)));
  const l1 = 1 + randomInt(rng, maxLen);
  const l2 = 1 + randomInt(rng, maxLen);
  const p = randomInt(rng, n - l1 - l2 + 1);
  const b = out.slice(p, p + l1);
  const cseg = out.slice(p + l1, p + l1 + l2);
  out.splice(p, l1 + l2, ...cseg, ...b);
  return out;
}

/** Visits whose predecessor or successor differs between two orders of the same visits. */
function changedVisits(before: readonly number[], after: readonly number[]): number[] {
  const n = before.length;
  const prev = new Int32Array(n + 2).fill(-2);
  const next = new Int32Array(n + 2).fill(-2);
  before.forEach((v, k) => {
    prev[v] = k > 0 ? (before[k - 1] as number) : -1;
    next[v] = k < n - 1 ? (before[k + 1] as number) : -1;
  });
  return after.filter((v, k) => {
    const p = k > 0 ? (after[k - 1] as number) : -1;
    const q = k < n - 1 ? (after[k + 1] as number) : -1;
    return prev[v] !== p || next[v] !== q;
  });
}

/**
 * Iterated local search over travel + w · time warp with an adaptive w. Returns the best feasible route
 * met (by scoreOrder: penalty 0, then travel, then finish); when none was met, the least-late route.
 */
export function twSearch(c: Compiled, initial: readonly number[], options: TwSearchOptions): TwSearchResult {
  const n = c.n;
  const rng = createRng(options.seed);
  const maxIterations = options.maxIterations ?? Number.POSITIVE_INFINITY;
  const stallIterations = options.stallIterations ?? 100 + 2 * n;
  const deadline = options.deadline;
  const d = prepare(c, options.neighbours ?? 30);
  const st = new RouteState(d, c.start, c.end, initial);

  let best: { order: number[]; score: Score; timeWarp: number } = {
    order: [...initial],
    score: scoreOrder(c, initial),
    timeWarp: Number.POSITIVE_INFINITY,
  };
  let bestAt = performance.now();
  const consider = (order: number[], timeWarp: number) => {
    // The schedule check decides: time warp 0 is feasible up to rounding, scoreOrder has the last word.
    if (timeWarp > 1e-6 && best.score.penalty === 0) return false;
    const score = scoreOrder(c, order);
    if (better(score, best.score)) {
      best = { order, score, timeWarp };
      bestAt = performance.now();
      return score.penalty === 0;
    }
    return false;
  };

  if (n < 2) return { order: best.order, score: best.score, iterations: 0, bestAt, stalled: false };

  // Penalty weight: a late minute costs w minutes of travel. Adapted towards ~half feasible local optima;
  // from an infeasible start, feasibility first (a higher weight).
  let w = best.score.penalty > 0 ? 10 : 1;
  const history: boolean[] = [];
  const repair = (r: Descent): Descent => {
    // An infeasible local optimum: look for a feasible one nearby at a much higher penalty.
    let out = r;
    for (const factor of [10, 100]) {
      if (out.timeWarp <= 1e-6 || performance.now() > deadline) break;
      out = descend(d, st, out.order, w * factor, deadline, null);
    }
    return out;
  };

  let current = descend(d, st, initial, w, deadline, null);
  if (current.timeWarp > 1e-6) current = repair(current);
  consider(current.order, current.timeWarp);
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
    const kicked = segmentKick(current.order, rng);
    let cand = descend(d, st, kicked, w, deadline, changedVisits(current.order, kicked));
    const feasibleOptimum = cand.timeWarp <= 1e-6;
    history.push(feasibleOptimum);
    if (history.length > 20) history.shift();
    // Repair every infeasible optimum while no feasible route is known, then half of them (Vidal 2013).
    if (!feasibleOptimum && (best.score.penalty > 0 || rng() < 0.5)) cand = repair(cand);
    if (consider(cand.order, cand.timeWarp)) sinceBest = 0;
    else sinceBest++;
    if (best.score.penalty > 0) {
      // No feasible route yet: feasibility first, the weight grows with every infeasible local optimum.
      if (!feasibleOptimum) w = Math.min(1e5, w * 1.3);
    } else if (iterations % 5 === 0 && history.length >= 10) {
      const share = history.filter(Boolean).length / history.length;
      if (share < 0.4) w = Math.min(1e5, w * 1.2);
      else if (share > 0.6) w = Math.max(0.01, w * 0.85);
    }
    // Accept equal or better (at the current weight); drift back to the best after a long plateau.
    if (cand.travel + w * cand.timeWarp <= current.travel + w * current.timeWarp + EPS) current = cand;
    else if (sinceBest > 0 && sinceBest % (50 + 2 * n) === 0) {
      current = { order: best.order, travel: best.score.travel, timeWarp: best.timeWarp };
    }
  }
  return { order: best.order, score: best.score, iterations, bestAt, stalled };
}
