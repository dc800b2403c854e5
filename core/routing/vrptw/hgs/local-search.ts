// biome-ignore-all lint/style/noNonNullAssertion: positions come from routeOf/posOf, which update() keeps in step.
// Port of parts of HGS-CVRP (Vidal 2020, MIT) as extended by ORTEC (2022, MIT); see ./LICENSE.
// HGS's local search on the penalised objective (distance + load excess and time warp, each times its penalty):
// for each customer u and each of its granular neighbours v, first improvement over
//   relocate u, (u,x) or (x,u) after v; swap u↔v, (u,x)↔v, (u,x)↔(v,y); 2-opt* (u→y, v→x); 2-opt inside a
//   route; the same with v = the start depot when v opens its route; and, after the first pass, moves into an
//   empty route slot.
// Inter-route moves are priced in O(1) from each position's prefix and suffix time-warp summaries (data.ts);
// intra-route moves rebuild only the stretch between u and v. A move is priced on distance first and given up
// when even removing every current penalty of its routes could not make it pay (HGS's filter). Pairs whose
// routes have not changed since u was last tested are skipped. The caller's deadline is read every few
// customers, so one pass over a 1,000-customer solution never runs long past it.
import type { Rng } from '../../rng.ts';
import { type HgsData, type Penalties, penalisedCost, Seg } from './data.ts';

const EPS = 1e-5;

export class PenalisedLocalSearch {
  /** Nodes per route slot, depots included: [0, customers…, n+1]. */
  private R: number[][] = [];
  private pre: Seg[][] = [];
  private suf: Seg[][] = [];
  private cost: Float64Array;
  private penalty: Float64Array;
  private modified: Float64Array;
  private tested: Float64Array;
  private routeOf: Int32Array;
  private posOf: Int32Array;
  private order: number[];
  private moves = 0;
  private p: Penalties = { capacity: 1, timeWarp: 1 };
  private readonly a = new Seg();
  private readonly scratch: number[] = [];

  constructor(
    private readonly data: HgsData,
    private readonly neighbours: readonly Int32Array[],
    private readonly fleet: number,
    private readonly rng: Rng,
  ) {
    const n = data.n;
    this.cost = new Float64Array(fleet);
    this.penalty = new Float64Array(fleet);
    this.modified = new Float64Array(fleet);
    this.tested = new Float64Array(n + 1);
    this.routeOf = new Int32Array(n + 1);
    this.posOf = new Int32Array(n + 1);
    this.order = Array.from({ length: n }, (_, i) => i + 1);
    for (let r = 0; r < fleet; r++) {
      this.pre.push([]);
      this.suf.push([]);
    }
  }

  /**
   * Runs to a local optimum of the penalised cost (or until `stop()` says so) and returns the routes (customer
   * nodes per slot). `routes` has at most `fleet` entries.
   */
  run(routes: readonly number[][], p: Penalties, stop: () => boolean): number[][] {
    this.p = p;
    const { data, rng } = this;
    this.R = [];
    for (let r = 0; r < this.fleet; r++) {
      this.R.push([0, ...(routes[r] ?? []), data.end]);
      this.update(r);
    }
    this.moves = 1;
    this.modified.fill(1);
    this.tested.fill(0);
    const order = this.order;
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let checks = 0;
    let improved = true;
    for (let loop = 0; improved || loop < 2; loop++) {
      improved = false;
      for (const u of order) {
        if ((++checks & 63) === 0 && stop()) return this.export();
        const lastTested = this.tested[u]!;
        this.tested[u] = this.moves;
        for (const v of this.neighbours[u]!) {
          const ru = this.routeOf[u]!;
          const rv = this.routeOf[v]!;
          if (loop > 0 && Math.max(this.modified[ru]!, this.modified[rv]!) <= lastTested) continue;
          const pv = this.posOf[v]!;
          if (this.tryAll(u, ru, this.posOf[u]!, rv, pv)) {
            improved = true;
            continue;
          }
          // v opens its route: also try u right after the start depot.
          if (pv === 1 && this.tryDepot(u, ru, this.posOf[u]!, rv)) improved = true;
        }
        if (loop > 0) {
          let empty = -1;
          for (let r = 0; r < this.fleet && empty < 0; r++) if (this.R[r]!.length === 2) empty = r;
          if (empty >= 0 && this.tryDepot(u, this.routeOf[u]!, this.posOf[u]!, empty)) improved = true;
        }
      }
    }
    return this.export();
  }

  private export(): number[][] {
    return this.R.map((nodes) => nodes.slice(1, -1));
  }

  private update(r: number): void {
    const { data } = this;
    const nodes = this.R[r]!;
    const m = nodes.length;
    const pre = this.pre[r]!;
    const suf = this.suf[r]!;
    while (pre.length < m) {
      pre.push(new Seg());
      suf.push(new Seg());
    }
    pre[0]!.copy(data.nodeSeg[0]!);
    for (let k = 1; k < m; k++) {
      const c = nodes[k]!;
      pre[k]!.copy(pre[k - 1]!).append(data, data.nodeSeg[c]!);
      if (k < m - 1) {
        this.routeOf[c] = r;
        this.posOf[c] = k;
      }
    }
    suf[m - 1]!.copy(data.nodeSeg[data.end]!);
    for (let k = m - 2; k >= 0; k--) suf[k]!.copy(data.nodeSeg[nodes[k]!]!).append(data, suf[k + 1]!);
    const whole = pre[m - 1]!;
    this.cost[r] = penalisedCost(data, whole, this.p);
    this.penalty[r] = this.cost[r]! - whole.dist;
    this.modified[r] = ++this.moves;
  }

  /** Penalised cost of s1 ⊕ nodes… ⊕ s2. */
  private price(s1: Seg, x: number, y: number, s2: Seg): number {
    const { data } = this;
    const a = this.a.copy(s1);
    if (x >= 0) a.append(data, data.nodeSeg[x]!);
    if (y >= 0) a.append(data, data.nodeSeg[y]!);
    return penalisedCost(data, a.append(data, s2), this.p);
  }

  /**
   * Inter-route move: route ru keeps pre[ru][cutU] ⊕ (x1, y1) ⊕ suf[ru][resumeU], route rv keeps
   * pre[rv][cutV] ⊕ (x2, y2) ⊕ suf[rv][resumeV] (node −1 = none). Applied when it lowers the penalised cost.
   */
  private inter(
    distDelta: number,
    ru: number,
    cutU: number,
    x1: number,
    y1: number,
    resumeU: number,
    rv: number,
    cutV: number,
    x2: number,
    y2: number,
    resumeV: number,
    swapTails = false,
  ): boolean {
    if (distDelta - this.penalty[ru]! - this.penalty[rv]! > -EPS) return false;
    const sufU = swapTails ? this.suf[rv]! : this.suf[ru]!;
    const sufV = swapTails ? this.suf[ru]! : this.suf[rv]!;
    const cu = this.price(this.pre[ru]![cutU]!, x1, y1, sufU[resumeU]!);
    const cv = this.price(this.pre[rv]![cutV]!, x2, y2, sufV[resumeV]!);
    if (cu + cv - this.cost[ru]! - this.cost[rv]! > -EPS) return false;
    const U = this.R[ru]!;
    const V = this.R[rv]!;
    const tailU = swapTails ? V.slice(resumeU) : U.slice(resumeU);
    const tailV = swapTails ? U.slice(resumeV) : V.slice(resumeV);
    const newU = U.slice(0, cutU + 1);
    if (x1 >= 0) newU.push(x1);
    if (y1 >= 0) newU.push(y1);
    const newV = V.slice(0, cutV + 1);
    if (x2 >= 0) newV.push(x2);
    if (y2 >= 0) newV.push(y2);
    this.R[ru] = newU.concat(tailU);
    this.R[rv] = newV.concat(tailV);
    this.update(ru);
    this.update(rv);
    return true;
  }

  /** Intra-route move: positions lo..hi of route r become `seq` (this.scratch). */
  private intra(r: number, lo: number, hi: number): boolean {
    const { data } = this;
    const nodes = this.R[r]!;
    const seq = this.scratch;
    // Distance first (the stretch lo-1 … hi+1), then the whole penalised cost.
    const pre = this.pre[r]!;
    const oldDist = pre[hi + 1]!.dist - pre[lo - 1]!.dist;
    let newDist = 0;
    let prev = nodes[lo - 1]!;
    for (const c of seq) {
      newDist += this.data.dist(prev, c);
      prev = c;
    }
    newDist += this.data.dist(prev, nodes[hi + 1]!);
    if (newDist - oldDist - this.penalty[r]! > -EPS) return false;
    const a = this.a.copy(pre[lo - 1]!);
    for (const c of seq) a.append(data, data.nodeSeg[c]!);
    a.append(data, this.suf[r]![hi + 1]!);
    if (penalisedCost(data, a, this.p) - this.cost[r]! > -EPS) return false;
    for (let k = 0; k < seq.length; k++) nodes[lo + k] = seq[k]!;
    this.update(r);
    return true;
  }

  private tryAll(u: number, ru: number, pu: number, rv: number, pv: number): boolean {
    if (ru === rv) return this.tryIntra(ru, pu, pv);
    const U = this.R[ru]!;
    const V = this.R[rv]!;
    const v = V[pv]!;
    const uPrev = U[pu - 1]!;
    const x = U[pu + 1]!;
    const xCust = pu + 1 < U.length - 1;
    const vPrev = V[pv - 1]!;
    const y = V[pv + 1]!;
    const yCust = pv + 1 < V.length - 1;
    const T = this.data.T;
    const L = this.data.loc;
    // Relocate u after v.
    const removeU = dd(T, L, uPrev, x) - dd(T, L, uPrev, u) - dd(T, L, u, x);
    if (
      this.inter(
        removeU + dd(T, L, v, u) + dd(T, L, u, y) - dd(T, L, v, y),
        ru,
        pu - 1,
        -1,
        -1,
        pu + 1,
        rv,
        pv,
        u,
        -1,
        pv + 1,
      )
    )
      return true;
    if (xCust) {
      const x2 = U[pu + 2]!;
      const removeUX = dd(T, L, uPrev, x2) - dd(T, L, uPrev, u) - dd(T, L, u, x) - dd(T, L, x, x2);
      // Relocate (u, x) after v, then (x, u).
      if (
        this.inter(
          removeUX + dd(T, L, v, u) + dd(T, L, u, x) + dd(T, L, x, y) - dd(T, L, v, y),
          ru,
          pu - 1,
          -1,
          -1,
          pu + 2,
          rv,
          pv,
          u,
          x,
          pv + 1,
        )
      )
        return true;
      if (
        this.inter(
          removeUX + dd(T, L, v, x) + dd(T, L, x, u) + dd(T, L, u, y) - dd(T, L, v, y),
          ru,
          pu - 1,
          -1,
          -1,
          pu + 2,
          rv,
          pv,
          x,
          u,
          pv + 1,
        )
      )
        return true;
    }
    // Swap u and v.
    const swapDist =
      dd(T, L, uPrev, v) +
      dd(T, L, v, x) -
      dd(T, L, uPrev, u) -
      dd(T, L, u, x) +
      dd(T, L, vPrev, u) +
      dd(T, L, u, y) -
      dd(T, L, vPrev, v) -
      dd(T, L, v, y);
    if (this.inter(swapDist, ru, pu - 1, v, -1, pu + 1, rv, pv - 1, u, -1, pv + 1)) return true;
    if (xCust) {
      const x2 = U[pu + 2]!;
      // Swap (u, x) and v.
      const dist5 =
        dd(T, L, uPrev, v) +
        dd(T, L, v, x2) -
        dd(T, L, uPrev, u) -
        dd(T, L, u, x) -
        dd(T, L, x, x2) +
        dd(T, L, vPrev, u) +
        dd(T, L, u, x) +
        dd(T, L, x, y) -
        dd(T, L, vPrev, v) -
        dd(T, L, v, y);
      if (this.inter(dist5, ru, pu - 1, v, -1, pu + 2, rv, pv - 1, u, x, pv + 1)) return true;
      if (yCust) {
        const y2 = V[pv + 2]!;
        // Swap (u, x) and (v, y).
        const dist6 =
          dd(T, L, uPrev, v) +
          dd(T, L, v, y) +
          dd(T, L, y, x2) -
          dd(T, L, uPrev, u) -
          dd(T, L, u, x) -
          dd(T, L, x, x2) +
          dd(T, L, vPrev, u) +
          dd(T, L, u, x) +
          dd(T, L, x, y2) -
          dd(T, L, vPrev, v) -
          dd(T, L, v, y) -
          dd(T, L, y, y2);
        if (this.inter(dist6, ru, pu - 1, v, y, pu + 2, rv, pv - 1, u, x, pv + 2)) return true;
      }
    }
    // 2-opt*: u → y and v → x.
    const dist9 = dd(T, L, u, y) + dd(T, L, v, x) - dd(T, L, u, x) - dd(T, L, v, y);
    return this.inter(dist9, ru, pu, -1, -1, pv + 1, rv, pv, -1, -1, pu + 1, true);
  }

  /** Moves of u to the start of route rv (v = its start depot). */
  private tryDepot(u: number, ru: number, pu: number, rv: number): boolean {
    if (ru === rv) return pu > 1 && this.intraRelocate(ru, pu, 0);
    const U = this.R[ru]!;
    const V = this.R[rv]!;
    const uPrev = U[pu - 1]!;
    const x = U[pu + 1]!;
    const y = V[1]!;
    const T = this.data.T;
    const L = this.data.loc;
    const removeU = dd(T, L, uPrev, x) - dd(T, L, uPrev, u) - dd(T, L, u, x);
    if (
      this.inter(
        removeU + dd(T, L, 0, u) + dd(T, L, u, y) - dd(T, L, 0, y),
        ru,
        pu - 1,
        -1,
        -1,
        pu + 1,
        rv,
        0,
        u,
        -1,
        1,
      )
    )
      return true;
    if (pu + 1 < U.length - 1) {
      const x2 = U[pu + 2]!;
      const removeUX = dd(T, L, uPrev, x2) - dd(T, L, uPrev, u) - dd(T, L, u, x) - dd(T, L, x, x2);
      if (
        this.inter(
          removeUX + dd(T, L, 0, u) + dd(T, L, u, x) + dd(T, L, x, y) - dd(T, L, 0, y),
          ru,
          pu - 1,
          -1,
          -1,
          pu + 2,
          rv,
          0,
          u,
          x,
          1,
        )
      )
        return true;
      if (
        this.inter(
          removeUX + dd(T, L, 0, x) + dd(T, L, x, u) + dd(T, L, u, y) - dd(T, L, 0, y),
          ru,
          pu - 1,
          -1,
          -1,
          pu + 2,
          rv,
          0,
          x,
          u,
          1,
        )
      )
        return true;
    }
    // 2-opt*: u ends its route with all of route v, route v takes u's tail.
    const dist9 = dd(T, L, u, y) + dd(T, L, 0, x) - dd(T, L, u, x) - dd(T, L, 0, y);
    return this.inter(dist9, ru, pu, -1, -1, 1, rv, 0, -1, -1, pu + 1, true);
  }

  private tryIntra(r: number, pu: number, pv: number): boolean {
    if (pu === pv) return false;
    // Relocate u after v; swap u and v; 2-opt (reverse u+1 … v) when u comes first.
    if (pu !== pv + 1 && this.intraRelocate(r, pu, pv)) return true;
    if (this.intraSwap(r, pu, pv)) return true;
    if (pu < pv && pv > pu + 1) {
      const nodes = this.R[r]!;
      const seq = this.scratch;
      seq.length = 0;
      for (let k = pv; k > pu; k--) seq.push(nodes[k]!);
      if (this.intra(r, pu + 1, pv)) return true;
    }
    return false;
  }

  /** Moves the customer at position pu right after position pv (same route). */
  private intraRelocate(r: number, pu: number, pv: number): boolean {
    const nodes = this.R[r]!;
    const seq = this.scratch;
    seq.length = 0;
    const u = nodes[pu]!;
    if (pu < pv) {
      for (let k = pu + 1; k <= pv; k++) seq.push(nodes[k]!);
      seq.push(u);
      return this.intra(r, pu, pv);
    }
    seq.push(u);
    for (let k = pv + 1; k < pu; k++) seq.push(nodes[k]!);
    return this.intra(r, pv + 1, pu);
  }

  private intraSwap(r: number, pu: number, pv: number): boolean {
    const nodes = this.R[r]!;
    const seq = this.scratch;
    seq.length = 0;
    const lo = Math.min(pu, pv);
    const hi = Math.max(pu, pv);
    seq.push(nodes[hi]!);
    for (let k = lo + 1; k < hi; k++) seq.push(nodes[k]!);
    seq.push(nodes[lo]!);
    return this.intra(r, lo, hi);
  }
}

function dd(T: readonly (readonly number[])[], L: Int32Array, a: number, b: number): number {
  return T[L[a]!]![L[b]!]!;
}
