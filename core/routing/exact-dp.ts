// Exact single-vehicle TSP with time windows: a label-setting dynamic program over (visited set, last visit).
// Each state keeps its Pareto-optimal labels (travel so far, departure-ready time): with waiting allowed, an
// earlier time is never worse later on, so a label is dropped only when another has both less travel and an
// earlier time. Finishing with lexicographic (travel, finish) over the surviving labels is therefore exact.
// Pruning: window deadlines of unvisited visits via shortest-path lower bounds, working-hours end, and a
// travel lower bound on the rest of the route against an incumbent from the heuristic: the larger of the
// cheapest-ways-in bounds and a spanning-tree bound (cheapest leg out of the last visit + minimum spanning
// tree of the unvisited visits + cheapest leg into the end) under Held–Karp node penalties fitted once at
// the root. The tree is computed once per visited set and shared by every last visit of that set.
// Budgets are counted in labels (memory) and in work (elementary steps), never in a share of the clock, so
// the outcome is the same on a quiet and a busy machine; the deadline is only the caller's time limit.
import type { Compiled } from './compile.ts';

export type ExactStop = 'labels' | 'memory' | 'work' | 'time' | 'size' | 'bound';

/** Labels stored, states (visited set, last) created, and work done: the DP's deterministic measures. */
export interface ExactCounts {
  labels: number;
  states: number;
  work: number;
}

export type ExactResult = ExactCounts &
  (
    | { status: 'optimal'; order: number[]; travel: number; finish: number }
    | { status: 'infeasible' }
    | { status: 'aborted'; reason: string; stop: ExactStop }
  );

/** Sets are two 30-bit words plus the last node packed into one safe integer key: 47 visits at most. */
export const EXACT_MAX_VISITS = 47;
/**
 * Heap per stored label and per state (visited set, last), measured as process.memoryUsage().heapUsed after a
 * collection at the cap (days of 16–17 visits without windows and a 40-visit Gendreau instance, no incumbent,
 * 0.3 M and 2 M labels: 47–350 MB live); the estimate covers every run, the tightest within 2 %.
 */
export const LABEL_BYTES = 150;
export const STATE_BYTES = 100;
export const DEFAULT_EXACT_MEMORY_MB = 600;
export const DEFAULT_EXACT_MAX_LABELS = 2_000_000;

export interface ExactOptions {
  /** Travel of a known feasible route: states that cannot beat it are pruned. */
  upperBound?: number;
  maxLabels?: number;
  /** Memory cap in MB (default 600), against LABEL_BYTES per label plus STATE_BYTES per state. */
  maxMemoryMb?: number;
  /** Work budget in elementary steps (expansions, dominance comparisons, tree steps); default none. */
  maxWork?: number;
  /** performance.now() value after which the search gives up: the caller's own time limit, nothing less. */
  deadline?: number;
}

interface Label {
  cost: number;
  time: number;
  node: number;
  parent: Label | null;
}

interface State {
  lo: number;
  hi: number;
  last: number;
  /** Σ over unvisited visits of the cheapest way in (carried along, cheaper than recomputing from the set). */
  rem: number;
  /** Σ over unvisited visits of (cheapest way in + cheapest way out) / 2. */
  rem2: number;
  /** Lower bound on the travel still needed to finish from this state (0 when there is no incumbent). */
  lb: number;
  labels: Label[];
}

const EPS = 1e-9;
const WORD = 1073741824; // 2^30
/** Work between two looks at the clock and the work budget (a few microseconds once compiled). */
const CHECK_EVERY = 1024;
/** Work charged per stored label and per new state (allocation, map insertion): about their cost in time. */
const LABEL_WORK = 100;
const STATE_WORK = 50;

function has(lo: number, hi: number, j: number): boolean {
  return j < 30 ? ((lo >>> j) & 1) === 1 : ((hi >>> (j - 30)) & 1) === 1;
}

/** Penalised spanning-tree bounds (see the header); `pi` are the node penalties, one per visit. */
interface TreeBound {
  /** Symmetric leg lower bound between visits: min of both directions, plus both penalties. */
  w: Float64Array;
  pi: Float64Array;
}

/**
 * Minimum spanning tree weight over the visits not in (lo, hi) under w (Prim, O(k²)); +∞ if disconnected.
 * With `deg` and `parent` (scratch), also counts each visit's degree in the tree.
 */
function treeOfUnvisited(
  n: number,
  w: Float64Array,
  lo: number,
  hi: number,
  nodes: Int32Array,
  key: Float64Array,
  deg?: Int32Array,
  parent?: Int32Array,
): number {
  let k = 0;
  for (let j = 0; j < n; j++) if (!has(lo, hi, j)) nodes[k++] = j;
  if (k <= 1) return 0;
  const first = nodes[0] as number;
  for (let a = 1; a < k; a++) {
    key[a] = w[first * n + (nodes[a] as number)] as number;
    if (parent) parent[a] = first;
  }
  let total = 0;
  // Open (not yet in the tree) visits are nodes[1..left]; each round moves the nearest one out of the range.
  for (let left = k - 1; left > 0; left--) {
    let best = 1;
    let bestKey = key[1] as number;
    for (let a = 2; a <= left; a++) {
      if ((key[a] as number) < bestKey) {
        bestKey = key[a] as number;
        best = a;
      }
    }
    if (bestKey === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
    total += bestKey;
    const u = nodes[best] as number;
    if (deg && parent) {
      deg[u] = (deg[u] as number) + 1;
      const p = parent[best] as number;
      deg[p] = (deg[p] as number) + 1;
      parent[best] = parent[left] as number;
    }
    nodes[best] = nodes[left] as number;
    key[best] = key[left] as number;
    nodes[left] = u;
    for (let a = 1; a < left; a++) {
      const v = w[u * n + (nodes[a] as number)] as number;
      if (v < (key[a] as number)) {
        key[a] = v;
        if (parent) parent[a] = u;
      }
    }
  }
  return total;
}

/**
 * Held–Karp penalties by subgradient ascent on the root bound (start → all visits → end), so the same
 * tree bound is much tighter on every subset. Any penalties give a valid bound; these only make it stronger.
 */
function fitTreeBound(c: Compiled, ub: number, deadline: number): TreeBound | 'time' {
  const { n, travel: d, start, end } = c;
  const size = n + 2;
  const base = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      base[a * n + b] = a === b ? 0 : Math.min(d[a * size + b] as number, d[b * size + a] as number);
    }
  }
  const pi = new Float64Array(n);
  const w = new Float64Array(n * n);
  const nodes = new Int32Array(n);
  const key = new Float64Array(n);
  const deg = new Int32Array(n);
  const parent = new Int32Array(n);
  const best = new Float64Array(n);
  let bestBound = Number.NEGATIVE_INFINITY;
  let lambda = 2;
  let sinceBetter = 0;
  for (let it = 0; it < 20 + 2 * n && n >= 2; it++) {
    // Stopping the fit early would make the bound (and so the labels) depend on the clock: give up instead.
    if (performance.now() > deadline) return 'time';
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < n; b++) w[a * n + b] = (base[a * n + b] as number) + (pi[a] as number) + (pi[b] as number);
    }
    deg.fill(0);
    const tree = treeOfUnvisited(n, w, 0, 0, nodes, key, deg, parent);
    if (!Number.isFinite(tree)) break;
    let out = -1;
    let into = -1;
    for (let u = 0; u < n; u++) {
      const o = (d[start * size + u] as number) + (pi[u] as number);
      const i = (d[u * size + end] as number) + (pi[u] as number);
      if (out < 0 || o < (d[start * size + out] as number) + (pi[out] as number)) out = u;
      if (into < 0 || i < (d[into * size + end] as number) + (pi[into] as number)) into = u;
    }
    deg[out] = (deg[out] as number) + 1;
    deg[into] = (deg[into] as number) + 1;
    let sumPi = 0;
    for (let u = 0; u < n; u++) sumPi += pi[u] as number;
    const bound =
      tree -
      2 * sumPi +
      (d[start * size + out] as number) +
      (pi[out] as number) +
      (d[into * size + end] as number) +
      (pi[into] as number);
    if (!Number.isFinite(bound)) break;
    if (bound > bestBound + 1e-9) {
      bestBound = bound;
      best.set(pi);
      sinceBetter = 0;
    } else if (++sinceBetter >= 5) {
      lambda /= 2;
      sinceBetter = 0;
    }
    let norm = 0;
    for (let u = 0; u < n; u++) norm += ((deg[u] as number) - 2) ** 2;
    if (norm === 0 || ub - bound <= 1e-9 || lambda < 1e-4) break; // a path: the bound is tight
    const step = (lambda * (ub - bound)) / norm;
    for (let u = 0; u < n; u++) pi[u] = (pi[u] as number) + step * ((deg[u] as number) - 2);
  }
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) w[a * n + b] = (base[a * n + b] as number) + (best[a] as number) + (best[b] as number);
  }
  return { w, pi: best };
}

export function solveExact(c: Compiled, options: ExactOptions = {}): ExactResult {
  const { n, travel: d, service, earliest, latest, start, end, shiftEnd } = c;
  if (n > EXACT_MAX_VISITS) {
    return {
      status: 'aborted',
      labels: 0,
      states: 0,
      work: 0,
      reason: `more than ${EXACT_MAX_VISITS} visits`,
      stop: 'size',
    };
  }
  const size = n + 2;
  const memoryMb = options.maxMemoryMb ?? DEFAULT_EXACT_MEMORY_MB;
  const memoryBytes = memoryMb * 1_000_000;
  const maxLabels = options.maxLabels ?? DEFAULT_EXACT_MAX_LABELS;
  const maxWork = options.maxWork ?? Number.POSITIVE_INFINITY;
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  const ub = options.upperBound ?? Number.POSITIVE_INFINITY;
  const ubTol = ub + 1e-7 * Math.max(1, Math.abs(ub));

  let labels = 1;
  let states = 1;
  let work = 0;
  let nextCheck = CHECK_EVERY;
  const stopped = (stop: ExactStop): ExactResult => {
    const reason =
      stop === 'memory'
        ? `memory cap of ${memoryMb} MB reached (${labels} labels and ${states} states at ~${LABEL_BYTES} and ~${STATE_BYTES} bytes each)`
        : stop === 'labels'
          ? `label budget ${maxLabels} exceeded`
          : stop === 'work'
            ? `work budget ${maxWork} exceeded`
            : `time limit reached after ${labels} labels (the label and work budgets were not)`;
    return { status: 'aborted', labels, states, work, reason, stop };
  };
  /** Deterministic budgets first, then the clock: the same instance stops at the same point when it can. */
  const check = (): ExactResult | null => {
    nextCheck = work + CHECK_EVERY;
    if (labels * LABEL_BYTES + states * STATE_BYTES > memoryBytes) return stopped('memory');
    if (labels > maxLabels) return stopped('labels');
    if (work > maxWork) return stopped('work');
    if (performance.now() > deadline) return stopped('time');
    return null;
  };

  // Shortest paths (travel only) give valid lower bounds on reaching a node even without triangle inequality.
  const sp = Float64Array.from(d);
  for (let k = 0; k < size; k++) {
    for (let i = 0; i < size; i++) {
      const ik = sp[i * size + k] as number;
      if (ik === Number.POSITIVE_INFINITY) continue;
      for (let j = 0; j < size; j++) {
        const v = ik + (sp[k * size + j] as number);
        if (v < (sp[i * size + j] as number)) sp[i * size + j] = v;
      }
    }
  }
  work += size * size * size;
  const minIn = new Float64Array(n);
  let remAll = 0;
  for (let j = 0; j < n; j++) {
    let m = d[start * size + j] as number;
    for (let i = 0; i < n; i++) if (i !== j) m = Math.min(m, d[i * size + j] as number);
    if (m === Number.POSITIVE_INFINITY) return { status: 'infeasible', labels: 0, states, work };
    minIn[j] = m;
    remAll += m;
  }
  let minInEnd = n === 0 ? (d[start * size + end] as number) : Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) minInEnd = Math.min(minInEnd, d[i * size + end] as number);
  // Every remaining leg x→y costs at least (cheapest out of x + cheapest into y) / 2.
  const minOut = new Float64Array(n);
  const half = new Float64Array(n);
  let rem2All = 0;
  for (let i = 0; i < n; i++) {
    let m = d[i * size + end] as number;
    for (let j = 0; j < n; j++) if (j !== i) m = Math.min(m, d[i * size + j] as number);
    if (m === Number.POSITIVE_INFINITY) return { status: 'infeasible', labels: 0, states, work };
    minOut[i] = m;
    half[i] = ((minIn[i] as number) + m) / 2;
    rem2All += half[i] as number;
  }
  const windowed: number[] = [];
  for (let j = 0; j < n; j++) if ((latest[j] as number) < Number.POSITIVE_INFINITY) windowed.push(j);

  // Bounds only prune against an incumbent: without one they are not computed at all.
  const bounded = ub < Number.POSITIVE_INFINITY;
  const fitted = bounded && n >= 3 ? fitTreeBound(c, ub, deadline) : null;
  if (fitted === 'time') return stopped('time');
  const tree = fitted;
  if (tree) work += (20 + 2 * n) * n * n;
  const pi = tree?.pi;
  const nodes = new Int32Array(n);
  const key = new Float64Array(n);
  /** Per visited set of the level being built: tree − 2·Σπ + cheapest penalised leg into the end. */
  let setBound = new Map<number, number>();
  const boundOfSet = (lo: number, hi: number, setKey: number): number => {
    let v = setBound.get(setKey);
    if (v === undefined) {
      const t = tree as TreeBound;
      const mst = treeOfUnvisited(n, t.w, lo, hi, nodes, key);
      let sumPi = 0;
      let into = Number.POSITIVE_INFINITY;
      let k = 0;
      for (let u = 0; u < n; u++) {
        if (has(lo, hi, u)) continue;
        k++;
        const p = t.pi[u] as number;
        sumPi += p;
        into = Math.min(into, (d[u * size + end] as number) + p);
      }
      work += k * k;
      v = mst - 2 * sumPi + into;
      setBound.set(setKey, v);
    }
    return v;
  };
  /** Lower bound on the travel from `last` through every unvisited visit to the end. */
  const restBound = (lo: number, hi: number, last: number, rem: number, rem2: number): number => {
    const lastOut = last === start ? 0 : (minOut[last] as number);
    let lb = Math.max(rem + minInEnd, rem2 + (lastOut + minInEnd) / 2);
    if (!tree || !pi) return lb;
    let out = Number.POSITIVE_INFINITY;
    let k = 0;
    for (let u = 0; u < n; u++) {
      if (has(lo, hi, u)) continue;
      k++;
      out = Math.min(out, (d[last * size + u] as number) + (pi[u] as number));
    }
    work += k;
    if (k === 0) return Math.max(lb, d[last * size + end] as number);
    lb = Math.max(lb, out + boundOfSet(lo, hi, (hi >>> 0) * WORD + (lo >>> 0)));
    return lb;
  };

  let level = new Map<number, State>();
  const root: State = {
    lo: 0,
    hi: 0,
    last: start,
    rem: remAll,
    rem2: rem2All,
    lb: 0,
    labels: [{ cost: 0, time: c.shiftStart, node: start, parent: null }],
  };
  if (bounded) root.lb = restBound(0, 0, start, remAll, rem2All);
  if (root.lb > ubTol)
    return { status: 'aborted', labels, states, work, reason: 'no route within the upper bound', stop: 'bound' };
  level.set(start, root);
  const early = check();
  if (early) return early;

  for (let depth = 0; depth < n; depth++) {
    const next = new Map<number, State>();
    setBound = new Map();
    for (const st of level.values()) {
      const { lo, hi, last } = st;
      if (st.labels.length === 0) continue;
      const readyExtra = service[last] as number;
      for (const lab of st.labels) {
        const ready = lab.time + readyExtra;
        for (let j = 0; j < n; j++) {
          if (has(lo, hi, j)) continue;
          // Budgets and the clock are looked at per unit of work, not per stored label: most expansions
          // may be pruned or dominated, and a long stretch of them must not overrun the time limit.
          if (++work >= nextCheck) {
            const stop = check();
            if (stop) return stop;
          }
          const t = d[last * size + j] as number;
          if (t === Number.POSITIVE_INFINITY) continue;
          const arrival = ready + t;
          if (arrival > (latest[j] as number) + EPS) continue;
          const time = Math.max(arrival, earliest[j] as number);
          const cost = lab.cost + t;
          if (cost > ubTol) continue;
          const nlo = j < 30 ? lo | (1 << j) : lo;
          const nhi = j < 30 ? hi : hi | (1 << (j - 30));
          // Dead end if some unvisited deadline or the end of the working day can no longer be met.
          const dep = time + (service[j] as number);
          if (dep + (sp[j * size + end] as number) > shiftEnd + EPS) continue;
          let dead = false;
          for (const w of windowed) {
            work++;
            if (w !== j && !has(nlo, nhi, w) && dep + (sp[j * size + w] as number) > (latest[w] as number) + EPS) {
              dead = true;
              break;
            }
          }
          if (dead) continue;

          const stateKey = ((nhi >>> 0) * WORD + (nlo >>> 0)) * 64 + j;
          let target = next.get(stateKey);
          if (!target) {
            const rem = st.rem - (minIn[j] as number);
            const rem2 = st.rem2 - (half[j] as number);
            const lb = bounded ? restBound(nlo, nhi, j, rem, rem2) : 0;
            target = { lo: nlo, hi: nhi, last: j, rem, rem2, lb, labels: [] };
            next.set(stateKey, target);
            states++;
            work += STATE_WORK;
          }
          if (cost + target.lb > ubTol) continue;
          const list = target.labels;
          work += list.length;
          let dominated = false;
          for (const other of list) {
            if (other.cost <= cost + EPS && other.time <= time + EPS) {
              dominated = true;
              break;
            }
          }
          if (dominated) continue;
          let keep = 0;
          for (const other of list) {
            if (!(cost <= other.cost + EPS && time <= other.time + EPS)) list[keep++] = other;
          }
          list.length = keep;
          list.push({ cost, time, node: j, parent: lab });
          labels++;
          work += LABEL_WORK;
        }
      }
    }
    level = next;
    if (level.size === 0) break;
  }
  let best: Label | null = null;
  let bestCost = Number.POSITIVE_INFINITY;
  let bestFinish = Number.POSITIVE_INFINITY;
  for (const st of level.values()) {
    const t = d[st.last * size + end] as number;
    if (t === Number.POSITIVE_INFINITY) continue;
    for (const lab of st.labels) {
      const finish = lab.time + (service[st.last] as number) + t;
      if (finish > shiftEnd + EPS) continue;
      const cost = lab.cost + t;
      if (cost < bestCost - EPS || (cost <= bestCost + EPS && finish < bestFinish - EPS)) {
        best = lab;
        bestCost = cost;
        bestFinish = finish;
      }
    }
  }
  if (!best) {
    // With an upper bound from a feasible route this cannot happen; without one, no feasible route exists.
    return ub === Number.POSITIVE_INFINITY
      ? { status: 'infeasible', labels, states, work }
      : { status: 'aborted', labels, states, work, reason: 'no route within the upper bound', stop: 'bound' };
  }
  const order: number[] = [];
  for (let l: Label | null = best; l?.parent; l = l.parent) order.push(l.node);
  order.reverse();
  return { status: 'optimal', order, travel: bestCost, finish: bestFinish, labels, states, work };
}
