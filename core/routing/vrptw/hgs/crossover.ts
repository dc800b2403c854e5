// biome-ignore-all lint/style/noNonNullAssertion: indices are in range by construction.
// Port of parts of HGS-CVRP (Vidal 2020, MIT) as extended by ORTEC (2022, MIT); see ./LICENSE.
// The two crossovers of the ORTEC baseline, the best offspring kept (by penalised cost):
//   - OX on the giant tours (Oliver et al. 1987), cut into routes by Split;
//   - SREX (Nagata & Kobayashi 2010, selective route exchange): a run of adjacent routes of parent A replaced by
//     as many of parent B's, the run slid while that lowers the customers left over, and those reinserted
//     where they add least distance among the positions their windows allow.
import type { Rng } from '../../rng.ts';
import type { HgsData, Penalties } from './data.ts';
import { Individual } from './individual.ts';
import { split } from './split.ts';

export interface CrossoverContext {
  data: HgsData;
  fleet: number;
  rng: Rng;
  penalties: Penalties;
  angle: Float64Array;
}

export function crossover(ctx: CrossoverContext, a: Individual, b: Individual): number[][] {
  const { data, penalties: p, rng } = ctx;
  const n = data.n;
  const ta = a.giantTour();
  const tb = b.giantTour();
  const start = Math.floor(rng() * n);
  let end = Math.floor(rng() * n);
  while (n > 1 && end === start) end = Math.floor(rng() * n);
  // One OX child (as HGS-CVRP; the ORTEC baseline makes two): Split is the dearest step of an offspring.
  const candidates = [split(data, ox(ta, tb, start, end), ctx.fleet, p)];
  candidates.push(...srex(ctx, a, b));
  let best: number[][] = candidates[0]!;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const routes of candidates) {
    const cost = new Individual(data, routes, p).penalised;
    if (cost < bestCost) {
      bestCost = cost;
      best = routes;
    }
  }
  return best;
}

/** OX: parent a's stretch start..end (wrapping) in place, the rest in parent b's order from end+1. */
function ox(a: readonly number[], b: readonly number[], start: number, end: number): number[] {
  const n = a.length;
  const out = new Array<number>(n);
  const taken = new Uint8Array(n + 1);
  let j = start;
  while (j % n !== (end + 1) % n) {
    out[j % n] = a[j % n]!;
    taken[a[j % n]!] = 1;
    j++;
  }
  for (let i = 1; i <= n; i++) {
    const c = b[(end + i) % n]!;
    if (!taken[c]) {
      out[j % n] = c;
      j++;
    }
  }
  return out;
}

function srex(ctx: CrossoverContext, A: Individual, B: Individual): number[][][] {
  const { rng, fleet } = ctx;
  const ra = A.routes.filter((r) => r.length > 0);
  const rb = B.routes.filter((r) => r.length > 0);
  const na = ra.length;
  const nb = rb.length;
  if (na === 0 || nb === 0) return [];
  let startA = Math.floor(rng() * na);
  const moved = Math.min(na, nb) === 1 ? 1 : 1 + Math.floor(rng() * (Math.min(na - 1, nb - 1) || 1));
  let startB = startA < nb ? startA : 0;
  const inA = new Set<number>();
  const inB = new Set<number>();
  for (let r = 0; r < moved; r++) {
    for (const c of ra[(startA + r) % na]!) inA.add(c);
    for (const c of rb[(startB + r) % nb]!) inB.add(c);
  }
  const outside = (route: number[], set: Set<number>) => route.reduce((k, c) => k + (set.has(c) ? 0 : 1), 0);
  const inside = (route: number[], set: Set<number>) => route.length - outside(route, set);
  // Slide the runs while that lowers the customers of A's run missing from B's (HGS's loop).
  for (let guard = 0; guard < na + nb; guard++) {
    const aLeft = outside(ra[(startA - 1 + na) % na]!, inB) - outside(ra[(startA + moved - 1) % na]!, inB);
    const aRight = outside(ra[(startA + moved) % na]!, inB) - outside(ra[startA]!, inB);
    const bLeft = inside(rb[(startB + moved - 1) % nb]!, inA) - inside(rb[(startB - 1 + nb) % nb]!, inA);
    const bRight = inside(rb[startB]!, inA) - inside(rb[(startB + moved) % nb]!, inA);
    const bestDiff = Math.min(aLeft, aRight, bLeft, bRight);
    if (bestDiff >= 0) break;
    if (bestDiff === aLeft) {
      for (const c of ra[(startA + moved - 1) % na]!) inA.delete(c);
      startA = (startA - 1 + na) % na;
      for (const c of ra[startA]!) inA.add(c);
    } else if (bestDiff === aRight) {
      for (const c of ra[startA]!) inA.delete(c);
      startA = (startA + 1) % na;
      for (const c of ra[(startA + moved - 1) % na]!) inA.add(c);
    } else if (bestDiff === bLeft) {
      for (const c of rb[(startB + moved - 1) % nb]!) inB.delete(c);
      startB = (startB - 1 + nb) % nb;
      for (const c of rb[startB]!) inB.add(c);
    } else {
      for (const c of rb[startB]!) inB.delete(c);
      startB = (startB + 1) % nb;
      for (const c of rb[(startB + moved - 1) % nb]!) inB.add(c);
    }
  }
  const aNotB = [...inA].filter((c) => !inB.has(c));
  const bNotA = new Set([...inB].filter((c) => !inA.has(c)));
  // Offspring 0 takes B's routes whole and drops B's extra customers from A's kept routes; offspring 1 keeps
  // A's routes whole and drops them from B's.
  const kids: number[][][] = [[], []];
  for (let r = 0; r < na; r++) {
    const index = (startA + r) % na;
    if (r < moved) {
      const fromB = rb[(startB + r) % nb]!;
      kids[0]![index] = fromB.slice();
      kids[1]![index] = fromB.filter((c) => !bNotA.has(c));
    } else {
      kids[0]![index] = ra[index]!.filter((c) => !bNotA.has(c));
      kids[1]![index] = ra[index]!.slice();
    }
  }
  for (const kid of kids) {
    while (kid.length < fleet) kid.push([]);
    insertMissing(ctx, kid, aNotB);
  }
  return kids;
}

/** Cheapest-distance insertion among the positions that do not break a window outright (as HGS). */
export function insertMissing(ctx: CrossoverContext, routes: number[][], missing: readonly number[]): void {
  const { data } = ctx;
  const d = (a: number, b: number) => data.dist(a, b);
  const { ready, due, service } = data;
  for (const c of missing) {
    let best = Number.POSITIVE_INFINITY;
    let bestAny = Number.POSITIVE_INFINITY;
    let at: [number, number] = [-1, -1];
    let atAny: [number, number] = [-1, -1];
    for (let r = 0; r < routes.length; r++) {
      const route = routes[r]!;
      if (route.length === 0) continue;
      for (let k = 0; k <= route.length; k++) {
        const prev = k === 0 ? 0 : route[k - 1]!;
        const next = k === route.length ? data.end : route[k]!;
        const delta = d(prev, c) + d(c, next) - d(prev, next);
        if (delta < bestAny) {
          bestAny = delta;
          atAny = [r, k];
        }
        if (delta >= best) continue;
        if (ready[prev]! + service[prev]! + d(prev, c) > due[c]!) continue;
        if (ready[c]! + service[c]! + d(c, next) > due[next]!) continue;
        best = delta;
        at = [r, k];
      }
    }
    if (at[0] < 0) at = atAny;
    if (at[0] < 0) at = [routes.findIndex((r) => r.length === 0), 0];
    routes[at[0]]!.splice(at[1], 0, c);
  }
}
