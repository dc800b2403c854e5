// The windowed search's route and its O(1) move evaluation.
//
// Concatenation technique (Vidal et al. 2013, "A hybrid genetic algorithm with adaptive diversity management
// for a large class of vehicle routing problems with time-windows"): a subsequence of the route is summarised
// by (duration D, time warp TW, earliest start E, latest start L, travel C); two summaries joined by a leg give
// the summary of the joined sequence in O(1). A move is scored by joining the prefix before it, the pieces it
// rearranges and the suffix after it.
//
// Only the prefixes and suffixes of the route are kept (O(n), rebuilt from the changed positions after an
// accepted move). The pieces between a visit u and a neighbour v are grown outwards from u, one position at a
// time and only as far as the farthest neighbour examined (Reach): O(1) per evaluated move, amortised,
// without the O(n²) table of every subsequence that an accepted move would have to refresh.
//
// Time warp is the minutes by which the schedule would have to travel back in time to keep every window and
// working hours: zero exactly when the route is feasible.
import type { Compiled } from '../compile.ts';

/** Stand-in for an unreachable leg (the final schedule check scores it as a penalty). */
const BIG = 1e7;
/** Stand-in for an open window side (finite so no ∞ − ∞ appears). */
const OPEN = 1e10;

/** Per-problem constants: node windows, services and the travel matrix with unreachable legs as BIG. */
export interface Data {
  n: number;
  size: number;
  dist: Float64Array;
  service: Float64Array;
  e: Float64Array;
  l: Float64Array;
  /** Granular neighbour lists over the visits, closest (by travel and window compatibility) first. */
  neighbours: Int32Array[];
}

export function prepare(c: Compiled, k: number): Data {
  const n = c.n;
  const size = n + 2;
  const dist = c.travel.map((t) => (t === Number.POSITIVE_INFINITY ? BIG : t));
  const service = Float64Array.from(c.service);
  const e = new Float64Array(size);
  const l = new Float64Array(size);
  for (let v = 0; v < n; v++) {
    e[v] = Math.max(-OPEN, c.earliest[v] as number);
    l[v] = Math.min(OPEN, c.latest[v] as number);
  }
  // The start may be left at any time in working hours (waiting at the first visit is the same thing); the
  // end must be reached by the end of working hours.
  e[c.start] = c.shiftStart;
  l[c.start] = Math.min(OPEN, c.shiftEnd);
  service[c.start] = 0;
  e[c.end] = -OPEN;
  l[c.end] = Math.min(OPEN, c.shiftEnd);
  service[c.end] = 0;
  // Correlation (Vidal 2013): travel plus the waiting and the lateness that i → j would at least cause.
  const proximity = (i: number, j: number) => {
    const t = dist[i * size + j] as number;
    const si = service[i] as number;
    const wait = Math.max(0, (e[j] as number) - t - si - (l[i] as number));
    const late = Math.max(0, (e[i] as number) + si + t - (l[j] as number));
    return t + 0.2 * wait + late;
  };
  const kk = Math.max(0, Math.min(k, n - 1));
  const neighbours: Int32Array[] = [];
  const key = new Float64Array(n);
  const others = Array.from({ length: n }, (_, j) => j);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++)
      key[j] = j === i ? Number.POSITIVE_INFINITY : Math.min(proximity(i, j), proximity(j, i));
    const sorted = others.slice().sort((a, b) => (key[a] as number) - (key[b] as number) || a - b);
    neighbours.push(Int32Array.from(sorted.slice(0, kk)));
  }
  return { n, size, dist, service, e, l, neighbours };
}

/** Mutable summary of a sequence under construction (no allocation per evaluated move). */
export class Acc {
  D = 0;
  TW = 0;
  E = 0;
  L = 0;
  C = 0;
  first = 0;
  last = 0;
  /** acc := the single node v. */
  node(d: Data, v: number): this {
    this.D = d.service[v] as number;
    this.TW = 0;
    this.E = d.e[v] as number;
    this.L = d.l[v] as number;
    this.C = 0;
    this.first = v;
    this.last = v;
    return this;
  }
  copy(o: Acc): this {
    this.D = o.D;
    this.TW = o.TW;
    this.E = o.E;
    this.L = o.L;
    this.C = o.C;
    this.first = o.first;
    this.last = o.last;
    return this;
  }
  /** acc := acc ⊕ (D, TW, E, L, C from first to last) */
  join(d: Data, D: number, TW: number, E: number, L: number, C: number, first: number, last: number): this {
    const t = d.dist[this.last * d.size + first] as number;
    const delta = this.D - this.TW + t;
    const wt = Math.max(E - delta - this.L, 0);
    const tw = Math.max(this.E + delta - L, 0);
    this.D = this.D + D + t + wt;
    this.TW = this.TW + TW + tw;
    this.E = Math.max(E - delta, this.E) - wt;
    this.L = Math.min(L - delta, this.L) + tw;
    this.C = this.C + C + t;
    this.last = last;
    return this;
  }
  joinAcc(d: Data, o: Acc): this {
    return this.join(d, o.D, o.TW, o.E, o.L, o.C, o.first, o.last);
  }
  joinNode(d: Data, v: number): this {
    return this.join(d, d.service[v] as number, 0, d.e[v] as number, d.l[v] as number, 0, v, v);
  }
}

/** Summaries stored per position (struct of arrays): prefixes, suffixes, and Reach's growing pieces. */
class Table {
  readonly D: Float64Array;
  readonly TW: Float64Array;
  readonly E: Float64Array;
  readonly L: Float64Array;
  readonly C: Float64Array;
  readonly first: Int32Array;
  readonly last: Int32Array;
  constructor(m: number) {
    this.D = new Float64Array(m);
    this.TW = new Float64Array(m);
    this.E = new Float64Array(m);
    this.L = new Float64Array(m);
    this.C = new Float64Array(m);
    this.first = new Int32Array(m);
    this.last = new Int32Array(m);
  }
  node(d: Data, x: number, v: number): void {
    this.D[x] = d.service[v] as number;
    this.TW[x] = 0;
    this.E[x] = d.e[v] as number;
    this.L[x] = d.l[v] as number;
    this.C[x] = 0;
    this.first[x] = v;
    this.last[x] = v;
  }
  /** [x] := [y] ⊕ v */
  append(d: Data, x: number, y: number, v: number): void {
    const t = d.dist[(this.last[y] as number) * d.size + v] as number;
    const D = this.D[y] as number;
    const TWy = this.TW[y] as number;
    const Ey = this.E[y] as number;
    const Ly = this.L[y] as number;
    const ev = d.e[v] as number;
    const lv = d.l[v] as number;
    const delta = D - TWy + t;
    const wt = Math.max(ev - delta - Ly, 0);
    const tw = Math.max(Ey + delta - lv, 0);
    this.D[x] = D + (d.service[v] as number) + t + wt;
    this.TW[x] = TWy + tw;
    this.E[x] = Math.max(ev - delta, Ey) - wt;
    this.L[x] = Math.min(lv - delta, Ly) + tw;
    this.C[x] = (this.C[y] as number) + t;
    this.first[x] = this.first[y] as number;
    this.last[x] = v;
  }
  /** [x] := v ⊕ [y] */
  prepend(d: Data, x: number, v: number, y: number): void {
    const fy = this.first[y] as number;
    const t = d.dist[v * d.size + fy] as number;
    const sv = d.service[v] as number;
    const ev = d.e[v] as number;
    const lv = d.l[v] as number;
    const Ey = this.E[y] as number;
    const Ly = this.L[y] as number;
    const delta = sv + t;
    const wt = Math.max(Ey - delta - lv, 0);
    const tw = Math.max(ev + delta - Ly, 0);
    this.D[x] = sv + (this.D[y] as number) + t + wt;
    this.TW[x] = (this.TW[y] as number) + tw;
    this.E[x] = Math.max(Ey - delta, ev) - wt;
    this.L[x] = Math.min(Ly - delta, lv) + tw;
    this.C[x] = (this.C[y] as number) + t;
    this.first[x] = v;
    this.last[x] = this.last[y] as number;
  }
  /** acc := [x] */
  load(acc: Acc, x: number): Acc {
    acc.D = this.D[x] as number;
    acc.TW = this.TW[x] as number;
    acc.E = this.E[x] as number;
    acc.L = this.L[x] as number;
    acc.C = this.C[x] as number;
    acc.first = this.first[x] as number;
    acc.last = this.last[x] as number;
    return acc;
  }
  /** acc := acc ⊕ [x] */
  joinTo(d: Data, acc: Acc, x: number): Acc {
    return acc.join(
      d,
      this.D[x] as number,
      this.TW[x] as number,
      this.E[x] as number,
      this.L[x] as number,
      this.C[x] as number,
      this.first[x] as number,
      this.last[x] as number,
    );
  }
}

/**
 * The search state: the route (start at position 0, end at position len − 1) with its prefix and suffix
 * summaries. While visits are taken out for reinsertion the route is shorter than n + 2.
 */
export class RouteState {
  readonly s: Int32Array;
  readonly pos: Int32Array;
  /** Positions in the route, start and end included (n + 2 when every visit is in). */
  len: number;
  /** Prefix s[0..i] at i; suffix s[i..len−1] at size + i. */
  readonly ends: Table;
  /** Travel of s[0..i] taken backwards (each leg s[k+1] → s[k]): reversed stretches are priced from it. */
  readonly backC: Float64Array;
  private readonly tmp: Int32Array;

  constructor(
    readonly d: Data,
    start: number,
    end: number,
    order: ArrayLike<number>,
  ) {
    const size = d.size;
    this.s = new Int32Array(size);
    this.tmp = new Int32Array(size);
    this.pos = new Int32Array(size).fill(-1);
    this.ends = new Table(2 * size);
    this.backC = new Float64Array(size);
    this.s[0] = start;
    this.len = size;
    this.s[size - 1] = end;
    this.reset(order);
  }

  /** Loads another order of the same visits (all of them). */
  reset(order: ArrayLike<number>): void {
    const size = this.d.size;
    if (this.len !== size) {
      this.s[size - 1] = this.s[this.len - 1] as number;
      this.len = size;
    }
    for (let k = 0; k < order.length; k++) this.s[k + 1] = order[k] as number;
    this.rebuild(0, size - 1);
  }

  order(): number[] {
    return Array.from(this.s.subarray(1, this.len - 1));
  }

  /** Recomputes positions in [lo, hi], the prefixes from lo and the suffixes up to hi. */
  rebuild(lo: number, hi: number): void {
    const { d, s, ends } = this;
    const size = d.size;
    const len = this.len;
    const last = Math.min(hi, len - 1);
    for (let k = Math.max(0, lo); k <= last; k++) this.pos[s[k] as number] = k;
    const back = this.backC;
    if (lo <= 0) ends.node(d, 0, s[0] as number);
    for (let i = Math.max(1, lo); i < len; i++) {
      ends.append(d, i, i - 1, s[i] as number);
      back[i] = (back[i - 1] as number) + (d.dist[(s[i] as number) * size + (s[i - 1] as number)] as number);
    }
    if (hi >= len - 1) ends.node(d, size + len - 1, s[len - 1] as number);
    for (let i = Math.min(hi, len - 2); i >= 0; i--) ends.prepend(d, size + i, s[i] as number, size + i + 1);
  }

  /** Takes the visit at position k out of the route. */
  remove(k: number): void {
    const s = this.s;
    this.pos[s[k] as number] = -1;
    this.len--;
    for (let i = k; i < this.len; i++) s[i] = s[i + 1] as number;
    this.rebuild(k, this.len - 1);
  }

  /** Puts visit v back between positions p and p + 1. */
  insert(v: number, p: number): void {
    const s = this.s;
    for (let i = this.len; i > p + 1; i--) s[i] = s[i - 1] as number;
    s[p + 1] = v;
    this.len++;
    this.rebuild(p + 1, this.len - 1);
  }

  /** acc := the whole route with v inserted between positions p and p + 1. */
  inserted(acc: Acc, v: number, p: number): Acc {
    this.prefix(acc, p).joinNode(this.d, v);
    return this.joinSuffix(acc, p + 1);
  }

  /** acc := the whole current route. */
  whole(acc: Acc): Acc {
    return this.ends.load(acc, this.len - 1);
  }

  /** Travel of s[i..j] forward, or reversed when rev. */
  travel(i: number, j: number, rev: boolean): number {
    return rev
      ? (this.backC[j] as number) - (this.backC[i] as number)
      : (this.ends.C[j] as number) - (this.ends.C[i] as number);
  }

  /** acc := s[0..i] */
  prefix(acc: Acc, i: number): Acc {
    return this.ends.load(acc, i);
  }

  /** acc := acc ⊕ s[i..n+1] */
  joinSuffix(acc: Acc, i: number): Acc {
    return this.ends.joinTo(this.d, acc, this.d.size + i);
  }

  /** acc := acc ⊕ s[i..j] (forward, or reversed when rev), walked node by node (O(j − i)). */
  walk(acc: Acc, i: number, j: number, rev: boolean): Acc {
    if (rev) for (let k = j; k >= i; k--) acc.joinNode(this.d, this.s[k] as number);
    else for (let k = i; k <= j; k++) acc.joinNode(this.d, this.s[k] as number);
    return acc;
  }

  /** acc := the whole route after moving s[s0..e0] (reversed when rev) to between p and p+1 (reference, O(n)). */
  relocated(acc: Acc, s0: number, e0: number, rev: boolean, p: number): Acc {
    if (p < s0) {
      this.prefix(acc, p);
      this.walk(acc, s0, e0, rev);
      this.walk(acc, p + 1, s0 - 1, false);
      return this.joinSuffix(acc, e0 + 1);
    }
    this.prefix(acc, s0 - 1);
    this.walk(acc, e0 + 1, p, false);
    this.walk(acc, s0, e0, rev);
    return this.joinSuffix(acc, p + 1);
  }

  /** acc := the whole route after exchanging positions a < b (reference, O(n)). */
  swapped(acc: Acc, a: number, b: number): Acc {
    this.prefix(acc, a - 1);
    this.walk(acc, b, b, false);
    this.walk(acc, a + 1, b - 1, false);
    this.walk(acc, a, a, false);
    return this.joinSuffix(acc, b + 1);
  }

  /** acc := the whole route after reversing positions a..b (reference, O(n)). */
  reversed(acc: Acc, a: number, b: number): Acc {
    this.prefix(acc, a - 1);
    this.walk(acc, a, b, true);
    return this.joinSuffix(acc, b + 1);
  }

  /** Moves s[st..en] (reversed when rev) to between positions p and p+1 (p outside [st-1, en]). */
  applyRelocate(st: number, en: number, rev: boolean, p: number): [number, number] {
    const s = this.s;
    const tmp = this.tmp;
    const L = en - st + 1;
    for (let k = 0; k < L; k++) tmp[k] = s[rev ? en - k : st + k] as number;
    if (p < st) {
      for (let k = st - 1; k >= p + 1; k--) s[k + L] = s[k] as number;
      for (let k = 0; k < L; k++) s[p + 1 + k] = tmp[k] as number;
      this.rebuild(p + 1, en);
      return [p + 1, en];
    }
    for (let k = en + 1; k <= p; k++) s[k - L] = s[k] as number;
    for (let k = 0; k < L; k++) s[p - L + 1 + k] = tmp[k] as number;
    this.rebuild(st, p);
    return [st, p];
  }

  applySwap(a: number, b: number): void {
    const s = this.s;
    const x = s[a] as number;
    s[a] = s[b] as number;
    s[b] = x;
    this.rebuild(a, b);
  }

  applyReverse(a: number, b: number): void {
    const s = this.s;
    for (let i = a, j = b; i < j; i++, j--) {
      const x = s[i] as number;
      s[i] = s[j] as number;
      s[j] = x;
    }
    this.rebuild(a, b);
  }
}

// Reach's pieces, grown from the centre c one position at a time, each stored at its far end k. To the right
// (k > c): forward s[c+1..k], s[c+2..k], s[c+3..k], reversed s[c..k], s[c+1..k]. To the left (k < c): forward
// s[k..c-1], s[k..c-2], s[k..c-3], reversed s[k..c], s[k..c-1].
const PIECES = 10;

/**
 * The moves of the visit at one position (the centre) scored in O(1): relocating a segment of 1–3 visits that
 * starts or ends at the centre, exchanging the centre with another position, and reversing a stretch that
 * starts or ends next to it. Valid until the route changes (then `centre` again).
 */
export class Reach {
  private readonly t: Table;
  private c = 0;
  private right = 0;
  private left = 0;
  private readonly size: number;

  constructor(private readonly st: RouteState) {
    this.size = st.d.size;
    this.t = new Table(PIECES * this.size);
  }

  centre(c: number): void {
    const { t, size } = this;
    const v = this.st.s[c] as number;
    this.c = c;
    this.right = c;
    this.left = c;
    t.node(this.st.d, 3 * size + c, v);
    t.node(this.st.d, 8 * size + c, v);
  }

  private growRight(k: number): void {
    const { t, st, size, c } = this;
    const d = st.d;
    for (let x = this.right + 1; x <= k; x++) {
      const v = st.s[x] as number;
      if (x === c + 1) t.node(d, x, v);
      else t.append(d, x, x - 1, v);
      if (x === c + 2) t.node(d, size + x, v);
      else if (x > c + 2) t.append(d, size + x, size + x - 1, v);
      if (x === c + 3) t.node(d, 2 * size + x, v);
      else if (x > c + 3) t.append(d, 2 * size + x, 2 * size + x - 1, v);
      t.prepend(d, 3 * size + x, v, 3 * size + x - 1);
      if (x === c + 1) t.node(d, 4 * size + x, v);
      else t.prepend(d, 4 * size + x, v, 4 * size + x - 1);
    }
    if (k > this.right) this.right = k;
  }

  private growLeft(k: number): void {
    const { t, st, size, c } = this;
    const d = st.d;
    for (let x = this.left - 1; x >= k; x--) {
      const v = st.s[x] as number;
      if (x === c - 1) t.node(d, 5 * size + x, v);
      else t.prepend(d, 5 * size + x, v, 5 * size + x + 1);
      if (x === c - 2) t.node(d, 6 * size + x, v);
      else if (x < c - 2) t.prepend(d, 6 * size + x, v, 6 * size + x + 1);
      if (x === c - 3) t.node(d, 7 * size + x, v);
      else if (x < c - 3) t.prepend(d, 7 * size + x, v, 7 * size + x + 1);
      t.append(d, 8 * size + x, 8 * size + x + 1, v);
      if (x === c - 1) t.node(d, 9 * size + x, v);
      else t.append(d, 9 * size + x, 9 * size + x + 1, v);
    }
    if (k < this.left) this.left = k;
  }

  /** acc := acc ⊕ s[i..j] forward; one end must be within 3 of the centre on its side (c+1..c+3 or c-3..c-1). */
  forward(acc: Acc, i: number, j: number): Acc {
    const c = this.c;
    if (i > c) {
      if (j > this.right) this.growRight(j);
      return this.t.joinTo(this.st.d, acc, (i - c - 1) * this.size + j);
    }
    if (i < this.left) this.growLeft(i);
    return this.t.joinTo(this.st.d, acc, (4 + c - j) * this.size + i);
  }

  /** acc := acc ⊕ s[i..j] reversed; i ∈ {c, c+1} (growing right) or j ∈ {c, c-1} (growing left). */
  backward(acc: Acc, i: number, j: number): Acc {
    const c = this.c;
    if (i >= c && j > c) {
      if (j > this.right) this.growRight(j);
      return this.t.joinTo(this.st.d, acc, (3 + i - c) * this.size + j);
    }
    if (i < this.left) this.growLeft(i);
    return this.t.joinTo(this.st.d, acc, (8 + c - j) * this.size + i);
  }
}
