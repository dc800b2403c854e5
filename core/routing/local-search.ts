// Iterated local search for routes too large for the exact DP: first-improvement descent over 2-opt, Or-opt
// (segments of 1–3 visits, also reversed), and exchange, then a segment double-bridge kick, keeping the best.
// Travel deltas are O(1) (prefix sums of forward and backward leg times handle asymmetric reversals); a
// move is fully re-scheduled (O(n), windows and working hours) only when it could improve the score.
// Without time windows, don't-look bits keep each descent local to the visits a kick or a move touched.
import { better, type Compiled, type Score, scoreOrder } from './compile.ts';
import { createRng, type Rng, randomInt } from './rng.ts';

const EPS = 1e-9;
/** Stand-in for an unreachable leg inside travel deltas (the schedule scores it as a penalty). */
const BIG = 1e7;

export interface IlsOptions {
  seed: number;
  /** performance.now() value after which the search stops. */
  deadline: number;
  maxIterations?: number;
}

export interface IlsResult {
  order: number[];
  score: Score;
  iterations: number;
  /** performance.now() when the best route was found. */
  bestAt: number;
}

const distanceCache = new WeakMap<Compiled, Float64Array>();

/** Any window? Then waiting couples every visit's schedule to the ones before it. */
function hasWindows(c: Compiled): boolean {
  for (let v = 0; v < c.n; v++) {
    if ((c.latest[v] as number) < Number.POSITIVE_INFINITY || (c.earliest[v] as number) > Number.NEGATIVE_INFINITY) {
      return true;
    }
  }
  return false;
}

/** The travel matrix with unreachable legs as BIG, so deltas stay finite (computed once per problem). */
function searchDistances(c: Compiled): Float64Array {
  let dist = distanceCache.get(c);
  if (!dist) {
    dist = c.travel.map((t) => (t === Number.POSITIVE_INFINITY ? BIG : t));
    distanceCache.set(c, dist);
  }
  return dist;
}

/**
 * Descends from `order` until no move improves; returns the improved order and its score.
 * Don't-look bits: only visits in the work queue are examined (as the end of a 2-opt reversal, the first or
 * last visit of a moved segment, or one side of an exchange); an accepted move re-queues every visit whose
 * neighbours changed. `focus` limits the first queue (after a kick, only the visits around the kick).
 */
export function localSearch(
  c: Compiled,
  order: number[],
  deadline: number,
  focus?: readonly number[],
): { order: number[]; score: Score } {
  const n = c.n;
  const size = n + 2;
  const dist = searchDistances(c);
  const windowed = hasWindows(c);
  const dd = (a: number, b: number): number => dist[a * size + b] as number;
  let s = [c.start, ...order, c.end];
  let score = scoreOrder(c, order);
  const pos = new Int32Array(size);
  const F = new Float64Array(n + 2);
  const B = new Float64Array(n + 2);
  const refresh = () => {
    for (let k = 0; k < n + 2; k++) pos[s[k] as number] = k;
    for (let k = 1; k < n + 2; k++) {
      F[k] = (F[k - 1] as number) + dd(s[k - 1] as number, s[k] as number);
      B[k] = (B[k - 1] as number) + dd(s[k] as number, s[k - 1] as number);
    }
  };
  const at = (k: number) => s[k] as number;
  const fwd = (i: number, j: number) => (F[j] as number) - (F[i] as number);
  const bwd = (i: number, j: number) => (B[j] as number) - (B[i] as number);
  // Only moves that lower travel can help a feasible route (ties may still finish earlier).
  const promising = (delta: number) => score.penalty > 0 || delta < EPS;

  const queued = new Uint8Array(n);
  const queue: number[] = [];
  const enqueue = (v: number) => {
    if (v < n && !queued[v]) {
      queued[v] = 1;
      queue.push(v);
    }
  };
  // A full re-schedule is O(n): look at the clock every 16 of them, so one visit's moves (up to O(n²) work on
  // a large route) cannot run far past the deadline; once it passed, every move is declined.
  let timeUp = false;
  let evaluated = 0;
  const tryOrder = (cand: number[]): boolean => {
    if (timeUp || ((++evaluated & 15) === 0 && performance.now() > deadline)) {
      timeUp = true;
      return false;
    }
    const sc = scoreOrder(c, cand);
    if (!better(sc, score)) return false;
    const next = [c.start, ...cand, c.end];
    for (let k = 1; k <= n; k++) {
      const v = next[k] as number;
      const old = pos[v] as number;
      // With windows a move shifts the schedule of everything after it: look at every visit again.
      if (windowed || s[old - 1] !== next[k - 1] || s[old + 1] !== next[k + 1]) enqueue(v);
    }
    s = next;
    score = sc;
    refresh();
    return true;
  };

  /** First improving move involving visit v; true if one was applied. */
  const improveAround = (v: number): boolean => {
    const i = pos[v] as number;
    // 2-opt: reverse positions a..b with v at one end.
    for (let j = 1; j <= n; j++) {
      if (j === i) continue;
      const a = Math.min(i, j);
      const b = Math.max(i, j);
      const delta =
        dd(at(a - 1), at(b)) +
        dd(at(a), at(b + 1)) -
        dd(at(a - 1), at(a)) -
        dd(at(b), at(b + 1)) +
        bwd(a, b) -
        fwd(a, b);
      if (!promising(delta)) continue;
      const cand = s.slice(1, n + 1);
      const rev = cand.slice(a - 1, b).reverse();
      cand.splice(a - 1, b - a + 1, ...rev);
      if (tryOrder(cand)) return true;
    }
    // Or-opt: move a segment of 1–3 visits starting or ending at v between positions p and p+1.
    for (let L = 1; L <= 3; L++) {
      for (let e = 0; e < (L === 1 ? 1 : 2); e++) {
        const st = e === 0 ? i : i - L + 1;
        if (st < 1 || st + L - 1 > n) continue;
        const f = at(st);
        const l = at(st + L - 1);
        const removal = dd(at(st - 1), at(st + L)) - dd(at(st - 1), f) - dd(l, at(st + L));
        const inner = fwd(st, st + L - 1);
        const innerRev = bwd(st, st + L - 1);
        for (let p = 0; p <= n; p++) {
          if (p >= st - 1 && p <= st + L - 1) continue;
          const x = at(p);
          const y = at(p + 1);
          const base = removal - dd(x, y);
          for (let r = 0; r < (L === 1 ? 1 : 2); r++) {
            const delta = r === 1 ? base + dd(x, l) + dd(f, y) + innerRev - inner : base + dd(x, f) + dd(l, y);
            if (!promising(delta)) continue;
            const seg = s.slice(st, st + L);
            if (r === 1) seg.reverse();
            const rest = [...s.slice(1, st), ...s.slice(st + L, n + 1)];
            rest.splice(p < st ? p : p - L, 0, ...seg);
            if (tryOrder(rest)) return true;
          }
        }
      }
    }
    // Exchange v with another visit.
    for (let j = 1; j <= n; j++) {
      if (j === i) continue;
      const a = Math.min(i, j);
      const b = Math.max(i, j);
      const p = at(a - 1);
      const u = at(a);
      const w = at(b);
      const q = at(b + 1);
      const delta =
        b === a + 1
          ? dd(p, w) + dd(w, u) + dd(u, q) - dd(p, u) - dd(u, w) - dd(w, q)
          : dd(p, w) +
            dd(w, at(a + 1)) +
            dd(at(b - 1), u) +
            dd(u, q) -
            dd(p, u) -
            dd(u, at(a + 1)) -
            dd(at(b - 1), w) -
            dd(w, q);
      if (!promising(delta)) continue;
      const cand = s.slice(1, n + 1);
      cand[a - 1] = w;
      cand[b - 1] = u;
      if (tryOrder(cand)) return true;
    }
    return false;
  };

  refresh();
  for (const v of focus ?? order) enqueue(v);
  while (queue.length > 0 && !timeUp) {
    if (performance.now() > deadline) break;
    const v = queue.shift() as number;
    queued[v] = 0;
    if (improveAround(v)) enqueue(v);
  }
  return { order: s.slice(1, n + 1), score };
}

/** Visits whose predecessor or successor differs between two orders of the same visits. */
function changedVisits(before: readonly number[], after: readonly number[]): number[] {
  const n = before.length;
  const prev = new Map<number, number>();
  const next = new Map<number, number>();
  before.forEach((v, k) => {
    prev.set(v, k > 0 ? (before[k - 1] as number) : -1);
    next.set(v, k < n - 1 ? (before[k + 1] as number) : -1);
  });
  return after.filter((v, k) => {
    const p = k > 0 ? (after[k - 1] as number) : -1;
    const q = k < n - 1 ? (after[k + 1] as number) : -1;
    return prev.get(v) !== p || next.get(v) !== q;
  });
}

/** Swaps two adjacent random segments of up to 10 visits (a local double bridge) or, for tiny routes, two visits. */
function perturb(order: number[], rng: Rng): number[] {
  const n = order.length;
  const out = [...order];
  if (n < 8) {
    const i = randomInt(rng, n);
    const j = randomInt(rng, n);
    [out[i], out[j]] = [out[j] as number, out[i] as number];
    return out;
  }
  const maxLen = Math.max(1, Math.min(10, Math.floor(n / 3)));
  const l1 = 1 + randomInt(rng, maxLen);
  const l2 = 1 + randomInt(rng, maxLen);
  const p = randomInt(rng, n - l1 - l2 + 1);
  const b = out.slice(p, p + l1);
  const cseg = out.slice(p + l1, p + l1 + l2);
  out.splice(p, l1 + l2, ...cseg, ...b);
  return out;
}

export function iteratedLocalSearch(c: Compiled, initial: number[], options: IlsOptions): IlsResult {
  const rng = createRng(options.seed);
  const maxIterations = options.maxIterations ?? Number.POSITIVE_INFINITY;
  // Without windows there is no waiting, so the finish moves with travel alone and a kick only matters locally.
  const windowed = hasWindows(c);
  let current = localSearch(c, initial, options.deadline);
  let best = current;
  let bestAt = performance.now();
  let iterations = 0;
  let sinceBest = 0;
  while (c.n >= 2 && iterations < maxIterations && performance.now() < options.deadline) {
    iterations++;
    const kicked = perturb(current.order, rng);
    // Windows couple every visit's schedule to the ones before it: recheck all of them after a kick.
    const cand = localSearch(c, kicked, options.deadline, windowed ? undefined : changedVisits(current.order, kicked));
    if (!better(current.score, cand.score)) current = cand; // accept equal or better
    if (better(cand.score, best.score)) {
      best = cand;
      bestAt = performance.now();
      sinceBest = 0;
    } else if (++sinceBest > 50 + 5 * c.n) {
      current = best; // drifted too long on a plateau: go back to the best route
      sinceBest = 0;
    }
  }
  return { order: best.order, score: best.score, iterations, bestAt };
}
