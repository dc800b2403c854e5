// biome-ignore-all lint/style/noNonNullAssertion: indices are in range by construction.
// Port of parts of HGS-CVRP (Vidal 2020, MIT) as extended by ORTEC (2022, MIT); see ./LICENSE.
// Split (Prins 2004; Vidal 2016): the best cut of a giant tour into routes, by the penalised cost of each route
// (time warp by the concatenation of data.ts, unrolled here: Split is most of an offspring's cost). Bellman's
// algorithm in topological order, a route stopping at 1.5× capacity as in HGS; when it needs more routes than
// the fleet has, the limited-fleet version (one layer per route count).
import { type HgsData, type Penalties, penalisedCost, Seg } from './data.ts';

/** A route being extended customer by customer from the start depot: the time-warp summary in scalars. */
class Walker {
  e = 0;
  l = 0;
  dur = 0;
  tw = 0;
  load = 0;
  dist = 0;

  constructor(
    private readonly data: HgsData,
    private readonly p: Penalties,
  ) {}

  start(): void {
    this.e = this.data.ready[0]!;
    this.l = this.data.due[0]!;
    this.dur = 0;
    this.tw = 0;
    this.load = 0;
    this.dist = 0;
  }

  /** Appends customer node c reached by a leg of d. */
  add(c: number, d: number): void {
    const { ready, due, service, demand } = this.data;
    const delta = this.dur - this.tw + d;
    const wait = Math.max(ready[c]! - delta - this.l, 0);
    const warp = Math.max(this.e + delta - due[c]!, 0);
    this.e = Math.max(ready[c]! - delta, this.e) - wait;
    this.l = Math.min(due[c]! - delta, this.l) + warp;
    this.dur += service[c]! + d + wait;
    this.tw += warp;
    this.load += demand[c]!;
    this.dist += d;
  }

  /** Penalised cost once closed by a leg of d to the end depot. */
  close(d: number): number {
    const warp = Math.max(this.e + this.dur - this.tw + d - this.data.due[this.data.end]!, 0);
    return (
      this.dist + d + this.p.capacity * Math.max(0, this.load - this.data.capacity) + this.p.timeWarp * (this.tw + warp)
    );
  }
}

export function split(data: HgsData, tour: readonly number[], fleet: number, p: Penalties): number[][] {
  const n = tour.length;
  // Legs along the tour: from the depot, to the next customer, to the end depot.
  const fromDepot = new Float64Array(n);
  const next = new Float64Array(n);
  const toEnd = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    fromDepot[k] = data.dist(0, tour[k]!);
    toEnd[k] = data.dist(tour[k]!, data.end);
    if (k + 1 < n) next[k] = data.dist(tour[k]!, tour[k + 1]!);
  }
  const maxLoad = 1.5 * data.capacity;
  const w = new Walker(data, p);
  // Relaxes every route tour[i..j-1] (j up to `last`) from potential from[i] into to[j].
  const relax = (from: Float64Array, to: Float64Array, back: Int32Array, i: number, last: number, cap: boolean) => {
    w.start();
    for (let j = i + 1; j <= last; j++) {
      w.add(tour[j - 1]!, j === i + 1 ? fromDepot[i]! : next[j - 2]!);
      if (cap && w.load > maxLoad && j > i + 1) break;
      const c = from[i]! + w.close(toEnd[j - 1]!);
      if (c < to[j]!) {
        to[j] = c;
        back[j] = i;
      }
    }
  };

  // Unlimited fleet.
  const pot = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
  const pred = new Int32Array(n + 1);
  pot[0] = 0;
  for (let i = 0; i < n; i++) if (Number.isFinite(pot[i]!)) relax(pot, pot, pred, i, n, true);
  let count = 0;
  for (let j = n; j > 0; j = pred[j]!) count++;
  if (count <= fleet) return cut(tour, (j) => pred[j]!, n, fleet);

  // Limited fleet: potential per number of routes used; the last route takes everything left.
  const K = fleet;
  const potK = Array.from({ length: K + 1 }, () => new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY));
  const predK = Array.from({ length: K + 1 }, () => new Int32Array(n + 1));
  potK[0]![0] = 0;
  // Suffix summaries tour[i..n-1] + end depot, built once, price the last route in O(1).
  const tail: Seg[] = [];
  tail[n] = new Seg().copy(data.nodeSeg[data.end]!);
  for (let i = n - 1; i >= 0; i--) tail[i] = new Seg().copy(data.nodeSeg[tour[i]!]!).append(data, tail[i + 1]!);
  const closed = new Seg();
  for (let k = 0; k < K; k++) {
    const from = potK[k]!;
    for (let i = k; i < n; i++) {
      if (!Number.isFinite(from[i]!)) continue;
      if (k < K - 1) relax(from, potK[k + 1]!, predK[k + 1]!, i, n, true);
      else {
        const c = from[i]! + penalisedCost(data, closed.copy(data.nodeSeg[0]!).append(data, tail[i]!), p);
        if (c < potK[K]![n]!) {
          potK[K]![n] = c;
          predK[K]![n] = i;
        }
      }
    }
  }
  let bestK = 1;
  for (let k = 1; k <= K; k++) if (potK[k]![n]! < potK[bestK]![n]!) bestK = k;
  const routes: number[][] = [];
  let j = n;
  for (let k = bestK; k > 0; k--) {
    const i = predK[k]![j]!;
    routes.push(tour.slice(i, j));
    j = i;
  }
  while (routes.length < fleet) routes.push([]);
  return routes;
}

function cut(tour: readonly number[], pred: (j: number) => number, n: number, fleet: number): number[][] {
  const routes: number[][] = [];
  for (let j = n; j > 0; j = pred(j)) routes.push(tour.slice(pred(j), j));
  while (routes.length < fleet) routes.push([]);
  return routes;
}
