// biome-ignore-all lint/style/noNonNullAssertion: route and customer indices are in range by construction.
// Ruin and recreate (Schrimpf et al. 2000, "Record breaking optimization results using the ruin and recreate
// principle"; Shaw 1998 related removal; Ropke & Pisinger 2006 ALNS): remove some customers, then insert the
// bank back with regret-2 insertion (Potvin & Rousseau 1993, parallel insertion for the VRPTW) or greedy
// insertion in a random order. Customers that fit nowhere stay in the bank.
import type { Rng } from '../rng.ts';
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
 * for the route that changed. */
export function regretInsert(s: VrptwState, ctx: RecreateContext): void {
  const bank = s.bank;
  const R = s.routes.length;
  const cost = new Map<number, Float64Array>();
  const pos = new Map<number, Int32Array>();
  for (const c of bank) {
    cost.set(c, new Float64Array(R).fill(Number.NaN));
    pos.set(c, new Int32Array(R));
  }
  const noise = () => 1 + 0.1 * (ctx.rng() - 0.5);
  while (bank.length > 0) {
    const routes = candidateRoutes(s, ctx);
    let pick = -1;
    let pickRegret = Number.NEGATIVE_INFINITY;
    let pickRoute = -1;
    let pickPos = -1;
    for (let bi = 0; bi < bank.length; bi++) {
      const c = bank[bi]!;
      const cc = cost.get(c)!;
      const pc = pos.get(c)!;
      let best = Number.POSITIVE_INFINITY;
      let second = Number.POSITIVE_INFINITY;
      let bestR = -1;
      for (const r of routes) {
        if (Number.isNaN(cc[r]!)) {
          const [d, p] = bestInsertion(s.problem, s.routes[r]!, c);
          cc[r] = d + openCost(s, r, ctx);
          pc[r] = p;
        }
        const d = cc[r]!;
        if (d < best) {
          second = best;
          best = d;
          bestR = r;
        } else if (d < second) second = d;
      }
      if (bestR < 0) continue;
      // A customer with a single option goes first; failures break ties toward the hard ones.
      const regret = (Number.isFinite(second) ? (second - best) * noise() : 1e12) + ctx.failures[c]!;
      if (regret > pickRegret) {
        pickRegret = regret;
        pick = bi;
        pickRoute = bestR;
        pickPos = pc[bestR]!;
      }
    }
    if (pick < 0) break;
    const c = bank[pick]!;
    bank.splice(pick, 1);
    const wasEmpty = s.routes[pickRoute]!.size === 0;
    s.insert(c, pickRoute, pickPos);
    for (const other of bank) {
      const cc = cost.get(other)!;
      cc[pickRoute] = Number.NaN;
      // Opening a vehicle changes which unused vehicle represents its signature: recompute those too.
      if (wasEmpty) for (let r = 0; r < R; r++) if (s.routes[r]!.size === 0) cc[r] = Number.NaN;
    }
  }
  for (const c of bank) ctx.failures[c]!++;
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
    for (const r of candidateRoutes(s, ctx)) {
      if (ctx.rng() < 0.01) continue;
      const [d, p] = bestInsertion(s.problem, s.routes[r]!, c);
      const total = d + openCost(s, r, ctx);
      if (total < best) {
        best = total;
        bestR = r;
        bestP = p;
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
  /** related[c]: every other customer, most related first (Shaw 1998: close in space and in time). */
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
    const candidates = list.filter((c) => s.routeOf[c]! >= 0);
    if (candidates.length === 0) break;
    take(candidates[Math.floor(ctx.rng() ** 6 * candidates.length)]!);
  }
}
