// Held–Karp 1-trees and α-nearness candidates (core/routing/tsp/one-tree.ts), and the drilling-board generators
// they are measured on. Counted budgets (1-trees, kicks) decide everything here, never the clock.
import { describe, expect, it } from 'vitest';
import { compile } from '../../../core/routing/compile.ts';
import { bestConstruction } from '../../../core/routing/construct.ts';
import { alphaCandidates, heldKarpAscent, OneTree } from '../../../core/routing/tsp/one-tree.ts';
import { tspSearch } from '../../../core/routing/tsp-search.ts';
import { heldKarpPath, tspPoints, tspProblem } from '../../support/routing/tsp-instances.ts';

const FOREVER = Number.POSITIVE_INFINITY;

/** The search's weights: the fixed end → start edge at -Infinity (as tspSearch builds them). */
function weights(c: ReturnType<typeof compile>): Float64Array {
  const size = c.n + 2;
  const dist = Float64Array.from(c.travel);
  dist[c.end * size + c.start] = Number.NEGATIVE_INFINITY;
  dist[c.start * size + c.end] = Number.NEGATIVE_INFINITY;
  return dist;
}

describe('Held–Karp 1-tree', () => {
  // Closed tours and paths to another point, against the exact optimum.
  it.each([4, 6, 8, 10])('bounds the optimal tour or path from below (%i visits, 6 instances)', (n) => {
    for (let seed = 1; seed <= 6; seed++) {
      const p = tspProblem(tspPoints({ n: n + 2, seed, shape: seed % 2 ? 'uniform' : 'clustered', side: 1000 }));
      const vehicle = p.vehicles[0];
      if (vehicle && seed % 3 !== 0) vehicle.endLocation = n + 1;
      if (seed % 3 !== 0) p.visits.pop();
      const c = compile(p);
      const optimum = heldKarpPath(c.travel, c.n);
      const tree = new OneTree(weights(c), c.n + 2, c.start, c.end);
      const ascent = heldKarpAscent(tree, { upperBound: optimum * 1.05, maxTrees: 200 });
      expect(ascent.bound).toBeLessThanOrEqual(optimum + 1e-6);
      expect(ascent.bound).toBeGreaterThan(0.7 * optimum);
      const r = tspSearch(c, bestConstruction(c).order, { seed, deadline: FOREVER, maxIterations: 0 });
      expect(r.lowerBound).toBeLessThanOrEqual(r.score.travel + 1e-6);
      if (r.provedOptimal) expect(r.score.travel).toBeCloseTo(optimum, 6);
    }
  });

  it('gives every tree edge α = 0: each end lists the other first among its candidates', () => {
    const c = compile(tspProblem(tspPoints({ n: 80, seed: 2, shape: 'clustered' })));
    const size = c.n + 2;
    const tree = new OneTree(weights(c), size, c.start, c.end);
    const { pi } = heldKarpAscent(tree, { upperBound: 1e9, maxTrees: 30 });
    tree.build(pi);
    const lists = alphaCandidates(tree, pi, 5);
    expect(lists).toBeDefined();
    for (let v = 0; v < size; v++) {
      const d = tree.dad[v] as number;
      if (d < 0 || (v === c.end && d === c.start)) continue; // the root; the forced (fixed) edge
      if ((tree.degree[v] as number) <= 5) expect([...(lists?.[v] ?? [])]).toContain(d);
      if ((tree.degree[d] as number) <= 5) expect([...(lists?.[d] ?? [])]).toContain(v);
    }
  });

  it('proves a regular polygon optimal at once: the 1-tree is the tour', () => {
    const m = 30;
    const pts = Array.from({ length: m }, (_, i) => {
      const a = (2 * Math.PI * i) / m;
      return [1000 * Math.cos(a), 1000 * Math.sin(a)] as const;
    });
    const minutes = pts.map((a) => pts.map((b) => Math.hypot(a[0] - b[0], a[1] - b[1])));
    const p = tspProblem(pts.map(() => [0, 0] as [number, number]));
    p.matrix.minutes = minutes;
    const c = compile(p);
    const scrambled = Array.from({ length: c.n }, (_, i) => (i * 7) % c.n);
    const r = tspSearch(c, scrambled, { seed: 1, deadline: FOREVER, maxIterations: 10_000 });
    expect(r.provedOptimal).toBe(true);
    expect(r.iterations).toBe(0);
    expect(r.score.travel).toBeCloseTo(m * 2000 * Math.sin(Math.PI / m), 6);
  });
});

describe('α-nearness on clustered boards', () => {
  it('lists a link between two tight clusters that the 10 nearest neighbours miss', () => {
    // Two 4×4 lattices of holes 10 apart, 5,000 apart from each other: every node's 10 nearest are in its own
    // cluster, yet every tour leaves each cluster twice.
    const pts: [number, number][] = [];
    for (const ox of [0, 5000]) for (let i = 0; i < 16; i++) pts.push([ox + 10 * (i % 4), 10 * Math.floor(i / 4)]);
    const c = compile(tspProblem(pts));
    const size = c.n + 2;
    const side = (v: number) => ((v === c.start || v === c.end ? 0 : v + 1) < 16 ? 0 : 1);
    const dist = weights(c);
    let nearestCross = 0;
    for (let v = 0; v < size; v++) {
      const others = Array.from({ length: size }, (_, u) => u).filter(
        (u) => u !== v && !((v === c.start && u === c.end) || (v === c.end && u === c.start)),
      );
      others.sort((a, b) => (dist[v * size + a] as number) - (dist[v * size + b] as number) || a - b);
      nearestCross += others.slice(0, 10).filter((u) => side(u) !== side(v)).length;
    }
    expect(nearestCross).toBe(0);
    const tree = new OneTree(dist, size, c.start, c.end);
    const { pi } = heldKarpAscent(tree, { upperBound: 10_500, maxTrees: 100 });
    tree.build(pi);
    const lists = alphaCandidates(tree, pi, 5) ?? [];
    const cross = lists.flatMap((list, v) => [...list].filter((u) => side(u) !== side(v)).map((u) => [v, u]));
    expect(cross.length).toBeGreaterThanOrEqual(2);
  });
});

describe('drilling-board generators', () => {
  it.each(['drill-clusters', 'drill-rows'] as const)('%s: deterministic, n distinct integer points', (shape) => {
    const a = tspPoints({ n: 700, seed: 3, shape });
    expect(tspPoints({ n: 700, seed: 3, shape })).toEqual(a);
    expect(tspPoints({ n: 700, seed: 4, shape })).not.toEqual(a);
    expect(a).toHaveLength(700);
    expect(new Set(a.map((p) => p.join())).size).toBe(700);
    expect(a.every(([x, y]) => Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0)).toBe(true);
  });

  it('drill-clusters: most holes at the lattice pitch from their nearest one, a few far out', () => {
    const pts = tspPoints({ n: 400, seed: 1, shape: 'drill-clusters' });
    const nearest = pts.map((a, i) =>
      Math.min(...pts.filter((_, j) => j !== i).map((b) => Math.hypot(a[0] - b[0], a[1] - b[1]))),
    );
    const pitch = Math.min(...nearest);
    expect(nearest.filter((d) => d === pitch).length).toBeGreaterThan(0.8 * pts.length);
    expect(nearest.filter((d) => d > 20 * pitch).length).toBeGreaterThan(0);
  });
});
