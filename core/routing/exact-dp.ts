// Exact single-vehicle TSP with time windows: a label-setting dynamic program over (visited set, last visit).
// Each state keeps its Pareto-optimal labels (travel so far, departure-ready time): with waiting allowed, an
// earlier time is never worse later on, so a label is dropped only when another has both less travel and an
// earlier time. Finishing with lexicographic (travel, finish) over the surviving labels is therefore exact.
// Pruning: window deadlines of unvisited visits via shortest-path lower bounds, working-hours end, and a
// travel lower bound (cheapest ways into and out of each unvisited visit) against an incumbent from the
// heuristic.
import type { Compiled } from './compile.ts';

export type ExactResult =
  | { status: 'optimal'; order: number[]; travel: number; finish: number; labels: number }
  | { status: 'infeasible'; labels: number }
  | { status: 'aborted'; labels: number; reason: string };

/** Sets are two 30-bit words plus the last node packed into one safe integer key: 47 visits at most. */
export const EXACT_MAX_VISITS = 47;
/** Estimated heap per stored label (label object, list slot, share of its state and map entry). */
export const LABEL_BYTES = 300;
export const DEFAULT_EXACT_MEMORY_MB = 600;

export interface ExactOptions {
  /** Travel of a known feasible route: states that cannot beat it are pruned. */
  upperBound?: number;
  maxLabels?: number;
  /** Memory cap in MB (default 600); converted to labels at LABEL_BYTES each. */
  maxMemoryMb?: number;
  /** performance.now() value after which the search gives up (a backstop; budget with maxLabels). */
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
  /** Lower bound on the travel still needed to enter every unvisited visit. */
  rem: number;
  /** Σ over unvisited visits of (cheapest way in + cheapest way out) / 2: a second, often tighter bound. */
  rem2: number;
  labels: Label[];
}

const EPS = 1e-9;
const WORD = 1073741824; // 2^30

function has(lo: number, hi: number, j: number): boolean {
  return j < 30 ? ((lo >>> j) & 1) === 1 : ((hi >>> (j - 30)) & 1) === 1;
}

export function solveExact(c: Compiled, options: ExactOptions = {}): ExactResult {
  const { n, travel: d, service, earliest, latest, start, end, shiftEnd } = c;
  if (n > EXACT_MAX_VISITS) return { status: 'aborted', labels: 0, reason: `more than ${EXACT_MAX_VISITS} visits` };
  const size = n + 2;
  const memoryMb = options.maxMemoryMb ?? DEFAULT_EXACT_MEMORY_MB;
  const memoryLabels = Math.floor((memoryMb * 1_000_000) / LABEL_BYTES);
  const maxLabels = Math.min(options.maxLabels ?? 2_000_000, memoryLabels);
  const budgetReason =
    maxLabels === memoryLabels
      ? `memory cap of ${memoryMb} MB reached (${memoryLabels} labels at ~${LABEL_BYTES} bytes each)`
      : `label budget ${maxLabels} exceeded`;
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  const ub = options.upperBound ?? Number.POSITIVE_INFINITY;
  const ubTol = ub + 1e-7 * Math.max(1, Math.abs(ub));

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
  const minIn = new Float64Array(n);
  let remAll = 0;
  for (let j = 0; j < n; j++) {
    let m = d[start * size + j] as number;
    for (let i = 0; i < n; i++) if (i !== j) m = Math.min(m, d[i * size + j] as number);
    if (m === Number.POSITIVE_INFINITY) return { status: 'infeasible', labels: 0 };
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
    if (m === Number.POSITIVE_INFINITY) return { status: 'infeasible', labels: 0 };
    minOut[i] = m;
    half[i] = ((minIn[i] as number) + m) / 2;
    rem2All += half[i] as number;
  }
  const windowed: number[] = [];
  for (let j = 0; j < n; j++) if ((latest[j] as number) < Number.POSITIVE_INFINITY) windowed.push(j);

  let labels = 1;
  let expansions = 0;
  let level = new Map<number, State>();
  level.set(start, {
    lo: 0,
    hi: 0,
    last: start,
    rem: remAll,
    rem2: rem2All,
    labels: [{ cost: 0, time: c.shiftStart, node: start, parent: null }],
  });

  for (let depth = 0; depth < n; depth++) {
    const next = new Map<number, State>();
    for (const st of level.values()) {
      const { lo, hi, last } = st;
      const readyExtra = service[last] as number;
      for (const lab of st.labels) {
        const ready = lab.time + readyExtra;
        for (let j = 0; j < n; j++) {
          if (has(lo, hi, j)) continue;
          // The clock is read per expansion, not per stored label: most expansions may be pruned or
          // dominated, and a long stretch of them without a new label must not overrun the time limit.
          if ((++expansions & 4095) === 0 && performance.now() > deadline) {
            return { status: 'aborted', labels, reason: 'time limit reached (the label budget was not)' };
          }
          const t = d[last * size + j] as number;
          if (t === Number.POSITIVE_INFINITY) continue;
          const arrival = ready + t;
          if (arrival > (latest[j] as number) + EPS) continue;
          const e = earliest[j] as number;
          const time = Math.max(arrival, e);
          const cost = lab.cost + t;
          const rem = st.rem - (minIn[j] as number);
          const rem2 = st.rem2 - (half[j] as number);
          if (cost + Math.max(rem + minInEnd, rem2 + ((minOut[j] as number) + minInEnd) / 2) > ubTol) continue;
          const nlo = j < 30 ? lo | (1 << j) : lo;
          const nhi = j < 30 ? hi : hi | (1 << (j - 30));
          // Dead end if some unvisited deadline or the end of the working day can no longer be met.
          const dep = time + (service[j] as number);
          if (dep + (sp[j * size + end] as number) > shiftEnd + EPS) continue;
          let dead = false;
          for (const w of windowed) {
            if (w !== j && !has(nlo, nhi, w) && dep + (sp[j * size + w] as number) > (latest[w] as number) + EPS) {
              dead = true;
              break;
            }
          }
          if (dead) continue;

          const key = ((nhi >>> 0) * WORD + (nlo >>> 0)) * 64 + j;
          let target = next.get(key);
          if (!target) {
            target = { lo: nlo, hi: nhi, last: j, rem, rem2, labels: [] };
            next.set(key, target);
          }
          const list = target.labels;
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
          if ((labels & 1023) === 0) {
            if (labels > maxLabels) return { status: 'aborted', labels, reason: budgetReason };
            if (performance.now() > deadline)
              return { status: 'aborted', labels, reason: 'time limit reached (the label budget was not)' };
          }
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
      ? { status: 'infeasible', labels }
      : { status: 'aborted', labels, reason: 'no route within the upper bound' };
  }
  const order: number[] = [];
  for (let l: Label | null = best; l?.parent; l = l.parent) order.push(l.node);
  order.reverse();
  return { status: 'optimal', order, travel: bestCost, finish: bestFinish, labels };
}
