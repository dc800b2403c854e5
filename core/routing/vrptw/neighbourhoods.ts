// biome-ignore-all lint/style/noNonNullAssertion: customer indices are in range by construction.
// The customer neighbourhoods the VRPTW search works on, in memory linear in the customers (k entries each, never
// n² — at 1,000 customers the full sorted lists cost seconds and megabytes for entries the search never reads):
//   - neighbours: the granular neighbours of the local search (Vidal et al. 2013's proximity for the VRPTW:
//     travel plus the waiting (×0.2) and the lateness (×1) that serving one right after the other would force);
//   - near: the 2k closest by the same proximity, made symmetric, for recreate's candidate routes (SISR-style);
//   - related: Shaw's relatedness (travel and ready-time difference), the most related first, capped — Shaw's
//     choice with p = 6 reads past the first hundred rarely, and ruin() falls back to a random customer then.
// Each list is a partial selection (insertion into a sorted buffer of k while scanning the row), with ties broken
// by the lower index, so it equals the first k of a stable full sort.
import type { VrptwProblem } from './model.ts';

/** Granular neighbourhood size. */
export const NEIGHBOURS = 15;
/** Most entries kept in a related list. */
export const RELATED_CAP = 100;

export interface Neighbourhoods {
  /** neighbours[i]: the NEIGHBOURS customers closest to i by proximity, closest first. */
  neighbours: number[][];
  /** near[i]: sorted (ascending index) customers among i's 2·NEIGHBOURS closest, or that have i among theirs. */
  near: NearSets;
  /** related[i]: the customers most related to i (Shaw), most related first, at most `relatedCap`. */
  related: number[][];
}

/** Per-customer sorted sets of near customers: membership by binary search in O(log k). */
export class NearSets {
  constructor(readonly lists: readonly Int32Array[]) {}

  has(i: number, j: number): boolean {
    const list = this.lists[i]!;
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const x = list[mid]!;
      if (x === j) return true;
      if (x < j) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
}

export interface NeighbourhoodOptions {
  neighbours?: number;
  relatedCap?: number;
}

export function buildNeighbourhoods(problem: VrptwProblem, options: NeighbourhoodOptions = {}): Neighbourhoods {
  const T = problem.travel;
  const C = problem.customers;
  const n = C.length;
  const k = Math.min(options.neighbours ?? NEIGHBOURS, Math.max(0, n - 1));
  const cap = Math.min(options.relatedCap ?? RELATED_CAP, Math.max(0, n - 1));
  let maxLeg = 0;
  for (const row of T) for (const x of row) if (Number.isFinite(x) && x > maxLeg) maxLeg = x;
  let horizon = 1;
  for (const v of problem.vehicles) horizon = Math.max(horizon, v.shiftEnd - v.shiftStart);
  const closeness = closenessOf(problem);
  const relatedness = (i: number, j: number) => {
    const d = T[C[i]!.location]![C[j]!.location]!;
    return (Number.isFinite(d) ? d : 1e9) / (maxLeg || 1) + Math.abs(C[i]!.ready - C[j]!.ready) / horizon;
  };

  const closest = new Selection(2 * k);
  const most = new Selection(cap);
  const neighbours: number[][] = [];
  const related: number[][] = [];
  const nearSets: Set<number>[] = Array.from({ length: n }, () => new Set<number>());
  for (let i = 0; i < n; i++) {
    closest.clear();
    most.clear();
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      closest.offer(closeness(i, j), j);
      most.offer(relatedness(i, j), j);
    }
    const near = closest.items();
    neighbours.push(near.slice(0, k));
    related.push(most.items());
    for (const j of near) {
      nearSets[i]!.add(j);
      nearSets[j]!.add(i);
    }
  }
  const lists = nearSets.map((set) => Int32Array.from(set).sort());
  return { neighbours, near: new NearSets(lists), related };
}

/**
 * Vidal et al. 2013's proximity for the VRPTW: travel plus the waiting (×0.2) and the lateness (×1) that serving
 * one customer right after the other would force, the smaller of both orders.
 */
export function closenessOf(problem: VrptwProblem): (i: number, j: number) => number {
  const T = problem.travel;
  const C = problem.customers;
  const proximity = (i: number, j: number) => {
    const a = C[i]!;
    const b = C[j]!;
    const t = T[a.location]![b.location]!;
    return t + 0.2 * Math.max(b.ready - a.due - a.service - t, 0) + Math.max(a.ready + a.service + t - b.due, 0);
  };
  return (i, j) => Math.min(proximity(i, j), proximity(j, i));
}

/** For each customer the k closest by closenessOf, closest first (ties: the lower index), in O(n² k). */
export function granularNeighbours(problem: VrptwProblem, k: number): number[][] {
  const n = problem.customers.length;
  const closeness = closenessOf(problem);
  const closest = new Selection(Math.min(k, Math.max(0, n - 1)));
  const out: number[][] = [];
  for (let i = 0; i < n; i++) {
    closest.clear();
    for (let j = 0; j < n; j++) if (j !== i) closest.offer(closeness(i, j), j);
    out.push(closest.items());
  }
  return out;
}

/** The `size` smallest (key, id) pairs offered, by key then by offer order (ids come in increasing order). */
class Selection {
  private readonly keys: Float64Array;
  private readonly ids: Int32Array;
  private count = 0;

  constructor(private readonly size: number) {
    this.keys = new Float64Array(size);
    this.ids = new Int32Array(size);
  }

  clear(): void {
    this.count = 0;
  }

  offer(key: number, id: number): void {
    const size = this.size;
    if (size === 0) return;
    // Strictly better than the worst kept, so an equal key offered later never displaces an earlier one.
    if (this.count === size && !(key < this.keys[size - 1]!)) return;
    let p = this.count < size ? this.count++ : size - 1;
    while (p > 0 && key < this.keys[p - 1]!) {
      this.keys[p] = this.keys[p - 1]!;
      this.ids[p] = this.ids[p - 1]!;
      p--;
    }
    this.keys[p] = key;
    this.ids[p] = id;
  }

  items(): number[] {
    return Array.from(this.ids.subarray(0, this.count));
  }
}
