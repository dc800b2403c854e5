// Generated symmetric TSP instances shaped like the TSPLIB EUC_2D family (held-back files such as kroA100,
// gil262, lin318, rd400 are measured too, so the search is tuned on a family, never on one file): uniform
// random and clustered points with integer coordinates, written as TSPLIB text (nint distances), plus an
// exact Held–Karp reference for tiny paths. The drilling shapes follow the large held-back files (fl1577, d1291,
// pcb-like boards) by their description only: 'drill-clusters' — a few dozen tight clusters of holes on a small
// lattice (many equal short spacings) with wide empty gaps between them and a few lone holes; 'drill-rows' —
// rows of pins (chips, connectors) on a board grid with gaps between the parts.
import type { Problem } from '../../../core/routing/model.ts';
import { createRng } from '../../../core/routing/rng.ts';

export type TspShape = 'uniform' | 'clustered' | 'drill-clusters' | 'drill-rows';

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
  if (o.shape === 'drill-clusters') return drillClusters(o.n, side, rng);
  if (o.shape === 'drill-rows') return drillRows(o.n, side, rng);
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

/** Lattice holes in n/40 tight clusters (pitch ~1 % of a cluster gap, a few % jitter-free), 4 % lone holes. */
function drillClusters(n: number, side: number, rng: () => number): [number, number][] {
  const seen = new Set<string>();
  const out: [number, number][] = [];
  const add = (x: number, y: number) => {
    const key = `${x},${y}`;
    if (x < 0 || y < 0 || x > side || y > side || seen.has(key)) return;
    seen.add(key);
    out.push([x, y]);
  };
  const k = Math.max(3, Math.round(n / 40));
  const pitch = Math.max(2, Math.round(side / 600));
  const lone = Math.round(n * 0.04);
  while (out.length < lone) add(Math.floor(rng() * side), Math.floor(rng() * side));
  const clusters = Array.from({ length: k }, () => {
    // Cluster sizes vary 1:4; a cluster is a filled rectangle of the lattice, some holes left out.
    const weight = 1 + 3 * rng();
    const aspect = 0.3 + rng() * 1.4;
    return { x: rng() * side * 0.9, y: rng() * side * 0.9, weight, aspect };
  });
  const total = clusters.reduce((sum, cl) => sum + cl.weight, 0);
  for (const [i, cl] of clusters.entries()) {
    const target = i === k - 1 ? n - out.length : Math.round(((n - lone) * cl.weight) / total);
    const cells = Math.ceil(target / 0.8);
    const cols = Math.max(1, Math.round(Math.sqrt(cells * cl.aspect)));
    const rows = Math.max(1, Math.ceil(cells / cols));
    let placed = 0;
    for (let guard = 0; placed < target && out.length < n && guard < 50 * cells; guard++) {
      const before = out.length;
      add(Math.round(cl.x) + pitch * Math.floor(rng() * cols), Math.round(cl.y) + pitch * Math.floor(rng() * rows));
      placed += out.length - before;
    }
  }
  while (out.length < n) add(Math.floor(rng() * side), Math.floor(rng() * side));
  return out;
}

/** Parts on a board: rows of pins at one pitch (dual rows, single rows, short columns), gaps between parts. */
function drillRows(n: number, side: number, rng: () => number): [number, number][] {
  const seen = new Set<string>();
  const out: [number, number][] = [];
  const add = (x: number, y: number) => {
    const key = `${x},${y}`;
    if (x < 0 || y < 0 || x > side || y > side || seen.has(key)) return;
    seen.add(key);
    out.push([x, y]);
  };
  const pitch = Math.max(2, Math.round(side / 200));
  const slots = Math.floor(side / pitch);
  for (let guard = 0; out.length < n && guard < 100 * n; guard++) {
    // A part at a lattice slot: 2–24 pins, one or two rows, horizontal or vertical.
    const x0 = pitch * Math.floor(rng() * slots);
    const y0 = pitch * Math.floor(rng() * slots);
    const pins = 2 + Math.floor(rng() * 23);
    const dual = rng() < 0.5;
    const vertical = rng() < 0.4;
    for (let p = 0; p < pins && out.length < n; p++) {
      for (let r = 0; r < (dual ? 2 : 1) && out.length < n; r++) {
        const along = p * pitch;
        const across = r * 3 * pitch;
        if (vertical) add(x0 + across, y0 + along);
        else add(x0 + along, y0 + across);
      }
    }
  }
  return out;
}

const SHAPE_PREFIX: Record<TspShape, string> = {
  uniform: 'uni',
  clustered: 'clu',
  'drill-clusters': 'dcl',
  'drill-rows': 'drw',
};

export function tspInstanceName(o: TspInstanceOptions): string {
  return `${SHAPE_PREFIX[o.shape]}${o.n}s${o.seed}`;
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

/** The large-tour family (issue 26: 575–2,400 nodes, the drilling shapes LKH's candidates matter for). */
export const TSP_LARGE_FAMILY: TspInstanceOptions[] = [
  { n: 1000, seed: 11, shape: 'uniform' },
  { n: 2400, seed: 12, shape: 'uniform' },
  { n: 1600, seed: 13, shape: 'drill-clusters' },
  { n: 800, seed: 14, shape: 'drill-clusters' },
  { n: 1300, seed: 15, shape: 'drill-rows' },
  { n: 2100, seed: 16, shape: 'drill-rows' },
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
