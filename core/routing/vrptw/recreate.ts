// biome-ignore-all lint/style/noNonNullAssertion: route and customer indices are in range by construction.
// Ruin and recreate (Schrimpf et al. 2000, "Record breaking optimization results using the ruin and recreate
// principle"; Shaw 1998 related removal; Ropke & Pisinger 2006 ALNS): remove some customers, then insert the
// bank back with regret-2 insertion (Potvin & Rousseau 1993, parallel insertion for the VRPTW) or greedy
// insertion in a random order. Customers that fit nowhere stay in the bank.
import type { Rng } from '../rng.ts';
import type { NearSets } from './neighbourhoods.ts';
import { bestInsertion } from './route-state.ts';
import type { VrptwState } from './state.ts';

export interface RecreateContext {
  rng: Rng;
  /** Cost of opening an unused vehicle (hierarchical objective), added to its first insertion. */
  vehicleCost: number;
  /** No more than this many routes may be used (route elimination); Infinity = the whole fleet. */
  maxRoutes: number;
  /** Vehicles that are interchangeable share a signature; only one unused vehicle per signature is tried. */
  signature: readonly number[];
  /** How often each customer failed to be inserted: harder ones go first (Nagata & Bräysy 2009). */
  failures: Int32Array;
  /** near.lists[c]: c's closest customers: recreate then only tries the routes that hold one (and unused
   * vehicles), falling back to every route when none of those can take c (SISR-style restriction, Christiaens &
   * Vanden Berghe 2020). Undefined = always every route. */
  near?: NearSets;
  /** Looked at every few insertions by regretInsert: true = stop, leaving the rest in the bank (construction
   * on a limit too short for regret-2 at this size finishes with greedyInsert). */
  stop?: () => boolean;
}

/** Route indices worth trying: used routes, plus one unused vehicle per signature while routes may be added. */
function candidateRoutes(s: VrptwState, ctx: RecreateContext): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  const canOpen = s.usedRoutes < ctx.maxRoutes;
  s.routes.forEach((r, k) => {
    if (r.size > 0) out.push(k);
    else if (canOpen && !seen.has(ctx.signature[k]!)) {
      seen.add(ctx.signature[k]!);
      out.push(k);
    }
  });
  return out;
}

const openCost = (s: VrptwState, r: number, ctx: RecreateContext) => (s.routes[r]!.size === 0 ? ctx.vehicleCost : 0);

/** Regret-2 insertion of the whole bank. Best insertions are cached per (customer, route) and recomputed only
 * for the route that changed; each customer's best and second-best are kept up to date incrementally (a full
 * rescan of its routes only when the route that changed held one of them). */
export function regretInsert(s: VrptwState, ctx: RecreateContext): void {
  const bank = s.bank;
  const R = s.routes.length;
  const q = bank.length;
  const cost = new Float64Array(q * R).fill(Number.NaN);
  const pos = new Int32Array(q * R);
  const best = new Float64Array(q);
  const second = new Float64Array(q);
  const bestR = new Int32Array(q);
  const secondR = new Int32Array(q);
  const ids = bank.slice();
  const alive = new Uint8Array(q).fill(1);
  let routes = candidateRoutes(s, ctx);
  const near = ctx.near;
  // mask[k·R + r]: route r holds one of customer k's near customers (or near is off).
  const mask = new Uint8Array(q * R).fill(near ? 0 : 1);
  const widened = new Uint8Array(q);
  if (near)
    for (let k = 0; k < q; k++)
      for (const d of near.lists[ids[k]!]!) if (s.routeOf[d]! >= 0) mask[k * R + s.routeOf[d]!] = 1;
  const evaluate = (k: number, r: number) => {
    const [d, p] = bestInsertion(s.problem, s.routes[r]!, ids[k]!);
    cost[k * R + r] = d + openCost(s, r, ctx);
    pos[k * R + r] = p;
  };
  const rescan = (k: number) => {
    let b = Number.POSITIVE_INFINITY;
    let sc = Number.POSITIVE_INFINITY;
    let br = -1;
    let sr = -1;
    for (const r of routes) {
      if (!mask[k * R + r] && s.routes[r]!.size > 0) continue;
      if (Number.isNaN(cost[k * R + r]!)) evaluate(k, r);
      const d = cost[k * R + r]!;
      if (d < b) {
        sc = b;
        sr = br;
        b = d;
        br = r;
      } else if (d < sc) {
        sc = d;
        sr = r;
      }
    }
    if (!Number.isFinite(b) && near && !widened[k]) {
      // None of the near routes can take it: widen to every route for good.
      widened[k] = 1;
      for (let r = 0; r < R; r++) mask[k * R + r] = 1;
      rescan(k);
      return;
    }
    best[k] = b;
    second[k] = sc;
    bestR[k] = br;
    secondR[k] = sr;
  };
  for (let k = 0; k < q; k++) rescan(k);
  const noise = () => 1 + 0.1 * (ctx.rng() - 0.5);
  for (let left = q; left > 0; left--) {
    if (ctx.stop && left % 8 === 0 && ctx.stop()) break;
    let pick = -1;
    let pickRegret = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < q; k++) {
      if (!alive[k] || bestR[k]! < 0 || !Number.isFinite(best[k]!)) continue;
      // A customer with a single option goes first; failures break ties toward the hard ones.
      const regret = (Number.isFinite(second[k]!) ? (second[k]! - best[k]!) * noise() : 1e12) + ctx.failures[ids[k]!]!;
      if (regret > pickRegret) {
        pickRegret = regret;
        pick = k;
      }
    }
    if (pick < 0) break;
    const c = ids[pick]!;
    const r = bestR[pick]!;
    alive[pick] = 0;
    const wasEmpty = s.routes[r]!.size === 0;
    s.insert(c, r, pos[pick * R + r]!);
    if (wasEmpty) {
      // Opening a vehicle changes which unused vehicle represents its signature (and maybe whether any may open).
      routes = candidateRoutes(s, ctx);
      // Only the candidate unused vehicles (one per signature) can have a stale opening cost: O(q · candidates),
      // not O(q · fleet) per opening (a fleet of 1,000 at 1,000 customers).
      const empty = routes.filter((x) => s.routes[x]!.size === 0);
      for (let k = 0; k < q; k++) {
        if (!alive[k]) continue;
        for (const x of empty) cost[k * R + x] = Number.NaN;
        cost[k * R + r] = Number.NaN;
        rescan(k);
      }
      continue;
    }
    for (let k = 0; k < q; k++) {
      if (!alive[k]) continue;
      if (near && !mask[k * R + r]) {
        if (!near.has(ids[k]!, c)) continue;
        mask[k * R + r] = 1;
      }
      evaluate(k, r);
      if (bestR[k] === r || secondR[k] === r) rescan(k);
      else {
        const d = cost[k * R + r]!;
        if (d < best[k]!) {
          second[k] = best[k]!;
          secondR[k] = bestR[k]!;
          best[k] = d;
          bestR[k] = r;
        } else if (d < second[k]!) {
          second[k] = d;
          secondR[k] = r;
        }
      }
    }
  }
  const left: number[] = [];
  for (let k = 0; k < q; k++)
    if (alive[k]) {
      left.push(ids[k]!);
      // Left over when stopped is not a failure to fit.
      if (bestR[k]! < 0 || !Number.isFinite(best[k]!)) ctx.failures[ids[k]!]!++;
    }
  s.bank = left;
}

/** Greedy insertion, hardest (most failed) customers first, otherwise in random order; each position may be
 * skipped with a small probability (the "blinks" of Christiaens & Vanden Berghe 2020). */
export function greedyInsert(s: VrptwState, ctx: RecreateContext): void {
  const order = s.bank.slice();
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(ctx.rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  order.sort((a, b) => ctx.failures[b]! - ctx.failures[a]!);
  const left: number[] = [];
  for (const c of order) {
    let best = Number.POSITIVE_INFINITY;
    let bestR = -1;
    let bestP = -1;
    const routes = candidateRoutes(s, ctx);
    let tryRoute: Uint8Array | undefined;
    if (ctx.near) {
      tryRoute = new Uint8Array(s.routes.length);
      for (const d of ctx.near.lists[c]!) if (s.routeOf[d]! >= 0) tryRoute[s.routeOf[d]!] = 1;
    }
    for (let pass = 0; pass < 2 && bestR < 0; pass++) {
      // Pass 0: near routes and unused vehicles; pass 1 (when none could take c): every route.
      if (pass === 1 && !tryRoute) break;
      for (const r of routes) {
        if (pass === 0 && tryRoute && !tryRoute[r] && s.routes[r]!.size > 0) continue;
        if (ctx.rng() < 0.01) continue;
        const [d, p] = bestInsertion(s.problem, s.routes[r]!, c);
        const total = d + openCost(s, r, ctx);
        if (total < best) {
          best = total;
          bestR = r;
          bestP = p;
        }
      }
    }
    if (bestR < 0) {
      left.push(c);
      ctx.failures[c]!++;
    } else s.insert(c, bestR, bestP);
  }
  s.bank = left;
}

export interface RuinContext {
  rng: Rng;
  /** related[c]: the customers most related to c first (Shaw 1998: close in space and in time); may be capped
   * (neighbourhoods.ts), past its end a random customer stands for the far, unrelated rest. */
  related: readonly (readonly number[])[];
}

/** Removes about q customers into the bank: random, related (Shaw), or a whole small route. */
export function ruin(s: VrptwState, ctx: RuinContext, q: number): void {
  const assigned: number[] = [];
  for (let c = 0; c < s.routeOf.length; c++) if (s.routeOf[c]! >= 0) assigned.push(c);
  if (assigned.length === 0) return;
  q = Math.min(q, assigned.length); // the bank may already hold customers no route could take
  const pickAssigned = () => assigned[Math.floor(ctx.rng() * assigned.length)]!;
  const roll = ctx.rng();
  const removed: number[] = [];
  const take = (c: number) => {
    if (s.routeOf[c]! < 0) return;
    s.remove(c);
    s.bank.push(c);
    removed.push(c);
  };
  if (roll < 0.1) {
    // A whole route, chosen among the shorter ones: the quickest way to free a vehicle.
    const used = s.routes.map((r, k) => [r.size, k] as const).filter(([m]) => m > 0);
    used.sort((a, b) => a[0] - b[0]);
    const [, k] = used[Math.floor(ctx.rng() ** 2 * used.length)]!;
    for (const c of s.routes[k]!.customers.slice()) take(c);
    return;
  }
  if (roll < 0.4) {
    while (removed.length < q) take(pickAssigned());
    return;
  }
  take(pickAssigned());
  while (removed.length < q) {
    const seed = removed[Math.floor(ctx.rng() * removed.length)]!;
    const list = ctx.related[seed]!;
    // Shaw's randomised choice: index ⌊y^p · |candidates|⌋ with p = 6 favours the most related.
    // Walk the list to the k-th customer still in a route (k is small: y^6 favours the front).
    let k = Math.floor(ctx.rng() ** 6 * (assigned.length - removed.length));
    let chosen = -1;
    for (const c of list) {
      if (s.routeOf[c]! < 0) continue;
      chosen = c;
      if (k-- === 0) break;
    }
    if (k >= 0) {
      // Past the end of a capped list: Shaw's choice lands among the unrelated rest, all alike.
      const far = pickAssigned();
      if (s.routeOf[far]! >= 0) chosen = far;
    }
    if (chosen < 0) break;
    take(chosen);
  }
}
