// biome-ignore-all lint/style/noNonNullAssertion: indices come from routeOf/posOf, which refresh() keeps in step.
// A VRPTW solution under search: one RouteState per vehicle (empty = vehicle unused), where each customer is,
// and the customers no route could take (the bank of Ropke & Pisinger 2006).
import type { VrptwProblem } from './model.ts';
import { RouteState } from './route-state.ts';

export class VrptwState {
  routes: RouteState[];
  routeOf: Int32Array;
  posOf: Int32Array;
  bank: number[] = [];
  /** Change clock: modified[r] = clock value when route r last changed; tested[u] = clock value when the local
   * search last found no improving move around u (HGS's "what changed since" filter, Vidal 2022 §4). */
  clock = 1;
  modified: Int32Array;
  tested: Int32Array;

  constructor(
    readonly problem: VrptwProblem,
    routes?: RouteState[],
  ) {
    this.routes = routes ?? problem.vehicles.map((_, k) => new RouteState(problem, k));
    this.routeOf = new Int32Array(problem.customers.length).fill(-1);
    this.posOf = new Int32Array(problem.customers.length);
    this.modified = new Int32Array(this.routes.length).fill(1);
    this.tested = new Int32Array(problem.customers.length);
    for (let r = 0; r < this.routes.length; r++) this.index(r);
  }

  clone(): VrptwState {
    const routes = this.routes.map((r) => {
      const copy = Object.create(RouteState.prototype) as RouteState;
      Object.assign(copy, r);
      copy.customers = r.customers.slice();
      copy.loc = r.loc.slice();
      copy.dep = r.dep.slice();
      copy.latest = r.latest.slice();
      copy.load = r.load.slice();
      return copy;
    });
    const s = Object.create(VrptwState.prototype) as VrptwState;
    Object.assign(s, this);
    s.routes = routes;
    s.routeOf = this.routeOf.slice();
    s.posOf = this.posOf.slice();
    s.modified = this.modified.slice();
    s.tested = this.tested.slice();
    s.bank = this.bank.slice();
    return s;
  }

  private index(r: number): void {
    const route = this.routes[r]!;
    for (let p = 0; p < route.customers.length; p++) {
      const c = route.customers[p]!;
      this.routeOf[c] = r;
      this.posOf[c] = p + 1;
    }
  }

  /** After a route's customer list changed: caches and positions. */
  refresh(r: number): void {
    this.routes[r]!.update();
    this.index(r);
    this.modified[r] = ++this.clock;
  }

  remove(c: number): void {
    const r = this.routeOf[c]!;
    if (r < 0) return;
    const route = this.routes[r]!;
    route.customers.splice(this.posOf[c]! - 1, 1);
    this.routeOf[c] = -1;
    this.refresh(r);
  }

  /** Insert c after position p of route r (0 = right after the start). */
  insert(c: number, r: number, p: number): void {
    this.routes[r]!.customers.splice(p, 0, c);
    this.refresh(r);
  }

  get usedRoutes(): number {
    let n = 0;
    for (const r of this.routes) if (r.customers.length > 0) n++;
    return n;
  }

  get travel(): number {
    let t = 0;
    for (const r of this.routes) if (r.customers.length > 0) t += r.travel;
    return t;
  }

  /** Travel plus extra costs (continuity); empty routes cost nothing. */
  get cost(): number {
    let t = 0;
    for (const r of this.routes) if (r.customers.length > 0) t += r.travel + r.extra;
    return t;
  }
}

/** Lexicographic: fewer unserved customers, then (hierarchical objective) fewer routes, then lower cost. */
export function better(a: VrptwState, b: VrptwState, hierarchical: boolean): boolean {
  if (a.bank.length !== b.bank.length) return a.bank.length < b.bank.length;
  if (hierarchical) {
    const ra = a.usedRoutes;
    const rb = b.usedRoutes;
    if (ra !== rb) return ra < rb;
  }
  return a.cost < b.cost - 1e-7 * Math.max(1, Math.abs(b.cost));
}
