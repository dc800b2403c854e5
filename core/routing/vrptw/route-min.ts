// biome-ignore-all lint/style/noNonNullAssertion: route, position and customer indices are in range by construction.
// Route minimisation with an ejection pool (Nagata & Bräysy 2009, "A powerful route minimization heuristic for
// the vehicle routing problem with time windows", Oper. Res. Lett. 37): take one route out, put its customers
// in the pool, and put them back one at a time, last in first out — at a random feasible place when there is
// one; otherwise in place of up to kMax customers of one route, chosen so that the sum of their failure
// counts p is least (a customer that keeps failing becomes expensive to eject, so the hard ones end up
// placed), the ejected joining the pool; random feasible moves then shake the solution so the next customer
// meets different routes. An empty pool is a solution with one route fewer. Every route stays feasible.
import type { Rng } from '../rng.ts';
import type { NearSets } from './neighbourhoods.ts';
import { EPS, insertionDelta, type RouteState } from './route-state.ts';
import type { VrptwState } from './state.ts';

export interface RouteMinContext {
  rng: Rng;
  /** Granular neighbours of each customer (the perturbation moves a customer next to one of them). */
  neighbours: readonly (readonly number[])[];
  /** Pool insertions allowed for this attempt. */
  maxIterations: number;
  /** Most customers ejected from one route to make room (2 in most of Nagata & Bräysy's runs). */
  kMax?: number;
  /** Ejected customers lie within this many positions of the insertion place (default: anywhere in the route).
   * Ejecting far from v's place rarely makes room for it, and checking every (set, place) pair costs O(m³) per
   * route: on the long routes of R2/RC2 at 1,000 customers that is most of an iteration. */
  ejectionReach?: number;
  /** When given, ejections are tried in the routes near v first (every route only when those fail): at 1,000
   * customers most routes are too far to take v anyway. */
  near?: NearSets;
  /** Random feasible moves after each ejection (Nagata & Bräysy's perturbation; default 300). */
  perturbMoves?: number;
  /** Called once per iteration: true = give up now (deadline). */
  stop: () => boolean;
}

export interface RouteMinResult {
  /** The solution with one route fewer, or null when the pool did not empty in time (s is never modified). */
  state: VrptwState | null;
  iterations: number;
}

/** Tries to serve every customer of s with one route fewer than s uses (s must have no bank). */
export function removeOneRoute(s: VrptwState, ctx: RouteMinContext): RouteMinResult {
  const cur = s.clone();
  const used = cur.routes.map((r, k) => [r.size, k] as const).filter(([m]) => m > 0);
  if (used.length <= 1) return { state: null, iterations: 0 };
  const [, k] = used[Math.floor(ctx.rng() * used.length)]!;
  const pool = cur.routes[k]!.customers.slice();
  for (const c of pool) cur.remove(c);
  const result = emptyPool(cur, pool, ctx);
  return { state: result.done ? cur : null, iterations: result.iterations };
}

/**
 * The ejection-pool loop on s with the customers of `pool` unserved: true when they are all served (s.bank
 * emptied), false when the iterations ran out (s then holds the remaining pool as its bank).
 */
function emptyPool(s: VrptwState, pool: number[], ctx: RouteMinContext): { done: boolean; iterations: number } {
  const p = new Int32Array(s.routeOf.length).fill(1);
  const kMax = ctx.kMax ?? 2;
  const perturbMoves = ctx.perturbMoves ?? 300;
  const reach = ctx.ejectionReach ?? Number.POSITIVE_INFINITY;
  let it = 0;
  while (pool.length > 0) {
    if (it >= ctx.maxIterations || ctx.stop()) {
      s.bank = pool;
      return { done: false, iterations: it };
    }
    it++;
    const v = pool.pop()!;
    if (insertAnywhere(s, v, ctx.rng)) continue;
    p[v]!++;
    const ejected = insertEjecting(s, v, p, kMax, reach, ctx.near);
    if (!ejected) {
      // Not even alone in place of kMax customers anywhere: put it back at the bottom and shake.
      pool.unshift(v);
    } else pool.push(...ejected);
    if (perturbMoves > 0) perturb(s, ctx, perturbMoves);
  }
  s.bank = [];
  return { done: true, iterations: it };
}

/** Inserts v at a feasible place in a used route, chosen uniformly (as Nagata & Bräysy do: the cheapest place
 * packs the routes for distance, which leaves less room for the next customer); false when there is none. */
function insertAnywhere(s: VrptwState, v: number, rng: Rng): boolean {
  let seen = 0;
  let bestR = -1;
  let bestP = -1;
  const due = s.problem.customers[v]!.due;
  for (let k = 0; k < s.routes.length; k++) {
    const r = s.routes[k]!;
    const m = r.customers.length;
    if (m === 0) continue;
    for (let q = 0; q <= m; q++) {
      if (r.dep[q]! > due + EPS) break;
      if (!Number.isFinite(insertionDelta(s.problem, r, v, q))) continue;
      // Reservoir sampling: each feasible place kept with probability 1/seen.
      if (rng() * ++seen < 1) {
        bestR = k;
        bestP = q;
      }
    }
  }
  if (bestR < 0) return false;
  s.insert(v, bestR, bestP);
  return true;
}

/**
 * Inserts v in place of 1..kMax customers of one route, the ejected set with the least summed p (then the least
 * travel); returns the ejected customers, or null when no such set exists. Each (set, position) is checked in
 * O(span of the change) from the route's departure and latest-start caches, without building the route.
 */
function insertEjecting(
  s: VrptwState,
  v: number,
  p: Int32Array,
  kMax: number,
  reach: number,
  near: NearSets | undefined,
): number[] | null {
  const T = s.problem.travel;
  const C = s.problem.customers;
  const cv = C[v]!;
  let bestP = Number.POSITIVE_INFINITY;
  let bestTravel = Number.POSITIVE_INFINITY;
  let bestR = -1;
  let bestQ = -1;
  let bestOut: number[] = [];
  const out: number[] = []; // ejected positions (1..m), increasing
  // Smaller sets first over every route, so the bound on p prunes the larger ones.
  // The routes holding one of v's near customers first (where v can go without a long detour); every route only
  // when none of those can take v.
  let pass: Uint8Array | undefined;
  if (near) {
    pass = new Uint8Array(s.routes.length).fill(2);
    for (const d of near.lists[v]!) if (s.routeOf[d]! >= 0) pass[s.routeOf[d]!] = 1;
  }
  for (let round = 1; round <= (pass ? 2 : 1) && bestR < 0; round++)
    for (let size = 1; size <= kMax; size++)
      for (let k = 0; k < s.routes.length; k++) {
        const r = s.routes[k]!;
        const m = r.size;
        if (m === 0 || (pass && pass[k] !== round)) continue;
        if (cv.allowed && !cv.allowed.includes(r.vehicle)) continue;
        const cap = s.problem.vehicles[r.vehicle]!.capacity;
        const load = r.totalLoad;
        const isOut = new Uint8Array(m + 2);
        // Is the route with positions `out` removed and v inserted right after position q feasible? Travel delta.
        const check = (q: number, outLoad: number): number => {
          if (load - outLoad + cv.demand > cap + EPS) return Number.POSITIVE_INFINITY;
          const last = Math.max(q, out[out.length - 1]!);
          const a = Math.min(q, out[0]! - 1);
          let t = r.dep[a]!;
          let at = r.loc[a]!;
          let delta = 0;
          // Original legs a → b, with b the first kept position after every change.
          let b = last + 1;
          while (b <= m && isOut[b]) b++;
          for (let i = a; i < b; i++) delta -= T[r.loc[i]!]![r.loc[i + 1]!]!;
          for (let i = a; ; ) {
            if (i === q) {
              delta += T[at]![cv.location]!;
              t += T[at]![cv.location]!;
              if (t > cv.due + EPS) return Number.POSITIVE_INFINITY;
              t = Math.max(t, cv.ready) + cv.service;
              at = cv.location;
            }
            i++;
            while (i <= m && isOut[i]) i++;
            const loc = r.loc[i]!;
            delta += T[at]![loc]!;
            t += T[at]![loc]!;
            if (i >= b) return t <= r.latest[i]! + EPS ? delta : Number.POSITIVE_INFINITY;
            const c = C[r.customers[i - 1]!]!;
            if (t > c.due + EPS) return Number.POSITIVE_INFINITY;
            t = Math.max(t, c.ready) + c.service;
            at = loc;
          }
        };
        const visit = (from: number, pSum: number, outLoad: number) => {
          if (out.length === size && pSum <= bestP) {
            // Only insertion places within `reach` of every ejected customer.
            const qFrom = Math.max(0, out[out.length - 1]! - reach);
            const qTo = Math.min(m, out[0]! + reach - 1);
            for (let q = qFrom; q <= qTo; q++) {
              if (isOut[q]) continue;
              const d = check(q, outLoad);
              if (d === Number.POSITIVE_INFINITY) continue;
              if (pSum < bestP || d < bestTravel) {
                bestP = pSum;
                bestTravel = d;
                bestR = k;
                bestQ = q;
                bestOut = out.slice();
              }
            }
          }
          if (out.length === size) return;
          const to = out.length > 0 ? Math.min(m, out[0]! + 2 * reach - 1) : m;
          for (let i = from; i <= to; i++) {
            const next = pSum + p[r.customers[i - 1]!]!;
            if (next > bestP) continue;
            out.push(i);
            isOut[i] = 1;
            visit(i + 1, next, outLoad + C[r.customers[i - 1]!]!.demand);
            isOut[i] = 0;
            out.pop();
          }
        };
        visit(1, 0, 0);
      }
  if (bestR < 0) return null;
  const route = s.routes[bestR]!;
  const removed = bestOut.map((pos) => route.customers[pos - 1]!);
  const order: number[] = [];
  if (bestQ === 0) order.push(v);
  for (let i = 1; i <= route.size; i++) {
    if (!bestOut.includes(i)) order.push(route.customers[i - 1]!);
    if (i === bestQ) order.push(v);
  }
  for (const c of removed) s.routeOf[c] = -1;
  route.customers = order;
  s.refresh(bestR);
  return removed;
}

/** Random feasible relocations, exchanges and tail exchanges (2-opt*) between neighbouring routes, whatever their
 * cost; every check is O(1) from the route caches. No move empties a route. */
function perturb(s: VrptwState, ctx: RouteMinContext, moves: number): void {
  const n = s.routeOf.length;
  const T = s.problem.travel;
  const C = s.problem.customers;
  const V = s.problem.vehicles;
  const fits = (r: RouteState, p: number, q: number, id: number) => {
    const c = C[id]!;
    if (c.allowed && !c.allowed.includes(r.vehicle)) return false;
    const t = r.dep[p]! + T[r.loc[p]!]![c.location]!;
    if (t > c.due + EPS) return false;
    return Math.max(t, c.ready) + c.service + T[c.location]![r.loc[q]!]! <= r.latest[q]! + EPS;
  };
  for (let tries = 0, done = 0; done < moves && tries < 4 * moves; tries++) {
    const u = Math.floor(ctx.rng() * n);
    const ru = s.routeOf[u]!;
    if (ru < 0) continue;
    const list = ctx.neighbours[u]!;
    const w = list[Math.floor(ctx.rng() * list.length)]!;
    const rw = s.routeOf[w]!;
    if (rw < 0 || rw === ru) continue;
    const A = s.routes[ru]!;
    const B = s.routes[rw]!;
    const pu = s.posOf[u]!;
    const pw = s.posOf[w]!;
    const roll = ctx.rng();
    if (roll < 1 / 3) {
      // Relocate u next to w (after or before).
      if (A.size === 1) continue;
      if (A.dep[pu - 1]! + T[A.loc[pu - 1]!]![A.loc[pu + 1]!]! > A.latest[pu + 1]! + EPS) continue;
      const q = pw - (ctx.rng() < 0.5 ? 0 : 1);
      if (!Number.isFinite(insertionDelta(s.problem, B, u, q))) continue;
      s.remove(u);
      s.insert(u, rw, q);
    } else if (roll < 2 / 3) {
      // Exchange u and w.
      const du = C[u]!.demand;
      const dw = C[w]!.demand;
      if (A.totalLoad - du + dw > V[A.vehicle]!.capacity + EPS) continue;
      if (B.totalLoad - dw + du > V[B.vehicle]!.capacity + EPS) continue;
      if (!fits(A, pu - 1, pu + 1, w) || !fits(B, pw - 1, pw + 1, u)) continue;
      A.customers[pu - 1] = w;
      B.customers[pw - 1] = u;
      s.refresh(ru);
      s.refresh(rw);
    } else {
      // 2-opt*: A keeps 1..pu then B's tail after w, B keeps 1..pw−1 then A's tail after u... (u → B[pw] edge).
      const i = pu;
      const j = pw - 1;
      if (V[A.vehicle]!.end !== V[B.vehicle]!.end || V[A.vehicle]!.shiftEnd !== V[B.vehicle]!.shiftEnd) continue;
      if (i + B.size - j === 0 || j + A.size - i === 0) continue;
      if (A.load[i]! + B.totalLoad - B.load[j]! > V[A.vehicle]!.capacity + EPS) continue;
      if (B.load[j]! + A.totalLoad - A.load[i]! > V[B.vehicle]!.capacity + EPS) continue;
      if (A.dep[i]! + T[A.loc[i]!]![B.loc[j + 1]!]! > B.latest[j + 1]! + EPS) continue;
      if (B.dep[j]! + T[B.loc[j]!]![A.loc[i + 1]!]! > A.latest[i + 1]! + EPS) continue;
      let skills = true;
      for (let q = j + 1; q <= B.size && skills; q++) {
        const al = C[B.customers[q - 1]!]!.allowed;
        if (al && !al.includes(A.vehicle)) skills = false;
      }
      for (let q = i + 1; q <= A.size && skills; q++) {
        const al = C[A.customers[q - 1]!]!.allowed;
        if (al && !al.includes(B.vehicle)) skills = false;
      }
      if (!skills) continue;
      const tailA = A.customers.splice(i);
      const tailB = B.customers.splice(j);
      A.customers.push(...tailB);
      B.customers.push(...tailA);
      s.refresh(ru);
      s.refresh(rw);
    }
    done++;
  }
}
