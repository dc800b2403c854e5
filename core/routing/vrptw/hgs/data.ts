// biome-ignore-all lint/style/noNonNullAssertion: node indices are in range by construction.
// Port of parts of HGS-CVRP (Vidal 2020, MIT) as extended with time windows by ORTEC (EURO-NeurIPS 2022, MIT);
// see ./LICENSE. The problem as the penalised search sees it, and the time-warp segments of Vidal et al. 2013
// ("A hybrid genetic algorithm with adaptive diversity management for a large class of vehicle routing
// problems with time-windows"): a sequence is summarised by its duration, time warp, earliest/latest start,
// load and distance, two summaries concatenate in O(1), and a route is feasible iff its time warp is 0 and its
// load within capacity — the same verdict as checkVrptwRoute's forward simulation (wait for windows, start at
// the shift start, back by its end).
import type { VrptwProblem } from '../model.ts';

/** Nodes: 0 = start depot, 1..n = customers 0..n-1, n+1 = end depot. */
export class HgsData {
  readonly n: number;
  readonly end: number;
  readonly loc: Int32Array;
  readonly ready: Float64Array;
  readonly due: Float64Array;
  readonly service: Float64Array;
  readonly demand: Float64Array;
  readonly capacity: number;
  readonly T: readonly (readonly number[])[];
  /** One-node segments, the building blocks of every evaluation. */
  readonly nodeSeg: Seg[];

  constructor(problem: VrptwProblem) {
    const C = problem.customers;
    const v = problem.vehicles[0]!;
    const n = C.length;
    this.n = n;
    this.end = n + 1;
    this.T = problem.travel;
    this.capacity = v.capacity;
    this.loc = new Int32Array(n + 2);
    this.ready = new Float64Array(n + 2);
    this.due = new Float64Array(n + 2);
    this.service = new Float64Array(n + 2);
    this.demand = new Float64Array(n + 2);
    this.loc[0] = v.start;
    this.loc[n + 1] = v.end;
    for (const d of [0, n + 1]) {
      this.ready[d] = v.shiftStart;
      this.due[d] = v.shiftEnd;
    }
    for (let i = 0; i < n; i++) {
      const c = C[i]!;
      this.loc[i + 1] = c.location;
      this.ready[i + 1] = c.ready;
      this.due[i + 1] = c.due;
      this.service[i + 1] = c.service;
      this.demand[i + 1] = c.demand;
    }
    this.nodeSeg = [];
    for (let a = 0; a <= n + 1; a++) {
      const s = new Seg();
      s.first = a;
      s.last = a;
      s.dur = this.service[a]!;
      s.e = this.ready[a]!;
      s.l = this.due[a]!;
      s.load = this.demand[a]!;
      this.nodeSeg.push(s);
    }
  }

  dist(a: number, b: number): number {
    return this.T[this.loc[a]!]![this.loc[b]!]!;
  }
}

export class Seg {
  first = 0;
  last = 0;
  /** Duration including service and waiting. */
  dur = 0;
  /** Time warp: how much lateness the sequence needs (0 = feasible windows). */
  tw = 0;
  /** Window on the start of the first service that gives the least duration and time warp. */
  e = 0;
  l = 0;
  load = 0;
  dist = 0;

  copy(o: Seg): this {
    this.first = o.first;
    this.last = o.last;
    this.dur = o.dur;
    this.tw = o.tw;
    this.e = o.e;
    this.l = o.l;
    this.load = o.load;
    this.dist = o.dist;
    return this;
  }

  /** this ← this ⊕ b (Vidal et al. 2013's concatenation). */
  append(data: HgsData, b: Seg): this {
    const d = data.dist(this.last, b.first);
    const delta = this.dur - this.tw + d;
    const wait = Math.max(b.e - delta - this.l, 0);
    const warp = Math.max(this.e + delta - b.l, 0);
    this.e = Math.max(b.e - delta, this.e) - wait;
    this.l = Math.min(b.l - delta, this.l) + warp;
    this.dur = this.dur + b.dur + d + wait;
    this.tw = this.tw + b.tw + warp;
    this.load += b.load;
    this.dist += b.dist + d;
    this.last = b.last;
    return this;
  }
}

/** The penalty weights of the search (HGS's penaltyCapacity and penaltyTimeWarp). */
export interface Penalties {
  capacity: number;
  timeWarp: number;
}

/** Below this, time warp and load excess are rounding noise (checkVrptwRoute allows 1e-6). */
export const FEASIBLE_EPS = 1e-7;

export function penalisedCost(data: HgsData, s: Seg, p: Penalties): number {
  return s.dist + p.capacity * Math.max(0, s.load - data.capacity) + p.timeWarp * s.tw;
}

/** Summary of a whole route (depots included) from its customer nodes. */
export function routeSeg(data: HgsData, route: readonly number[], out = new Seg()): Seg {
  out.copy(data.nodeSeg[0]!);
  for (const c of route) out.append(data, data.nodeSeg[c]!);
  return out.append(data, data.nodeSeg[data.end]!);
}
