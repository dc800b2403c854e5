// One descent of the windowed search to a local optimum of travel + w · time warp.
//
// Moves of a visit u with each v of its granular neighbour list: relocate a segment of 1–3 visits starting or
// ending at u (forward or reversed) to just before or after v (Or-opt), exchange u and v, and the two 2-opt
// reversals that make u and v adjacent (the reversed stretch is scored with its own travel, so asymmetric
// matrices are handled). First improvement; after an accepted move only the visits around it are queued
// again, and the descent ends when the queue is empty (a local optimum for the visits examined).
import { Acc, type Data, Reach, type RouteState } from './route-state.ts';

const EPS = 1e-7;

export interface DescentResult {
  travel: number;
  timeWarp: number;
  /** False when the deadline cut the descent short (the route is then not a local optimum). */
  complete: boolean;
}

export class Descent {
  private readonly reach: Reach;
  private readonly acc = new Acc();
  private readonly seg: Acc[] = Array.from({ length: 9 }, () => new Acc());
  private readonly segStart = new Int32Array(9);
  private readonly segEnd = new Int32Array(9);
  private readonly queued: Uint8Array;
  private readonly queue: Int32Array;
  private head = 0;
  private tail = 0;
  private count = 0;
  /** Moves applied since construction (for profiling and tests). */
  moves = 0;

  constructor(
    private readonly d: Data,
    private readonly st: RouteState,
  ) {
    this.reach = new Reach(st);
    this.queued = new Uint8Array(d.n);
    this.queue = new Int32Array(d.n);
  }

  enqueue(v: number): void {
    if (v >= 0 && v < this.d.n && !this.queued[v]) {
      this.queued[v] = 1;
      this.queue[this.tail] = v;
      this.tail = (this.tail + 1) % this.d.n;
      this.count++;
    }
  }

  /** Queues the visits at positions lo − 1 … hi + 1. */
  enqueueAround(lo: number, hi: number): void {
    const n = this.d.n;
    for (let k = Math.max(1, lo - 1); k <= Math.min(n, hi + 1); k++) this.enqueue(this.st.s[k] as number);
  }

  /** Queues the visits where the schedule warps back in time (late) and the two before each. */
  enqueueLate(): void {
    const tw = this.st.ends.TW;
    for (let k = 1; k < this.st.len; k++) {
      if ((tw[k] as number) > (tw[k - 1] as number) + 1e-9) this.enqueueAround(k - 1, k);
    }
  }

  enqueueAll(): void {
    for (let k = 1; k <= this.d.n; k++) this.enqueue(this.st.s[k] as number);
  }

  clear(): void {
    this.queued.fill(0);
    this.head = 0;
    this.tail = 0;
    this.count = 0;
  }

  /** Descends from the state's current route (the visits queued so far are examined first). */
  run(w: number, deadline: number): DescentResult {
    const { st, acc } = this;
    this.stopped = false;
    st.whole(acc);
    let bar = threshold(acc.C + w * acc.TW);
    while (this.count > 0 && !this.stopped) {
      const u = this.queue[this.head] as number;
      this.head = (this.head + 1) % this.d.n;
      this.count--;
      this.queued[u] = 0;
      if (this.improve(u, w, bar, deadline)) {
        this.moves++;
        st.whole(acc);
        bar = threshold(acc.C + w * acc.TW);
        this.enqueue(u);
        // An accepted move costs an O(n) update: look at the clock after each one too.
        if (performance.now() > deadline) this.stopped = true;
      }
    }
    const complete = !this.stopped;
    if (!complete) this.clear();
    st.whole(acc);
    return { travel: acc.C, timeWarp: acc.TW, complete };
  }

  private stopped = false;
  private evals = 0;

  /** Looks for an improving move of u (first improvement) and applies it; false when none (or time is up). */
  private improve(u: number, w: number, bar: number, deadline: number): boolean {
    const { d, st, reach, acc, seg, segStart, segEnd } = this;
    const n = d.n;
    const s = st.s;
    const pu = st.pos[u] as number;
    reach.centre(pu);
    // The segments of 1–3 visits that start or end at u, forward and reversed.
    let segs = 0;
    for (let L = 1; L <= 3; L++) {
      for (let side = 0; side < (L === 1 ? 1 : 2); side++) {
        const s0 = side === 0 ? pu : pu - L + 1;
        const e0 = s0 + L - 1;
        if (s0 < 1 || e0 > n) continue;
        for (let r = 0; r < (L === 1 ? 1 : 2); r++) {
          const x = seg[segs] as Acc;
          if (r === 0) {
            x.node(d, s[s0] as number);
            for (let k = s0 + 1; k <= e0; k++) x.joinNode(d, s[k] as number);
          } else {
            x.node(d, s[e0] as number);
            for (let k = e0 - 1; k >= s0; k--) x.joinNode(d, s[k] as number);
          }
          segStart[segs] = r === 0 ? s0 : -s0; // the sign says reversed
          segEnd[segs] = e0;
          segs++;
        }
      }
    }
    const dist = d.dist;
    const size = d.size;
    // Time warp is never negative: a move whose travel alone reaches the bar is rejected from a few legs,
    // before any schedule is joined (most moves, once the route is feasible).
    st.whole(acc);
    const travelBar = bar - acc.C + 1e-9 * Math.max(1, Math.abs(bar));
    for (const v of d.neighbours[u] as Int32Array) {
      if ((++this.evals & 63) === 0 && performance.now() > deadline) {
        this.stopped = true;
        return false;
      }
      const pv = st.pos[v] as number;
      // Relocate (Or-opt) next to v: after v (p = pv) and before v (p = pv − 1).
      for (let q = 0; q < segs; q++) {
        const s0 = Math.abs(segStart[q] as number);
        const e0 = segEnd[q] as number;
        if (pv >= s0 && pv <= e0) continue;
        const x = seg[q] as Acc;
        const prev = s[s0 - 1] as number;
        const next = s[e0 + 1] as number;
        const out =
          (dist[prev * size + (s[s0] as number)] as number) +
          (dist[(s[e0] as number) * size + next] as number) +
          st.travel(s0, e0, false);
        const bridge = (dist[prev * size + next] as number) + x.C - out;
        for (let p = pv; p >= pv - 1; p--) {
          if (p >= s0 - 1 && p <= e0) continue;
          const sp = s[p] as number;
          const sq = s[p + 1] as number;
          if (
            bridge +
              (dist[sp * size + x.first] as number) +
              (dist[x.last * size + sq] as number) -
              (dist[sp * size + sq] as number) >=
            travelBar
          )
            continue;
          if (p > e0) {
            st.prefix(acc, s0 - 1);
            reach.forward(acc, e0 + 1, p);
            acc.joinAcc(d, x);
            st.joinSuffix(acc, p + 1);
          } else {
            st.prefix(acc, p);
            acc.joinAcc(d, x);
            reach.forward(acc, p + 1, s0 - 1);
            st.joinSuffix(acc, e0 + 1);
          }
          if (acc.C + w * acc.TW < bar) {
            const [lo, hi] = st.applyRelocate(s0, e0, (segStart[q] as number) < 0, p);
            this.enqueueAround(lo, hi);
            return true;
          }
        }
      }
      const a = Math.min(pu, pv);
      const b = Math.max(pu, pv);
      // Exchange u and v.
      const sa = s[a] as number;
      const sb = s[b] as number;
      const before = s[a - 1] as number;
      const after = s[b + 1] as number;
      const swapDelta =
        b === a + 1
          ? (dist[before * size + sb] as number) +
            (dist[sb * size + sa] as number) +
            (dist[sa * size + after] as number) -
            (dist[before * size + sa] as number) -
            (dist[sa * size + sb] as number) -
            (dist[sb * size + after] as number)
          : (dist[before * size + sb] as number) +
            (dist[sb * size + (s[a + 1] as number)] as number) +
            (dist[(s[b - 1] as number) * size + sa] as number) +
            (dist[sa * size + after] as number) -
            (dist[before * size + sa] as number) -
            (dist[sa * size + (s[a + 1] as number)] as number) -
            (dist[(s[b - 1] as number) * size + sb] as number) -
            (dist[sb * size + after] as number);
      if (swapDelta < travelBar) {
        st.prefix(acc, a - 1);
        acc.joinNode(d, s[b] as number);
        if (b > a + 1) reach.forward(acc, a + 1, b - 1);
        acc.joinNode(d, s[a] as number);
        st.joinSuffix(acc, b + 1);
        if (acc.C + w * acc.TW < bar) {
          st.applySwap(a, b);
          this.enqueueAround(a, a);
          this.enqueueAround(b, b);
          return true;
        }
      }
      // 2-opt: the reversals that make u and v adjacent.
      if (b > a + 1 && this.flip(a + 1, b) < travelBar) {
        st.prefix(acc, a);
        reach.backward(acc, a + 1, b);
        st.joinSuffix(acc, b + 1);
        if (acc.C + w * acc.TW < bar) {
          st.applyReverse(a + 1, b);
          this.enqueueAround(a, b);
          return true;
        }
      }
      if (b > a + 1 && this.flip(a, b - 1) < travelBar) {
        st.prefix(acc, a - 1);
        reach.backward(acc, a, b - 1);
        st.joinSuffix(acc, b);
        if (acc.C + w * acc.TW < bar) {
          st.applyReverse(a, b - 1);
          this.enqueueAround(a, b);
          return true;
        }
      }
    }
    return false;
  }

  /** Travel change of reversing s[i..j]: legs (i−1, i), (j, j+1) and the stretch's own travel, reversed. */
  private flip(i: number, j: number): number {
    const { s } = this.st;
    const { dist, size } = this.d;
    const a = s[i - 1] as number;
    const b = s[i] as number;
    const y = s[j] as number;
    const z = s[j + 1] as number;
    return (
      (dist[a * size + y] as number) +
      (dist[b * size + z] as number) -
      (dist[a * size + b] as number) -
      (dist[y * size + z] as number) +
      this.st.travel(i, j, true) -
      this.st.travel(i, j, false)
    );
  }
}

// Improvement threshold, relative as well as absolute: at a high weight, rounding in the concatenation would
// otherwise let two equivalent routes each look better than the other (a cycle until the deadline).
function threshold(current: number): number {
  return current - EPS * Math.max(1, Math.abs(current));
}
