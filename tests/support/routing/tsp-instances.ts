// Generated symmetric TSP instances shaped like the TSPLIB EUC_2D family (held-back files such as kroA100,
// gil262, lin318, rd400 are measured too, so the search is tuned on a family, never on one file): uniform
// random and clustered points with integer coordinates, written as TSPLIB text (nint distances), plus an
// exact Held–Karp reference for tiny paths.
import type { Problem } from '../../../core/routing/model.ts';
import { createRng } from '../../../core/routing/rng.ts';

export type TspShape = 'uniform' | 'clustered';

export interface TspInstanceOptions {
  n: number;
  seed: number;
  shape: TspShape;
  /** Side of the square (default 10 000, as kroA100 / rd400-like coordinates). */
  side?: number;
}

/** Points of the instance, integer coordinates. Clustered: √n/2 Gaussian clusters plus 10 % uniform noise. */
export function tspPoints(o: TspInstanceOptions): [number, number][] {
  const rng = createRng(o.seed * 7919 + o.n);
  const side = o.side ?? 10_000;
  const clamp = (v: number) => Math.max(0, Math.min(side, Math.round(v)));
  if (o.shape === 'uniform') return Array.from({ length: o.n }, () => [clamp(rng() * side), clamp(rng() * side)]);
  const k = Math.max(2, Math.round(Math.sqrt(o.n) / 2));
  const centres = Array.from({ length: k }, () => [rng() * side, rng() * side] as const);
  const spread = side / (2 * k);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  return Array.from({ length: o.n }, () => {
    if (rng() < 0.1) return [clamp(rng() * side), clamp(rng() * side)];
    const [cx, cy] = centres[Math.floor(rng() * k)] as readonly [number, number];
    return [clamp(cx + gauss() * spread), clamp(cy + gauss() * spread)];
  });
}

export function tspInstanceName(o: TspInstanceOptions): string {
  return `${o.shape === 'uniform' ? 'uni' : 'clu'}${o.n}s${o.seed}`;
}

/** The instance as TSPLIB text (EUC_2D), readable by parseTsplib / solveInstance. */
export function tspInstanceText(o: TspInstanceOptions): string {
  const pts = tspPoints(o);
  return [
    `NAME : ${tspInstanceName(o)}`,
    'TYPE : TSP',
    `DIMENSION : ${o.n}`,
    'EDGE_WEIGHT_TYPE : EUC_2D',
    'NODE_COORD_SECTION',
    ...pts.map(([x, y], i) => `${i + 1} ${x} ${y}`),
    'EOF',
    '',
  ].join('\n');
}

/** The generated family the search is measured on (n 100–450, both shapes). */
export const TSP_FAMILY: TspInstanceOptions[] = [
  { n: 100, seed: 1, shape: 'uniform' },
  { n: 200, seed: 2, shape: 'uniform' },
  { n: 318, seed: 3, shape: 'uniform' },
  { n: 442, seed: 4, shape: 'uniform' },
  { n: 150, seed: 5, shape: 'clustered' },
  { n: 262, seed: 6, shape: 'clustered' },
  { n: 350, seed: 7, shape: 'clustered' },
  { n: 450, seed: 8, shape: 'clustered' },
];

/** A closed tour from point 0 as a routing problem (TSPLIB nint distances): start and end at point 0. */
export function tspProblem(pts: readonly (readonly [number, number])[]): Problem {
  const minutes = pts.map((a) => pts.map((b) => Math.floor(Math.hypot(a[0] - b[0], a[1] - b[1]) + 0.5)));
  return {
    matrix: { minutes },
    vehicles: [{ id: 'c', startLocation: 0, endLocation: 0, shift: { start: 0, end: 1e12 } }],
    visits: pts.slice(1).map((_, k) => ({ id: `p${k + 1}`, location: k + 1, durationMinutes: 0 })),
  };
}

/**
 * Held–Karp: the shortest path start → every visit once → end, over a (n+2)² row-major matrix with the visits
 * at 0..n-1, the start at n and the end at n+1 (the compiled layout). For n ≤ ~12.
 */
export function heldKarpPath(travel: ArrayLike<number>, n: number): number {
  const size = n + 2;
  const d = (a: number, b: number) => travel[a * size + b] as number;
  const full = 1 << n;
  const best = new Float64Array(full * n).fill(Number.POSITIVE_INFINITY);
  for (let v = 0; v < n; v++) best[(1 << v) * n + v] = d(n, v);
  for (let set = 1; set < full; set++) {
    for (let v = 0; v < n; v++) {
      const here = best[set * n + v] as number;
      if (!(set & (1 << v)) || here === Number.POSITIVE_INFINITY) continue;
      for (let w = 0; w < n; w++) {
        if (set & (1 << w)) continue;
        const k = (set | (1 << w)) * n + w;
        const via = here + d(v, w);
        if (via < (best[k] as number)) best[k] = via;
      }
    }
  }
  let out = n === 0 ? d(n, n + 1) : Number.POSITIVE_INFINITY;
  for (let v = 0; v < n; v++) out = Math.min(out, (best[(full - 1) * n + v] as number) + d(v, n + 1));
  return out;
}
