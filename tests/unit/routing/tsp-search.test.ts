// The symmetric no-window search (core/routing/tsp-search.ts): 2-opt / Or-opt on neighbour lists with
// local double-bridge kicks. Iteration caps make every assertion independent of the machine's load.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, scoreOrder } from '../../../core/routing/compile.ts';
import { bestConstruction } from '../../../core/routing/construct.ts';
import { solveInstance } from '../../../core/routing/instances/solve-instance.ts';
import { parseTsplib, tsplibTourLength } from '../../../core/routing/instances/tsplib.ts';
import type { Problem } from '../../../core/routing/model.ts';
import { createRng } from '../../../core/routing/rng.ts';
import { solveRoute } from '../../../core/routing/solve.ts';
import { isSymmetric, tspSearch } from '../../../core/routing/tsp-search.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = path.join(path.resolve(repoRoot, '../shared'), 'benchmarks/routing');

function points(pts: (readonly [number, number])[]): Problem {
  const minutes = pts.map((a) => pts.map((b) => Math.hypot(a[0] - b[0], a[1] - b[1])));
  return {
    matrix: { minutes },
    vehicles: [{ id: 'c', startLocation: 0, endLocation: 0, shift: { start: 0, end: 1e9 } }],
    visits: pts.slice(1).map((_, k) => ({ id: `p${k + 1}`, location: k + 1, durationMinutes: 0 })),
  };
}

describe('neighbour-list 2-opt / Or-opt search', () => {
  it('finds the circle from a scrambled order (40 points)', () => {
    const m = 40;
    const pts = Array.from(
      { length: m },
      (_, i) => [Math.cos((2 * Math.PI * i) / m), Math.sin((2 * Math.PI * i) / m)] as const,
    );
    const c = compile(points(pts));
    const rng = createRng(3);
    const scrambled = Array.from({ length: c.n }, (_, i) => i).sort(() => rng() - 0.5);
    const r = tspSearch(c, scrambled, { seed: 1, deadline: Number.POSITIVE_INFINITY, maxIterations: 500 });
    expect(r.score.travel).toBeCloseTo(m * 2 * Math.sin(Math.PI / m), 9);
  });

  it.each([1, 2, 3])('is deterministic, never worse than its start, and its cost recomputes (seed %i)', (seed) => {
    const rng = createRng(seed);
    const c = compile(points(Array.from({ length: 120 }, () => [rng() * 100, rng() * 100] as const)));
    expect(isSymmetric(c)).toBe(true);
    const start = bestConstruction(c);
    const a = tspSearch(c, start.order, { seed, deadline: Number.POSITIVE_INFINITY, maxIterations: 300 });
    const b = tspSearch(c, start.order, { seed, deadline: Number.POSITIVE_INFINITY, maxIterations: 300 });
    expect(b.order).toEqual(a.order);
    expect(a.score.travel).toBeLessThanOrEqual(start.score.travel + 1e-9);
    expect(scoreOrder(c, a.order)).toEqual(a.score);
    expect([...a.order].sort((x, y) => x - y)).toEqual(Array.from({ length: c.n }, (_, i) => i));
  });

  it('stops by itself when progress stalls', () => {
    const rng = createRng(9);
    const c = compile(points(Array.from({ length: 30 }, () => [rng() * 100, rng() * 100] as const)));
    const r = tspSearch(c, bestConstruction(c).order, {
      seed: 1,
      deadline: Number.POSITIVE_INFINITY,
      stallIterations: 50,
    });
    expect(r.stalled).toBe(true);
  });

  it('is not used for asymmetric travel (the moves assume symmetry)', () => {
    const rng = createRng(4);
    const p = points(Array.from({ length: 20 }, () => [rng() * 100, rng() * 100] as const));
    const row = p.matrix.minutes[1];
    if (row) row[2] = (row[2] ?? 0) + 5;
    expect(isSymmetric(compile(p))).toBe(false);
    const s = solveRoute(p, { exactMaxVisits: 0, maxIterations: 20, timeLimitMs: 60_000 });
    expect(s.feasible).toBe(true);
  });
});

describe.skipIf(!existsSync(dir))('TSPLIB quality at a fixed number of kicks (skipped: ../shared absent)', () => {
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  it.each([
    ['tsplib/berlin52.tsp', 7542],
    ['tsplib/st70.tsp', 675],
    ['tsplib/lin105.tsp', 14379],
    ['tsplib/pr152.tsp', 73682],
  ])('%s within 1 % of the optimum, never below it', { timeout: 120_000 }, (file, value) => {
    const r = solveInstance(read(file), 'tsplib', { seed: 1, maxIterations: 3000, timeLimitMs: 100_000 });
    expect(r.cost).toBe(tsplibTourLength(parseTsplib(read(file)), r.order));
    expect(r.cost).toBeGreaterThanOrEqual(value);
    expect((100 * (r.cost - value)) / value).toBeLessThanOrEqual(1);
  });
});
