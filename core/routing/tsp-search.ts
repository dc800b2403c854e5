// Local search for routes without time windows and with a symmetric travel matrix (TSPLIB-like): 2-opt and
// Or-opt (segments of 1–3 visits, either direction) restricted to granular neighbour lists, with don't-look
// bits, on one tour array updated in place (no copies per move), plus Or-3opt (segment exchange of any
// length, found from the neighbour lists of both new edges). Iterated with double-bridge kicks (two
// adjacent segments swapped: half short and local, half up to n/3 long); a kicked tour is kept when it is
// within 0.05 % of the best (record-to-record travel), else undone.
// The route is a path from the start (position 0) to the end (position n+1); both stay fixed.
import { type Compiled, type Score, scoreOrder } from './compile.ts';
import { createRng, randomInt } from './rng.ts';

const BIG = 1e7;
const EPS = 1e-9;
/** Record-to-record acceptance: a kicked local optimum within 0.05 % of the best tour is kept. */
const ACCEPT_SLACK = 0.0005;

export interface TspSearchOptions {
  seed: number;
  deadline: number;
  maxIterations?: number;
  /** Stop after this many kicks without improvement (default 1000 + 25·n), and at least as many as led to the best. */
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
  const N = n + 2;
  const size = N;
  const dist = c.travel.map((t) => (t === Number.POSITIVE_INFINITY ? BIG : t));
  const d = (a: number, b: number) => dist[a * size + b] as number;
  const rng = createRng(options.seed);
  const maxIterations = options.maxIterations ?? Number.POSITIVE_INFINITY;
  const stallIterations = options.stallIterations ?? 1000 + 25 * n;
  const K = Math.min(options.neighbours ?? 10, N - 1);

  // Neighbour lists over every node (start and end included: edges next to them matter too).
  const neigh: Int32Array[] = [];
  {
    const idx = Array.from({ length: N }, (_, i) => i);
    for (let a = 0; a < N; a++) {
      const sorted = idx.filter((b) => b !== a).sort((x, y) => d(a, x) - d(a, y));
      neigh.push(Int32Array.from(sorted.slice(0, K)));
    }
  }

  const t = new Int32Array(N);
  const pos = new Int32Array(N);
  t[0] = c.start;
  for (let k = 0; k < n; k++) t[k + 1] = initial[k] as number;
  t[N - 1] = c.end;
  for (let k = 0; k < N; k++) pos[t[k] as number] = k;
  let cost = 0;
  for (let k = 0; k + 1 < N; k++) cost += d(t[k] as number, t[k + 1] as number);

  const reverse = (i: number, j: number) => {
    for (; i < j; i++, j--) {
      const x = t[i] as number;
      const y = t[j] as number;
      t[i] = y;
      t[j] = x;
      pos[y] = i;
      pos[x] = j;
    }
  };
  /** Moves t[s..e] to between positions p and p+1 (p outside [s-1, e]), reversed when rev. */
  const tmp = new Int32Array(3);
  const relocate = (s: number, e: number, p: number, rev: boolean) => {
    const L = e - s + 1;
    for (let k = 0; k < L; k++) tmp[k] = t[rev ? e - k : s + k] as number;
    if (p < s) {
      for (let k = s - 1; k > p; k--) {
        const v = t[k] as number;
        t[k + L] = v;
        pos[v] = k + L;
      }
      for (let k = 0; k < L; k++) {
        t[p + 1 + k] = tmp[k] as number;
        pos[tmp[k] as number] = p + 1 + k;
      }
    } else {
      for (let k = e + 1; k <= p; k++) {
        const v = t[k] as number;
        t[k - L] = v;
        pos[v] = k - L;
      }
      for (let k = 0; k < L; k++) {
        t[p - L + 1 + k] = tmp[k] as number;
        pos[tmp[k] as number] = p - L + 1 + k;
      }
    }
  };

  const active = new Uint8Array(N);
  const queue: number[] = [];
  let head = 0;
  const push = (v: number) => {
    if (!active[v]) {
      active[v] = 1;
      queue.push(v);
    }
  };
  const pushAround = (k: number) => {
    for (let q = Math.max(0, k - 1); q <= Math.min(N - 1, k + 1); q++) push(t[q] as number);
  };

  /** First improving 2-opt or Or-opt move around node a; applies it. */
  const improve = (a: number): boolean => {
    const i = pos[a] as number;
    // 2-opt with a's successor and with a's predecessor.
    for (let dir = 0; dir < 2; dir++) {
      const ib = dir === 0 ? i + 1 : i - 1;
      if (ib < 0 || ib >= N) continue;
      const b = t[ib] as number;
      const dab = d(a, b);
      for (const cc of neigh[a] as Int32Array) {
        const dac = d(a, cc);
        if (dac >= dab - EPS) break;
        const j = pos[cc] as number;
        const jd = dir === 0 ? j + 1 : j - 1;
        if (jd < 0 || jd >= N) continue;
        const dd = t[jd] as number;
        if (dd === a || cc === b) continue;
        const delta = dac + d(b, dd) - dab - d(cc, dd);
        if (delta < -EPS) {
          // dir 0: edges (a,b) at i,i+1 and (c,d) at j,j+1 → reverse between them.
          if (dir === 0) {
            if (i < j) reverse(i + 1, j);
            else reverse(j + 1, i);
          } else if (i < j) reverse(i, j - 1);
          else reverse(j, i - 1);
          cost += delta;
          pushAround(pos[a] as number);
          pushAround(pos[b] as number);
          pushAround(pos[cc] as number);
          pushAround(pos[dd] as number);
          return true;
        }
      }
    }
    // Or-opt: a segment of 1–3 visits starting at a (forward in the tour), moved next to a neighbour.
    for (let L = 1; L <= 3; L++) {
      const s = i;
      const e = i + L - 1;
      if (s < 1 || e > N - 2) break;
      const f = t[s] as number;
      const l = t[e] as number;
      const p0 = t[s - 1] as number;
      const n0 = t[e + 1] as number;
      const removal = d(p0, n0) - d(p0, f) - d(l, n0);
      for (const cc of neigh[a] as Int32Array) {
        const j = pos[cc] as number;
        if (j >= s && j <= e) continue;
        // insert between cc and its successor, or its predecessor and cc
        for (let side = 0; side < 2; side++) {
          const p = side === 0 ? j : j - 1;
          if (p < 0 || p >= N - 1 || (p >= s - 1 && p <= e)) continue;
          const x = t[p] as number;
          const y = t[p + 1] as number;
          const base = removal - d(x, y);
          const fwd = base + d(x, f) + d(l, y);
          const bwd = base + d(x, l) + d(f, y);
          if (fwd < -EPS || bwd < -EPS) {
            const rev = bwd < fwd;
            relocate(s, e, p, rev);
            cost += rev ? bwd : fwd;
            pushAround(pos[p0] as number);
            pushAround(pos[n0] as number);
            pushAround(pos[f] as number);
            pushAround(pos[l] as number);
            return true;
          }
        }
      }
    }
    // Or-3opt (segment exchange): a→c replaces a→b, and the segment c..e moves, in its direction, between
    // a and b: … a [b … pc] [c … e] f … becomes … a [c … e] [b … pc] f …. c is a neighbour of a and e of b,
    // so the segments can be any length. Both directions of the tour (dir 1 reads it backwards).
    for (let dir = 0; dir < 2; dir++) {
      const vi = dir === 0 ? i : N - 1 - i;
      if (vi + 1 > N - 2) continue;
      const at = (q: number) => t[dir === 0 ? q : N - 1 - q] as number;
      const vpos = (v: number) => (dir === 0 ? (pos[v] as number) : N - 1 - (pos[v] as number));
      const b = at(vi + 1);
      const dab = d(a, b);
      for (const cc of neigh[a] as Int32Array) {
        const g1 = dab - d(a, cc);
        if (g1 <= EPS) break;
        const j = vpos(cc);
        if (j < vi + 2 || j > N - 2) continue;
        const pc = at(j - 1);
        const g1c = g1 + d(pc, cc);
        for (const e of neigh[b] as Int32Array) {
          const g2 = g1c - d(b, e);
          if (g2 <= EPS) break;
          const k = vpos(e);
          if (k < j || k > N - 2) continue;
          const f = at(k + 1);
          const delta = d(pc, f) - d(e, f) - g2;
          if (delta < -EPS) {
            // Swap the adjacent segments [vi+1 .. j-1] and [j .. k] (real positions when dir = 1 mirrored).
            const lo = dir === 0 ? vi + 1 : N - 1 - k;
            const mid = dir === 0 ? j - 1 : N - 1 - j;
            const hi = dir === 0 ? k : N - 1 - (vi + 1);
            reverse(lo, mid);
            reverse(mid + 1, hi);
            reverse(lo, hi);
            cost += delta;
            for (const v of [a, b, cc, pc, e, f]) pushAround(pos[v] as number);
            return true;
          }
        }
      }
    }
    return false;
  };

  const descend = (deadline: number): boolean => {
    let checks = 0;
    while (head < queue.length) {
      if ((++checks & 15) === 0 && performance.now() > deadline) return false;
      const a = queue[head++] as number;
      active[a] = 0;
      if (improve(a)) push(a);
      if (head > 65536) {
        queue.splice(0, head);
        head = 0;
      }
    }
    queue.length = 0;
    head = 0;
    return true;
  };

  for (let k = 0; k < N; k++) push(t[k] as number);
  descend(options.deadline);

  let bestCost = cost;
  const bestTour = Int32Array.from(t);
  let bestAt = performance.now();
  const saved = new Int32Array(N);
  let iterations = 0;
  let sinceBest = 0;
  let stalled = false;
  while (n >= 8 && iterations < maxIterations && performance.now() < options.deadline) {
    // Stalled: as many kicks without progress as the rule allows and as it took to reach the best.
    if (sinceBest >= stallIterations && sinceBest >= iterations - sinceBest) {
      stalled = true;
      break;
    }
    iterations++;
    saved.set(t);
    const savedCost = cost;
    // Local double bridge: swap two adjacent segments t[p..p+l1-1] and t[p+l1..p+l1+l2-1].
    // Half the kicks local (segments of up to 30, to refine), half a true double bridge (up to n/3 each, to
    // leave a deep basin: tsp225-like instances with many equal edges stall on local kicks alone).
    const maxLen = Math.max(1, Math.min(rng() < 0.5 ? 30 : n, Math.floor(n / 3)));
    const l1 = 1 + randomInt(rng, maxLen);
    const l2 = 1 + randomInt(rng, maxLen);
    const p = 1 + randomInt(rng, n - l1 - l2 + 1);
    const before = d(t[p - 1] as number, t[p] as number) + d(t[p + l1 - 1] as number, t[p + l1] as number);
    const lastEdge = d(t[p + l1 + l2 - 1] as number, t[p + l1 + l2] as number);
    const seg1 = t.slice(p, p + l1);
    const seg2 = t.slice(p + l1, p + l1 + l2);
    t.set(seg2, p);
    t.set(seg1, p + l2);
    for (let k = p; k < p + l1 + l2; k++) pos[t[k] as number] = k;
    cost +=
      d(t[p - 1] as number, t[p] as number) +
      d(t[p + l2 - 1] as number, t[p + l2] as number) +
      d(t[p + l1 + l2 - 1] as number, t[p + l1 + l2] as number) -
      before -
      lastEdge;
    for (const k of [p - 1, p, p + l2 - 1, p + l2, p + l1 + l2 - 1, p + l1 + l2]) pushAround(k);
    const complete = descend(options.deadline);
    // Record-to-record travel: accept any complete local optimum within `slack` of the best tour (equal
    // moves along plateaus; slightly worse ones leave a basin the kicks alone cannot), always from the best.
    if (cost < savedCost - EPS || (complete && cost <= Math.max(savedCost, bestCost * (1 + ACCEPT_SLACK)) + EPS)) {
      // accept
    } else {
      t.set(saved);
      for (let k = 0; k < N; k++) pos[t[k] as number] = k;
      cost = savedCost;
    }
    if (cost < bestCost - EPS) {
      bestCost = cost;
      bestTour.set(t);
      bestAt = performance.now();
      sinceBest = 0;
    } else sinceBest++;
  }
  const order = Array.from(bestTour.subarray(1, n + 1));
  return { order, score: scoreOrder(c, order), iterations, bestAt, stalled };
}
