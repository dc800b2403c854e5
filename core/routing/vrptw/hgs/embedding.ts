// biome-ignore-all lint/style/noNonNullAssertion: node indices are in range by construction.
// Polar angles of the customers around the start depot, for SREX's "adjacent routes" (HGS sorts routes by the
// angle of their barycentre). The model has a travel matrix, not coordinates: a 2-D FastMap embedding
// (Faloutsos & Lin 1995) of the symmetrised travel times stands in for them, in O(n) matrix reads per axis.
import type { HgsData } from './data.ts';

export function polarAngles(data: HgsData): Float64Array {
  const m = data.n + 1; // node 0 (the start depot) and the customers
  const d2 = (a: number, b: number) => {
    const x = 0.5 * (data.dist(a, b) + data.dist(b, a));
    return Number.isFinite(x) ? x * x : 0;
  };
  const axes: Float64Array[] = [];
  const residual = (a: number, b: number) => {
    let r = d2(a, b);
    for (const x of axes) r -= (x[a]! - x[b]!) ** 2;
    return Math.max(r, 0);
  };
  for (let axis = 0; axis < 2; axis++) {
    // Pivots: the farthest from node 0, then the farthest from that one.
    let p = 0;
    let q = 0;
    for (let i = 0; i < m; i++) if (residual(0, i) > residual(0, p)) p = i;
    for (let i = 0; i < m; i++) if (residual(p, i) > residual(p, q)) q = i;
    const dpq = residual(p, q);
    const x = new Float64Array(m);
    if (dpq > 0) for (let i = 0; i < m; i++) x[i] = (residual(p, i) + dpq - residual(q, i)) / (2 * Math.sqrt(dpq));
    axes.push(x);
  }
  const [x, y] = axes as [Float64Array, Float64Array];
  const angle = new Float64Array(m);
  for (let i = 1; i < m; i++) angle[i] = Math.atan2(y[i]! - y[0]!, x[i]! - x[0]!);
  return angle;
}
