// Improving moves for the symmetric TSP on an ArrayTour, driven by a queue of "active" nodes (don't-look bits):
// - Lin–Kernighan chains of sequential 2-opt flips from each active node t1: remove (t1, t2), add (t2, t3) for a
//   near neighbour t3, remove (t3, t4) and close with (t4, t1); keep going from t4 while the running gain stays
//   positive, then keep the best prefix. Breadth 5 / 3 at the first two levels, then greedy to depth 8.
// - Or-opt: a segment of 1–3 nodes from the active node moved (either way round) next to one of its neighbours;
//   LK's flip chains rarely find these pure segment insertions.
// - Or-3opt: two adjacent runs of any length exchanged, found from the neighbour lists of both new edges.
// Edges with weight -Infinity are fixed (the end → start edge of a path): no move ever removes one.
import type { ArrayTour } from './tour.ts';

const EPS = 1e-9;
/** Candidates tried per level of an LK chain; deeper levels take the best candidate only. */
const BREADTH = [5, 3];
const MAX_DEPTH = 8;

export class TourImprover {
  /** Sum of the tour's edges except the fixed one, updated by every applied move. */
  cost = 0;
  private readonly active: Uint8Array;
  private readonly queue: Int32Array;
  private qHead = 0;
  private qLen = 0;
  // LK chain state: positions reversed (to undo), nodes touched, edges added (not to be removed again).
  private readonly flipI = new Int32Array(MAX_DEPTH);
  private readonly flipJ = new Int32Array(MAX_DEPTH);
  private readonly touched = new Int32Array(MAX_DEPTH * 4);
  private readonly addedA = new Int32Array(MAX_DEPTH);
  private readonly addedB = new Int32Array(MAX_DEPTH);
  private readonly candT3: Int32Array[];
  private readonly candT4: Int32Array[];
  private readonly candVal: Float64Array[];
  private depthUsed = 0;
  private bestGain = 0;
  private bestLen = 0;

  constructor(
    readonly tour: ArrayTour,
    /** size × size weights, row-major. */
    readonly dist: Float64Array,
    readonly neigh: readonly Int32Array[],
  ) {
    const size = tour.size;
    this.active = new Uint8Array(size);
    this.queue = new Int32Array(size);
    const levels = Array.from({ length: MAX_DEPTH }, (_, depth) => BREADTH[depth] ?? 1);
    this.candT3 = levels.map((b) => new Int32Array(b));
    this.candT4 = levels.map((b) => new Int32Array(b));
    this.candVal = levels.map((b) => new Float64Array(b));
  }

  d(a: number, b: number): number {
    return this.dist[a * this.tour.size + b] as number;
  }

  /** Marks v active (a circular queue of capacity size: each node is in it at most once). */
  push(v: number): void {
    if (this.active[v]) return;
    this.active[v] = 1;
    const size = this.tour.size;
    this.queue[(this.qHead + this.qLen) % size] = v;
    this.qLen++;
  }

  pushAll(): void {
    for (let k = 0; k < this.tour.size; k++) this.push(this.tour.order[k] as number);
  }

  clearQueue(): void {
    while (this.qLen > 0) this.pop();
  }

  private pop(): number {
    const v = this.queue[this.qHead] as number;
    this.qHead = (this.qHead + 1) % this.tour.size;
    this.qLen--;
    this.active[v] = 0;
    return v;
  }

  /** Improves until no active node is left (true) or the clock (`now`) passes deadline (false). */
  descend(deadline: number, now: () => number = performance.now.bind(performance)): boolean {
    let calls = 0;
    while (this.qLen > 0) {
      // Every 32 nodes: a look at the clock can cost more than a node (process.cpuUsage is a system call).
      if ((++calls & 31) === 0 && now() > deadline) return false;
      const a = this.pop();
      if (this.linKernighan(a) || this.orOpt(a) || this.segmentExchange(a)) this.push(a);
    }
    return true;
  }

  // --- Lin–Kernighan -------------------------------------------------------------------------------------------

  private linKernighan(t1: number): boolean {
    for (let side = 0; side < 2; side++) {
      const t2 = side === 0 ? this.tour.next(t1) : this.tour.prev(t1);
      this.depthUsed = 0;
      this.bestGain = EPS;
      this.bestLen = 0;
      if (this.step(t1, t2, this.d(t1, t2), 0)) return true;
    }
    return false;
  }

  /** One level of the chain; t2 is t1's tour neighbour whose edge is (virtually) removed, g the gain so far. */
  private step(t1: number, t2: number, g: number, depth: number): boolean {
    const tour = this.tour;
    const forward = tour.next(t1) === t2;
    const c3 = this.candT3[depth] as Int32Array;
    const c4 = this.candT4[depth] as Int32Array;
    const cv = this.candVal[depth] as Float64Array;
    const breadth = c3.length;
    let count = 0;
    for (const t3 of this.neigh[t2] as Int32Array) {
      const d23 = this.d(t2, t3);
      if (g - d23 <= EPS) break; // the lists are sorted: no later t3 keeps the gain positive
      if (t3 === t1) continue;
      const t4 = forward ? tour.prev(t3) : tour.next(t3);
      if (t4 === t2) continue;
      const d34 = this.d(t3, t4);
      if (d34 < 0 || this.wasAdded(t3, t4, depth)) continue;
      // Keep the best `breadth` candidates by d34 - d23 (insertion into a tiny sorted list).
      const val = d34 - d23;
      let k = count < breadth ? count++ : breadth;
      if (k === breadth && val <= (cv[breadth - 1] as number)) continue;
      if (k === breadth) k--;
      while (k > 0 && (cv[k - 1] as number) < val) {
        c3[k] = c3[k - 1] as number;
        c4[k] = c4[k - 1] as number;
        cv[k] = cv[k - 1] as number;
        k--;
      }
      c3[k] = t3;
      c4[k] = t4;
      cv[k] = val;
    }
    for (let m = 0; m < count; m++) {
      const t3 = c3[m] as number;
      const t4 = c4[m] as number;
      const gNew = g + (cv[m] as number);
      this.flip(t1, t2, t4, t3, depth);
      const close = gNew - this.d(t4, t1);
      if (close > this.bestGain) {
        this.bestGain = close;
        this.bestLen = depth + 1;
      }
      if (depth + 1 < MAX_DEPTH && this.step(t1, t4, gNew, depth + 1)) return true;
      if (this.bestGain > EPS) {
        this.commit();
        return true;
      }
      tour.unreverse(this.flipI[depth] as number, this.flipJ[depth] as number);
      this.depthUsed = depth;
    }
    return false;
  }

  /** 2-opt removing (t1, t2), (t4, t3) and adding (t2, t3), (t1, t4); remembered for undo at this depth. */
  private flip(t1: number, t2: number, t4: number, t3: number, depth: number): void {
    const tour = this.tour;
    let i: number;
    let j: number;
    if (tour.next(t1) === t2) {
      i = tour.pos[t2] as number;
      j = tour.pos[t4] as number;
    } else {
      i = tour.pos[t1] as number;
      j = tour.pos[t3] as number;
    }
    tour.reverse(i, j);
    this.flipI[depth] = i;
    this.flipJ[depth] = j;
    this.addedA[depth] = t2;
    this.addedB[depth] = t3;
    const o = 4 * depth;
    this.touched[o] = t1;
    this.touched[o + 1] = t2;
    this.touched[o + 2] = t3;
    this.touched[o + 3] = t4;
    this.depthUsed = depth + 1;
  }

  private wasAdded(a: number, b: number, depth: number): boolean {
    for (let k = 0; k < depth; k++) {
      const x = this.addedA[k];
      const y = this.addedB[k];
      if ((x === a && y === b) || (x === b && y === a)) return true;
    }
    return false;
  }

  /** Undoes the flips past the best prefix, books its gain and wakes the nodes it touched. */
  private commit(): void {
    for (let k = this.depthUsed - 1; k >= this.bestLen; k--) {
      this.tour.unreverse(this.flipI[k] as number, this.flipJ[k] as number);
    }
    this.cost -= this.bestGain;
    for (let k = 0; k < 4 * this.bestLen; k++) this.push(this.touched[k] as number);
  }

  // --- Or-opt --------------------------------------------------------------------------------------------------

  private orOpt(a: number): boolean {
    const tour = this.tour;
    const size = tour.size;
    for (let side = 0; side < 2; side++) {
      // The segment runs from s1 = a away from p, towards nn.
      const p = side === 0 ? tour.prev(a) : tour.next(a);
      const dp1 = this.d(p, a);
      if (dp1 < 0) continue;
      let s2 = a;
      for (let len = 1; len <= 3 && len + 3 <= size; len++) {
        if (len > 1) {
          s2 = side === 0 ? tour.next(s2) : tour.prev(s2);
          if (s2 === p) break;
        }
        const nn = side === 0 ? tour.next(s2) : tour.prev(s2);
        if (nn === p) break;
        const d2n = this.d(s2, nn);
        if (d2n < 0) continue;
        const removal = this.d(p, nn) - dp1 - d2n;
        for (const cc of this.neigh[a] as Int32Array) {
          if (this.d(a, cc) + removal >= -EPS) break; // adding (a, cc) alone already eats the removal's gain
          if (cc === p || cc === nn || this.offset(a, cc, side) < len) continue;
          for (let w2 = 0; w2 < 2; w2++) {
            const w = w2 === 0 ? tour.next(cc) : tour.prev(cc);
            if (w === p || w === nn || this.offset(a, w, side) < len) continue;
            const dcw = this.d(cc, w);
            if (dcw < 0) continue;
            // a next to cc (segment a…s2 then w), or s2 next to cc.
            const near = this.d(cc, a) + this.d(s2, w);
            const far = this.d(cc, s2) + this.d(a, w);
            const delta = removal - dcw + Math.min(near, far);
            if (delta < -EPS) {
              this.moveSegment(p, a, s2, nn, cc, w, near <= far);
              this.cost += delta;
              this.push6(p, nn, a, s2, cc, w);
              return true;
            }
          }
        }
      }
    }
    return false;
  }

  /** Steps from a to v along the tour, forward (side 0) or backward (side 1). */
  private offset(a: number, v: number, side: number): number {
    const pos = this.tour.pos;
    const o = side === 0 ? (pos[v] as number) - (pos[a] as number) : (pos[a] as number) - (pos[v] as number);
    return o < 0 ? o + this.tour.size : o;
  }

  private push6(a: number, b: number, c: number, d: number, e: number, f: number): void {
    this.push(a);
    this.push(b);
    this.push(c);
    this.push(d);
    this.push(e);
    this.push(f);
  }

  // --- Or-3opt -------------------------------------------------------------------------------------------------

  /**
   * Pure 3-opt segment exchange (no reversal), which flip chains only reach through a loss: a [b … pc] [c … e] f
   * becomes a [c … e] [b … pc] f, with c a neighbour of a and e a neighbour of b, so both runs can be long.
   */
  private segmentExchange(a: number): boolean {
    const tour = this.tour;
    const size = tour.size;
    for (let side = 0; side < 2; side++) {
      const b = side === 0 ? tour.next(a) : tour.prev(a);
      const dab = this.d(a, b);
      for (const c of this.neigh[a] as Int32Array) {
        const g1 = dab - this.d(a, c);
        if (g1 <= EPS) break;
        const oc = this.offset(a, c, side);
        if (oc < 2) continue;
        const pc = side === 0 ? tour.prev(c) : tour.next(c);
        const dpc = this.d(pc, c);
        if (dpc < 0) continue;
        const g1c = g1 + dpc;
        for (const e of this.neigh[b] as Int32Array) {
          const g2 = g1c - this.d(b, e);
          if (g2 <= EPS) break;
          const oe = this.offset(a, e, side);
          if (oe < oc || oe > size - 2) continue;
          const f = side === 0 ? tour.next(e) : tour.prev(e);
          const def = this.d(e, f);
          if (def < 0) continue;
          const delta = this.d(pc, f) - def - g2;
          if (delta < -EPS) {
            tour.move2opt(a, b, e, f); // a e…c pc…b f
            tour.move2opt(a, e, c, pc); // a c…e pc…b f
            tour.move2opt(e, pc, b, f); // a c…e b…pc f
            this.cost += delta;
            this.push6(a, b, c, pc, e, f);
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * Moves the segment s1…s2 (between p and nn) into the edge (x, y), with s1 next to x when s1NextToX: three
   * 2-opt flips at most. Orient (x, y) like (p, s1) first: then the flips below are valid whatever the array says.
   */
  private moveSegment(p: number, s1: number, s2: number, nn: number, x: number, y: number, s1NextToX: boolean): void {
    const tour = this.tour;
    const sameWay = (tour.next(p) === s1) === (tour.next(x) === y);
    const xa = sameWay ? x : y; // xa → ya in the p → s1 direction
    const ya = sameWay ? y : x;
    tour.move2opt(p, s1, xa, ya); // p–xa, s1–ya
    tour.move2opt(p, xa, nn, s2); // p–nn, xa–s2: now … xa s2 … s1 ya …
    // Wanted next to xa: s1 when (s1 next to x and xa = x) or (s2 next to x and xa = y).
    if (s1NextToX === sameWay) tour.move2opt(xa, s2, s1, ya);
  }
}
