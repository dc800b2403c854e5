// biome-ignore-all lint/style/noNonNullAssertion: node indices are in range by construction.
// Port of parts of HGS-CVRP (Vidal 2020, MIT) as extended by ORTEC (2022, MIT); see ./LICENSE.
// A solution of the population: a fixed number of route slots (empty = unused vehicle), its costs, and the
// successor/predecessor arrays of the broken-pairs distance that measures diversity.
import { FEASIBLE_EPS, type HgsData, type Penalties, routeSeg, Seg } from './data.ts';

export class Individual {
  /** Customer nodes (1..n) per route slot; non-empty routes first, ordered by polar angle (for SREX). */
  routes: number[][];
  distance = 0;
  loadExcess = 0;
  timeWarp = 0;
  penalised = 0;
  usedRoutes = 0;
  /** Successor and predecessor of each node (0 = a depot). */
  succ: Int32Array;
  pred: Int32Array;
  /** Broken-pairs distance to the other members of its subpopulation (change it by link/unlink). */
  readonly proximity = new Map<Individual, number>();
  private closenessCache = -1;
  biasedFitness = 0;

  constructor(data: HgsData, routes: number[][], p: Penalties, angle?: Float64Array) {
    this.routes = routes;
    this.succ = new Int32Array(data.n + 1);
    this.pred = new Int32Array(data.n + 1);
    if (angle) sortRoutes(this.routes, angle);
    this.evaluate(data, p);
  }

  get feasible(): boolean {
    return this.loadExcess <= FEASIBLE_EPS && this.timeWarp <= FEASIBLE_EPS;
  }

  evaluate(data: HgsData, p: Penalties): void {
    const s = new Seg();
    this.distance = 0;
    this.loadExcess = 0;
    this.timeWarp = 0;
    this.usedRoutes = 0;
    for (const r of this.routes) {
      if (r.length === 0) continue;
      this.usedRoutes++;
      routeSeg(data, r, s);
      this.distance += s.dist;
      this.loadExcess += Math.max(0, s.load - data.capacity);
      this.timeWarp += s.tw;
      for (let k = 0; k < r.length; k++) {
        this.pred[r[k]!] = k === 0 ? 0 : r[k - 1]!;
        this.succ[r[k]!] = k === r.length - 1 ? 0 : r[k + 1]!;
      }
    }
    this.reprice(p);
  }

  reprice(p: Penalties): void {
    this.penalised = this.distance + p.capacity * this.loadExcess + p.timeWarp * this.timeWarp;
  }

  /** Giant tour: the routes' customers one after the other (OX works on it). */
  giantTour(): number[] {
    return this.routes.flat();
  }

  /** Share of customers whose neighbours differ (Prins 2009's broken pairs, as HGS counts them). */
  brokenPairs(o: Individual, n: number): number {
    let diff = 0;
    for (let j = 1; j <= n; j++) {
      const s = this.succ[j]!;
      if (s !== o.succ[j] && s !== o.pred[j]) diff++;
      if (this.pred[j] === 0 && o.pred[j] !== 0 && o.succ[j] !== 0) diff++;
    }
    return diff / n;
  }

  link(other: Individual, d: number): void {
    this.proximity.set(other, d);
    this.closenessCache = -1;
  }

  unlink(other: Individual): void {
    if (this.proximity.delete(other)) this.closenessCache = -1;
  }

  /** Mean broken-pairs distance to the `close` closest others (0 when alone), cached between changes. */
  diversity(close: number): number {
    if (this.closenessCache < 0) this.closenessCache = this.closeness(close);
    return this.closenessCache;
  }

  /** Mean broken-pairs distance to the k closest others (0 when alone). */
  closeness(k: number): number {
    if (this.proximity.size === 0) return 0;
    if (k === 1) {
      let min = Number.POSITIVE_INFINITY;
      for (const d of this.proximity.values()) if (d < min) min = d;
      return min;
    }
    const d = [...this.proximity.values()].sort((a, b) => a - b);
    const m = Math.min(k, d.length);
    let sum = 0;
    for (let i = 0; i < m; i++) sum += d[i]!;
    return sum / m;
  }
}

/** Non-empty routes first, by the polar angle of their barycentre around the depot. */
function sortRoutes(routes: number[][], angle: Float64Array): void {
  const key = (r: number[]) => {
    if (r.length === 0) return Number.POSITIVE_INFINITY;
    let x = 0;
    let y = 0;
    for (const c of r) {
      x += Math.cos(angle[c]!);
      y += Math.sin(angle[c]!);
    }
    return Math.atan2(y, x);
  };
  const keyed = routes.map((r) => [key(r), r] as const).sort((a, b) => a[0] - b[0]);
  for (let i = 0; i < routes.length; i++) routes[i] = keyed[i]![1];
}
