// The symmetric no-window search (core/routing/tsp-search.ts): chained Lin–Kernighan with Or-opt and segment-local
// double-bridge kicks. Kick caps (maxIterations) and stall counts decide every verdict here, never the clock, so
// each is the same on a quiet and a loaded machine (the deadline itself: time-limit.test.ts, npm run bench:routing).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, scoreOrder } from '../../../core/routing/compile.ts';
import { bestConstruction } from '../../../core/routing/construct.ts';
import { solveInstance } from '../../../core/routing/instances/solve-instance.ts';
import { parseTsplib, tsplibTourLength } from '../../../core/routing/instances/tsplib.ts';
import type { Problem } from '../../../core/routing/model.ts';
import type { SearchProgress } from '../../../core/routing/progress.ts';
import { createRng } from '../../../core/routing/rng.ts';
import { solveRoute } from '../../../core/routing/solve.ts';
import { isSymmetric, tspSearch } from '../../../core/routing/tsp-search.ts';
import { BACKSTOP_MS, expectBudgeted } from '../../support/routing/budget.ts';
import { heldKarpPath, tspPoints, tspProblem } from '../../support/routing/tsp-instances.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = path.join(path.resolve(repoRoot, '../shared'), 'benchmarks/routing');
const FOREVER = Number.POSITIVE_INFINITY;

function points(pts: (readonly [number, number])[]): Problem {
  const minutes = pts.map((a) => pts.map((b) => Math.hypot(a[0] - b[0], a[1] - b[1])));
  return {
    matrix: { minutes },
    vehicles: [{ id: 'c', startLocation: 0, endLocation: 0, shift: { start: 0, end: 1e9 } }],
    visits: pts.slice(1).map((_, k) => ({ id: `p${k + 1}`, location: k + 1, durationMinutes: 0 })),
  };
}

const isPermutation = (order: number[], n: number) =>
  [...order].sort((x, y) => x - y).join() === Array.from({ length: n }, (_, i) => i).join();

describe('chained Lin–Kernighan search', () => {
  it('finds the circle from a scrambled order (40 points)', () => {
    const m = 40;
    const pts = Array.from(
      { length: m },
      (_, i) => [Math.cos((2 * Math.PI * i) / m), Math.sin((2 * Math.PI * i) / m)] as const,
    );
    const c = compile(points(pts));
    const rng = createRng(3);
    const scrambled = Array.from({ length: c.n }, (_, i) => i).sort(() => rng() - 0.5);
    const r = tspSearch(c, scrambled, { seed: 1, deadline: FOREVER, maxIterations: 500 });
    expect(r.score.travel).toBeCloseTo(m * 2 * Math.sin(Math.PI / m), 9);
  });

  // Paths with distinct start and end (the end is another point) as well as closed tours, against Held–Karp.
  it.each([2, 3, 5, 8, 10])('finds the optimum of small paths and tours (%i visits, 6 instances)', (n) => {
    for (let seed = 1; seed <= 6; seed++) {
      const p = tspProblem(tspPoints({ n: n + 2, seed, shape: seed % 2 ? 'uniform' : 'clustered', side: 100 }));
      const vehicle = p.vehicles[0];
      if (vehicle && seed % 3 !== 0) vehicle.endLocation = n + 1; // a path to another place…
      if (seed % 3 !== 0) p.visits.pop(); // …which is then no visit
      const c = compile(p);
      const start = bestConstruction(c);
      const r = tspSearch(c, start.order, { seed, deadline: FOREVER, maxIterations: 300 });
      expect(isPermutation(r.order, c.n)).toBe(true);
      expect(r.score).toEqual(scoreOrder(c, r.order));
      expect(r.score.travel).toBeCloseTo(heldKarpPath(c.travel, c.n), 9);
    }
  });

  it.each([1, 2, 3])('is deterministic, never worse than its start, and its cost recomputes (seed %i)', (seed) => {
    const rng = createRng(seed);
    const c = compile(points(Array.from({ length: 120 }, () => [rng() * 100, rng() * 100] as const)));
    expect(isSymmetric(c)).toBe(true);
    const start = bestConstruction(c);
    const a = tspSearch(c, start.order, { seed, deadline: FOREVER, maxIterations: 300 });
    const b = tspSearch(c, start.order, { seed, deadline: FOREVER, maxIterations: 300 });
    expect(b.order).toEqual(a.order);
    expect(a.score.travel).toBeLessThanOrEqual(start.score.travel + 1e-9);
    expect(scoreOrder(c, a.order)).toEqual(a.score);
    expect(isPermutation(a.order, c.n)).toBe(true);
  });

  it('keeps the end of a path at the end (start and end far apart)', () => {
    const pts = tspPoints({ n: 60, seed: 4, shape: 'uniform', side: 1000 });
    const p = tspProblem(pts);
    const vehicle = p.vehicles[0];
    if (vehicle) vehicle.endLocation = 59;
    p.visits.pop();
    const c = compile(p);
    const start = bestConstruction(c);
    const r = tspSearch(c, start.order, { seed: 2, deadline: FOREVER, maxIterations: 2000 });
    expect(isPermutation(r.order, c.n)).toBe(true);
    expect(r.score.travel).toBeLessThanOrEqual(start.score.travel);
    // The closed tour through the same points can only be shorter than the path plus its missing edge.
    const closed = compile(tspProblem(pts));
    const tour = tspSearch(closed, bestConstruction(closed).order, { seed: 2, deadline: FOREVER, maxIterations: 2000 });
    expect(tour.score.travel).toBeLessThanOrEqual(r.score.travel + (p.matrix.minutes[59]?.[0] ?? 0));
  });

  it('restarts from the best when kicks stop paying, and gives up after giveUpIterations fruitless kicks', () => {
    const big = compile(tspProblem(tspPoints({ n: 60, seed: 3, shape: 'clustered' })));
    const start = bestConstruction(big).order;
    const r = tspSearch(big, start, {
      seed: 1,
      deadline: FOREVER,
      stallIterations: 50,
      giveUpIterations: 200,
      maxIterations: 100_000,
    });
    // Proved optimal by the bound, or stalled after 200 kicks (3 restarts) found nothing: never by the kick cap.
    expect(r.provedOptimal || (r.stalled && r.restarts >= 3)).toBe(true);
    expect(r.iterations).toBeLessThan(100_000);
    if (r.stalled) expect(r.iterations).toBeGreaterThanOrEqual(200);
  });

  it('without giveUpIterations a stall is no reason to stop: it restarts until its kicks (or time) run out', () => {
    const c = compile(tspProblem(tspPoints({ n: 200, seed: 5, shape: 'clustered' })));
    const r = tspSearch(c, bestConstruction(c).order, {
      seed: 3,
      deadline: FOREVER,
      stallIterations: 50,
      maxIterations: 800,
    });
    // Only a proof ends it before the cap.
    expect(r.provedOptimal || r.iterations === 800).toBe(true);
    if (!r.provedOptimal) expect(r.restarts).toBeGreaterThan(0);
  });

  it('never ends worse for more kicks, across restarts (the best is kept)', () => {
    const c = compile(tspProblem(tspPoints({ n: 200, seed: 5, shape: 'clustered' })));
    const start = bestConstruction(c).order;
    const run = (maxIterations: number) =>
      tspSearch(c, start, { seed: 3, deadline: FOREVER, stallIterations: 100, giveUpIterations: 1e9, maxIterations });
    const costs = [200, 600, 1500].map((m) => run(m));
    expect(costs[2]?.restarts).toBeGreaterThan(0);
    for (let k = 1; k < costs.length; k++) {
      expect(costs[k]?.score.travel).toBeLessThanOrEqual((costs[k - 1]?.score.travel ?? 0) + 1e-9);
    }
    const last = costs[2];
    if (last) expect(scoreOrder(c, last.order)).toEqual(last.score);
  });

  it('reports better tours to onProgress (via solveRoute), the last one being the answer', () => {
    const p = tspProblem(tspPoints({ n: 150, seed: 6, shape: 'uniform' }));
    const seen: SearchProgress[] = [];
    const s = solveRoute(p, {
      exactMaxVisits: 0,
      maxIterations: 500,
      timeLimitMs: BACKSTOP_MS,
      onProgress: (e) => seen.push(e),
    });
    expectBudgeted(s);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((e) => e.phase === 'tour search' && e.elapsedMs >= 0 && e.limitMs === BACKSTOP_MS)).toBe(true);
    for (let k = 1; k < seen.length; k++) expect(seen[k]?.bestCost).toBeLessThanOrEqual(seen[k - 1]?.bestCost ?? 0);
    expect(seen.at(-1)?.bestCost).toBeCloseTo(s.totalTravelMinutes, 6);
  });

  it('is not used for asymmetric travel (the moves assume symmetry)', () => {
    const rng = createRng(4);
    const p = points(Array.from({ length: 20 }, () => [rng() * 100, rng() * 100] as const));
    const row = p.matrix.minutes[1];
    if (row) row[2] = (row[2] ?? 0) + 5;
    expect(isSymmetric(compile(p))).toBe(false);
    const s = solveRoute(p, { exactMaxVisits: 0, maxIterations: 20, timeLimitMs: BACKSTOP_MS });
    expectBudgeted(s);
    expect(s.feasible).toBe(true);
  });
});

describe.skipIf(!existsSync(dir))('TSPLIB quality at a fixed number of kicks (skipped: ../shared absent)', () => {
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  it.each([
    ['tsplib/eil51.tsp', 426, 0],
    ['tsplib/berlin52.tsp', 7542, 0],
    ['tsplib/st70.tsp', 675, 0],
    ['tsplib/lin105.tsp', 14379, 0],
    // Seed 1 ends at 73818 (0.18 %) after 3000 kicks, seed 2 at the optimum: the same on every machine.
    ['tsplib/pr152.tsp', 73682, 0.19],
  ])('%s (optimum %i) within %f % of it for seeds 1–2, never below', { timeout: 120_000 }, (file, value, gap) => {
    for (const seed of [1, 2]) {
      const r = solveInstance(read(file), 'tsplib', { seed, maxIterations: 3000, timeLimitMs: BACKSTOP_MS });
      expectBudgeted(r);
      expect(r.cost).toBe(tsplibTourLength(parseTsplib(read(file)), r.order));
      expect(r.cost).toBeGreaterThanOrEqual(value);
      expect((100 * (r.cost - value)) / value).toBeLessThanOrEqual(gap);
    }
  });
});
