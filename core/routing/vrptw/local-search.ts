// biome-ignore-all lint/style/noNonNullAssertion: positions come from routeOf/posOf and stay inside the route caches.
// Granular local search for the VRPTW (granular neighbour lists: Toth & Vigo 2003): for each customer u and
// each of its nearest neighbours v, first-improvement over
//   - relocate a segment of 1–3 customers starting at u next to v (Or-opt, Or 1976),
//   - swap u and v,
//   - 2-opt* between their routes (Potvin & Rousseau 1995): exchange the route tails so u→v (or v→u) is an edge,
//   - inside one route: relocate u next to v, or reverse the path between them (2-opt).
// Inter-route moves are checked in O(1) (O(segment) for Or-opt) from RouteState's forward departure and
// backward latest-start caches; the cost delta is computed first and feasibility only for improving moves.
// Intra-route moves are re-simulated in O(route length). No move opens an unused vehicle.
import { EPS, type RouteState } from './route-state.ts';
import type { VrptwState } from './state.ts';

export interface LocalSearchContext {
  neighbours: readonly (readonly number[])[];
  /** Added per used route (hierarchical objective), so a move that empties a route is worth taking. */
  vehicleCost: number;
  /** Whether some customer has skills or extra costs (the slower 2-opt* tail checks are needed). */
  perVehicle: boolean;
  /** Tails may be exchanged only between vehicles that end at the same place and time. */
  sameEnd: (a: number, b: number) => boolean;
  order: number[];
  deadline: number;
  now: () => number;
}

/** Pairs tried between two looks at the clock (each costs at most an O(route) move). */
const CLOCK_WORK = 64;

/** Runs to a local optimum (or the deadline). Returns false when stopped by the deadline. */
export function localSearch(s: VrptwState, ctx: LocalSearchContext): boolean {
  let improved = true;
  // The clock is read after about CLOCK_WORK units of work (a pair's moves, or 1/16 for a customer the filter
  // skips), not per customer: a pass where most are skipped costs little, and reading a CPU clock costs a
  // microsecond or more.
  let work = 0;
  while (improved) {
    improved = false;
    for (const u of ctx.order) {
      if (work >= CLOCK_WORK) {
        work = 0;
        if (ctx.now() > ctx.deadline) return false;
      }
      work += 1 / 16;
      if (s.routeOf[u]! < 0) continue;
      const since = s.tested[u]!;
      const startedAt = s.clock;
      let moved = false;
      for (const v of ctx.neighbours[u]!) {
        const rv = s.routeOf[v]!;
        if (rv < 0) continue;
        // Moves between u and v depend only on their two routes: skip when neither changed since u was tested.
        if (s.modified[s.routeOf[u]!]! <= since && s.modified[rv]! <= since) continue;
        work++;
        if (tryMoves(s, ctx, u, v)) {
          improved = true;
          moved = true;
          break;
        }
      }
      if (!moved) s.tested[u] = startedAt;
    }
  }
  return true;
}

function tryMoves(s: VrptwState, ctx: LocalSearchContext, u: number, v: number): boolean {
  const ru = s.routeOf[u]!;
  const rv = s.routeOf[v]!;
  if (ru === rv) return intraRelocate(s, ru, u, v) || intraTwoOpt(s, ru, u, v);
  const pu = s.posOf[u]!;
  const pv = s.posOf[v]!;
  for (let len = 1; len <= 3; len++) {
    if (pu + len - 1 > s.routes[ru]!.size) break;
    if (relocate(s, ctx, ru, pu, len, rv, pv)) return true; // after v
    if (relocate(s, ctx, ru, pu, len, rv, pv - 1)) return true; // before v
  }
  if (swap(s, ctx, ru, pu, rv, pv)) return true;
  if (ctx.sameEnd(s.routes[ru]!.vehicle, s.routes[rv]!.vehicle)) {
    if (twoOptStar(s, ctx, ru, pu, rv, pv - 1)) return true; // u → v
    if (twoOptStar(s, ctx, ru, pu - 1, rv, pv)) return true; // v → u
  }
  return false;
}

const allowed = (s: VrptwState, c: number, vehicle: number) => {
  const a = s.problem.customers[c]!.allowed;
  return !a || a.includes(vehicle);
};
const extra = (s: VrptwState, c: number, vehicle: number) => {
  const f = s.problem.customers[c]!.extraCost;
  return f ? f(vehicle) : 0;
};

/** Move positions pu..pu+len-1 of route ru to just after position p of route rv. */
function relocate(s: VrptwState, ctx: LocalSearchContext, ru: number, pu: number, len: number, rv: number, p: number) {
  const T = s.problem.travel;
  const C = s.problem.customers;
  const A = s.routes[ru]!;
  const B = s.routes[rv]!;
  const first = A.loc[pu]!;
  const last = A.loc[pu + len - 1]!;
  // The segment's inner legs are unchanged (not reversed), so they cancel out of the delta.
  const a = A.loc[pu - 1]!;
  const b = A.loc[pu + len]!;
  const x = B.loc[p]!;
  const y = B.loc[p + 1]!;
  let delta = T[a]![b]! - T[a]![first]! - T[last]![b]! + T[x]![first]! + T[last]![y]! - T[x]![y]!;
  if (ctx.perVehicle)
    for (let q = pu; q < pu + len; q++) {
      const c = A.customers[q - 1]!;
      delta += extra(s, c, B.vehicle) - extra(s, c, A.vehicle);
    }
  if (len === A.size) delta -= ctx.vehicleCost;
  if (delta >= -EPS) return false;
  // Feasibility: capacity, skills, the shortened route, then the segment in its new place.
  const segLoad = A.load[pu + len - 1]! - A.load[pu - 1]!;
  if (B.totalLoad + segLoad > s.problem.vehicles[B.vehicle]!.capacity + EPS) return false;
  if (A.dep[pu - 1]! + T[a]![b]! > A.latest[pu + len]! + EPS) return false;
  let t = B.dep[p]!;
  let prev = x;
  for (let q = pu; q < pu + len; q++) {
    const id = A.customers[q - 1]!;
    if (ctx.perVehicle && !allowed(s, id, B.vehicle)) return false;
    const c = C[id]!;
    t += T[prev]![c.location]!;
    if (t > c.due + EPS) return false;
    t = Math.max(t, c.ready) + c.service;
    prev = c.location;
  }
  if (t + T[prev]![y]! > B.latest[p + 1]! + EPS) return false;
  const seg = A.customers.splice(pu - 1, len);
  B.customers.splice(p, 0, ...seg);
  s.refresh(ru);
  s.refresh(rv);
  return true;
}

function swap(s: VrptwState, ctx: LocalSearchContext, ru: number, pu: number, rv: number, pv: number): boolean {
  const T = s.problem.travel;
  const A = s.routes[ru]!;
  const B = s.routes[rv]!;
  const u = A.customers[pu - 1]!;
  const v = B.customers[pv - 1]!;
  const lu = A.loc[pu]!;
  const lv = B.loc[pv]!;
  const a0 = A.loc[pu - 1]!;
  const a1 = A.loc[pu + 1]!;
  const b0 = B.loc[pv - 1]!;
  const b1 = B.loc[pv + 1]!;
  let delta =
    T[a0]![lv]! + T[lv]![a1]! - T[a0]![lu]! - T[lu]![a1]! + T[b0]![lu]! + T[lu]![b1]! - T[b0]![lv]! - T[lv]![b1]!;
  if (ctx.perVehicle)
    delta += extra(s, v, A.vehicle) + extra(s, u, B.vehicle) - extra(s, u, A.vehicle) - extra(s, v, B.vehicle);
  if (delta >= -EPS) return false;
  const C = s.problem.customers;
  const cu = C[u]!;
  const cv = C[v]!;
  const V = s.problem.vehicles;
  if (A.totalLoad - cu.demand + cv.demand > V[A.vehicle]!.capacity + EPS) return false;
  if (B.totalLoad - cv.demand + cu.demand > V[B.vehicle]!.capacity + EPS) return false;
  if (ctx.perVehicle && (!allowed(s, v, A.vehicle) || !allowed(s, u, B.vehicle))) return false;
  if (!fitsBetween(A, pu - 1, pu + 1, cv, T)) return false;
  if (!fitsBetween(B, pv - 1, pv + 1, cu, T)) return false;
  A.customers[pu - 1] = v;
  B.customers[pv - 1] = u;
  s.refresh(ru);
  s.refresh(rv);
  return true;
}

/** Can customer c be served between position p (its departure kept) and position q (its latest start kept)? */
function fitsBetween(
  r: RouteState,
  p: number,
  q: number,
  c: { location: number; ready: number; due: number; service: number },
  T: readonly (readonly number[])[],
) {
  const t = r.dep[p]! + T[r.loc[p]!]![c.location]!;
  if (t > c.due + EPS) return false;
  return Math.max(t, c.ready) + c.service + T[c.location]![r.loc[q]!]! <= r.latest[q]! + EPS;
}

/** New A = A[1..i] + B[j+1..], new B = B[1..j] + A[i+1..] (positions; 0 = the start). */
function twoOptStar(s: VrptwState, ctx: LocalSearchContext, ru: number, i: number, rv: number, j: number): boolean {
  const A = s.routes[ru]!;
  const B = s.routes[rv]!;
  const mA = A.size;
  const mB = B.size;
  if ((i === mA && j === mB) || (i === 0 && j === 0)) return false;
  const T = s.problem.travel;
  let delta =
    T[A.loc[i]!]![B.loc[j + 1]!]! +
    T[B.loc[j]!]![A.loc[i + 1]!]! -
    T[A.loc[i]!]![A.loc[i + 1]!]! -
    T[B.loc[j]!]![B.loc[j + 1]!]!;
  const before = (mA > 0 ? 1 : 0) + (mB > 0 ? 1 : 0);
  const after = (i + mB - j > 0 ? 1 : 0) + (j + mA - i > 0 ? 1 : 0);
  delta += ctx.vehicleCost * (after - before);
  if (ctx.perVehicle) {
    for (let q = j + 1; q <= mB; q++) {
      const c = B.customers[q - 1]!;
      delta += extra(s, c, A.vehicle) - extra(s, c, B.vehicle);
    }
    for (let q = i + 1; q <= mA; q++) {
      const c = A.customers[q - 1]!;
      delta += extra(s, c, B.vehicle) - extra(s, c, A.vehicle);
    }
  }
  if (delta >= -EPS) return false;
  const V = s.problem.vehicles;
  if (A.load[i]! + B.totalLoad - B.load[j]! > V[A.vehicle]!.capacity + EPS) return false;
  if (B.load[j]! + A.totalLoad - A.load[i]! > V[B.vehicle]!.capacity + EPS) return false;
  if (A.dep[i]! + T[A.loc[i]!]![B.loc[j + 1]!]! > B.latest[j + 1]! + EPS) return false;
  if (B.dep[j]! + T[B.loc[j]!]![A.loc[i + 1]!]! > A.latest[i + 1]! + EPS) return false;
  if (ctx.perVehicle) {
    for (let q = j + 1; q <= mB; q++) if (!allowed(s, B.customers[q - 1]!, A.vehicle)) return false;
    for (let q = i + 1; q <= mA; q++) if (!allowed(s, A.customers[q - 1]!, B.vehicle)) return false;
  }
  const tailA = A.customers.splice(i);
  const tailB = B.customers.splice(j);
  A.customers.push(...tailB);
  B.customers.push(...tailA);
  s.refresh(ru);
  s.refresh(rv);
  return true;
}

/** Travel of a customer order for the route's vehicle, or Infinity when it breaks a window or the shift. */
function simulate(s: VrptwState, r: RouteState, order: readonly number[]): number {
  const T = s.problem.travel;
  const v = s.problem.vehicles[r.vehicle]!;
  let t = v.shiftStart;
  let at = v.start;
  let travel = 0;
  for (const id of order) {
    const c = s.problem.customers[id]!;
    const leg = T[at]![c.location]!;
    travel += leg;
    t += leg;
    if (t > c.due + EPS) return Number.POSITIVE_INFINITY;
    t = Math.max(t, c.ready) + c.service;
    at = c.location;
  }
  travel += T[at]![v.end]!;
  return t + T[at]![v.end]! > v.shiftEnd + EPS ? Number.POSITIVE_INFINITY : travel;
}

function intraRelocate(s: VrptwState, r: number, u: number, v: number): boolean {
  const route = s.routes[r]!;
  const pu = s.posOf[u]!;
  const pv = s.posOf[v]!;
  if (pu === pv + 1) return false; // already right after v
  const T = s.problem.travel;
  const L = route.loc;
  const delta =
    T[L[pu - 1]!]![L[pu + 1]!]! -
    T[L[pu - 1]!]![L[pu]!]! -
    T[L[pu]!]![L[pu + 1]!]! +
    T[L[pv]!]![L[pu]!]! +
    T[L[pu]!]![L[pv + 1]!]! -
    T[L[pv]!]![L[pv + 1]!]!;
  if (delta >= -EPS) return false;
  const order = route.customers.filter((c) => c !== u);
  order.splice(order.indexOf(v) + 1, 0, u);
  if (!Number.isFinite(simulate(s, route, order))) return false;
  route.customers = order;
  s.refresh(r);
  return true;
}

/** Reverse the path from u's successor to v (u before v) so u→v becomes an edge. */
function intraTwoOpt(s: VrptwState, r: number, u: number, v: number): boolean {
  const route = s.routes[r]!;
  const pu = s.posOf[u]!;
  const pv = s.posOf[v]!;
  if (pv <= pu + 1) return false;
  const T = s.problem.travel;
  const L = route.loc;
  let delta = T[L[pu]!]![L[pv]!]! + T[L[pu + 1]!]![L[pv + 1]!]! - T[L[pu]!]![L[pu + 1]!]! - T[L[pv]!]![L[pv + 1]!]!;
  // Asymmetric travel: the reversed path's own legs change too.
  for (let q = pu + 1; q < pv; q++) delta += T[L[q + 1]!]![L[q]!]! - T[L[q]!]![L[q + 1]!]!;
  if (delta >= -EPS) return false;
  const order = route.customers.slice();
  const mid = order.slice(pu, pv).reverse();
  order.splice(pu, pv - pu, ...mid);
  if (!Number.isFinite(simulate(s, route, order))) return false;
  route.customers = order;
  s.refresh(r);
  return true;
}
