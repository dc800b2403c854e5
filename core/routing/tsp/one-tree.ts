// Held–Karp lower bound and α-nearness candidates, as LKH computes them. A minimum 1-tree (a spanning tree plus
// one more edge at a leaf) is a relaxation of the tour; node penalties π (subgradient ascent: raise π where the
// tree has degree > 2, lower it at leaves) tighten it towards the Held–Karp bound without changing which tour is
// optimal. α(i, j) is how much the minimum 1-tree must grow to contain (i, j): the tour's edges almost all have
// small α, even those that are far from the nearest neighbours (the links between the clusters of drilling
// boards), which nearest-neighbour lists miss.
// The path's fixed edge (start, end) is forced into every tree at weight 0: a Hamiltonian cycle through it is a
// 1-tree that contains it, so the bound holds for the path too. O(size²) time per tree, O(size) memory beyond the
// weights (the candidates: O(size · k)).

const EPS = 1e-9;
/**
 * Trees without a better bound before the Polyak factor is halved (6 beat 3 and 12 on the drilling family and
 * equals the best on a280 / pcb442), and the factor where halving stops.
 */
const PATIENCE = 6;
const MIN_LAMBDA = 1e-4;

export interface OneTreeBound {
  /** The best bound found: no path start → … → end (tour, with start = end) costs less. */
  bound: number;
  /** Node penalties at the best bound. */
  pi: Float64Array;
  /** The tree at the best bound is a tour (every degree 2): the bound is the optimum. */
  tour: boolean;
  /** 1-trees computed. */
  trees: number;
}

export interface AscentOptions {
  /** Cost of a known tour (path) — the Polyak step aims at it. */
  upperBound: number;
  /** Most 1-trees to compute (a counted budget: the bound does not depend on the clock). */
  maxTrees: number;
  /** π to start from (default all 0), e.g. a previous ascent's, continued with a better upper bound. */
  initialPi?: Float64Array;
  /** Clock and deadline: the ascent also stops there (default: never). */
  now?: () => number;
  deadline?: number;
}

/** Weights with the fixed edge (start, end) forced: `fixed` is read as weight 0 and always in the tree. */
export class OneTree {
  readonly dad: Int32Array;
  /** Nodes in the order Prim added them (every node after its dad). */
  readonly topo: Int32Array;
  readonly degree: Int32Array;
  /** The leaf whose second edge closes the 1-tree, and that edge's other end. */
  special = -1;
  secondEnd = -1;
  private readonly key: Float64Array;
  private readonly done: Uint8Array;

  constructor(
    readonly dist: Float64Array,
    readonly size: number,
    readonly start: number,
    readonly end: number,
  ) {
    this.dad = new Int32Array(size);
    this.topo = new Int32Array(size);
    this.degree = new Int32Array(size);
    this.key = new Float64Array(size);
    this.done = new Uint8Array(size);
  }

  /** Weight of (a, b) for the tree: 0 for the fixed edge (it is not part of the path's cost). */
  w(a: number, b: number): number {
    if ((a === this.start && b === this.end) || (a === this.end && b === this.start)) return 0;
    return this.dist[a * this.size + b] as number;
  }

  /** Minimum 1-tree under w + π; returns its cost minus 2·Σπ (a lower bound on the path). */
  build(pi: Float64Array): number {
    const { size, dad, topo, degree, key, done, dist, start, end } = this;
    key.fill(Number.POSITIVE_INFINITY);
    done.fill(0);
    degree.fill(0);
    // Prim from the forced edge: start, then end hanging from it.
    let cost = (pi[start] as number) + (pi[end] as number);
    done[start] = 1;
    done[end] = 1;
    dad[start] = -1;
    dad[end] = start;
    topo[0] = start;
    topo[1] = end;
    degree[start] = 1;
    degree[end] = 1;
    for (let v = 0; v < size; v++) {
      if (done[v]) continue;
      const ds = (dist[start * size + v] as number) + (pi[start] as number) + (pi[v] as number);
      const de = (dist[end * size + v] as number) + (pi[end] as number) + (pi[v] as number);
      key[v] = Math.min(ds, de);
      dad[v] = ds <= de ? start : end;
    }
    for (let count = 2; count < size; count++) {
      let best = -1;
      let bestKey = Number.POSITIVE_INFINITY;
      for (let v = 0; v < size; v++) {
        if (!done[v] && (key[v] as number) < bestKey) {
          bestKey = key[v] as number;
          best = v;
        }
      }
      if (best < 0) break;
      done[best] = 1;
      topo[count] = best;
      cost += bestKey;
      degree[best] = (degree[best] as number) + 1;
      degree[dad[best] as number] = (degree[dad[best] as number] as number) + 1;
      const row = best * size;
      const pb = pi[best] as number;
      for (let v = 0; v < size; v++) {
        if (done[v]) continue;
        const d = (dist[row + v] as number) + pb + (pi[v] as number);
        if (d < (key[v] as number)) {
          key[v] = d;
          dad[v] = best;
        }
      }
    }
    // Close at the leaf whose second-cheapest edge is the dearest (LKH's choice: the highest bound).
    let bestSecond = Number.NEGATIVE_INFINITY;
    this.special = -1;
    for (let v = 0; v < size; v++) {
      if (degree[v] !== 1 || v === start || v === end) continue;
      const d0 = dad[v] as number;
      let second = Number.POSITIVE_INFINITY;
      let secondEnd = -1;
      const pv = pi[v] as number;
      for (let u = 0; u < size; u++) {
        if (u === v || u === d0) continue;
        const d = (dist[v * size + u] as number) + pv + (pi[u] as number);
        if (d < second) {
          second = d;
          secondEnd = u;
        }
      }
      if (second > bestSecond) {
        bestSecond = second;
        this.special = v;
        this.secondEnd = secondEnd;
      }
    }
    if (this.special >= 0) {
      cost += bestSecond;
      degree[this.special] = 2;
      degree[this.secondEnd] = (degree[this.secondEnd] as number) + 1;
    }
    let sumPi = 0;
    for (let v = 0; v < size; v++) sumPi += pi[v] as number;
    return cost - 2 * sumPi;
  }
}

/**
 * Subgradient ascent on π with Polyak steps towards `upperBound` (scale-free: minutes or TSPLIB units alike);
 * the step is halved after PATIENCE trees without a better bound. Measured against LKH's own schedule (step
 * doubling, halving periods): this reaches a280's and pcb442's bounds within 0.1 % in 100 trees, LKH's
 * schedule needs ~1,000 here. Returns the best bound and its π.
 */
export function heldKarpAscent(tree: OneTree, options: AscentOptions): OneTreeBound {
  const size = tree.size;
  const pi = options.initialPi ? Float64Array.from(options.initialPi) : new Float64Array(size);
  const bestPi = Float64Array.from(pi);
  const now = options.now;
  let best = Number.NEGATIVE_INFINITY;
  let lambda = 2;
  let sinceRise = 0;
  let trees = 0;
  let tour = false;
  while (trees < options.maxTrees) {
    if (now && options.deadline !== undefined && now() > options.deadline) break;
    const bound = tree.build(pi);
    trees++;
    let norm = 0;
    for (let v = 0; v < size; v++) {
      const g = (tree.degree[v] as number) - 2;
      norm += g * g;
    }
    if (trees === 1 || bound > best + EPS * Math.max(1, Math.abs(best))) {
      best = bound;
      bestPi.set(pi);
      sinceRise = 0;
      if (norm === 0) {
        tour = true; // the 1-tree is a tour: the bound is its cost, the optimum
        break;
      }
    } else if (++sinceRise >= PATIENCE) {
      lambda /= 2;
      sinceRise = 0;
      if (lambda < MIN_LAMBDA) break;
    }
    const gap = options.upperBound - bound;
    if (norm === 0 || !(gap > EPS * Math.max(1, Math.abs(bound)))) break; // nothing left to gain
    const step = (lambda * gap) / norm;
    for (let v = 0; v < size; v++) pi[v] = (pi[v] as number) + step * ((tree.degree[v] as number) - 2);
  }
  return { bound: best, pi: bestPi, tour, trees };
}

/**
 * The k α-nearest other nodes of each node (ties by weight), then sorted by weight (the moves stop scanning a
 * list once an edge is too long). Uses the tree last built with `pi` — call tree.build(pi) first. The fixed
 * edge's ends are not candidates for each other. O(size²) time, O(size · k) memory; undefined if the clock
 * passes the deadline first.
 */
export function alphaCandidates(
  tree: OneTree,
  pi: Float64Array,
  k: number,
  now?: () => number,
  deadline = Number.POSITIVE_INFINITY,
): Int32Array[] | undefined {
  const { size, dad, topo, start, end, special, secondEnd } = tree;
  const beta = new Float64Array(size);
  const mark = new Int32Array(size).fill(-1);
  const ids = new Int32Array(k);
  const as = new Float64Array(k);
  const ws = new Float64Array(k);
  const wp = (a: number, b: number) => tree.w(a, b) + (pi[a] as number) + (pi[b] as number);
  /** Weight of the tree edge (v, dad v) in a path maximum: the forced edge can never be exchanged. */
  const edge = (v: number) => (v === end && dad[v] === start ? Number.NEGATIVE_INFINITY : wp(v, dad[v] as number));
  const specialSecond = special >= 0 ? wp(special, secondEnd) : 0;
  const out: Int32Array[] = new Array(size);
  for (let from = 0; from < size; from++) {
    if ((from & 63) === 63 && now && now() > deadline) return undefined;
    // β(to) = the dearest edge on the tree path from `from` to `to`.
    beta[from] = Number.NEGATIVE_INFINITY;
    for (let v = from; (dad[v] as number) >= 0; v = dad[v] as number) {
      const u = dad[v] as number;
      const e = edge(v);
      beta[u] = Math.max(beta[v] as number, e);
      mark[u] = from;
    }
    let count = 0;
    for (let t = 0; t < size; t++) {
      const to = topo[t] as number;
      if (to === from) continue;
      if (mark[to] !== from && (dad[to] as number) >= 0) {
        const b = beta[dad[to] as number] as number;
        const e = edge(to);
        beta[to] = Math.max(b, e);
      }
      if ((from === start && to === end) || (from === end && to === start)) continue;
      const w = wp(from, to);
      let a: number;
      if (from === special || to === special) a = Math.max(0, w - specialSecond);
      else a = w - (beta[to] as number);
      if (count === k && (a > (as[k - 1] as number) || (a === as[k - 1] && w >= (ws[k - 1] as number)))) continue;
      let q = count < k ? count++ : k - 1;
      while (q > 0 && ((as[q - 1] as number) > a || (as[q - 1] === a && (ws[q - 1] as number) > w))) {
        as[q] = as[q - 1] as number;
        ws[q] = ws[q - 1] as number;
        ids[q] = ids[q - 1] as number;
        q--;
      }
      as[q] = a;
      ws[q] = w;
      ids[q] = to;
    }
    const list = Array.from(ids.subarray(0, count)).sort((x, y) => tree.w(from, x) - tree.w(from, y) || x - y);
    out[from] = Int32Array.from(list);
  }
  return out;
}
