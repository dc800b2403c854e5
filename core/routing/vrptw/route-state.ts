// biome-ignore-all lint/style/noNonNullAssertion: hot loops over position arrays that update() keeps in bounds.
// One route with the per-position data that makes move checks O(1) (Savelsbergh 1992, "The vehicle routing
// problem with time windows: minimizing route duration"; Kindervater & Savelsbergh 1997): the earliest
// departure from each position given the prefix, and the latest service start at each position that keeps
// the suffix feasible. A new prefix ending at time t can be joined to a suffix starting at position p iff
// t + travel ≤ latest[p]; loads are prefix sums. Routes held here are always feasible.
import type { VrptwProblem } from './model.ts';

export class RouteState {
  customers: number[] = [];
  /** Position p: 0 = start, 1..m = customers, m+1 = end. */
  loc: number[] = [];
  dep: number[] = [];
  latest: number[] = [];
  load: number[] = [];
  travel = 0;
  extra = 0;

  constructor(
    readonly problem: VrptwProblem,
    readonly vehicle: number,
  ) {
    this.update();
  }

  get size(): number {
    return this.customers.length;
  }

  get totalLoad(): number {
    return this.load[this.customers.length] ?? 0;
  }

  /** O(m): recompute every cache after the customer list changed. */
  update(): void {
    const { travel: T, customers: C } = this.problem;
    const v = this.problem.vehicles[this.vehicle]!;
    const m = this.customers.length;
    const loc = new Array<number>(m + 2);
    const dep = new Array<number>(m + 2);
    const latest = new Array<number>(m + 2);
    const load = new Array<number>(m + 1);
    this.loc = loc;
    this.dep = dep;
    this.latest = latest;
    this.load = load;
    loc[0] = v.start;
    loc[m + 1] = v.end;
    dep[0] = v.shiftStart;
    load[0] = 0;
    let travel = 0;
    let extra = 0;
    for (let p = 1; p <= m; p++) {
      const c = C[this.customers[p - 1]!]!;
      loc[p] = c.location;
      const leg = T[loc[p - 1]!]![c.location]!;
      travel += leg;
      dep[p] = Math.max(dep[p - 1]! + leg, c.ready) + c.service;
      load[p] = load[p - 1]! + c.demand;
      if (c.extraCost) extra += c.extraCost(this.vehicle);
    }
    travel += T[loc[m]!]![v.end]!;
    dep[m + 1] = dep[m]! + T[loc[m]!]![v.end]!;
    latest[m + 1] = v.shiftEnd;
    for (let p = m; p >= 1; p--) {
      const c = C[this.customers[p - 1]!]!;
      latest[p] = Math.min(c.due, latest[p + 1]! - T[c.location]![loc[p + 1]!]! - c.service);
    }
    latest[0] = latest[1]! - T[v.start]![loc[1]!]!; // latest departure from the start
    this.travel = travel;
    this.extra = extra;
  }
}

export const EPS = 1e-7;

/**
 * Cost delta of inserting customer i between positions p and p+1 of route r, or Infinity when infeasible
 * (window, shift, capacity or skill). O(1).
 */
export function insertionDelta(problem: VrptwProblem, r: RouteState, i: number, p: number): number {
  const c = problem.customers[i]!;
  if (c.allowed && !c.allowed.includes(r.vehicle)) return Number.POSITIVE_INFINITY;
  if (r.totalLoad + c.demand > problem.vehicles[r.vehicle]!.capacity + EPS) return Number.POSITIVE_INFINITY;
  const T = problem.travel;
  const a = r.loc[p]!;
  const b = r.loc[p + 1]!;
  const arrive = r.dep[p]! + T[a]![c.location]!;
  if (arrive > c.due + EPS) return Number.POSITIVE_INFINITY;
  const leave = Math.max(arrive, c.ready) + c.service;
  if (leave + T[c.location]![b]! > r.latest[p + 1]! + EPS) return Number.POSITIVE_INFINITY;
  return T[a]![c.location]! + T[c.location]![b]! - T[a]![b]! + (c.extraCost ? c.extraCost(r.vehicle) : 0);
}

/** Cheapest feasible insertion of i into r: [delta, position] (delta Infinity when none). O(m). */
export function bestInsertion(problem: VrptwProblem, r: RouteState, i: number): [number, number] {
  let best = Number.POSITIVE_INFINITY;
  let at = -1;
  const c = problem.customers[i]!;
  if (c.allowed && !c.allowed.includes(r.vehicle)) return [best, at];
  if (r.totalLoad + c.demand > problem.vehicles[r.vehicle]!.capacity + EPS) return [best, at];
  for (let p = 0; p <= r.size; p++) {
    // Past this position every later arrival is later still: stop once even the start is too late.
    if (r.dep[p]! > c.due + EPS) break;
    const d = insertionDelta(problem, r, i, p);
    if (d < best) {
      best = d;
      at = p;
    }
  }
  return [best, at];
}
